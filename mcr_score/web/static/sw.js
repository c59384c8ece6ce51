// The page offline (the static build of scripts/build-page, which writes VERSION and FILES): every
// file of the build is cached on the first visit and answered from the cache after, so the page
// scores with the network cut. A new build has a new VERSION, and the old cache is dropped.
//
// Each file is downloaded once: the page registers this worker before it starts its engine, and
// waits for it to be in control (installing fetches nothing, so that is soon), so the engine's
// worker (and its Pyodide, its Python) fetches through it and each answer is kept as it passes.
// Once the engine has answered, the page asks for whatever is still missing (`complete`: the page's
// own files, fetched before this worker was in control), revalidated (`no-cache`: a 304 with no
// body for what the HTTP cache holds) rather than downloaded again.
"use strict";
const VERSION = "mcr-score-page";
const FILES = [];

const wanted = new Set(FILES.map((f) => new URL(f, self.location).href));

async function keepMissing(files) {
  const cache = await caches.open(VERSION);
  const missing = [];
  for (const file of files) if (!(await cache.match(file))) missing.push(new Request(file, { cache: "no-cache" }));
  await cache.addAll(missing);
}

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (e) => {
  const mine = (k) => k === VERSION || k.startsWith(`${VERSION}-`); // the build's files, its engine's snapshot
  const old = caches.keys().then((keys) => Promise.all(keys.filter((k) => !mine(k)).map((k) => caches.delete(k))));
  e.waitUntil(old.then(() => self.clients.claim()));
});

self.addEventListener("message", (e) => {
  if (e.data === "complete") e.waitUntil(keepMissing(FILES).then(() => e.source.postMessage("kept")));
});

// A file from the cache, or from the network and kept (without holding the answer back: Pyodide
// compiles its WebAssembly as it streams in).
async function answer(e) {
  const cache = await caches.open(VERSION);
  const kept = await cache.match(e.request, { ignoreSearch: true }); // ?q= and ?lang= are read by the page
  if (kept) return kept;
  const response = await fetch(e.request);
  if (response.ok && wanted.has(e.request.url)) e.waitUntil(cache.put(e.request, response.clone()));
  return response;
}

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET" || new URL(e.request.url).origin !== self.location.origin) return;
  e.respondWith(answer(e));
});
