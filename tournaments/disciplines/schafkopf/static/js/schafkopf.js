/* Schafkopf's list: each line's points by the tournament's tariff and everyone's running
   total, shown under the line as the table writes them on paper, and the live check of each
   line (the server checks again when it is sent).

   The dealer of each line goes round the seats and stays after a game everyone passed; at a
   table of five the dealer sits the game out. Fields a game does not have (the partner of a
   solo, Schneider in a Bettel, everything of a passed game) are switched off. The value is
   scoring.schafkopf.game_value and scores_of, repeated here from the tariff the page gives
   (the JSON script named by the list's data-tariff). Safe to load more than once. */
(function () {
  "use strict";
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_m, k) { return values[k]; });
  }
  function signed(n) {
    return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : "0";
  }

  /* scoring.schafkopf.game_value: per loser and winner (a soloist three times). */
  function gameValue(T, f) {
    if (f.game === "ramsch") { return f.won ? T.durchmarsch : T.tariff.ramsch; }
    var value = (f.game === "solo" && f.herz) ? T.tariff.herz_solo : T.tariff[f.game];
    if (f.game !== "bettel") {
      var levels = f.game === "sauspiel" || T.solo_schneider;
      if (f.tout || f.sie) {
        if (T.tout_counts_schneider && levels) { value += T.schneider + T.schwarz; }
      } else if (levels) {
        value += T.schneider * ((f.schneider || f.schwarz) ? 1 : 0) + T.schwarz * (f.schwarz ? 1 : 0);
      }
      var laufende = f.sie ? 8 : f.laufende;
      var start = T.short.indexOf(f.game) >= 0 ? T.laufende_from_short : T.laufende_from;
      if (laufende >= start) {
        value += T.laufende * (T.laufende_max === null ? laufende : Math.min(laufende, T.laufende_max));
      }
    }
    if (f.tout) { value *= T.tout_factor; }
    if (f.sie) { value *= T.sie_factor; }
    return value * (1 << f.kontra);
  }

  /* scoring.schafkopf.scores_of: each active player's points of the line. */
  function scoresOf(T, f, active, value) {
    var out = {}, plus = T.system === "plus_minus";
    active.forEach(function (e) { out[e] = 0; });
    if (f.game === "ramsch" && !f.won) {
      var paid = 0;
      active.forEach(function (e) {
        if (e !== f.player) {
          out[e] = value * (f.jungfrau.indexOf(e) >= 0 ? 2 : 1);
          paid += out[e];
        }
      });
      if (plus) { out[f.player] = -paid; }
      return out;
    }
    var party = f.partner ? [f.player, f.partner] : [f.player];
    active.forEach(function (e) {
      var onParty = party.indexOf(e) >= 0;
      if (onParty === f.won) { out[e] = value; } else if (plus) { out[e] = -value; }
    });
    if (plus && party.length === 1) { out[f.player] *= active.length - 1; }
    return out;
  }

  function bind(list) {
    if (list.dataset.sfBound) { return; }
    list.dataset.sfBound = "1";
    var M = JSON.parse(document.getElementById(list.dataset.messages).textContent);
    var T = JSON.parse(document.getElementById(list.dataset.tariff).textContent);
    var size = parseInt(list.dataset.size, 10);
    var expected = parseInt(list.dataset.expected, 10);
    var lines = Array.prototype.slice.call(list.querySelectorAll("[data-row]"));
    var totalsBox = list.parentNode.querySelector("[data-totals]");
    if (!lines.length) { return; }
    var seats = [], names = {};
    Array.prototype.forEach.call(lines[0].querySelector("[data-field=player]").options,
      function (o) {
        if (o.value) { seats.push(o.value); names[o.value] = o.text.replace(/^\d+\.\s*/, ""); }
      });

    function field(line, name) { return line.querySelector("[data-field=" + name + "]"); }
    function value(line, name) {
      var el = field(line, name);
      return el && !el.disabled ? el.value.trim() : "";
    }
    function toggle(line, name, off) {
      var el = field(line, name);
      if (!el) { return; }
      el.disabled = off;
      var box = el.closest(".sf-field");
      if (box) { box.classList.toggle("sf-off", off); }
    }

    function update() {
      var turn = 0, counted = 0, running = {};
      seats.forEach(function (n) { running[n] = 0; });
      lines.forEach(function (line) {
        var dealer = seats[turn % size];
        var out = size === 5 ? dealer : null;
        line.querySelector("[data-dealer-name]").textContent = names[dealer] || "";
        var choice = field(line, "game").value;
        var game = choice === "herz_solo" ? "solo" : choice;
        var passed = choice === "passed";
        if (!passed) { turn += 1; }
        ["player", "won"].forEach(function (n) { toggle(line, n, passed); });
        toggle(line, "partner", passed || (game !== "" && game !== "sauspiel"));
        var canExtra = game === "" || (T.tout_games.indexOf(game) >= 0);
        toggle(line, "extra", passed || !canExtra);
        var extra = value(line, "extra");
        if (extra === "sie" && game !== "" && game !== "solo") { extra = ""; }
        var bare = game === "bettel" || game === "ramsch";
        toggle(line, "level", passed || bare || extra !== "");
        toggle(line, "laufende", passed || bare);
        toggle(line, "kontra", passed || game === "ramsch");
        ["player", "partner"].forEach(function (n) {
          var el = field(line, n);
          Array.prototype.forEach.call(el.options, function (o) {
            o.disabled = out !== null && o.value === out;
          });
        });
        var player = value(line, "player"), partner = value(line, "partner");
        var won = value(line, "won");
        var jungfrauBox = line.querySelector("[data-for=jungfrau]");
        var jungfrau = [];
        if (jungfrauBox) {
          jungfrauBox.hidden = !(game === "ramsch" && won === "lost");
          jungfrauBox.querySelectorAll("[data-jungfrau]").forEach(function (box) {
            box.disabled = jungfrauBox.hidden || box.dataset.jungfrau === player
              || box.dataset.jungfrau === out;
            if (box.checked && !box.disabled) { jungfrau.push(box.dataset.jungfrau); }
          });
        }
        var lauf = value(line, "laufende");
        var laufende = /^\d+$/.test(lauf) ? parseInt(lauf, 10) : 0;
        var problems = [], bad = {};
        [["player", player], ["partner", partner]].forEach(function (p) {
          if (out !== null && p[1] === out) {
            problems.push(fill(M.sits_out, {name: names[out], n: line.dataset.gameNo}));
            bad[p[0]] = true;
          }
        });
        if (game === "sauspiel" && partner && partner === player) {
          problems.push(M.partner_self);
          bad.partner = true;
        } else if (game === "sauspiel" && player && won && !partner) {
          problems.push(M.partner);
          bad.partner = true;
        }
        var most = T.most[game] || 0;
        if (laufende > most && most) {
          problems.push(fill(M.laufende, {game: field(line, "game").selectedOptions[0].text,
                                          most: most, value: laufende}));
          bad.laufende = true;
        }
        if (extra === "sie" && won === "lost") { problems.push(M.sie_lost); bad.won = true; }
        var check = line.querySelector("[data-check]");
        check.textContent = problems.join(" ");
        check.hidden = problems.length === 0;
        if (!check.id) {
          check.id = list.dataset.messages + "-" + line.dataset.row.replace(/\W+/g, "-");
        }
        var server = line.querySelector(".errorlist.server:not([hidden])");
        ["player", "partner", "won", "laufende"].forEach(function (n) {
          var el = field(line, n);
          if (!el) { return; }
          if (bad[n]) {
            el.setAttribute("aria-invalid", "true");
            el.setAttribute("aria-describedby", check.id);
          } else if (!server) {
            el.removeAttribute("aria-invalid");
            el.removeAttribute("aria-describedby");
          }
        });
        var complete = !passed && game && player && won && (game !== "sauspiel" || partner)
          && !problems.length;
        var active = seats.filter(function (n) { return n !== out; });
        var points = null;
        if (complete) {
          var f = {game: game, herz: choice === "herz_solo", won: won === "won",
                   schneider: value(line, "level") !== "", schwarz: value(line, "level") === "schwarz",
                   laufende: Math.min(laufende, most), tout: extra === "tout", sie: extra === "sie",
                   kontra: parseInt(value(line, "kontra") || "0", 10), player: player,
                   partner: game === "sauspiel" ? partner : null, jungfrau: jungfrau};
          points = scoresOf(T, f, active, gameValue(T, f));
          counted += 1;
          active.forEach(function (n) { running[n] += points[n]; });
        }
        line.classList.toggle("sf-passed", passed);
        line.querySelectorAll("[data-score]").forEach(function (cell) {
          var n = cell.dataset.score;
          cell.querySelector("[data-points]").textContent = points === null ? ""
            : (n === out ? M.sits_out_short : signed(points[n]));
          cell.querySelector("[data-sum]").textContent = points === null ? ""
            : "\u03a3 " + signed(running[n]);
          cell.classList.toggle("sf-out", points !== null && n === out);
        });
        line.querySelector("[data-scores]").hidden = points === null;
      });
      if (totalsBox) {
        totalsBox.textContent = counted ? fill(M.totals, {n: counted, of: expected}) + " "
          + seats.map(function (n) { return names[n] + " " + signed(running[n]); }).join(", ")
          : "";
      }
    }
    /* On the document, so the line's marks come after captain.js clears a changed line's
       server marks (its listener is on the form). */
    function changed(ev) { if (list.contains(ev.target)) { update(); } }
    document.addEventListener("change", changed);
    document.addEventListener("input", changed);
    update();
  }
  function all() { document.querySelectorAll("[data-schafkopf]").forEach(bind); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", all);
  } else { all(); }
  document.addEventListener("htmx:afterSettle", all);
})();
