/* Registration desk: pick players from the search list with the keyboard, live list filter.
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
      // In a pair, Enter in the first name goes on to the second player while that is empty.
      var second = slot === "1" ? field("2", "name") : null;
      if (second && !second.value.trim() && input.value.trim()) {
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

  // The live filter: the same rule as the server (status, and every word in number/name/club).
  function applyFilter() {
    var form = document.getElementById("desk-filter");
    if (!form) return;
    var show = form.elements.show.value;
    var words = form.elements.q.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    document.querySelectorAll("#desk-rows tr").forEach(function (row) {
      var text = row.getAttribute("data-text") || "";
      var ok = (!show || row.getAttribute("data-status") === show) &&
        words.every(function (w) { return text.indexOf(w) >= 0; });
      row.hidden = !ok;
      if (ok) shown++;
    });
    var none = document.getElementById("desk-none");
    if (none) none.hidden = shown > 0;
    // Keep the filter in the address so a reload (or the no-JS fallback) shows the same.
    var params = new URLSearchParams();
    if (show) params.set("show", show);
    if (words.length) params.set("q", form.elements.q.value.trim());
    var query = params.toString();
    history.replaceState(null, "", location.pathname + (query ? "?" + query : ""));
    document.querySelectorAll("#desk-rows input[name=show]").forEach(function (i) { i.value = show; });
    document.querySelectorAll("#desk-rows input[name=q]").forEach(function (i) {
      i.value = form.elements.q.value.trim();
    });
  }

  document.addEventListener("change", function (e) {
    if (e.target.closest && e.target.closest("#desk-filter")) applyFilter();
  });
  document.addEventListener("submit", function (e) {
    if (e.target.id === "desk-filter") { e.preventDefault(); applyFilter(); }
  });
  document.addEventListener("htmx:afterSettle", function (e) {
    applyFilter();
    // After a sign-up the fresh form is swapped in: the cursor goes back to the first name.
    if (e.detail.elt && e.detail.elt.id === "desk-signup") {
      var first = e.detail.elt.querySelector("[autofocus]") || field("1", "name");
      if (first) first.focus();
    }
  });
})();
