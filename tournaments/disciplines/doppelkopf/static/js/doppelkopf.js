/* Doppelkopf's list: the live check of each line (the server checks again when it is sent).
   The players' points must sum to zero and partners score the same; a solo leaves the Re
   partner empty; the note above the list says who still owes the compulsory solo. Safe to
   load more than once. */
(function () {
  "use strict";
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_m, k) { return values[k]; });
  }
  function bind(list) {
    if (list.dataset.dkBound) { return; }
    list.dataset.dkBound = "1";
    var messages = JSON.parse(document.getElementById(list.dataset.messages).textContent);
    var solos = JSON.parse(document.getElementById(list.dataset.solos).textContent);
    var owedBox = list.parentNode.querySelector("[data-owed]");
    var compulsory = parseInt(list.dataset.compulsory, 10) || 0;
    function value(line, field) {
      var el = line.querySelector("[data-field=" + field + "]");
      return el ? el.value : "";
    }
    function check(line) {
      var out = line.querySelector("[data-check]");
      var kind = value(line, "kind");
      var solo = solos.indexOf(kind) >= 0;
      var re2 = line.querySelector("[data-field=re2]");
      re2.disabled = solo;
      var box = line.querySelector("[data-field=compulsory]");
      if (box) {  // only an announced solo can be the compulsory one
        var announced = solo && kind !== "silent_solo";
        box.parentNode.hidden = !announced;
        if (!announced) { box.checked = false; }
      }
      if (solo) { re2.value = ""; }
      var re = [value(line, "re1"), re2.value].filter(function (v) { return v; });
      var problems = [];
      var inputs = line.querySelectorAll("input[name*='.score_']");
      var sitsOut = line.dataset.sitsOut;
      var scores = {}, terms = [], total = 0, complete = true;
      inputs.forEach(function (input) {
        var number = input.name.split(".score_")[1];
        if (number === sitsOut) { return; }
        var raw = input.value.trim();
        if (!/^-?\d+$/.test(raw)) { complete = false; return; }
        var n = parseInt(raw, 10);
        scores[number] = n;
        total += n;
        terms.push((n >= 0 ? "+" : "") + n);
      });
      if (kind && complete && terms.length) {
        if (total !== 0) {
          problems.push(fill(messages.sum, {terms: terms.join(" "),
                                            total: (total > 0 ? "+" : "") + total}));
        } else if (re.length) {
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
      var first = list.querySelector("[data-field=re1]");
      Array.prototype.forEach.call(first.options, function (o) {
        if (o.value) { done[o.value] = 0; names[o.value] = o.text.replace(/^\d+\.\s*/, ""); }
      });
      list.querySelectorAll("[data-row]").forEach(function (line) {
        var box = line.querySelector("[data-field=compulsory]");
        var who = value(line, "re1");
        if (box && box.checked && who && who in done) { done[who] += 1; }
      });
      var left = Object.keys(done).filter(function (k) { return done[k] < compulsory; })
        .map(function (k) { return names[k]; });
      owedBox.textContent = left.length ? fill(messages.owed, {names: left.join(", ")})
                                        : messages.none_owed;
    }
    list.querySelectorAll("[data-row]").forEach(function (line) {
      check(line);
      line.addEventListener("change", function () { check(line); owed(); });
      line.addEventListener("input", function () { check(line); });
    });
    var form = list.closest("form");
    if (form) {  // captain.js asks before sending: a marked line is not sent
      form.addEventListener("turnierwart:check", function () {
        list.querySelectorAll("[data-row]").forEach(check);
      });
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
