/* The new-tournament form: the window-draw fields (seats drawn at registration) belong to
   the card halls only. The form names the disciplines that draw seats at registration
   (data-seat-draw); for any other discipline the two fields are hidden and unticked, so a
   chess director is not asked about card tables. Without JavaScript every field shows and
   the server refuses a seat draw the discipline does not have, at the field. */
(function () {
  "use strict";
  var form = document.getElementById("create-form");
  if (!form) { return; }
  var drawing = (form.dataset.seatDraw || "").split(" ");
  var discipline = form.querySelector("[name='create-discipline']");
  var tick = form.querySelector("[name='create-registration_draw']");
  var window_ = form.querySelector("[name='create-window']");
  if (!discipline || !tick || !window_) { return; }
  var boxes = [tick.closest("div"), window_.closest("div")];

  function show() {
    var offered = drawing.indexOf(discipline.value) !== -1;
    boxes.forEach(function (box) { if (box) { box.hidden = !offered; } });
    if (!offered) { tick.checked = false; }
  }
  discipline.addEventListener("change", show);
  show();
})();
