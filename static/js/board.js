/* The director's board of tables: counts the minutes on the screen, so the server's block
   (rendered once per tournament version, views/board.py) never depends on the clock.
   [data-since]: "running for {m} min." since the round was published;
   .time-left[data-ends]: the Mucken time limit counting down ("{m} min. left", then
   "Time is up."). Redone every 15 seconds and after every swap of the live block. */
(function () {
  "use strict";
  var root = document.getElementById("board");
  if (!root) { return; }

  function format(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, key) { return key in values ? values[key] : m; });
  }

  function each(selector, fn) {
    Array.prototype.forEach.call(root.querySelectorAll(selector), fn);
  }

  function update() {
    var now = Date.now();
    each("[data-since]", function (el) {
      var since = Date.parse(el.dataset.since);
      if (isNaN(since)) { return; }
      var minutes = Math.max(0, Math.floor((now - since) / 60000));
      el.textContent = format(root.dataset.sinceFormat || "{m}", { m: minutes });
    });
    each(".time-left[data-ends]", function (el) {
      var ends = Date.parse(el.dataset.ends);
      if (isNaN(ends)) { return; }
      var left = Math.ceil((ends - now) / 60000);
      el.textContent = left > 0 ? format(root.dataset.leftFormat || "{m}", { m: left })
                                : (root.dataset.over || "");
      el.classList.toggle("over", left <= 0);
    });
  }

  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.detail && e.detail.target === root) { update(); }
  });
  update();
  window.setInterval(update, 15000);
})();
