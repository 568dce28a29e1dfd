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

  /* A page that arrives carries the blocks as they are: its first look for news need not
     come exactly one period after the load. Phones that opened the page together (a round
     just published, everybody scanning the same code) would otherwise poll in step every
     5 s for the whole evening; each phone's first poll comes at a random point of the
     second half of the period instead, then every period, so their polls spread and a
     change is still looked for within one period of the load. Done here, before htmx
     reads the page (its script runs first, at DOMContentLoaded), by turning "every Ns"
     into an event this script sends. */
  function spread(el) {
    var m = /^every (\d+(?:\.\d+)?)s$/.exec(el.getAttribute("hx-trigger") || "");
    if (!m || typeof htmx === "undefined") { return; }
    var period = 1000 * Number(m[1]);
    el.setAttribute("hx-trigger", "live-poll");
    window.setTimeout(function () {
      htmx.trigger(el, "live-poll");
      window.setInterval(function () { htmx.trigger(el, "live-poll"); }, period);
    }, period * (0.5 + 0.5 * Math.random()));
  }
  Array.prototype.forEach.call(document.querySelectorAll(".live[data-pause-hidden]"), spread);

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
