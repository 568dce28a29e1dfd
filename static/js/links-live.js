/* The personal link (/e/) and the waiting table page (/tc/) look again by themselves, in place.
 *
 * No <meta http-equiv="refresh">: a page that reloads itself takes the reader's place and
 * focus away (WCAG 2.2.1, axe's "meta-refresh"). Instead, every data-refresh seconds while the
 * tab is visible, the page's own address is fetched and its [data-live-region] put in place of
 * this one, only when its words changed and never while the focus is inside it (a hand on the
 * "Yes, this is our result" button keeps its button). The reader can pause it (WCAG 2.2.2);
 * a polite status says when it changed. A waiting table page whose round opened (the address
 * now leads to the captain's page) offers that page as a link instead of jumping to it.
 * Without script the "Look again now" link does the same by hand.
 */
(function () {
  "use strict";
  var box = document.querySelector("[data-refresh]");
  var region = document.querySelector("[data-live-region]");
  if (!box || !region || !window.fetch || !window.DOMParser) return;
  var every = Math.max(5, parseInt(box.getAttribute("data-refresh"), 10) || 30) * 1000;
  var url = box.getAttribute("data-refresh-url") || window.location.pathname;
  var toggle = box.querySelector("[data-refresh-toggle]");
  var status = box.querySelector("[data-refresh-status]");
  var paused = false, timer = null;

  function words(el) { return (el.textContent || "").replace(/\s+/g, " ").trim(); }

  function say(text) { if (status) status.textContent = text; }

  function at() {
    var now = new Date();
    return String(now.getHours()).padStart(2, "0") + ":" + String(now.getMinutes()).padStart(2, "0");
  }

  function moved(to) {
    // the table's round opened: offer its page (a link the reader follows), once
    var link = document.createElement("a");
    link.href = to;
    link.className = "primary cap-submit links-go";
    link.setAttribute("data-moved-link", "");
    link.textContent = box.getAttribute("data-moved-text");
    var p = document.createElement("p");
    p.className = "cap-big";
    p.textContent = box.getAttribute("data-moved");
    region.replaceChildren(p, link);
    say(box.getAttribute("data-moved"));
    stop();
  }

  function look() {
    if (paused || document.hidden) return;
    if (region.contains(document.activeElement) && document.activeElement !== region) return;
    fetch(url, {credentials: "same-origin", cache: "no-store",
                headers: {"Accept": "text/html"}})
      .then(function (r) {
        if (r.redirected && new URL(r.url).pathname !== new URL(url, location.href).pathname) {
          moved(r.url);
          return null;
        }
        return r.ok ? r.text() : null;
      })
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.querySelector("[data-live-region]");
        if (!fresh || words(fresh) === words(region)) return;
        if (region.contains(document.activeElement) && document.activeElement !== region) return;
        region.replaceChildren.apply(region, Array.prototype.slice.call(fresh.childNodes)
          .map(function (n) { return document.importNode(n, true); }));
        say(box.getAttribute("data-updated") + " " + at());
      })
      .catch(function () {});  // no network this time: the next look tries again
  }

  function start() { if (!timer) timer = setInterval(look, every); }
  function stop() { if (timer) { clearInterval(timer); timer = null; } }

  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener("click", function () {
      paused = !paused;
      toggle.setAttribute("aria-pressed", paused ? "true" : "false");
      toggle.textContent = paused ? toggle.getAttribute("data-resume")
        : toggle.getAttribute("data-pause");
      say(paused ? box.getAttribute("data-paused") : "");
      if (!paused) look();
    });
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) look();
  });
  start();
})();
