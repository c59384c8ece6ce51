"""Run inside Pyodide at build time (scripts/page-precompile.js, for scripts/build-page): the page's
Python compiled once here instead of on every visit, and cut to what the page runs. A browser's
Pyodide compiles every module it imports from source, each time the page loads, and its standard
library ships as source, whole. The script defines three steps, which page-precompile.js runs
around unpacking the site as the page's worker does:

- `write_site()`, /out/site-full.zip: the wheels in /wheels, every module as a sourceless .pyc;
- `write_cut()`, after asking the engine what the page asks (its `QUESTIONS`): /out/site.zip, only the
  wheels' modules that these imported (with every data file and the wheels' metadata, and the code
  of the methods `dataclasses` wrote meanwhile and the caches of the Lark parsers they built:
  `mcr_score.web._precompiled`), and
  /out/python_stdlib.zip, only Pyodide's standard library modules imported so far (its start, the
  unpacking, the questions), each a sourceless .pyc;
- `verify()`, run in a second Pyodide started from the cut standard library with the cut site
  unpacked: other questions (`CHECKS`) answered, so a module the cut left out fails the build,
  not a player's page.

The .pyc are Pyodide's own Python's (its magic number), hash-based and unchecked: nothing compares
them with a source at import.
"""

from __future__ import annotations

import importlib.util
import io
import json
import marshal
import sys
import sysconfig
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path

SITE = Path("/site")  # the wheels unpacked, to be zipped
# Both zips are stored, not deflated: the page's Python imports its standard library from its zip
# (zipimport), whose every module zlib would inflate in WebAssembly, and a stored site.zip is
# unpacked by slicing (static/unzip.js). Gzipped as a server sends them, the stored zips are smaller
# (1.29 and 0.66 MB against 1.36 and 0.71); unzipped, they weigh 3.3 and 1.6 MB.
STORED = zipfile.ZIP_STORED
PAGE_FILES = "mcr_score/web/static/"  # the page itself, which the build serves beside: not the engine's
OUT = Path("/out")
METHODS = "mcr_score/web/_precompiled.marshal"  # in the site: `_precompiled.FILE`
LARK_CACHES = "mcr_score/web/_lark_caches"  # in the site: `_precompiled.LARK_CACHES`
# Asked of the cut build (`verify`): hands of the page's tests, none of them above.
CHECKS = [
    ("explain", {"hand": "[WWWW1][444s]45m678pFF6m|ES1000", "rules": "china"}),
    ("explain", {"hand": "11122233344455z", "rules": "wmo-2014"}),
    ("waits", {"hand": "2223456777p[EEE]", "rules": "green-book"}),
    ("edit", {"hand": "[123m]456p", "edit": "unmeld 0"}),
    ("text/explain", {"hand": "123456789m123p5s5x", "lang": "zh"}),
    ("text/explain", {"hand": "[WWWW1][444s]45m678pFF6m|ES1000", "lang": "fr"}),
]


def pyc(source: bytes, name: str) -> bytes:
    """A module compiled, as a .pyc file that needs no source (PEP 552: hash-based, unchecked)."""
    code = compile(source, name, "exec", dont_inherit=True)
    unchecked_hash = (1).to_bytes(4, "little")
    return importlib.util.MAGIC_NUMBER + unchecked_hash + importlib.util.source_hash(source) + marshal.dumps(code)


def write_site() -> None:
    for wheel in sorted(Path("/wheels").glob("*.whl")):
        zipfile.ZipFile(wheel).extractall(SITE)
    (OUT / "site-full.zip").write_bytes(site(lambda name: True))


def site(keep: Callable[[str], bool]) -> bytes:
    """The wheels' files as a zip, each module in `keep` (a path in the site) as a sourceless .pyc,
    every other file but the page's own (`PAGE_FILES`), and no other module."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", STORED) as z:
        for path in sorted(SITE.rglob("*")):
            name = path.relative_to(SITE).as_posix()
            if not path.is_file() or "__pycache__" in path.parts or name.startswith(PAGE_FILES):
                continue
            if not name.endswith(".py"):
                z.write(path, name)
            elif keep(name):
                z.writestr(name + "c", pyc(path.read_bytes(), name))
    return out.getvalue()


def stdlib(used: set[str]) -> bytes:
    """The standard library's zip cut to the modules in `used` (paths inside it), compiled."""
    archive = next(p for p in sys.path if p.endswith(".zip"))
    out = io.BytesIO()
    with zipfile.ZipFile(archive) as src, zipfile.ZipFile(out, "w", STORED) as z:
        for info in src.infolist():
            if info.filename in used:
                z.writestr(info.filename + "c", pyc(src.read(info), f"{archive}/{info.filename}"))
    return out.getvalue()


def ask(questions: Sequence[tuple[str, dict[str, str]]]) -> None:
    """Each question answered by the page's engine, with an answer or a named error, never a crash."""
    from mcr_score.web.engine import answer

    for name, params in questions:
        status = json.loads(answer(name, json.dumps(params)))["status"]
        assert status in (200, 422), (name, status)


def imported(folder: str) -> set[str]:
    """The files under `folder` (a path prefix) of the modules imported so far, relative to it."""
    return {
        m.__file__[len(folder) + 1 :]
        for m in list(sys.modules.values())
        if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(folder + "/")
    }


def write_cut() -> None:
    from mcr_score.web import _precompiled

    with _precompiled.record() as made:  # the methods dataclasses writes, compiled here once
        from mcr_score.web.engine import QUESTIONS

        ask(QUESTIONS)
    (SITE / METHODS).write_bytes(_precompiled.dumps(made))
    parsers = _precompiled.keep_lark_caches(Path(tempfile.gettempdir()), SITE / LARK_CACHES)
    archive = next(p for p in sys.path if p.endswith(".zip"))
    purelib = "/" + sysconfig.get_paths()["purelib"].lstrip("/")  # Pyodide's has a leading "//"
    used_std = {f for f in imported(archive) if f.endswith(".py")}
    used_site = {f[:-1] for f in imported(purelib) if f.endswith(".pyc")}
    (OUT / "python_stdlib.zip").write_bytes(stdlib(used_std))
    (OUT / "site.zip").write_bytes(site(lambda name: name in used_site))
    print(
        f"kept: {len(used_std)} modules of the standard library, {len(used_site)} of the page's wheels;"
        f" {len(made)} dataclass sources compiled, {parsers} Lark caches"
    )


def verify() -> None:
    """The cut build answers; its engine's import (where this Python has not imported it yet, as a
    snapshot has) compiles no dataclass method, and each recorded one is what this Python compiles."""
    from mcr_score.web import _precompiled

    fresh = "mcr_score.web.engine" not in sys.modules
    started = _precompiled.import_engine()
    if fresh:
        assert started.hits, "no dataclass method came from the build's recorded ones"
        assert not started.misses, f"{started.misses} dataclass methods compiled at the engine's import"
        assert started.lark_caches, "no Lark cache kept by the build"
    differ = _precompiled.mismatched(_precompiled.loads(_precompiled.FILE.read_bytes()))
    assert not differ, f"recorded code that differs from its source's: {differ[:1]}"
    from mcr_score.web.engine import QUESTIONS

    ask([*QUESTIONS, *CHECKS])
    print(f"verified: {len(QUESTIONS) + len(CHECKS)} questions answered by the cut build")
