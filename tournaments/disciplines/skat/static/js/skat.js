/* Skat's list on a phone (the captain's page and the director's round page): one line per
   game, entered with taps. The declarer is a tile with the name, the game a tile of a short
   grid; a suit game or Grand then offers its tops ("with or without 1, 2 …") and what
   raises it (hand, schneider …), and the value follows: base value × (tops + 1 + raises),
   typed over where it differs; a Null has its one value, a passed game nothing more. Won or
   lost is one tap, and the next line opens by itself (said above the list). A finished
   line shrinks to one row that opens it again.

   The live check marks a value no game of the chosen kind can have, and, before sending
   (captain.js asks with "turnierwart:check"), a line left incomplete above the last one
   written; the server checks again. Without script every line is a plain form of radio
   buttons and fields. Safe to load more than once. */
(function () {
  "use strict";
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_m, k) { return values[k]; });
  }
  function json(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : {};
  }
  function bind(list) {
    if (list.dataset.skatBound) { return; }
    list.dataset.skatBound = "1";
    var messages = json(list.dataset.messages);
    var allowed = json(list.dataset.allowed);
    var values = json(list.dataset.values);
    var helper = document.getElementById(list.dataset.helper);
    var lines = Array.prototype.slice.call(list.querySelectorAll("[data-row]"));
    var current = null;

    function radio(line, field) {
      return line.querySelector("[data-field=" + field + "]:checked");
    }
    function val(line, field) {
      var el = radio(line, field) || line.querySelector("input[type=text][data-field=" +
                                                        field + "]");
      return el ? String(el.value || "").trim() : "";
    }
    function written(line) {
      return ["declarer", "game", "value", "won", "bid"].some(function (f) {
        return val(line, f);
      });
    }
    function complete(line) {
      return val(line, "game") === "passed" ||
        !!(val(line, "declarer") && val(line, "game") && val(line, "value") && val(line, "won"));
    }
    function label(line, field) {
      var el = radio(line, field);
      var span = el && el.parentNode.querySelector("span");
      return span ? span.textContent.trim() : "";
    }
    function summary(line) {
      if (!written(line)) { return messages.open; }
      if (val(line, "game") === "passed") { return label(line, "game"); }
      var parts = [label(line, "declarer"), (label(line, "game") + " " + val(line, "value")).trim(),
                   val(line, "won") ? messages[val(line, "won")] : ""];
      return parts.filter(function (p) { return p; }).join(" \u00b7 ");
    }

    function check(line, strict) {
      var game = val(line, "game");
      var value = line.querySelector("input[data-field=value]");
      var out = line.querySelector("[data-check]");
      var problems = [];
      var raw = value.value.trim();
      var ok = allowed[game] || [];
      var overbid = val(line, "bid") !== "";  // the server checks the charged value
      if (game && ok.length && !overbid && /^\d+$/.test(raw) &&
          ok.indexOf(parseInt(raw, 10)) < 0) {
        var n = parseInt(raw, 10), word = label(line, "game").replace(/^[\u2660-\u2666]/, "");
        problems.push(ok.length === 1
          ? fill(messages["null"], {game: word, worth: ok[0], value: n})
          : fill(messages.value, {game: word, first: ok[0], second: ok[1],
                                  last: ok[ok.length - 1], base: ok[0] / 2, value: n}));
        value.setAttribute("aria-invalid", "true");
      } else if (!line.querySelector(".errorlist.server:not([hidden])")) {
        value.removeAttribute("aria-invalid");
      }
      if (strict && !problems.length && written(line) && !complete(line)) {
        problems.push(messages.incomplete);
      }
      out.textContent = problems.join(" ");
      out.hidden = problems.length === 0;
      return problems.length === 0;
    }

    /* The tops and raises under the open line, for a suit game or a Grand. */
    function showHelper(line) {
      if (!helper) { return; }
      var game = val(line, "game");
      var base = values.bases && values.bases[game];
      if (!base) { helper.hidden = true; return; }
      line.querySelector("[data-slot]").appendChild(helper);
      helper.hidden = false;
      var most = values.tops[game];
      var tops = line.dataset.tops || "";
      helper.querySelectorAll("[data-tops]").forEach(function (b) {
        b.hidden = parseInt(b.dataset.tops, 10) > most;
        b.setAttribute("aria-pressed", b.dataset.tops === tops ? "true" : "false");
      });
      var extras = (line.dataset.extras || "").split(",");
      helper.querySelectorAll("[data-extra]").forEach(function (box) {
        box.checked = extras.indexOf(box.dataset.extra) >= 0;
      });
    }
    /* base value × (tops + 1 for the game + 1 for each raise) */
    function offer(line) {
      var game = val(line, "game"), base = values.bases && values.bases[game];
      var tops = parseInt(line.dataset.tops || "", 10);
      if (!base || !tops) { return; }
      var raises = (line.dataset.extras || "").split(",").filter(function (x) { return x; });
      line.querySelector("input[data-field=value]").value = String(base * (tops + 1 +
                                                                    raises.length));
    }

    function close(line) {
      line.classList.remove("is-open");
      var toggle = line.querySelector("[data-toggle]");
      toggle.hidden = false;
      toggle.textContent = summary(line);
      toggle.setAttribute("aria-expanded", "false");
      line.classList.toggle("is-done", complete(line));
    }
    function open(line, focus) {
      if (current && current !== line) { close(current); }
      current = line;
      line.classList.add("is-open");
      var toggle = line.querySelector("[data-toggle]");
      toggle.hidden = true;
      toggle.setAttribute("aria-expanded", "true");
      showHelper(line);
      if (focus) {
        line.scrollIntoView({block: "start"});
        var first = radio(line, "declarer") || line.querySelector("input[data-field=declarer]");
        if (first) { first.focus({preventScroll: true}); }
      }
    }
    function next(line) {
      var k = lines.indexOf(line);
      close(line);
      var after = lines[k + 1];
      if (after) { open(after, true); } else { current = null; }
    }

    list.classList.add("sk-js");
    var how = list.parentNode.querySelector("[data-skat-how]");
    if (how) { how.hidden = false; }
    lines.forEach(function (line) { close(line); check(line, false); });
    var last = -1;
    lines.forEach(function (line, k) { if (written(line)) { last = k; } });
    var start = lines.filter(function (line) {
      return line.querySelector(".errorlist.server");
    })[0] || lines.filter(function (line, k) {
      return k <= last + 1 && !complete(line);
    })[0];
    if (start) { open(start, false); }

    list.addEventListener("change", function (ev) {
      var line = ev.target.closest("[data-row]");
      if (!line) { return; }
      var field = ev.target.getAttribute("data-field");
      var extra = ev.target.getAttribute("data-extra");
      if (extra) {
        var chosen = [];
        helper.querySelectorAll("[data-extra]:checked").forEach(function (box) {
          chosen.push(box.dataset.extra);
        });
        line.dataset.extras = chosen.join(",");
        offer(line);
      } else if (field === "game") {
        var game = val(line, "game");
        var value = line.querySelector("input[data-field=value]");
        if (values["null"] && values["null"][game]) {
          value.value = String(values["null"][game]);
        } else if (game === "passed") {
          ["declarer", "won"].forEach(function (f) {
            var on = radio(line, f);
            if (on) { on.checked = false; }
          });
          value.value = "";
          line.querySelector("input[data-field=bid]").value = "";
        } else {
          offer(line);
        }
        showHelper(line);
        check(line, false);
        if (game === "passed") { next(line); }
        return;
      }
      check(line, false);
      if (field === "won" && complete(line) && check(line, false)) { next(line); }
    });
    list.addEventListener("input", function (ev) {
      var line = ev.target.closest("[data-row]");
      if (!line) { return; }
      if (ev.target.getAttribute("data-field") === "value") {
        delete line.dataset.tops;  // typed over: the tops no longer say the value
        if (helper) {
          helper.querySelectorAll("[data-tops]").forEach(function (b) {
            b.setAttribute("aria-pressed", "false");
          });
        }
      }
      check(line, false);
    });
    list.addEventListener("click", function (ev) {
      var line = ev.target.closest("[data-row]");
      if (!line) { return; }
      var toggle = ev.target.closest("[data-toggle]");
      if (toggle) { open(line, true); return; }
      var top = ev.target.closest("[data-tops]");
      if (top) {
        line.dataset.tops = top.dataset.tops;
        helper.querySelectorAll("[data-tops]").forEach(function (b) {
          b.setAttribute("aria-pressed", b === top ? "true" : "false");
        });
        offer(line);
        check(line, false);
      }
    });
    list.addEventListener("turnierwart:open", function (ev) {
      var line = ev.target.closest("[data-row]");
      if (line) { open(line, false); }
    });
    var form = list.closest("form");
    if (form) {  // captain.js asks before sending: a marked line is not sent
      form.addEventListener("turnierwart:check", function () {
        var end = -1;
        lines.forEach(function (line, k) { if (written(line)) { end = k; } });
        lines.forEach(function (line, k) { check(line, k <= end); });
      });
    }
  }
  function all() { document.querySelectorAll("[data-skat]").forEach(bind); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", all);
  } else { all(); }
  document.addEventListener("htmx:afterSettle", all);
  document.addEventListener("turnierwart:inputs", all);  // a list opened on the round page
})();
