// The engine in the page (the static build of scripts/build-page): Pyodide runs the package itself
// in this worker, so the page scores with the CLI's code and no server. Everything it loads comes
// from the page's own origin: ../pyodide/ (the pinned npm package, its standard library compiled by
// the build) and ../python/site.zip (mcr-score, click and lark, compiled by the build: no module is
// compiled in the browser). The page asks {id, name, params} and gets the service's {id, status,
// body}, or {id, error} when the engine itself failed.
"use strict";
importScripts("../pyodide/pyodide.js");

// Where the start goes (milliseconds since the worker started), posted to the page once ready.
const timing = {};
const mark = (name) => { timing[name] = Math.round(performance.now()); };

const site = fetch("../python/site.zip"); // asked for at once: it arrives while Pyodide starts

const ready = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", self.location).href });
  mark("pyodide");
  const response = await site;
  if (!response.ok) throw new Error(`python/site.zip: HTTP ${response.status}`);
  const folder = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: folder });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  mark("site");
  const engine = pyodide.pyimport("mcr_score.web.engine");
  mark("imported");
  self.postMessage({ timing });
  // Once the questions queued while it started are answered, the engine answers a few of its own, so
  // that the first waits and scores a player asks find their modules imported and warm.
  setTimeout(() => { try { engine.warm(); } catch { /* a warm-up only */ } }, 0);
  return engine;
})();

self.onmessage = async (e) => {
  const { id, name, params } = e.data;
  try {
    const engine = await ready;
    self.postMessage({ id, ...JSON.parse(engine.answer(name, JSON.stringify(params))) });
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
