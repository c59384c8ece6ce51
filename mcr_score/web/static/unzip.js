// A zip's files written into Pyodide's file system, read and inflated here (the browser's own
// DecompressionStream) rather than by Python's zipfile in the WebAssembly interpreter: the engine's
// worker (engine-worker.js) unpacks python/site.zip with it, and the build (scripts/page-precompile.js)
// the same way, so that the modules the build cuts the site to are the ones the page imports. The
// zips are the build's own (scripts/page_precompile.py): stored or deflated entries, no zip64.
"use strict";

const ZIP_END = 0x06054b50; // the end of central directory record's signature
const END_SIZE = 22;
const ENTRY_SIZE = 46;
const LOCAL_SIZE = 30;
const STORED = 0;

// The bytes of one deflated entry, inflated.
function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).arrayBuffer();
}

// Each file of the zip `bytes` (a Uint8Array) written under `folder` of `FS` (Pyodide's file system).
async function unpackZip(FS, bytes, folder) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.byteLength - END_SIZE;
  while (end > 0 && view.getUint32(end, true) !== ZIP_END) end -= 1;
  if (end <= 0) throw new Error("not a zip");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const files = [];
  for (let i = 0; i < count; i += 1) {
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameSize = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + ENTRY_SIZE, at + ENTRY_SIZE + nameSize));
    at += ENTRY_SIZE + nameSize + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const start = local + LOCAL_SIZE + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    if (!name.endsWith("/")) files.push([name, method === STORED ? data : inflate(data)]);
  }
  for (const [name, data] of files) {
    const path = `${folder}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, new Uint8Array(await data));
  }
  return files.length;
}

// The site (python/site.zip's bytes) unpacked into a started Pyodide's site-packages, and only the
// import system's view of that folder renewed: `importlib.invalidate_caches()` would import
// importlib.metadata and 27 more modules only to renew their caches. The page's worker does this
// and so does the build, so that what the build cuts and snapshots is what the page imports.
async function unpackSite(pyodide, bytes) {
  const folder = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('/site-packages'))");
  await unpackZip(pyodide.FS, bytes, folder);
  pyodide.runPython(`import sys; sys.path_importer_cache.pop(${JSON.stringify(folder)}, None)`);
}

if (typeof module !== "undefined") module.exports = { unpackZip, unpackSite };
