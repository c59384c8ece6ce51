// The engine in the page (the static build of scripts/build-page): Pyodide runs the package itself
// in this worker, so the page scores with the CLI's code and no server. Everything it loads comes
// from the page's own origin: ../pyodide/ (the pinned npm package, its standard library cut and
// compiled by the build) and ../python/site.zip (mcr-score, click and lark, cut and compiled by the
// build: no module is compiled in the browser). The page asks {id, name, params} and gets the
// service's {id, status, body}, or {id, error} when the engine itself failed.
//
// A return visit starts from a memory snapshot: once a first visit's engine has answered, the page
// says it is idle (`{idle: true}`), and a second worker (this script, named `snapshot`) starts Pyodide
// for it, imports and warms the engine, and keeps Pyodide's memory in the Cache Storage under this
// build's name. The next start loads that memory instead of starting Python and importing the
// package again. By default the snapshot is made here, on the player's own browser, never
// downloaded; a build made with `--snapshot` ships one (`SNAPSHOT`: 5.7 MB more to download) and
// every start, the first visit's too, loads it. A start from a snapshot unpacks the site once idle,
// for whatever a later question reads that the snapshot's questions did not.
"use strict";
importScripts("../pyodide/pyodide.js", "unzip.js");

const BUILD = "mcr-score-page"; // the build's version, written by scripts/build-page
const SNAPSHOT = null; // the build's snapshot: its path, in a build made with --snapshot (scripts/build-page)
const SNAPSHOTS = `${BUILD}-snapshot`; // dropped with the build's other caches by sw.js
const MAKER = self.name === "snapshot"; // the worker that makes the snapshot (a name: the cached script has no query)
const INDEX = new URL("../pyodide/", self.location).href;

// Where the start goes (milliseconds since the worker started, which began at `origin` of the
// page's clock's origin), posted to the page once ready: each step's end, and when each file the
// start read had arrived (`arrived` and its name: Pyodide's script, its WebAssembly, the libraries).
const timing = { origin: performance.timeOrigin };
const mark = (name) => { timing[name] = Math.round(performance.now()); };
const arrivals = () => {
  for (const r of performance.getEntriesByType("resource")) timing[`arrived ${r.name.split("/").pop()}`] = Math.round(r.responseEnd);
};

// Asked for at once, to arrive while Pyodide starts (from the cache after a first visit); where the
// build ships a snapshot, only once idle.
let site = SNAPSHOT && !MAKER ? null : fetch("../python/site.zip");

// The build's snapshot, gzipped by the build (or already inflated by a server that said it was),
// or null where there is none.
async function shipped() {
  if (!SNAPSHOT || MAKER) return null;
  try {
    const response = await fetch(SNAPSHOT);
    if (!response.ok) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
    return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  } catch {
    return null;
  }
}

async function siteBytes() {
  site ??= fetch("../python/site.zip");
  const response = await site;
  if (!response.ok) throw new Error(`python/site.zip: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function kept() {
  try {
    const found = await (await caches.open(SNAPSHOTS)).match("snapshot");
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage here (a private window): started the long way
  }
}

// Pyodide, from `snapshot` where there is one it can take (or else the long way), and whether it
// came from it.
async function start(snapshot) {
  if (snapshot) {
    try { return [await loadPyodide({ indexURL: INDEX, _loadSnapshot: snapshot }), true]; }
    catch { await caches.delete(SNAPSHOTS); } // a snapshot this Pyodide cannot take: made again
  }
  return [await loadPyodide({ indexURL: INDEX, _makeSnapshot: MAKER }), false];
}

let pyodide = null;
let fromSnapshot = false;
let toKeep = null; // the build's snapshot, inflated: kept once idle, so a reload need not inflate it

const ready = (async () => {
  const found = MAKER ? null : await kept();
  if (!found && !MAKER) toKeep = await shipped();
  [pyodide, fromSnapshot] = await start(found || toKeep);
  mark(fromSnapshot ? "pyodide_from_snapshot" : "pyodide");
  if (!fromSnapshot) {
    // A snapshot holds every module and file the page's questions read (its maker asked them all:
    // `engine.QUESTIONS`, the same questions the build cut the site to); a start without one unpacks them
    // first, by the worker's JavaScript (unzip.js), not by Python's zipfile.
    await unpackSite(pyodide, await siteBytes());
    mark("site");
  }
  if (MAKER) {
    // Imported as the page's own start imports it (below), which spares this second Pyodide, running
    // while a player taps, the build's compiling too.
    pyodide.runPython("from mcr_score.web._precompiled import import_engine; import_engine().engine.warm(every=True)");
    const memory = pyodide.makeMemorySnapshot();
    await (await caches.open(SNAPSHOTS)).put("snapshot", new Response(memory));
    self.postMessage({ snapshot: memory.length });
    self.close();
    return null;
  }
  // Imported with the methods dataclasses writes compiled by the build, and its Lark caches put back
  // (mcr_score/web/_precompiled.py); a snapshot has it imported already.
  let engine;
  if (fromSnapshot) engine = pyodide.pyimport("mcr_score.web.engine");
  else {
    const started = pyodide.pyimport("mcr_score.web._precompiled").import_engine();
    engine = started.engine.copy(); // its own proxy: `started` is destroyed below
    Object.assign(timing, { methods_recorded: started.hits, methods_compiled: started.misses, lark_caches: started.lark_caches });
    started.destroy();
  }
  mark("imported");
  arrivals();
  self.postMessage({ timing, snapshot: fromSnapshot });
  return engine;
})();

let idled = false;
let maker = null; // the worker making the snapshot, held while it works

self.onmessage = async (e) => {
  if (e.data.idle) {
    // Said once the page's first questions are answered. Started from a snapshot, the engine gets
    // the site's files (what a later question may read that the snapshot's questions did not).
    // Started without one, it answers a few questions of its own, so that the first waits and
    // scores a player asks find their modules imported and warm, and a snapshot is made for the
    // next visit (where the build ships none).
    if (MAKER || idled) return;
    idled = true;
    const engine = await ready;
    if (fromSnapshot) {
      try { await unpackSite(pyodide, await siteBytes()); } catch { /* a question that needs a file says so */ }
      try {
        if (toKeep) await (await caches.open(SNAPSHOTS)).put("snapshot", new Response(toKeep));
      } catch { /* no Cache Storage here: a reload inflates the build's again */ }
      toKeep = null;
      return;
    }
    if (SNAPSHOT || (await kept())) return;
    try { engine.warm(); } catch { /* a warm-up only */ }
    maker = new Worker("engine-worker.js", { name: "snapshot" });
    return;
  }
  const { id, name, params } = e.data;
  try {
    const engine = await ready;
    self.postMessage({ id, ...JSON.parse(engine.answer(name, JSON.stringify(params))) });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
