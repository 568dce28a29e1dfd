/* Registration desk: pick players from the search list with the keyboard, the sign-up sent
   without ever replacing a field one types in, the list's filter and pages (served by the
   server), rows that ask first, scanned pre-registration codes, and the seat slip's printing.
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
    // The sign-up form has club, rating and id; a team's board order (desk/teams.html)
    // has id, Elo and DWZ: fill whichever the form has.
    ["club", "rating", "id", "elo", "dwz"].forEach(function (name) {
      var f = field(slot, name);
      if (f) f.value = opt.getAttribute("data-" + name) || "";
    });
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
    if (input.closest && input.closest("#desk-filter")) filterSoon();
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

  // A search answer for a name no longer in the field (it was sent, the field emptied, or
  // typed on) is dropped: the box offers only people for what the field shows now.
  document.addEventListener("htmx:beforeSwap", function (e) {
    var target = e.detail.target;
    if (!target || !target.classList || !target.classList.contains("desk-picks-box")) return;
    var input = field(target.id.replace("picks-", ""), "name");
    var asked = "";
    try { asked = e.detail.requestConfig.parameters.q || ""; } catch (err) { asked = ""; }
    if (!input || input.value.trim() === "" || asked !== input.value) e.detail.shouldSwap = false;
  });

  document.addEventListener("htmx:afterSwap", function (e) {
    var target = e.detail.target;
    if (target && target.classList && target.classList.contains("desk-picks-box")) {
      var slot = target.id.replace("picks-", ""), input = field(slot, "name");
      if (input) input.setAttribute("aria-expanded", options(slot).length ? "true" : "false");
    }
  });

  // --- the list: filtered and paged by the server ------------------------------------------
  // The filter asks the server for the first page of what matches (status, marker, every
  // word in number/name/club); the pager for another page. The answer replaces the list.
  var filterTimer = null, listAsked = 0;
  function filterSoon() {
    clearTimeout(filterTimer);
    filterTimer = setTimeout(function () { loadList(1); }, 250);
  }
  function filterParams(page) {
    var form = document.getElementById("desk-filter");
    var params = new URLSearchParams();
    if (!form) return params;
    var markInput = document.getElementById("desk-mark");
    var show = form.elements.show.value, q = form.elements.q.value.trim();
    var mark = markInput ? markInput.value : "";
    if (show) params.set("show", show);
    if (mark) params.set("mark", mark);
    if (q) params.set("q", q);
    if (page > 1) params.set("page", String(page));
    return params;
  }
  function pressMarks() {
    var markInput = document.getElementById("desk-mark");
    var mark = markInput ? markInput.value : "";
    document.querySelectorAll("#desk-marks button[data-mark]").forEach(function (b) {
      var on = b.getAttribute("data-mark") === mark;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.value = on ? "" : b.getAttribute("data-mark");  // pressing again shows all
    });
  }
  function loadList(page) {
    var form = document.getElementById("desk-filter");
    if (!form || !window.fetch) return;
    var pageInput = document.getElementById("desk-page-no");
    if (pageInput) pageInput.value = String(page);
    pressMarks();
    var params = filterParams(page), query = params.toString();
    // Keep the filter in the address so a reload (or the page without JavaScript) shows it.
    history.replaceState(null, "", location.pathname + (query ? "?" + query : ""));
    var asked = ++listAsked;
    fetch(form.getAttribute("data-list-url") + (query ? "?" + query : ""),
          {headers: {"HX-Request": "true"}, credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null || asked !== listAsked) return;  // a later filter answers instead
        htmx.swap("#desk-list", html, {swapStyle: "outerHTML", ignoreTitle: true});
      })
      .catch(function () { /* the list stays as it was; the next keystroke asks again */ });
  }

  document.addEventListener("change", function (e) {
    if (e.target.closest && e.target.closest("#desk-filter")) loadList(1);
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
    clearTimeout(filterTimer);
    loadList(1);
  });
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("#desk-pager a[data-page]");
    if (!link || !window.fetch) return;
    e.preventDefault();
    loadList(parseInt(link.getAttribute("data-page"), 10) || 1);
  });

  // --- signing up: never replace a field someone types in ------------------------------------
  // Enter takes what the form holds at that moment, empties the fields for the next person
  // at once and sends the sign-ups one after another, in the order they were typed. The
  // answer never brings the form back: it says who got which number and adds the row. A
  // refused sign-up comes back into the form only while nothing is typed there; otherwise
  // the reasons stand beside the form with a button that puts it back.
  var sending = Promise.resolve(), waiting = 0;

  function signupForm() { return document.getElementById("desk-signup"); }
  function typedFields(form) {
    return Array.prototype.slice.call(form.querySelectorAll("input[type=text], input[type=number]"));
  }
  function pristine(form) {
    return typedFields(form).every(function (i) { return i.value === ""; });
  }
  function says(name, values) {
    var box = document.getElementById("desk-refused");
    var text = (box && box.getAttribute("data-" + name)) || "";
    Object.keys(values || {}).forEach(function (k) { text = text.split("%(" + k + ")s").join(values[k]); });
    return text;
  }
  // "Sending: 2" only while answers keep one waiting (a queue, or a slow answer): a quick
  // answer shows nothing but its message.
  var sendingTimer = null;
  function showSending() {
    var note = document.getElementById("desk-sending");
    if (!note) return;
    clearTimeout(sendingTimer);
    var show = function () {
      note.hidden = waiting === 0;
      note.textContent = waiting ? says("sending", {n: String(waiting)}) : "";
    };
    if (waiting === 0 || waiting > 1 || !note.hidden) { show(); } else {
      sendingTimer = setTimeout(show, 600);
    }
  }
  function emptyForm(form) {
    typedFields(form).forEach(function (i) {
      i.value = "";
      i.removeAttribute("aria-invalid");
      i.removeAttribute("aria-describedby");
    });
    form.querySelectorAll("input[type=hidden][name$=_id]").forEach(function (i) { i.value = ""; });
    form.querySelectorAll(".errorlist").forEach(function (l) {
      var holder = l.parentNode && l.parentNode.getAttribute("role") === "alert" ? l.parentNode : l;
      holder.remove();
    });
    var alone = form.querySelector("input[name=alone]");
    if (alone) alone.checked = false;
    var second = document.getElementById("desk-player-2");
    if (second) second.disabled = false;
    form.removeAttribute("data-refused");
    close("1"); close("2");
  }
  function nameOf(data) {
    var team = (data.get("team_name") || "").trim();
    var names = [data.get("p1_name"), data.get("p2_name")].filter(function (n) {
      return n && n.trim();
    }).map(function (n) { return n.trim(); });
    return team || names.join(" / ");
  }
  function putBack(html) {
    var form = signupForm();
    htmx.swap(form, html, {swapStyle: "outerHTML", ignoreTitle: true}, {select: "#desk-signup"});
    var fresh = signupForm();
    var first = fresh && (fresh.querySelector("[autofocus]") || field("1", "name"));
    if (first) first.focus();
  }
  function refusal(html, data, reasons) {
    var form = signupForm();
    if (html && form && pristine(form)) { putBack(html); return; }
    var box = document.getElementById("desk-refused");
    if (!box) return;
    var note = document.createElement("div");
    note.className = "desk-refusal";
    note.setAttribute("role", "alert");
    var title = document.createElement("p");
    var strong = document.createElement("strong");
    strong.textContent = says("title", {name: nameOf(data)});
    title.appendChild(strong);
    note.appendChild(title);
    var list = document.createElement("ul");
    list.className = "errorlist";
    reasons.forEach(function (r) {
      var li = document.createElement("li");
      li.textContent = r;
      list.appendChild(li);
    });
    note.appendChild(list);
    var hint = document.createElement("p");
    hint.className = "muted desk-hint";
    hint.hidden = true;
    hint.textContent = says("busy");
    var again = document.createElement("button");
    again.type = "button";
    again.className = "desk-small";
    again.textContent = says("again");
    again.addEventListener("click", function () {
      var current = signupForm();
      if (current && !pristine(current)) { hint.hidden = false; return; }
      if (html) { putBack(html); } else {
        data.forEach(function (v, k) {  // no form came back (an error): the typed values
          var input = current && current.elements[k];
          if (input && input.type !== "radio" && input.type !== "hidden") input.value = v;
        });
        var first = field("1", "name");
        if (first) first.focus();
      }
      note.remove();
    });
    var dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "desk-small";
    dismiss.textContent = says("dismiss");
    dismiss.addEventListener("click", function () { note.remove(); });
    var buttons = document.createElement("p");
    buttons.className = "row";
    buttons.appendChild(again);
    buttons.appendChild(dismiss);
    note.appendChild(buttons);
    note.appendChild(hint);
    box.appendChild(note);
  }
  function answered(response, html, data) {
    var redirect = response.headers.get("HX-Redirect");
    if (redirect) { window.location.href = redirect; return; }  // logged out meanwhile
    if (!response.ok) {
      refusal("", data, [says("failed", {status: String(response.status)})]);
      return;
    }
    var holder = document.createElement("template");
    holder.innerHTML = html;
    var refused = holder.content.querySelector("#desk-signup");
    if (!refused) {  // signed up: the message, the counts and the row, out of band
      htmx.swap(document.body, html, {swapStyle: "none", ignoreTitle: true});
      return;
    }
    var reasons = Array.prototype.map.call(refused.querySelectorAll(".errorlist li"),
                                           function (li) { return li.textContent.trim(); });
    refusal(html, data, reasons);
  }
  function send(url, data) {
    return fetch(url, {method: "POST", body: data, credentials: "same-origin",
                       headers: {"HX-Request": "true"}})
      .then(function (r) { return r.text().then(function (html) { answered(r, html, data); }); })
      .catch(function () { refusal("", data, [says("offline")]); })
      .then(function () { waiting--; showSending(); });
  }
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.id !== "desk-signup" || !window.fetch || !window.FormData || !window.htmx) return;
    e.preventDefault();
    var data = new FormData(form);
    if (!nameOf(data)) {  // nothing typed: the server's word is at the field, as ever
      if (pristine(form)) { var first = field("1", "name"); if (first) first.focus(); return; }
    }
    var filter = filterParams(parseInt((document.getElementById("desk-page-no") || {}).value, 10) || 1);
    filter.forEach(function (v, k) { data.set(k, v); });
    emptyForm(form);
    var name = field("1", "name");
    if (name) name.focus();
    waiting++;
    showSending();
    var url = form.action;
    sending = sending.then(function () { return send(url, data); });
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
    var elt = e.detail && e.detail.elt, row = e.target;
    // A row that asks first takes the focus to its "Yes"; a row answered (or cancelled)
    // gives it to its first button, so the keyboard stays where it was.
    if (row && row.tagName === "TR" && row.id && (document.activeElement === document.body
                                                  || !document.activeElement)) {
      var next = row.querySelector(".desk-yes") ||
        row.querySelector(".desk-actions button:not([disabled])");
      if (next) next.focus();
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
