// Node, at build time (scripts/build-page): load the page's pinned Pyodide from the build folder and
// run scripts/page_precompile.py in it, so that the .pyc it writes are Pyodide's own Python's; then
// start a second Pyodide from what it wrote (the cut standard library, the cut site) and ask it the
// page's questions again, so that a module the cut left out fails the build.
// Usage: node page-precompile.js PYODIDE_DIR WHEELS_DIR OUT_DIR
"use strict";
const fs = require("fs");
const path = require("path");

const SCRIPT = fs.readFileSync(path.join(__dirname, "page_precompile.py"), "utf8");
// As the page's worker (static/engine-worker.js) unpacks it, so that what it imports is what the page's does.
const { unpackSite } = require(path.join(__dirname, "..", "mcr_score", "web", "static", "unzip.js"));

async function main() {
  const [pyodideDir, wheelsDir, outDir] = process.argv.slice(2).map((p) => path.resolve(p));
  const { loadPyodide } = require(path.join(pyodideDir, "pyodide.js"));
  const py = await loadPyodide({ indexURL: pyodideDir + path.sep });
  py.FS.mkdirTree("/wheels");
  py.FS.mkdirTree("/out");
  for (const name of fs.readdirSync(wheelsDir).filter((n) => n.endsWith(".whl"))) {
    py.FS.writeFile(`/wheels/${name}`, fs.readFileSync(path.join(wheelsDir, name)));
  }
  py.runPython(SCRIPT);
  py.runPython("write_site()");
  await unpackSite(py, py.FS.readFile("/out/site-full.zip"));
  py.runPython("write_cut()");
  for (const name of ["site.zip", "python_stdlib.zip"]) fs.writeFileSync(path.join(outDir, name), py.FS.readFile(`/out/${name}`));

  const cut = await loadPyodide({ indexURL: pyodideDir + path.sep, stdLibURL: path.join(outDir, "python_stdlib.zip") });
  await unpackSite(cut, new Uint8Array(fs.readFileSync(path.join(outDir, "site.zip"))));
  cut.runPython(SCRIPT);
  cut.runPython("verify()");
}

main().catch((e) => { console.error(e); process.exit(1); });
