/* Wide tables and charts on a phone: a region that scrolls sideways can be reached and
   scrolled by keyboard (tabindex, WCAG 2.1.1), is named for screen readers, and shows a
   visible hint that there is more to the right. Only regions that really overflow get
   this, so a wide screen has no extra tab stops. */
(function () {
  "use strict";
  var me = document.currentScript;
  var hint = (me && me.dataset.hint) || "";

  function mark(el) {
    var wide = el.scrollWidth > el.clientWidth + 1;
    el.classList.toggle("overflows", wide);
    if (wide) {
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "region");
      if (!el.hasAttribute("aria-label")) {
        var cap = el.querySelector("caption, figcaption, h2, h3");
        el.setAttribute("aria-label", cap ? cap.textContent.trim() : hint);
      }
      el.dataset.hint = hint;
    } else if (el.getAttribute("tabindex") === "0") {
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
    }
  }

  function markAll() {
    var list = document.querySelectorAll(".scroll, .chart-scroll");
    for (var i = 0; i < list.length; i++) { mark(list[i]); }
  }

  document.addEventListener("DOMContentLoaded", markAll);
  window.addEventListener("resize", markAll);
  document.addEventListener("htmx:afterSwap", markAll);  /* live blocks bring new tables */
})();
