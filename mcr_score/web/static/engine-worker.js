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
// package again. The snapshot is made here, on the player's own browser, never downloaded.
"use strict";
importScripts("../pyodide/pyodide.js", "unzip.js");

const BUILD = "mcr-score-page"; // the build's version, written by scripts/build-page
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

const site = fetch("../python/site.zip"); // asked for at once: it arrives while Pyodide starts (from the cache after a first visit)

async function kept() {
  try {
    const found = await (await caches.open(SNAPSHOTS)).match("snapshot");
    return found ? new Uint8Array(await found.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage here (a private window): started the long way
  }
}

async function start(snapshot) {
  if (snapshot) {
    try { return await loadPyodide({ indexURL: INDEX, _loadSnapshot: snapshot }); }
    catch { await caches.delete(SNAPSHOTS); } // a snapshot this Pyodide cannot take: made again
  }
  return loadPyodide({ indexURL: INDEX, _makeSnapshot: MAKER });
}

const ready = (async () => {
  const snapshot = MAKER ? null : await kept();
  const pyodide = await start(snapshot);
  mark(snapshot ? "pyodide_from_snapshot" : "pyodide");
  if (!snapshot) {
    // A snapshot holds every module and file the page's questions read (its maker asked them all:
    // `engine.QUESTIONS`, the same questions the build cut the site to); a start without one unpacks them.
    // Unpacked by the worker's JavaScript (unzip.js), not by Python's zipfile, and only the import
    // system's view of the folder renewed (importlib.invalidate_caches would import importlib.metadata).
    const response = await site;
    if (!response.ok) throw new Error(`python/site.zip: HTTP ${response.status}`);
    const folder = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('/site-packages'))");
    await unpackZip(pyodide.FS, new Uint8Array(await response.arrayBuffer()), folder);
    pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(folder)}, None)`);
    mark("site");
  }
  if (MAKER) {
    pyodide.runPython("import mcr_score.web.engine as engine; engine.warm(every=True)");
    const memory = pyodide.makeMemorySnapshot();
    await (await caches.open(SNAPSHOTS)).put("snapshot", new Response(memory));
    self.postMessage({ snapshot: memory.length });
    self.close();
    return null;
  }
  const engine = pyodide.pyimport("mcr_score.web.engine");
  mark("imported");
  arrivals();
  self.postMessage({ timing, snapshot: Boolean(snapshot) });
  return engine;
})();

let maker = null;

self.onmessage = async (e) => {
  if (e.data.idle) {
    // Said once the page's first questions are answered. Started without a snapshot, the engine
    // answers a few questions of its own, so that the first waits and scores a player asks find
    // their modules imported and warm, and a snapshot is made for the next visit.
    const engine = await ready;
    if (MAKER || maker || (await kept())) return;
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
