"""Run inside Pyodide at build time (scripts/page-precompile.js, for scripts/build-page): the page's
Python compiled once here instead of on every visit. A browser's Pyodide compiles every module it
imports from source, each time the page loads, and its standard library ships as source. The script
defines two steps, which page-precompile.js runs around unpacking the site as the page's worker does:

- `write_site()`, /out/site.zip: the wheels in /wheels, every module as a sourceless .pyc (no .py);
- `write_stdlib()`, /out/python_stdlib.zip: Pyodide's standard library with each module imported so
  far (Pyodide's start, the unpacking) or by asking the engine what the page asks, as a sourceless
  .pyc, the others left as source.

The .pyc are Pyodide's own Python's (its magic number), hash-based and unchecked: nothing compares
them with a source at import.
"""

from __future__ import annotations

import importlib.util
import io
import json
import marshal
import sys
import zipfile
from pathlib import Path

SITE = Path("/site")  # the wheels unpacked, to be zipped
PAGE_FILES = "mcr_score/web/static/"  # the page itself, which the build serves beside: not the engine's
OUT = Path("/out")
# What the page asks on a first visit and a few taps: every module these import is compiled.
QUESTIONS = [
    ("rules", {}),
    ("fans", {"rules": "green-book"}),
    ("edit", {"hand": "", "edit": ""}),
    ("edit", {"hand": "123456789m123p5s", "edit": "add single 5s"}),
    ("explain", {"hand": "123456789m123p5s5s|EE1000|ab", "rules": "green-book"}),
    ("waits", {"hand": "1112345678999m", "rules": "green-book"}),
    ("edit", {"hand": "1z1z1z2z2z2z3z3z3z4z4z5z5z5z", "edit": ""}),  # the grammar: Lark
    ("text/explain", {"hand": "12x", "lang": "fr"}),
]


def pyc(source: bytes, name: str) -> bytes:
    """A module compiled, as a .pyc file that needs no source (PEP 552: hash-based, unchecked)."""
    code = compile(source, name, "exec", dont_inherit=True)
    unchecked_hash = (1).to_bytes(4, "little")
    return importlib.util.MAGIC_NUMBER + unchecked_hash + importlib.util.source_hash(source) + marshal.dumps(code)


def write_site() -> None:
    for wheel in sorted(Path("/wheels").glob("*.whl")):
        zipfile.ZipFile(wheel).extractall(SITE)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(SITE.rglob("*")):
            name = path.relative_to(SITE).as_posix()
            if not path.is_file() or "__pycache__" in path.parts or name.startswith(PAGE_FILES):
                continue
            if name.endswith(".py"):
                z.writestr(name + "c", pyc(path.read_bytes(), name))
            else:
                z.write(path, name)
    (OUT / "site.zip").write_bytes(out.getvalue())


def stdlib(used: set[str]) -> bytes:
    """The standard library's zip with the modules in `used` (paths inside it) compiled."""
    archive = next(p for p in sys.path if p.endswith(".zip"))
    out = io.BytesIO()
    with zipfile.ZipFile(archive) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            data = src.read(info)
            if info.filename in used:
                z.writestr(info.filename + "c", pyc(data, f"{archive}/{info.filename}"))
            else:
                z.writestr(info, data)
    return out.getvalue()


def write_stdlib() -> None:
    from mcr_score.web.engine import answer

    for name, params in QUESTIONS:
        status = json.loads(answer(name, json.dumps(params)))["status"]
        assert status in (200, 422), (name, status)
    archive = next(p for p in sys.path if p.endswith(".zip"))
    used = {
        m.__file__[len(archive) + 1 :]
        for m in list(sys.modules.values())
        if getattr(m, "__file__", None) and m.__file__.startswith(archive + "/") and m.__file__.endswith(".py")
    }
    (OUT / "python_stdlib.zip").write_bytes(stdlib(used))
    print(f"compiled: {len(used)} modules of the standard library, every module of the page's wheels")
