/* Result inputs: check the Pussi score sheet live, add game rows, no double sends.
 *
 * Works on every form[data-result-form] of the page, each on its own: the captain's page has
 * one, the director's round page one per table. The sheet check is the one of
 * scoring/pussi.py (check_game), so a wrong row shows its reason before anything is sent; the
 * server checks again. Each row is checked against the totals written in the row above (0:0
 * before game 1), so a slip in one row does not mark the rows after it. Messages come
 * translated from the page (the JSON script named by the sheet's data-messages).
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

  function setup(form) {
    form.addEventListener("input", function (ev) {
      hideServerErrors(ev.target.closest("[data-row]"));
    });
    form.addEventListener("change", function (ev) {
      hideServerErrors(ev.target.closest("[data-row]"));
    });

    /* --- Pussi ---------------------------------------------------------------------------- */
    var sheet = form.querySelector("[data-pussi]");
    var pussiCheck = null;
    var M = null;
    var messages = sheet && document.getElementById(sheet.getAttribute("data-messages") ||
                                                    "pussi-messages");
    if (messages) {
      M = JSON.parse(messages.textContent);
      var list = sheet.querySelector("[data-games]");
      var summary = form.querySelector("[data-pussi-summary]");
      var addButton = form.querySelector("[data-add-game]");
      var rowTemplate = form.querySelector("template[data-pussi-row]");
      var maxGames = parseInt(sheet.getAttribute("data-max"), 10) || 40;

      var rows = function () {
        return Array.prototype.slice.call(list.querySelectorAll("[data-game]"));
      };
      var value = function (row, field) {
        var el = row.querySelector('[data-field="' + field + '"]');
        return el ? String(el.value || "").trim() : "";
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
      };

      /* Check every written row; strict (on send) also complains about an unfinished last row. */
      pussiCheck = function (strict) {
        var all = rows();
        var last = -1;
        all.forEach(function (row, k) {
          if (["declarer", "bid", "total1", "total2"].some(function (f) { return value(row, f); })) {
            last = k;
          }
        });
        var prev = [0, 0];
        var wrong = [];
        all.forEach(function (row, k) {
          if (k > last) { mark(row, null); return; }
          var declarer = value(row, "declarer");
          var bidText = value(row, "bid"), t1Text = value(row, "total1"), t2Text = value(row, "total2");
          var complete = declarer && bidText && t1Text && t2Text;
          var message = null;
          var totals = [wholeNumber(t1Text), wholeNumber(t2Text)];
          if (!complete) {
            if (strict || k < last) message = M.incomplete;
          } else if (declarer !== "1" && declarer !== "2") {
            message = M.declarer_value;
          } else if (wholeNumber(bidText) === null || wholeNumber(bidText) <= 0) {
            message = M.bid_value;
          } else if (totals[0] === null || totals[1] === null) {
            message = M.whole;
          } else if (prev) {
            message = checkGame(M, prev, {declarer: parseInt(declarer, 10),
                                          bid: wholeNumber(bidText), totals: totals});
          }
          mark(row, message);
          if (message) wrong.push(row);
          prev = (totals[0] !== null && totals[1] !== null) ? totals : null;
        });
        if (summary && !wrong.length) summary.hidden = true;
        return wrong;
      };

      form.addEventListener("input", function () { pussiCheck(false); });
      form.addEventListener("change", function () { pussiCheck(false); });

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
        });
      }
      pussiCheck(false);
    }

    /* --- sending -------------------------------------------------------------------------- */
    form.addEventListener("submit", function (ev) {
      if (pussiCheck) {
        var wrong = pussiCheck(true);
        if (wrong.length) {
          ev.preventDefault();
          var summaryEl = form.querySelector("[data-pussi-summary]");
          if (summaryEl) {
            summaryEl.textContent = M.summary;
            summaryEl.hidden = false;
          }
          wrong[0].scrollIntoView({block: "center"});
          var field = wrong[0].querySelector("select, input");
          if (field) field.focus({preventScroll: true});
          return;
        }
      }
      var button = form.querySelector("button[type=submit]");
      if (button) {
        window.setTimeout(function () { button.disabled = true; }, 0);  // one tap, one send
      }
    });
  }

  document.querySelectorAll("form[data-result-form]").forEach(setup);
})();
