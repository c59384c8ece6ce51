// The page offline (the static build of scripts/build-page, which writes VERSION and FILES): every
// file of the build is cached on the first visit and answered from the cache after, so the page
// scores with the network cut. A new build has a new VERSION, and the old cache is dropped.
"use strict";
const VERSION = "mcr-score-page";
const FILES = [];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  const old = caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))));
  e.waitUntil(old.then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET" || new URL(e.request.url).origin !== self.location.origin) return;
  // ?q= and ?lang= are read by the page, not by the server: the cached page answers any of them.
  e.respondWith(caches.open(VERSION).then(async (cache) => (await cache.match(e.request, { ignoreSearch: true })) || fetch(e.request)));
});
