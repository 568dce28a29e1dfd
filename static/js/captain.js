/* Result inputs: check the Pussi score sheet and the Mucken pad live, add game rows, no double
 * sends.
 *
 * Works on every form[data-result-form] of the page, each on its own: the captain's page has
 * one, the director's round page one per table. The Pussi sheet is written game by game
 * (outcomes: the totals are computed, scoring.pussi.entry_*) or as totals; either way its checks
 * are those of scoring/pussi.py, so a wrong row shows its reason before anything is sent; the
 * server checks again. As totals, each row is checked against the totals written in the row
 * above (0:0 before game 1), so a slip in one row does not mark the rows after it. Messages
 * come translated from the page (the JSON script named by the sheet's data-messages).
 */
(function () {
  "use strict";

  function fmt(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? String(values[name]) : all;
    });
  }

  /* Why game g does not follow from the previous totals, or null (scoring.pussi.check_game). */
  function checkGame(M, prev, g) {
    var d = g.declarer - 1, o = 1 - d, bid = g.bid;
    var changeD = g.totals[d] - prev[d], changeO = g.totals[o] - prev[o];
    if (changeD !== bid && changeD !== -bid && changeD !== -2 * bid) {
      return fmt(M.declarer, {total: g.totals[d], prev: prev[d], bid: bid, won: prev[d] + bid,
                              lost: prev[d] - bid, schwarz: prev[d] - 2 * bid});
    }
    if (changeO < 0 && changeO !== -2 * bid) {
      return fmt(M.other, {total: g.totals[o], prev: prev[o], bid: bid,
                           schwarz: prev[o] - 2 * bid});
    }
    return null;
  }

  function wholeNumber(text) {
    var t = String(text || "").trim().replace(/\u2212/g, "-").replace(/\s+/g, "");
    return /^-?\d+$/.test(t) ? parseInt(t, 10) : null;
  }

  function hideServerErrors(row) {
    if (!row) return;
    row.classList.remove("has-error");
    row.querySelectorAll(".errorlist.server").forEach(function (ul) { ul.hidden = true; });
    row.querySelectorAll("[aria-invalid]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
    });
  }

  /* Tie a row's shown messages to its fields (aria-describedby, aria-invalid: WCAG 3.3.1),
   * so a screen reader announces the reason with the field, not only a red border. */
  var tieCount = 0;
  function tie(row, wrong) {
    if (!row) return;
    var ids = [];
    row.querySelectorAll("[data-check], .errorlist.server").forEach(function (el) {
      if (el.hidden || !el.textContent.trim()) return;
      if (!el.id) { tieCount += 1; el.id = "cap-msg-" + tieCount; }
      ids.push(el.id);
    });
    row.querySelectorAll("input:not([type=hidden]), select").forEach(function (el) {
      if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
      else el.removeAttribute("aria-describedby");
      if (wrong || row.querySelector(".errorlist.server:not([hidden])")) {
        el.setAttribute("aria-invalid", "true");
      }
      else el.removeAttribute("aria-invalid");
    });
  }

  /* The summary names the rows to fix (their labels), not only "the marked ones". */
  function rowNames(rows) {
    return rows.map(function (row) {
      var label = row.querySelector(".cap-label");
      var main = label && label.firstChild ? label.firstChild.textContent : "";
      return String(main || "").trim();
    }).filter(function (t) { return t; }).join(", ");
  }

  /* --- Pussi: the sheet, game by game (outcomes) or as totals ---------------------------- */
  var DELTA = {won: 1, lost: -1, schwarz: -2};

  /* Why no real game looks like entry e, as a message key, or null (scoring.pussi.entry_problem). */
  function entryProblem(e, below) {
    if (e.points === null) return e.outcome === "won" ? null : "schwarz_needs_won";
    if (e.points < 0 || e.points >= below) return "points_range";
    return null;
  }

  /* The running totals after entry e (scoring.pussi.entry_totals). */
  function entryTotals(prev, e) {
    var d = e.declarer - 1, t = [0, 0];
    t[d] = prev[d] + DELTA[e.outcome] * e.bid;
    t[1 - d] = prev[1 - d] + (e.points === null ? -2 * e.bid : e.points);
    return t;
  }

  /* The outcome form of a game written as totals, or null (scoring.pussi.entry_of). */
  function entryOf(prev, g, below) {
    var d = g.declarer - 1;
    var changeD = g.totals[d] - prev[d], changeO = g.totals[1 - d] - prev[1 - d];
    var outcome = changeD === g.bid ? "won" : changeD === -g.bid ? "lost" : "schwarz";
    var e = {declarer: g.declarer, bid: g.bid, outcome: outcome,
             points: changeO < 0 ? null : changeO};
    return entryProblem(e, below) ? null : e;
  }

  /* Who gets the premium when a game reaches it (scoring.pussi._premium_winner): 0 or 1. */
  function premiumWinner(g, change) {
    if (g.totals[0] !== g.totals[1]) return g.totals[0] > g.totals[1] ? 0 : 1;
    if (change[0] !== change[1]) return change[0] > change[1] ? 0 : 1;
    return 2 - g.declarer;
  }

  function signed(n) {
    return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : "0";
  }

  /* The Pussi sheet of one form: returns {check, M} or null. check(strict) marks every wrong
   * row with its reason and returns them; strict (on send) also wants the last row complete. */
  function pussiSheet(form) {
    var sheet = form.querySelector("[data-pussi]");
    var messages = sheet && document.getElementById(sheet.getAttribute("data-messages") ||
                                                    "pussi-messages");
    if (!messages) return null;
    var M = JSON.parse(messages.textContent);
    var list = sheet.querySelector("[data-games]");
    var summary = form.querySelector("[data-pussi-summary]");
    var addButton = form.querySelector("[data-add-game]");
    var rowTemplate = form.querySelector("template[data-pussi-row]");
    var premiumText = sheet.querySelector("[data-premium-text]");
    var maxGames = parseInt(sheet.getAttribute("data-max"), 10) || 99;
    var premiumAt = parseInt(sheet.getAttribute("data-premium-at"), 10) || 500;
    var below = parseInt(sheet.getAttribute("data-points-below"), 10) || 500;
    var parties = [M.party1, M.party2];
    var FIELDS = {outcome: ["declarer", "bid", "outcome", "points", "schwarz"],
                  totals: ["declarer", "bid", "total1", "total2"], quick: []};
    var quick = sheet.querySelector("[data-quick]");

    /* The quick entry (final totals only): both totals, and who crossed the premium total
     * when a total ends at or above it (scoring.pussi Pussi._parse_quick). */
    var quickCheck = function (strict) {
      if (!quick) return null;
      var box = quick.querySelector("[data-quick-check]");
      var t1 = quick.querySelector('[name="final.1"]'), t2 = quick.querySelector('[name="final.2"]');
      var a = wholeNumber(t1 && t1.value), b = wholeNumber(t2 && t2.value);
      var side = quick.querySelector('[data-field="side"]:checked');
      var message = null;
      if (strict && (a === null || b === null)) message = M.quick_incomplete;
      else if (a !== null && b !== null && Math.max(a, b) >= premiumAt && !(side && side.value)) {
        message = fmt(M.quick_premium, {total: premiumAt, at: premiumAt});
      }
      if (box) { box.textContent = message || ""; box.hidden = !message; }
      return message ? quick : null;
    };
    var STORE = "turnierwart.pussi-mode";

    var rows = function () {
      return Array.prototype.slice.call(list.querySelectorAll("[data-game]"));
    };
    var field = function (row, name) {
      return row.querySelector('[data-field="' + name + '"]');
    };
    var value = function (row, name) {
      if (name === "outcome") {
        var chosen = row.querySelector('[data-field="outcome"]:checked');
        return chosen ? chosen.value : "";
      }
      var el = field(row, name);
      if (!el) return "";
      if (el.type === "checkbox") return el.checked ? "1" : "";
      return String(el.value || "").trim();
    };
    var mode = function () {
      var chosen = sheet.querySelector("[data-mode-switch]:checked");
      return chosen ? chosen.value : "outcome";
    };

    /* Show the reason at the row, unless the server's own message for it is still shown. */
    var mark = function (row, message) {
      var p = row.querySelector("[data-check]");
      var server = row.querySelector(".errorlist.server:not([hidden])");
      row.classList.toggle("is-wrong", !!message);
      if (p) {
        p.textContent = message || "";
        p.hidden = !message || !!server;
      }
      tie(row, !!message);
    };

    /* What the tiles would change, and no card points while "played Schwarz" is ticked. */
    var decorate = function (row) {
      var bid = wholeNumber(value(row, "bid")), declarer = value(row, "declarer");
      var label = row.querySelector("[data-other-label]");
      if (label) {
        label.textContent = declarer === "1" || declarer === "2"
          ? fmt(M.points_of, {party: parties[2 - parseInt(declarer, 10)]}) : M.other_points;
      }
      row.querySelectorAll("[data-delta]").forEach(function (el) {
        var k = el.getAttribute("data-delta");
        el.textContent = bid && bid > 0 ? " " + signed((DELTA[k] || -2) * bid) : "";
      });
      var box = field(row, "schwarz"), points = field(row, "points");
      if (box && points) {
        if (box.checked) points.value = "";
        points.disabled = box.checked;
      }
    };

    /* The totals as the paper has them: the bid beside the declaring party, both totals. */
    var paper = function (row, totals) {
      var declarer = value(row, "declarer");
      [1, 2].forEach(function (side) {
        var t = row.querySelector('[data-total="' + side + '"]');
        if (t) t.textContent = totals ? String(totals[side - 1]) : "\u2013";
        var b = row.querySelector('[data-bid="' + side + '"]');
        if (b) b.textContent = totals && declarer === String(side) ? value(row, "bid") : "";
      });
      /* the totals inputs follow the outcomes, for a switch to totals; a row whose outcome
       * part is empty keeps the totals typed before */
      var touched = ["outcome", "points", "schwarz"].some(function (f) { return value(row, f); });
      if (mode() === "outcome" && (totals || touched)) {
        var t1 = field(row, "total1"), t2 = field(row, "total2");
        if (t1) t1.value = totals ? String(totals[0]) : "";
        if (t2) t2.value = totals ? String(totals[1]) : "";
      }
    };

    /* One row game by game: {written, complete, message, game}. */
    var outcomeRow = function (row) {
      var declarer = value(row, "declarer"), bidText = value(row, "bid");
      var outcome = value(row, "outcome"), pointsText = value(row, "points");
      var schwarz = !!value(row, "schwarz");
      var bid = wholeNumber(bidText), points = schwarz ? null : wholeNumber(pointsText);
      var r = {complete: !!(declarer && bidText && outcome && (pointsText || schwarz)),
               message: null, entry: null};
      if (declarer && declarer !== "1" && declarer !== "2") {
        r.message = M.declarer_value;
      } else if (bidText && (bid === null || bid <= 0)) {
        r.message = M.bid_value;
      } else if (schwarz && pointsText) {
        r.message = M.points_and_schwarz;
      } else if (!schwarz && pointsText && points === null) {
        r.message = M.points_whole;
      } else if (points !== null && (points < 0 || points >= below)) {
        r.message = fmt(M.points_range, {max: below - 1});
      } else if (schwarz && outcome && outcome !== "won") {
        r.message = fmt(M.schwarz_needs_won, {bid: bid && bid > 0 ? bid : "?"});
      } else if (r.complete) {
        r.entry = {declarer: parseInt(declarer, 10), bid: bid, outcome: outcome,
                   points: points};
      }
      return r;
    };

    /* One row as totals: {complete, message, game, typed}. */
    var totalsRow = function (row, prev) {
      var declarer = value(row, "declarer"), bidText = value(row, "bid");
      var t1Text = value(row, "total1"), t2Text = value(row, "total2");
      var totals = [wholeNumber(t1Text), wholeNumber(t2Text)];
      var r = {complete: !!(declarer && bidText && t1Text && t2Text), message: null,
               game: null, typed: totals[0] !== null && totals[1] !== null ? totals : null};
      if (!r.complete) return r;
      if (declarer !== "1" && declarer !== "2") {
        r.message = M.declarer_value;
      } else if (wholeNumber(bidText) === null || wholeNumber(bidText) <= 0) {
        r.message = M.bid_value;
      } else if (!r.typed) {
        r.message = M.whole;
      } else {
        r.game = {declarer: parseInt(declarer, 10), bid: wholeNumber(bidText), totals: totals};
        if (prev) r.message = checkGame(M, prev, r.game);
        if (r.message || !prev) r.game = null;
      }
      return r;
    };

    var check = function (strict) {
      var m = mode(), all = rows(), last = -1;
      if (m === "quick") {
        var q = quickCheck(strict);
        if (summary && !q) summary.hidden = true;
        return q ? [q] : [];
      }
      if (quick) quickCheck(false);
      all.forEach(function (row, k) {
        if (FIELDS[m].some(function (f) { return value(row, f); })) last = k;
      });
      var seenEmpty = false;  // game by game, the rows after the first empty one stay small
      all.forEach(function (row) {
        var written = FIELDS[m].some(function (f) { return value(row, f); });
        row.classList.toggle("is-idle", m === "outcome" && !written && seenEmpty);
        if (!written) seenEmpty = true;
      });
      var prev = [0, 0];  // totals above the row; null once a row above is not right
      var checked = [0, 0];  // the same for totals mode: a slip does not mark the rows after it
      var premium = null;
      var wrong = [];
      all.forEach(function (row, k) {
        decorate(row);
        var message = null, totals = null;
        if (k <= last) {
          if (m === "outcome") {
            var r = outcomeRow(row);
            message = r.message;
            if (!message && !r.complete && (strict || k < last)) message = M.incomplete_outcome;
            if (r.entry && prev) totals = entryTotals(prev, r.entry);
          } else {
            var t = totalsRow(row, checked);
            message = t.message;
            if (!t.complete && (strict || k < last)) message = M.incomplete;
            if (t.game && prev) totals = t.game.totals;
            checked = t.typed;
          }
        }
        if (totals && premium === null && Math.max(totals[0], totals[1]) >= premiumAt) {
          var declarer = parseInt(value(row, "declarer"), 10);
          premium = {k: k, side: premiumWinner({declarer: declarer, totals: totals},
                                               [totals[0] - prev[0], totals[1] - prev[1]])};
        }
        paper(row, totals);
        mark(row, message);
        if (message) wrong.push(row);
        prev = totals;
      });
      all.forEach(function (row, k) {
        var star = row.querySelector("[data-premium]");
        if (!star) return;
        var here = premium !== null && premium.k === k;
        star.hidden = !here;
        var who = star.querySelector("[data-premium-party]");
        if (who && here) who.textContent = parties[premium.side];
      });
      if (premiumText) {
        premiumText.textContent = premium === null ? fmt(M.no_premium, {at: premiumAt})
          : fmt(M.premium, {at: premiumAt, party: sheet.getAttribute("data-party" +
                                                                     (premium.side + 1)),
                            game: premium.k + 1});
      }
      if (summary && !wrong.length) summary.hidden = true;
      return wrong;
    };

    /* Switch modes without losing the sheet: totals become outcomes as far as they are
     * right; outcomes have kept the totals inputs up to date all along. */
    var setMode = function (next) {
      if (sheet.getAttribute("data-mode") === next) return;
      if (next === "outcome") {
        var prev = [0, 0];  // null after the first row without an outcome form
        rows().forEach(function (row) {
          var t = prev && totalsRow(row, prev);
          var e = t && t.game && entryOf(prev, t.game, below);
          row.querySelectorAll('[data-field="outcome"]').forEach(function (radio) {
            radio.checked = !!e && radio.value === e.outcome;
          });
          var box = field(row, "schwarz"), points = field(row, "points");
          if (box) box.checked = !!e && e.points === null;
          if (points) points.value = e && e.points !== null ? String(e.points) : "";
          prev = e ? t.game.totals : null;
        });
      }
      sheet.setAttribute("data-mode", next);
      sheet.querySelectorAll("[data-mode-switch]").forEach(function (radio) {
        radio.checked = radio.value === next;
      });
      try { window.localStorage.setItem(STORE, next); } catch (e) { /* private mode */ }
      check(false);
    };
    sheet.querySelectorAll("[data-mode-switch]").forEach(function (radio) {
      radio.addEventListener("change", function () { if (radio.checked) setMode(radio.value); });
    });

    form.addEventListener("input", function () { check(false); });
    form.addEventListener("change", function () { check(false); });

    if (addButton && rowTemplate) {
      addButton.hidden = rows().length >= maxGames;
      addButton.addEventListener("click", function () {
        var k = rows().length;
        if (k >= maxGames) return;
        var holder = document.createElement("div");
        holder.innerHTML = rowTemplate.innerHTML.replace(/__k__/g, String(k))
                                                .replace(/__n__/g, String(k + 1));
        var row = holder.firstElementChild;
        list.appendChild(row);
        var first = row.querySelector("select, input");
        if (first) first.focus();
        addButton.hidden = rows().length >= maxGames;
        check(false);
      });
    }

    /* A fresh sheet opens in the mode this phone used last. */
    var empty = rows().every(function (row) {
      return FIELDS.outcome.concat(FIELDS.totals).every(function (f) { return !value(row, f); });
    });
    var stored = null;
    try { stored = window.localStorage.getItem(STORE); } catch (e) { /* private mode */ }
    if (empty && (stored === "outcome" || stored === "totals")) setMode(stored);
    sheet.setAttribute("data-mode", mode());
    check(false);
    return {check: check, M: M};
  }

  /* --- every discipline: a marked line blocks sending; a refusal shows where -------------- */

  /* The lines whose live check shows a reason now (each discipline's script marks a wrong
   * line with a visible [data-check] under it); asked to check every line first. */
  function markedRows(form) {
    form.dispatchEvent(new CustomEvent("turnierwart:check"));
    var rows = [];
    form.querySelectorAll("[data-row]").forEach(function (row) {
      var shown = Array.prototype.some.call(row.querySelectorAll("[data-check]"), function (p) {
        return !p.hidden && p.textContent.trim();
      });
      if (shown) rows.push(row);
    });
    return rows;
  }

  /* Bring the first wrong line into view and put the cursor in its first wrong field. */
  function goTo(row) {
    if (!row) return;
    var closed = row.closest("details:not([open])");
    if (closed) closed.open = true;
    row.dispatchEvent(new CustomEvent("turnierwart:open", {bubbles: true}));
    /* a line taller than most of the screen: its reason in the middle, not its top */
    var reason = row.querySelector(".errorlist.server:not([hidden]), [data-check]:not([hidden])");
    var tall = row.getBoundingClientRect().height > window.innerHeight * 0.7;
    (tall && reason ? reason : row).scrollIntoView({block: "center"});
    var field = row.querySelector("[aria-invalid=true]:not([type=hidden])") ||
                row.querySelector("input:not([type=hidden]):not([disabled]), select");
    if (field) field.focus({preventScroll: true});
  }

  /* The summary at the top of the form: its text and the lines to fix. */
  function summarize(form, box, text, rows) {
    if (!box) return;
    var names = rowNames(rows);
    box.textContent = text + (names ? " (" + names + ")" : "");
    box.hidden = false;
  }

  function blockMarked(form, ev) {
    var wrong = markedRows(form);
    if (!wrong.length) return false;
    ev.preventDefault();
    var box = form.querySelector("[data-marked-summary]");
    summarize(form, box, box ? box.getAttribute("data-text") : "", wrong);
    goTo(wrong[0]);
    return true;
  }

  /* A result the server refused comes back with its reasons at the lines (400): show which
   * lines, and go to the first, so the captain does not have to look for it. */
  function showRefusal(form) {
    var refused = form.querySelector("[data-refused-summary]");
    if (!refused) return;
    var rows = [];
    form.querySelectorAll("[data-row]").forEach(function (row) {
      if (row.querySelector(".errorlist.server") && rows.indexOf(row) < 0) rows.push(row);
    });
    summarize(form, refused, refused.getAttribute("data-text") || refused.textContent, rows);
    if (rows.length) goTo(rows[0]);
    else { refused.scrollIntoView({block: "center"}); refused.focus({preventScroll: true}); }
  }

  function setup(form) {
    if (form.getAttribute("data-result-bound")) return;
    form.setAttribute("data-result-bound", "1");
    /* the "not sent" summary goes once no line is marked any more */
    var settled = function () {
      var box = form.querySelector("[data-marked-summary]");
      if (!box || box.hidden) return;
      var marked = Array.prototype.some.call(form.querySelectorAll("[data-check]"),
                                             function (p) { return !p.hidden; });
      if (!marked) box.hidden = true;
    };
    form.addEventListener("input", function (ev) {
      hideServerErrors(ev.target.closest("[data-row]"));
      settled();
    });
    form.addEventListener("change", function (ev) {
      hideServerErrors(ev.target.closest("[data-row]"));
      settled();
    });

    /* --- Pussi ---------------------------------------------------------------------------- */
    var pussi = pussiSheet(form);
    var pussiCheck = pussi && pussi.check;
    var M = pussi && pussi.M;

    /* --- Mucken --------------------------------------------------------------------------- */
    /* The checks of scoring/mucken.py per Bobbl row: exactly one party reaches the target, or,
     * in the Bobbl cut by time (only the last one written), neither. The "cut by time" box is
     * offered on the last row written and on the row after it (the Bobbl time may have cut
     * before its points are typed: the text above the pad says to tick it there), and stays
     * on a row that is ticked; a cut row says what the tournament's rule makes of it. */
    var pad = form.querySelector("[data-mucken]");
    var padMessages = pad && document.getElementById(pad.getAttribute("data-messages") ||
                                                     "mucken-messages");
    if (padMessages) {
      var MM = JSON.parse(padMessages.textContent);
      var target = parseInt(pad.getAttribute("data-target"), 10) || 21;
      var rule = pad.getAttribute("data-rule") || "leader";
      var padSummary = form.querySelector("[data-mucken-summary]");
      var bobblRows = Array.prototype.slice.call(pad.querySelectorAll("[data-bobbl]"));
      var padField = function (row, name) {
        return row.querySelector('[data-field="' + name + '"]');
      };
      var padText = function (row, name) {
        var el = padField(row, name);
        return el ? String(el.value || "").trim().replace(/\s+/g, "") : "";
      };
      var isCut = function (row) {
        var el = padField(row, "cut");
        return !!(el && el.checked);
      };
      var points = function (t) { return /^\d+$/.test(t) ? parseInt(t, 10) : null; };
      var say = function (row, selector, message, server) {
        var p = row.querySelector(selector);
        if (!p) return;
        p.textContent = message || "";
        p.hidden = !message || !!server;
      };

      /* What the rule makes of a cut Bobbl at a:b (scoring.mucken.outcome). */
      var cutNote = function (a, b) {
        if (rule === "void") return MM.cut_void;
        if (rule === "as_played") return MM.cut_as_played;
        if (a === b) return MM.cut_tie;
        return fmt(MM.cut_leader, {party: a > b ? MM.party1 : MM.party2, points: Math.min(a, b)});
      };

      /* Check every row; strict (on send) also wants the rows not written yet. */
      var muckenCheck = function (strict) {
        var written = -1, lastCut = -1;
        bobblRows.forEach(function (row, k) {
          if (padText(row, "side1") || padText(row, "side2")) written = k;
          if (isCut(row)) lastCut = k;
        });
        var last = Math.max(written, lastCut);
        var wrong = [];
        bobblRows.forEach(function (row, k) {
          var aText = padText(row, "side1"), bText = padText(row, "side2");
          var cut = isCut(row);
          var label = row.querySelector("[data-cut-label]");
          if (label) label.hidden = !(cut || k === written || k === written + 1);
          var message = null, note = null;
          if (cut && k < lastCut) {
            message = MM.one_cut;
          } else if (lastCut >= 0 && k > lastCut) {
            if (aText || bText) message = fmt(MM.after_cut, {n: lastCut + 1});
          } else if (!aText || !bText) {
            if (strict || k < last) message = MM.incomplete;
          } else if (points(aText) === null || points(bText) === null) {
            message = MM.whole;
          } else {
            var a = points(aText), b = points(bText);
            if (cut) {
              if (a >= target || b >= target) message = fmt(MM.cut_finished, {target: target});
              else note = cutNote(a, b);
            } else if (a >= target && b >= target) {
              message = fmt(MM.both, {target: target});
            } else if (a < target && b < target) {
              message = fmt(label && k === last ? MM.neither_cut : MM.neither, {target: target});
            }
          }
          var server = row.querySelector(".errorlist.server:not([hidden])");
          row.classList.toggle("is-wrong", !!message);
          row.classList.toggle("is-cut", cut);
          say(row, "[data-check]", message, server);
          say(row, "[data-note]", message ? null : note, null);
          tie(row, !!message);
          if (message) wrong.push(row);
        });
        if (padSummary && !wrong.length) padSummary.hidden = true;
        return wrong;
      };

      form.addEventListener("input", function () { muckenCheck(false); });
      form.addEventListener("change", function () { muckenCheck(false); });
      /* Registered before the sending listener below: a wrong pad is not sent at all. */
      form.addEventListener("submit", function (ev) {
        var wrong = muckenCheck(true);
        if (!wrong.length) return;
        ev.preventDefault();
        ev.stopImmediatePropagation();
        if (padSummary) {
          var names = rowNames(wrong);
          padSummary.textContent = MM.summary + (names ? " (" + names + ")" : "");
          padSummary.hidden = false;
        }
        wrong[0].scrollIntoView({block: "center"});
        var first = wrong[0].querySelector("input");
        if (first) first.focus({preventScroll: true});
      });
      muckenCheck(false);
    }

    /* --- sending -------------------------------------------------------------------------- */
    form.addEventListener("submit", function (ev) {
      if (ev.defaultPrevented) return;
      if (pussiCheck) {
        var wrong = pussiCheck(true);
        if (wrong.length) {
          ev.preventDefault();
          var summaryEl = form.querySelector("[data-pussi-summary]");
          if (summaryEl) {
            var names = rowNames(wrong);
            summaryEl.textContent = M.summary + (names ? " (" + names + ")" : "");
            summaryEl.hidden = false;
          }
          wrong[0].scrollIntoView({block: "center"});
          var field = wrong[0].querySelector("select, input");
          if (field) field.focus({preventScroll: true});
          return;
        }
      }
      if (blockMarked(form, ev)) return;  // every other discipline's marked lines
      var button = form.querySelector("button[type=submit]");
      if (button) {
        window.setTimeout(function () { button.disabled = true; }, 0);  // one tap, one send
      }
    });
  }

  window.TurnierwartResults = {setup: setup};  // the round page's lists opened later
  document.querySelectorAll("form[data-result-form]").forEach(function (form) {
    setup(form);
    showRefusal(form);
  });
})();
