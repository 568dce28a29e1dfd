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

/* A page opened before this worker ran asks to be kept (it came from the network). */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (typeof data.keep !== "string" || data.keep.indexOf(SCOPE) !== 0) return;
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.match(self.location.origin + data.keep).then(function (hit) {
      if (hit) return null;
      return fetch(data.keep, {credentials: "same-origin"}).then(function (response) {
        return keep(self.location.origin + data.keep, response);
      });
    });
  }).catch(function () {}));
});
