// The engine in the page (the static build of scripts/build-page): Pyodide runs the package's own
// wheel in this worker, so the page scores with the CLI's code and no server. Everything it loads
// comes from the page's own origin: ../pyodide/ (the pinned npm package) and ../wheels/ (mcr-score,
// click and lark, listed in wheels.json). The page asks {id, name, params} and gets the service's
// {id, status, body}, or {id, error} when the engine itself failed.
"use strict";
importScripts("../pyodide/pyodide.js");

// Where the start goes (milliseconds since the worker started), posted to the page once ready.
const timing = {};
const mark = (name) => { timing[name] = Math.round(performance.now()); };

const ready = (async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("../pyodide/", self.location).href });
  mark("pyodide");
  const wheels = await (await fetch("../wheels/wheels.json")).json();
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const name of wheels) {
    const data = await (await fetch(`../wheels/${name}`)).arrayBuffer();
    pyodide.unpackArchive(data, "wheel", { extractDir: site });
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  mark("wheels");
  const engine = pyodide.pyimport("mcr_score.web.engine");
  mark("imported");
  self.postMessage({ timing });
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
