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
  document.addEventListener("htmx:confirm", function (e) {
    var el = e.detail.elt;
    if (document.hidden && el && el.hasAttribute && el.hasAttribute("data-pause-hidden")) {
      e.preventDefault();
    }
  });
})();
