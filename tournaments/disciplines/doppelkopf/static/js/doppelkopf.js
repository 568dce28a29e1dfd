/* Doppelkopf's list: the live check of each line (the server checks again when it is sent).
   The players' points must sum to zero and partners score the same; a solo leaves the Re
   partner empty; the note above the list says who still owes the compulsory solo.
   The dealer of each line follows the lines above it (TSR 3.3): the deal passes on after a
   game, stays after a compulsory solo unless it was led by force ("vorgeführt"), and a
   line of penalty points does not move it; at a table of five the dealer's points field is
   closed. A line of penalty points asks for the offender and the points, and fills in
   everyone's points (each other player +1 or +4, the offender minus their sum) unless they
   were typed. Safe to load more than once. */
(function () {
  "use strict";
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_m, k) { return values[k]; });
  }
  function json(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : [];
  }
  function bind(list) {
    if (list.dataset.dkBound) { return; }
    list.dataset.dkBound = "1";
    var messages = json(list.dataset.messages);
    var solos = json(list.dataset.solos);
    var players = json(list.dataset.players);  // [[number, name], ...] in seat order
    var owedBox = list.parentNode.querySelector("[data-owed]");
    var compulsory = parseInt(list.dataset.compulsory, 10) || 0;
    var size = parseInt(list.dataset.size, 10) || players.length;
    var lines = Array.prototype.slice.call(list.querySelectorAll("[data-row]"));
    function field(line, name) {
      return line.querySelector("[data-field=" + name + "]");
    }
    function value(line, name) {
      var el = field(line, name);
      if (!el) { return ""; }
      if (el.type === "checkbox") { return el.checked ? "on" : ""; }
      return el.value;
    }
    function scoreInputs(line) {
      return Array.prototype.slice.call(line.querySelectorAll("input[name*='.score_']"));
    }
    function number(input) { return input.name.split(".score_")[1]; }

    /* Who deals each line, and the parts each line shows. */
    function deal() {
      var turn = 0;
      lines.forEach(function (line) {
        var kind = value(line, "kind");
        var penalty = kind === "penalty";
        line.classList.toggle("is-penalty", penalty);
        line.querySelectorAll("[data-game-part]").forEach(function (el) { el.hidden = penalty; });
        line.querySelectorAll("[data-penalty-part]").forEach(function (el) {
          el.hidden = !penalty;
        });
        var text = line.querySelector("[data-dealer-text]");
        var sitsOut = "";
        if (penalty || !players.length) {
          if (text) { text.textContent = messages.no_dealer; }
        } else {
          var dealer = players[turn % players.length];
          if (text) { text.textContent = fill(messages.dealer, {name: dealer[1]}); }
          if (size === 5) { sitsOut = String(dealer[0]); }
          var again = solos.indexOf(kind) >= 0 && kind !== "silent_solo" &&
            value(line, "compulsory") && !value(line, "forced");
          if (!again) { turn += 1; }
        }
        line.dataset.sitsOut = sitsOut;
        scoreInputs(line).forEach(function (input) {
          var off = number(input) === sitsOut;
          if (off) { input.value = ""; }
          input.disabled = off;
        });
        var forced = line.querySelector("[data-forced]");
        if (forced) {
          var shown = !penalty && !!value(line, "compulsory") && solos.indexOf(kind) >= 0;
          forced.hidden = !shown;
          if (!shown) { field(line, "forced").checked = false; }
        }
      });
    }

    /* A line of penalty points: everyone's points from the offender and the points. */
    function penaltyScores(line) {
      var offender = value(line, "offender"), points = parseInt(value(line, "points"), 10);
      if (!offender || !points) { return; }
      var inputs = scoreInputs(line);
      var typed = inputs.some(function (i) { return i.value.trim() && !i.dataset.auto; });
      if (typed) { return; }
      inputs.forEach(function (input) {
        input.value = String(number(input) === offender ? -points * (inputs.length - 1)
                                                          : points);
        input.dataset.auto = "1";
      });
    }

    function check(line) {
      var out = line.querySelector("[data-check]");
      var kind = value(line, "kind");
      var penalty = kind === "penalty";
      var solo = solos.indexOf(kind) >= 0;
      var re2 = field(line, "re2");
      re2.disabled = solo;
      var box = field(line, "compulsory");
      if (box) {  // only an announced solo can be the compulsory one
        var announced = solo && kind !== "silent_solo";
        box.parentNode.hidden = penalty || !announced;
        if (!announced) { box.checked = false; }
      }
      if (solo) { re2.value = ""; }
      var re = [value(line, "re1"), re2.value].filter(function (v) { return v; });
      var problems = [];
      var sitsOut = line.dataset.sitsOut;
      var scores = {}, terms = [], total = 0, complete = true;
      scoreInputs(line).forEach(function (input) {
        if (number(input) === sitsOut) { return; }
        var raw = input.value.trim();
        if (!/^-?\d+$/.test(raw)) { complete = false; return; }
        var n = parseInt(raw, 10);
        scores[number(input)] = n;
        total += n;
        terms.push((n >= 0 ? "+" : "") + n);
      });
      if (kind && complete && terms.length) {
        if (total !== 0) {
          problems.push(fill(messages.sum, {terms: terms.join(" "),
                                            total: (total > 0 ? "+" : "") + total}));
        } else if (re.length && !penalty) {
          var reVals = {}, koVals = {};
          Object.keys(scores).forEach(function (k) {
            (re.indexOf(k) >= 0 ? reVals : koVals)[scores[k]] = 1;
          });
          if (Object.keys(reVals).length > 1 || Object.keys(koVals).length > 1) {
            problems.push(messages.party);
          }
        }
      }
      out.textContent = problems.join(" ");
      out.hidden = problems.length === 0;
    }
    function owed() {
      if (!owedBox || !compulsory) { return; }
      var done = {}, names = {};
      players.forEach(function (p) { done[String(p[0])] = 0; names[String(p[0])] = p[1]; });
      lines.forEach(function (line) {
        var box = field(line, "compulsory");
        var who = value(line, "re1");
        if (box && box.checked && value(line, "kind") !== "penalty" && who && who in done) {
          done[who] += 1;
        }
      });
      var left = Object.keys(done).filter(function (k) { return done[k] < compulsory; })
        .map(function (k) { return names[k]; });
      owedBox.textContent = left.length ? fill(messages.owed, {names: left.join(", ")})
                                        : messages.none_owed;
    }
    deal();
    lines.forEach(function (line) {
      check(line);
      line.addEventListener("change", function (ev) {
        var name = ev.target.getAttribute("data-field") || "";
        if (name.indexOf("score_") === 0) { delete ev.target.dataset.auto; }
        if (name === "kind" || name === "compulsory" || name === "forced") { deal(); }
        if (value(line, "kind") === "penalty") { penaltyScores(line); }
        check(line);
        owed();
      });
      line.addEventListener("input", function (ev) {
        if ((ev.target.getAttribute("data-field") || "").indexOf("score_") === 0) {
          delete ev.target.dataset.auto;
        }
        check(line);
      });
    });
    var form = list.closest("form");
    if (form) {  // captain.js asks before sending: a marked line is not sent
      form.addEventListener("turnierwart:check", function () { lines.forEach(check); });
    }
  }
  /* The round's time limit above the list: minutes left until the end the server gave
     (publication + limit). Only shown, never enforced: the phone's clock may be wrong and a
     list is often typed after the time (docs/doppelkopf.md, "The time limit"). */
  function clock() {
    document.querySelectorAll(".dk-time .time-left[data-ends]").forEach(function (el) {
      var box = el.closest(".dk-time");
      var ends = Date.parse(el.dataset.ends);
      if (isNaN(ends)) { return; }
      var left = Math.ceil((ends - Date.now()) / 60000);
      el.textContent = left > 0 ? (box.dataset.leftFormat || "{m}").replace("{m}", left)
                                : (box.dataset.over || "");
      el.classList.toggle("over", left <= 0);
    });
  }
  var ticking = false;
  function all() {
    document.querySelectorAll("[data-doppelkopf]").forEach(bind);
    clock();
    if (!ticking) { ticking = true; window.setInterval(clock, 15000); }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", all);
  } else { all(); }
  document.addEventListener("htmx:afterSettle", all);
  document.addEventListener("turnierwart:inputs", all);  // a list opened on the round page
})();
