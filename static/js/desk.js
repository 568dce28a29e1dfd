/* Registration desk: pick players from the search list with the keyboard, live list filter
   (status, marker, text), scanned pre-registration codes, and the seat slip's printing.
   Everything here is a convenience; the forms work without it. */
(function () {
  "use strict";

  function box(slot) { return document.getElementById("picks-" + slot); }
  function field(slot, name) { return document.getElementById("id_p" + slot + "_" + name); }
  function options(slot) {
    var b = box(slot);
    return b ? Array.prototype.slice.call(b.querySelectorAll(".desk-pick")) : [];
  }
  function activeIndex(opts) {
    for (var i = 0; i < opts.length; i++) { if (opts[i].classList.contains("active")) return i; }
    return -1;
  }
  function setActive(slot, opts, i) {
    var input = field(slot, "name");
    opts.forEach(function (o, k) {
      o.classList.toggle("active", k === i);
      o.setAttribute("aria-selected", k === i ? "true" : "false");
    });
    if (input) {
      if (i >= 0) { input.setAttribute("aria-activedescendant", opts[i].id); }
      else { input.removeAttribute("aria-activedescendant"); }
    }
    if (i >= 0) opts[i].scrollIntoView({block: "nearest"});
  }
  function close(slot) {
    var b = box(slot), input = field(slot, "name");
    if (b) b.innerHTML = "";
    if (input) { input.setAttribute("aria-expanded", "false"); input.removeAttribute("aria-activedescendant"); }
  }
  function pick(opt) {
    var slot = opt.getAttribute("data-slot");
    field(slot, "name").value = opt.getAttribute("data-name");
    field(slot, "club").value = opt.getAttribute("data-club");
    field(slot, "rating").value = opt.getAttribute("data-rating");
    field(slot, "id").value = opt.getAttribute("data-id");
    close(slot);
    var next = slot === "1" ? field("2", "name") : null;
    (next || field(slot, "name")).focus();
  }

  document.addEventListener("keydown", function (e) {
    var input = e.target;
    if (!input.matches || !input.matches("input[data-search-slot]")) return;
    var slot = input.getAttribute("data-search-slot"), opts = options(slot), i = activeIndex(opts);
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!opts.length) return;
      e.preventDefault();
      var step = e.key === "ArrowDown" ? 1 : -1;
      setActive(slot, opts, i < 0 ? (step > 0 ? 0 : opts.length - 1)
                                  : (i + step + opts.length) % opts.length);
    } else if (e.key === "Enter") {
      if (i < 0) {
        // A typed name that is exactly one listed player takes that player (club, rating).
        var typed = input.value.trim().toLowerCase();
        var same = opts.filter(function (o) {
          return o.getAttribute("data-name").toLowerCase() === typed;
        });
        if (same.length === 1) i = opts.indexOf(same[0]);
      }
      if (i >= 0) { e.preventDefault(); pick(opts[i]); return; }
      // A scanned pre-registration code in the name field (the scanner typed it there):
      // hand it to the scan field instead of signing up a person called "K7QM4-XP2AB".
      if (slot === "1" && looksLikeCode(input.value) && document.getElementById("desk-scan")) {
        e.preventDefault(); close(slot); scanCode(input.value); input.value = ""; return;
      }
      // In a pair, Enter in the first name goes on to the second player while that is empty
      // (not when the first one came alone: then there is no second player).
      var second = slot === "1" ? field("2", "name") : null;
      if (second && !second.matches(":disabled") && !second.value.trim() && input.value.trim()) {
        e.preventDefault(); close(slot); second.focus();
      }
    } else if (e.key === "Escape") {
      close(slot);
    }
  });

  // Typing after a pick means another person: forget the picked id.
  document.addEventListener("input", function (e) {
    var input = e.target;
    if (input.matches && input.matches("input[data-search-slot]")) {
      var id = field(input.getAttribute("data-search-slot"), "id");
      if (id) id.value = "";
    }
    if (input.closest && input.closest("#desk-filter")) applyFilter();
  });

  document.addEventListener("click", function (e) {
    var opt = e.target.closest && e.target.closest(".desk-pick");
    if (opt) { e.preventDefault(); pick(opt); }
  });

  // The search sends ?q=… whatever the name field is called.
  document.addEventListener("htmx:configRequest", function (e) {
    var elt = e.detail.elt;
    if (elt && elt.getAttribute && elt.getAttribute("data-search-slot")) {
      e.detail.parameters.q = elt.value;
    }
  });

  document.addEventListener("htmx:afterSwap", function (e) {
    var target = e.detail.target;
    if (target && target.classList && target.classList.contains("desk-picks-box")) {
      var slot = target.id.replace("picks-", ""), input = field(slot, "name");
      if (input) input.setAttribute("aria-expanded", options(slot).length ? "true" : "false");
    }
  });

  // The live filter: the same rule as the server (status, marker, and every word in
  // number/name/club). The chosen marker lives in the hidden #desk-mark.
  function applyFilter() {
    var form = document.getElementById("desk-filter");
    if (!form) return;
    var show = form.elements.show.value;
    var markInput = document.getElementById("desk-mark");
    var mark = markInput ? markInput.value : "";
    var words = form.elements.q.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    document.querySelectorAll("#desk-rows tr").forEach(function (row) {
      var text = row.getAttribute("data-text") || "";
      var ok = (!show || row.getAttribute("data-status") === show) &&
        (!mark || row.querySelector('[data-mark="' + mark + '"]') !== null) &&
        words.every(function (w) { return text.indexOf(w) >= 0; });
      row.hidden = !ok;
      if (ok) shown++;
    });
    var none = document.getElementById("desk-none");
    if (none) none.hidden = shown > 0;
    document.querySelectorAll("#desk-marks button[data-mark]").forEach(function (b) {
      var on = b.getAttribute("data-mark") === mark;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.value = on ? "" : b.getAttribute("data-mark");  // pressing again shows all
    });
    // Keep the filter in the address so a reload (or the no-JS fallback) shows the same.
    var params = new URLSearchParams();
    if (show) params.set("show", show);
    if (mark) params.set("mark", mark);
    if (words.length) params.set("q", form.elements.q.value.trim());
    var query = params.toString();
    history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
    document.querySelectorAll("#desk-rows input[name=show]").forEach(function (i) { i.value = show; });
    document.querySelectorAll("#desk-rows input[name=mark]").forEach(function (i) { i.value = mark; });
    document.querySelectorAll("#desk-rows input[name=q]").forEach(function (i) {
      i.value = form.elements.q.value.trim();
    });
  }

  document.addEventListener("change", function (e) {
    if (e.target.closest && e.target.closest("#desk-filter")) applyFilter();
    // "Came alone": there is no second player to fill in.
    if (e.target.name === "alone" && e.target.closest("#desk-signup")) {
      var second = document.getElementById("desk-player-2");
      if (second) second.disabled = e.target.checked;
    }
  });
  document.addEventListener("submit", function (e) {
    if (e.target.id !== "desk-filter") return;
    e.preventDefault();
    // A marker button toggles its filter; the marker buttons are the submitters.
    var b = e.submitter;
    var markInput = document.getElementById("desk-mark");
    if (b && b.hasAttribute("data-mark") && markInput) markInput.value = b.value;
    applyFilter();
  });

  // --- scanning pre-registration codes ------------------------------------------------------
  // Ten characters from the code alphabet, maybe with a dash in the middle (which a scanner
  // set to an American keyboard types as "ß" on a German one), and at least one digit:
  // no one's name looks like that.
  function looksLikeCode(text) {
    var t = (text || "").trim();
    return /^[0-9a-z]{5}[\s\-ß]?[0-9a-z]{5}$/i.test(t) && /[0-9]/.test(t);
  }
  function scanCode(text) {
    var code = document.getElementById("desk-code");
    var form = document.getElementById("desk-scan");
    if (!code || !form) return;
    code.value = text.trim();
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  }
  document.addEventListener("keydown", function (e) {
    // Escape in the scan field clears it; F2 anywhere goes to the scan field.
    if (e.key === "F2") {
      var code = document.getElementById("desk-code");
      if (code) { e.preventDefault(); code.focus(); code.select(); }
    } else if (e.key === "Escape" && e.target.id === "desk-code") {
      e.target.value = "";
    }
  });

  document.addEventListener("htmx:afterSettle", function (e) {
    applyFilter();
    var elt = e.detail.elt;
    // After a sign-up the fresh form is swapped in: the cursor goes back to the first name.
    if (elt && elt.id === "desk-signup") {
      var first = elt.querySelector("[autofocus]") || field("1", "name");
      if (first) first.focus();
    }
    // After a scan the cursor stays in the scan field, ready for the next one (a refused
    // code stays there, selected, to be scanned or typed again).
    if (elt && elt.id === "desk-scan") {
      var code = document.getElementById("desk-code");
      if (code) { code.focus(); code.select(); }
    }
  });

  // --- the seat slip ------------------------------------------------------------------------
  function slipPrint() { window.print(); }
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-print]")) slipPrint();
  });
  var slip = document.querySelector(".slip[data-autoprint]");
  if (slip) {
    // Opened from the desk to print: print at once, and close the tab again afterwards so
    // the desk is in front for the next person.
    window.addEventListener("afterprint", function () { window.close(); });
    window.addEventListener("load", function () { setTimeout(slipPrint, 50); });
  }
})();
