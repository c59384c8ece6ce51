// Node, at build time (scripts/build-page): load the page's pinned Pyodide from the build folder and
// run scripts/page_precompile.py in it, so that the .pyc it writes are Pyodide's own Python's.
// Usage: node page-precompile.js PYODIDE_DIR WHEELS_DIR OUT_DIR
"use strict";
const fs = require("fs");
const path = require("path");

async function main() {
  const [pyodideDir, wheelsDir, outDir] = process.argv.slice(2).map((p) => path.resolve(p));
  const { loadPyodide } = require(path.join(pyodideDir, "pyodide.js"));
  const py = await loadPyodide({ indexURL: pyodideDir + path.sep });
  py.FS.mkdirTree("/wheels");
  py.FS.mkdirTree("/out");
  for (const name of fs.readdirSync(wheelsDir).filter((n) => n.endsWith(".whl"))) {
    py.FS.writeFile(`/wheels/${name}`, fs.readFileSync(path.join(wheelsDir, name)));
  }
  py.runPython(fs.readFileSync(path.join(__dirname, "page_precompile.py"), "utf8"));
  py.runPython("write_site()");
  // As the page's worker (static/engine-worker.js) does, so that what it imports is compiled too.
  const folder = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  py.unpackArchive(py.FS.readFile("/out/site.zip"), "zip", { extractDir: folder });
  py.runPython("import importlib; importlib.invalidate_caches()");
  py.runPython("write_stdlib()");
  for (const name of ["site.zip", "python_stdlib.zip"]) fs.writeFileSync(path.join(outDir, name), py.FS.readFile(`/out/${name}`));
}

main().catch((e) => { console.error(e); process.exit(1); });
