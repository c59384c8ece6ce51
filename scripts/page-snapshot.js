// Node, at build time (scripts/build-page --snapshot): the engine's memory snapshot made once, here,
// so that a first visit's engine starts from it instead of starting Python, unpacking the site and
// importing the package (the longest part of a cold `?q=` link on a slow phone). The build's own
// Pyodide is started as the page's worker starts it (the cut standard library, site.zip unpacked),
// the engine asks every question the page asks (`engine.QUESTIONS`, as the in-browser snapshot's
// maker does), and Pyodide's memory is written gzipped to OUT/python/engine.snapshot.
//
// Then a second Pyodide is started from that file with no site unpacked, as the page's worker
// starts from it, and must answer the page's questions (`QUESTIONS`) so, and the build's other
// questions (page_precompile.py's `CHECKS`) once the site is unpacked, as the worker unpacks it
// once idle: a snapshot that cannot answer fails the build, not a player's page.
// Usage: node page-snapshot.js OUT
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const { unpackSite } = require(path.join(__dirname, "..", "mcr_score", "web", "static", "unzip.js"));
const SCRIPT = fs.readFileSync(path.join(__dirname, "page_precompile.py"), "utf8"); // its ask(), CHECKS and verify()

async function main() {
  const out = path.resolve(process.argv[2]);
  const indexURL = path.join(out, "pyodide") + path.sep;
  const site = new Uint8Array(fs.readFileSync(path.join(out, "python", "site.zip")));
  const { loadPyodide } = require(path.join(indexURL, "pyodide.js"));

  const maker = await loadPyodide({ indexURL, _makeSnapshot: true });
  await unpackSite(maker, site);
  maker.runPython("import mcr_score.web.engine as engine; engine.warm(every=True)");
  const memory = maker.makeMemorySnapshot();
  const file = path.join(out, "python", "engine.snapshot");
  fs.writeFileSync(file, zlib.gzipSync(memory, { level: 9 }));

  const started = await loadPyodide({ indexURL, _loadSnapshot: zlib.gunzipSync(fs.readFileSync(file)) });
  started.runPython(SCRIPT);
  started.runPython("from mcr_score.web.engine import QUESTIONS; ask(QUESTIONS)");
  await unpackSite(started, site);
  started.runPython("verify()");
  console.log(`snapshot: ${(memory.length / 1e6).toFixed(1)} MB of memory, ${(fs.statSync(file).size / 1e6).toFixed(2)} MB gzipped`);
}

main().catch((e) => { console.error(e); process.exit(1); });
