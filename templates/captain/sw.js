/* The captain pages' service worker (served as /c/sw.js by tournaments/views/captain_offline.py).
 *
 * Pages under /c/: network first, so the captain always sees what the server has now; the
 * last copy that came back whole is kept and shown when the network fails or takes longer
 * than WAIT ms. Static files: from the cache at once, refreshed behind it. Submissions (POST)
 * are not touched: the page keeps those itself (static/js/captain-offline.js).
 */
"use strict";

var VERSION = {{ version }};
var PREFIX = "turnierwart-captain-";
var CACHE = PREFIX + "v" + VERSION;
var ASSETS = {{ assets|safe }};
var STATIC = {{ static_prefix|safe }};
var SCOPE = {{ captain_prefix|safe }};
var WAIT = 4000;  // a page that has not answered by then is shown from the cache, if kept

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(ASSETS);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      return k.indexOf(PREFIX) === 0 && k !== CACHE;
    }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

/* The kept copy of a page: this very address, else the page without its query. */
function kept(url) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(url.href).then(function (hit) {
      return hit || cache.match(url.origin + url.pathname);
    }).then(function (hit) {
      return hit || cache.match(url.origin + url.pathname, {ignoreSearch: true});
    });
  });
}

function keep(request, response) {
  if (!response || !response.ok || response.type !== "basic") return Promise.resolve();
  return caches.open(CACHE).then(function (cache) { return cache.put(request, response); });
}

function networkFirst(request, url) {
  var network = fetch(request).then(function (response) {
    return keep(request, response.clone()).then(function () { return response; });
  });
  var late = new Promise(function (resolve) {
    setTimeout(function () {
      kept(url).then(function (hit) { if (hit) resolve(hit); });
    }, WAIT);
  });
  return Promise.race([network, late]).catch(function () {
    return kept(url).then(function (hit) { return hit || Response.error(); });
  });
}

function cacheFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      var fresh = fetch(request).then(function (response) {
        return keep(request, response.clone()).then(function () { return response; });
      });
      if (hit) {
        fresh.catch(function () {});  // refreshed behind the kept copy, if the network lets
        return hit;
      }
      return fresh;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // submissions go straight to the network
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(SCOPE) === 0 && url.pathname.slice(-7) !== "/qr.svg") {
    event.respondWith(networkFirst(request, url));
  } else if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(cacheFirst(request));
  }
});

/* A page opened before this worker ran asks to be kept (it came from the network).
 *
 * Only a table's captain page (SCOPE + token + "/"), and only when that very page asks:
 * any other same-origin script could otherwise make the worker fetch and keep any page of
 * the site (a director's page, "/c/../director/…"), to be shown later from the cache
 * (issue 32, finding 11). The address must be exactly its own normalised path: no query,
 * no dot segments, no escapes; a redirected answer is not kept. */
var CAPTAIN_PAGE = new RegExp("^" + SCOPE.replace(/[.*+?^${}()|[\]\\\/]/g, "\\$&") +
                              "[A-Za-z0-9_-]{16,64}/$");

function captainPage(text, source) {
  if (typeof text !== "string" || text.length > 200 || !CAPTAIN_PAGE.test(text)) return null;
  var url;
  try { url = new URL(text, self.location.origin); } catch (e) { return null; }
  if (url.origin !== self.location.origin || url.pathname !== text) return null;
  if (!source || typeof source.url !== "string") return null;
  var from;
  try { from = new URL(source.url); } catch (e) { return null; }
  if (from.origin !== url.origin || from.pathname !== url.pathname) return null;
  return url;
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  var url = captainPage(data.keep, event.source);
  if (!url) return;
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.match(url.href).then(function (hit) {
      if (hit) return null;
      return fetch(url.pathname, {credentials: "same-origin", redirect: "error"})
        .then(function (response) {
          if (response.redirected) return null;
          return keep(url.href, response);
        });
    });
  }).catch(function () {}));
});
