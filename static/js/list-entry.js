/* The round page's long lists (the card games, ResultForm.on_demand): a table's inputs are
 * fetched when the director opens them, so a round of 25 tables loads in a moment.
 *
 * "Enter the list" is a link to the round page with that table's list open (?table=3), which
 * works without script; with it, the table's forms are fetched from the link in
 * data-open-entry and put under the link, their scripts loaded once (skat.js, doppelkopf.js)
 * and told with the event "turnierwart:inputs", the common checks of captain.js bound. The
 * link then opens and closes the list. If the fetch fails, the link is followed.
 */
(function () {
  "use strict";
  var loaded = {};
  document.querySelectorAll("script[src]").forEach(function (s) {
    loaded[s.getAttribute("src")] = true;
  });

  function start(box) {
    var waiting = [];
    box.querySelectorAll("script[src]").forEach(function (old) {
      var src = old.getAttribute("src");
      old.parentNode.removeChild(old);  // a script put in by innerHTML never runs
      if (loaded[src]) return;
      loaded[src] = true;
      waiting.push(new Promise(function (resolve) {
        var s = document.createElement("script");
        s.src = src;
        s.onload = s.onerror = resolve;
        document.head.appendChild(s);
      }));
    });
    return Promise.all(waiting).then(function () {
      box.querySelectorAll("form[data-result-form]").forEach(function (form) {
        if (window.TurnierwartResults) window.TurnierwartResults.setup(form);
      });
      document.dispatchEvent(new CustomEvent("turnierwart:inputs", {detail: {box: box}}));
    });
  }

  function show(link, box, open) {
    box.hidden = !open;
    link.setAttribute("aria-expanded", open ? "true" : "false");
    var label = link.getAttribute(open ? "data-close" : "data-open");
    if (label) link.textContent = label;
  }

  document.addEventListener("click", function (ev) {
    var link = ev.target.closest ? ev.target.closest("[data-open-entry]") : null;
    if (!link || !window.fetch || !window.Promise) return;
    ev.preventDefault();
    var box = document.getElementById(link.getAttribute("aria-controls"));
    if (!box) { window.location.href = link.href; return; }
    if (!link.hasAttribute("data-open")) link.setAttribute("data-open", link.textContent);
    if (box.getAttribute("data-filled")) { show(link, box, box.hidden); return; }
    if (link.getAttribute("aria-busy")) return;
    link.setAttribute("aria-busy", "true");
    fetch(link.getAttribute("data-open-entry"), {credentials: "same-origin"})
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        box.innerHTML = html;
        box.setAttribute("data-filled", "1");
        link.removeAttribute("aria-busy");
        show(link, box, true);
        return start(box);
      })
      .then(function () {
        var first = box.querySelector("[data-row] input:not([type=hidden]), [data-row] select");
        if (first) first.focus({preventScroll: true});
      })
      .catch(function () { window.location.href = link.href; });
  });
})();
