/* The captain's page on bad hall Wi-Fi: keep a result the network did not take, send it later.
 *
 * - Registers the service worker (/c/sw.js), which shows the page again without a network.
 * - On "send" the form's fields and a new submission key (crypto.randomUUID) are first kept
 *   in IndexedDB, then sent with fetch. The server takes each key once (services.results.
 *   captain_submit): sending the same entry again, however often, stores nothing twice.
 * - While a send waits for its answer the page says "sending"; only when the phone is offline,
 *   a send failed, or no answer came within SLOW ms does it say "saved on this phone, not
 *   yet sent" (issue 31 #7: every normal send showed the offline text for a second or two).
 * - Not answered (no network, a dropped answer, 429, 5xx): "saved on this phone, not yet
 *   sent", and it tries again by itself: when the phone comes back online, after
 *   2, 4, 8 ... up to 60 seconds, and whenever a captain page of this table is opened.
 * - Answered: the entry is dropped and the phone shows what the server says: the stored
 *   result (the sent page), the closed round (?unsent=1 when this entry was not stored), or
 *   the form with the server's reasons when it refused the result (an entry kept from an
 *   earlier opening is put back into the form first, so nothing has to be typed again).
 *
 * Without IndexedDB or fetch the form is sent as before (a plain POST with its nonce).
 * docs/captain-offline.md says how it works and where it stops.
 */
