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

  /* A wide screen: the page's column (main, 1100 px) grows just enough for its widest
     table, up to the window's width, so a table that fits the screen is not cut off
     behind a scroll bar and a swipe hint. Phones are full width already: no change. */
  function widen(list) {
    var main = document.querySelector("main");
    if (!main || document.body.classList.contains("projector")) { return; }
    main.style.maxWidth = "";
    var extra = 0;
    for (var i = 0; i < list.length; i++) {
      var el = list[i];
      el.classList.remove("overflows");  /* its narrower sticky name column */
      if (el.scrollWidth - el.clientWidth <= 1) { continue; }
      /* it overflows: make room for its names on one line too (its max-content width) */
      var inner = el.firstElementChild;
      if (inner) { inner.style.width = "max-content"; }
      extra = Math.max(extra, el.scrollWidth - el.clientWidth);
      if (inner) { inner.style.width = ""; }
    }
    if (extra <= 1) { return; }
    var width = main.getBoundingClientRect().width;
    var room = document.documentElement.clientWidth;
    if (room > width + 1) {
      main.style.maxWidth = Math.min(room, Math.ceil(width + extra + 2)) + "px";
    }
  }

  function markAll() {
    var list = document.querySelectorAll(".scroll, .chart-scroll");
    widen(list);
    for (var i = 0; i < list.length; i++) { mark(list[i]); }
  }

  document.addEventListener("DOMContentLoaded", markAll);
  window.addEventListener("resize", markAll);
  document.addEventListener("htmx:afterSwap", markAll);  /* live blocks bring new tables */
})();
