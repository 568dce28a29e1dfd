/* Skat's list: the live check of each line (the server checks again when it is sent).
   A value no game of the chosen kind can have, or a declarer who deals the game at a table
   of four, is marked at once under the line. Safe to load more than once. */
(function () {
  "use strict";
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_m, k) { return values[k]; });
  }
  function bind(list) {
    if (list.dataset.skatBound) { return; }
    list.dataset.skatBound = "1";
    var messages = JSON.parse(document.getElementById(list.dataset.messages).textContent);
    var allowed = JSON.parse(document.getElementById(list.dataset.allowed).textContent);
    var size = parseInt(list.dataset.size, 10);
    function check(line) {
      var game = line.querySelector("[data-field=game]");
      var value = line.querySelector("[data-field=value]");
      var declarer = line.querySelector("[data-field=declarer]");
      var out = line.querySelector("[data-check]");
      var problems = [];
      var kind = game.value;
      var word = kind ? game.options[game.selectedIndex].text : "";
      var raw = value.value.trim();
      var ok = allowed[kind] || [];
      var bid = line.querySelector("[data-field=bid]");
      var overbid = bid && bid.value.trim() !== "";  // the server checks the charged value
      if (kind && ok.length && !overbid && /^\d+$/.test(raw)
          && ok.indexOf(parseInt(raw, 10)) < 0) {
        var n = parseInt(raw, 10);
        problems.push(ok.length === 1
          ? fill(messages["null"], {game: word, worth: ok[0], value: n})
          : fill(messages.value, {game: word, first: ok[0], second: ok[1],
                                  last: ok[ok.length - 1], base: ok[0] / 2, value: n}));
        value.setAttribute("aria-invalid", "true");
      } else {
        value.removeAttribute("aria-invalid");
      }
      if (size === 4 && declarer.value && declarer.value === line.dataset.dealer) {
        problems.push(fill(messages.dealer, {name: line.dataset.dealerName,
                                             n: line.dataset.gameNo}));
        declarer.setAttribute("aria-invalid", "true");
      } else if (!line.querySelector(".errorlist.server")) {
        declarer.removeAttribute("aria-invalid");
      }
      out.textContent = problems.join(" ");
      out.hidden = problems.length === 0;
    }
    list.querySelectorAll("[data-row]").forEach(function (line) {
      line.addEventListener("change", function () { check(line); });
      line.addEventListener("input", function () { check(line); });
    });
  }
  function all() { document.querySelectorAll("[data-skat]").forEach(bind); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", all);
  } else { all(); }
  document.addEventListener("htmx:afterSettle", all);
})();
