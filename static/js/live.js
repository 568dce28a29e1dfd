/* The spectators' live blocks (standings, pairings) that poll with htmx every few seconds. */
(function () {
  "use strict";
  /* A block keeps its content (and the reader's scroll position) unless the tournament
     changed: skip the swap on 304 and when the ETag is the one already shown. */
  document.addEventListener("htmx:beforeSwap", function (e) {
    var el = e.detail.target, xhr = e.detail.xhr;
    if (!el || !el.classList || !el.classList.contains("live")) { return; }
    var tag = xhr.getResponseHeader("ETag");
    if (xhr.status === 304 || (tag && tag === el.dataset.etag)) { e.detail.shouldSwap = false; return; }
    if (tag) { el.dataset.etag = tag; }
  });
  /* A phone in a pocket (its tab hidden) does not poll. Here and not as an hx-trigger
     filter ("[!document.hidden]"): htmx evaluates filters with eval, which the
     Content-Security-Policy forbids. htmx asks "htmx:confirm" before every request. */
  var paused = false;
  document.addEventListener("htmx:confirm", function (e) {
    var el = e.detail.elt;
    if (!el || !el.hasAttribute) { return; }
    if ((document.hidden || paused) && el.hasAttribute("data-pause-hidden")) {
      e.preventDefault();
    }
  });

  /* The reader can stop the updates (WCAG 2.2.2) and is told, politely and once per
     change, that the tables were updated (the tables themselves are not live regions). */
  function status(text) {
    var s = document.getElementById("live-status");
    if (s) { s.textContent = text; }
  }
  document.addEventListener("htmx:afterSwap", function (e) {
    var el = e.detail.target, s = document.getElementById("live-status");
    if (!s || !el || !el.classList || !el.classList.contains("live")) { return; }
    var now = new Date();
    var hh = String(now.getHours()).padStart(2, "0"), mm = String(now.getMinutes()).padStart(2, "0");
    status(s.dataset.updated + " " + hh + ":" + mm);
  });
  document.addEventListener("DOMContentLoaded", function () {
    var b = document.getElementById("live-toggle");
    if (!b) { return; }
    b.addEventListener("click", function () {
      paused = !paused;
      b.setAttribute("aria-pressed", paused ? "true" : "false");
      b.textContent = paused ? b.dataset.resume : b.dataset.pause;
      var s = document.getElementById("live-status");
      status(paused && s ? s.dataset.paused : "");
    });
  });
})();