(function () {
  "use strict";

  var box = document.getElementById("cap-offline");
  if (!box) return;
  var PAGE = box.getAttribute("data-page");
  var STORE = "pending";
  var MAX_WAIT = 60000;
  var SLOW = 4000;  // a send not answered by then is said to be kept on the phone
  var tries = 0, timer = null, busy = false, again = false, justMade = null;
  var failed = false, slowTimer = null;

  if ("serviceWorker" in navigator && box.getAttribute("data-sw")) {
    var worker = box.getAttribute("data-sw");
    navigator.serviceWorker.register(worker, {scope: worker.replace(/sw\.js$/, "")})
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (reg) {
        // this page came from the network before the worker ran: ask it to keep the page
        if (!navigator.serviceWorker.controller && reg.active) {
          reg.active.postMessage({keep: PAGE});
        }
      })
      .catch(function () {});  // no worker (plain http on a LAN address): works online only
  }

  if (!window.indexedDB || !window.fetch || !window.URLSearchParams || !PAGE) return;

  function open() {
    return new Promise(function (resolve, reject) {
      var req = indexedDB.open("turnierwart-captain", 1);
      req.onupgradeneeded = function () {
        req.result.createObjectStore(STORE, {keyPath: "key"});
      };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }

  function tx(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction(STORE, mode);
        var out = work(t.objectStore(STORE));
        t.oncomplete = function () { db.close(); resolve(out && out.result); };
        t.onerror = t.onabort = function () { db.close(); reject(t.error); };
      });
    });
  }

  function save(entry) { return tx("readwrite", function (s) { return s.put(entry); }); }
  function drop(key) { return tx("readwrite", function (s) { return s.delete(key); }); }
  function waiting() {
    return tx("readonly", function (s) { return s.getAll(); }).then(function (all) {
      return (all || []).filter(function (e) { return e.path === PAGE; })
        .sort(function (a, b) { return a.saved - b.saved; });
    });
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  /* --- what the phone says ------------------------------------------------------------- */
  var form = document.querySelector("form[data-result-form][data-offline]");
  var note = box.querySelector("[data-pending]");
  var sending = box.querySelector("[data-sending]");
  var when = box.querySelector("[data-pending-time]");
  var refused = box.querySelector("[data-refused]");

  function show(entries) {
    if (!note) return;
    // kept but not known to be stuck: "sending"; offline or a failed try: "saved, not sent"
    var stuck = failed || navigator.onLine === false || !sending;
    note.hidden = !entries.length || !stuck;
    if (sending) sending.hidden = !entries.length || stuck;
    box.classList.toggle("is-sending", !!entries.length && !stuck);
    box.hidden = !entries.length && (!refused || refused.hidden);
    if (entries.length && when) {
      when.textContent = new Date(entries[entries.length - 1].saved)
        .toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
    }
    document.documentElement.classList.toggle("cap-has-pending", !!entries.length);
  }

  function refresh() { return waiting().then(show).catch(function () {}); }

  function later() {
    if (timer) clearTimeout(timer);
    var wait = Math.min(MAX_WAIT, 2000 * Math.pow(2, tries)) * (0.8 + Math.random() * 0.4);
    tries += 1;
    timer = setTimeout(flush, wait);
  }

  /* A fresh CSRF token from the page itself, for an entry kept under an old one. */
  function freshToken(entry) {
    return fetch(PAGE, {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var input = doc.querySelector("input[name=csrfmiddlewaretoken]");
        if (!input) return;
        entry.body = entry.body.map(function (pair) {
          return pair[0] === "csrfmiddlewaretoken" ? [pair[0], input.value] : pair;
        });
        return save(entry);
      });
  }

  /* Send one kept entry; resolves with what the page should do next. */
  function send(entry) {
    if (slowTimer) clearTimeout(slowTimer);
    slowTimer = setTimeout(function () { failed = true; refresh(); }, SLOW);
    return post(entry).then(function (next) {
      if (slowTimer) { clearTimeout(slowTimer); slowTimer = null; }
      failed = !!next.retry;
      return next;
    });
  }

  function post(entry) {
    // no keepalive: a page closed right after "send" keeps the entry for its next opening
    return fetch(entry.path, {
      method: "POST", credentials: "same-origin", redirect: "follow",
      body: new URLSearchParams(entry.body),
    }).then(function (response) {
      if (response.redirected) {  // stored (now or before): show what the server has
        return drop(entry.key).then(function () { return {go: response.url}; });
      }
      if (response.status === 410 || response.status === 403) {
        return response.text().then(function (html) {
          if (html.indexOf("data-round-status") < 0) {  // a stale CSRF token, not the round
            return freshToken(entry).then(function () { return {retry: true}; });
          }
          return drop(entry.key).then(function () { return {go: entry.path + "?unsent=1"}; });
        });
      }
      if (response.status === 400) {  // the server refused this result: say so, drop it
        return drop(entry.key).then(function () {
          return {refused: true, key: entry.key, body: entry.body};
        });
      }
      return {retry: true};  // 429, 5xx: the server is there but busy
    }, function () { return {retry: true}; });  // no answer reached the phone
  }

  /* Put a kept entry's fields back into the form (not its old token, nonce or key). */
  function restore(target, body) {
    var values = {};
    (body || []).forEach(function (pair) {
      if (["csrfmiddlewaretoken", "nonce", "key"].indexOf(pair[0]) < 0) {
        (values[pair[0]] = values[pair[0]] || []).push(pair[1]);
      }
    });
    Array.prototype.forEach.call(target.elements, function (el) {
      if (!el.name || ["csrfmiddlewaretoken", "nonce", "key"].indexOf(el.name) >= 0) return;
      var got = values[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") el.checked = got.indexOf(el.value) >= 0;
      else if (el.tagName !== "BUTTON") el.value = got.length ? got[0] : "";
    });
  }

  function flush() {
    if (busy) { again = true; return Promise.resolve(); }
    busy = true;
    again = false;
    if (timer) { clearTimeout(timer); timer = null; }
    return waiting().then(function (entries) {
      show(entries);
      if (!entries.length) return null;
      return send(entries[0]);
    }).then(function (next) {
      busy = false;
      if (!next) { if (again) flush(); return; }
      if (next.go) { window.location.replace(next.go); return; }
      if (next.refused && form) {
        // an entry kept earlier goes back into the form first: nothing is typed twice
        if (next.key !== justMade) restore(form, next.body);
        form.submit();  // sent plainly (no key): the page comes back with the reasons
        return;
      }
      if (next.refused && refused) { refused.hidden = false; box.hidden = false; }
      if (next.retry && again) {
        flush();  // a new entry came meanwhile: try at once, in order
      } else if (next.retry) {
        refresh();  // failed: now it says "saved on this phone, not yet sent"
        later();
        var button = form && form.querySelector("button[type=submit]");
        if (button) button.disabled = false;  // kept: the captain may still correct it
      } else { tries = 0; refresh().then(flush); }
    }, function () { busy = false; });  // IndexedDB failed: nothing kept to send
  }

  if (form) {
    form.addEventListener("submit", function (ev) {
      if (ev.defaultPrevented) return;  // the sheet's own check stopped it
      ev.preventDefault();
      var data = new FormData(form);
      var key = newKey();
      data.set("key", key);
      var body = [];
      data.forEach(function (value, name) {
        if (typeof value === "string") body.push([name, value]);
      });
      var entry = {key: key, path: PAGE, body: body, saved: Date.now()};
      justMade = key;
      failed = false;  // a new send: "sending" until it is answered (or offline, or slow)
      save(entry).then(function () {
        tries = 0;
        return refresh().then(flush);
      }, function () {
        // IndexedDB refused (a private window): send it plainly, with the key
        var input = form.querySelector("input[name=key]");
        if (input) input.value = key;
        form.submit();
      });
    });
  }

  var now = box.querySelector("[data-send-now]");
  if (now) now.addEventListener("click", function () { tries = 0; failed = false; flush(); });
  window.addEventListener("online", function () { tries = 0; failed = false; flush(); });
  window.addEventListener("offline", refresh);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush();
  });
  flush();
})();
