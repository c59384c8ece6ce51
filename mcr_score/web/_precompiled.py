"""What the page's start would compute in the browser, done once by its build: the methods
`dataclasses` writes, and the notation's Lark parsers.

`@dataclass` writes each class's `__init__`, `__eq__`, `__repr__`... as Python source and compiles
it with `exec` when the class is made: importing the page's engine compiles 33 such sources, more
than half of the import's time in the browser at a quarter of a CPU (CPython's compiler run in
WebAssembly, and V8's optimising tier then spent on the compiler's functions). The build
(scripts/page_precompile.py) records each source with the code `compile` makes of it (`record`),
under the build's own Pyodide, and ships them in the site (`FILE`); the page's worker imports the
engine with them (`import_engine`): `dataclasses` then runs the recorded code of a source it would
have compiled, the same code object, and compiles any other source itself. Nothing here changes what
a class is: only where its methods' code comes from. Outside a page build there is no `FILE`, and
the engine is imported as anywhere else.

Likewise the parsers of the notation's grammar (Lark's `cache=True` keeps a cache in the temporary
folder, which a page loses at each load): the build keeps the caches its questions wrote
(`keep_lark_caches`) and the start puts them back (`restore_lark_caches`), so the first text outside
the canonical form is read without building a parser in the browser.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import importlib
import importlib.util
import marshal
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, ModuleType

FILE = Path(__file__).with_name("_precompiled.marshal")
"""The build's recorded methods, beside this module in the page's site (absent anywhere else)."""

LARK_CACHES = Path(__file__).with_name("_lark_caches")
"""The build's Lark caches (`keep_lark_caches`), beside this module in the page's site."""
LARK_CACHE_GLOB = ".lark_cache_*.tmp"  # how Lark names the cache of `cache=True` in the temporary folder

FILENAME = "<string>"  # what `exec` of a source names its code


def _compiled(source: str) -> CodeType:
    """The code `exec(source)` runs, as `dataclasses` calls it (no `__future__` flags: it has none)."""
    return compile(source, FILENAME, "exec", dont_inherit=True)


@dataclass
class Replay:
    """The recorded code, and how many sources `dataclasses` found in it or compiled itself."""

    code: Mapping[str, CodeType]
    hits: int = 0
    misses: list[str] = field(default_factory=list)


@contextlib.contextmanager
def _exec_in_dataclasses(run: object) -> Iterator[None]:
    """`dataclasses` calls `run` where it would call `exec` (a module global shadows a builtin)."""
    if "exec" in vars(dataclasses):
        raise RuntimeError("dataclasses.exec is already replaced")
    dataclasses.exec = run  # type: ignore[attr-defined]
    try:
        yield
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]


@contextlib.contextmanager
def record() -> Iterator[dict[str, CodeType]]:
    """Within the block, each source `dataclasses` executes kept with its code (at build time)."""
    made: dict[str, CodeType] = {}

    def run(source: object, globals_: dict[str, object] | None = None, locals_: object = None, /) -> None:
        if isinstance(source, str):
            source = made.setdefault(source, _compiled(source))
        builtins.exec(source, globals_, locals_)  # type: ignore[arg-type]

    with _exec_in_dataclasses(run):
        yield made


def dumps(made: Mapping[str, CodeType]) -> bytes:
    """The recorded code as a file of this Python's (its magic number first: another's is not read)."""
    return importlib.util.MAGIC_NUMBER + marshal.dumps(dict(made))


def loads(data: bytes) -> dict[str, CodeType]:
    """The recorded code of `dumps`, or nothing where another Python wrote it."""
    magic = importlib.util.MAGIC_NUMBER
    if not data.startswith(magic):
        return {}
    code = marshal.loads(data[len(magic) :])
    if not isinstance(code, dict) or not all(isinstance(k, str) and isinstance(v, CodeType) for k, v in code.items()):
        raise ValueError(f"{FILE.name}: not a table of recorded code")
    return code


def mismatched(code: Mapping[str, CodeType]) -> list[str]:
    """The sources whose recorded code is not what this Python compiles of them (none, for a file
    of the build's own Pyodide read by it: the build checks so)."""
    return [source for source, made in code.items() if _compiled(source) != made]


@contextlib.contextmanager
def replayed(code: Mapping[str, CodeType]) -> Iterator[Replay]:
    """Within the block, `dataclasses` runs the recorded code of each source it has (`code`), and
    compiles any other itself (counted in `misses`)."""
    replay = Replay(code)

    def run(source: object, globals_: dict[str, object] | None = None, locals_: object = None, /) -> None:
        if isinstance(source, str):
            found = replay.code.get(source)
            if found is None:
                replay.misses.append(source)
            else:
                replay.hits += 1
                source = found
        builtins.exec(source, globals_, locals_)  # type: ignore[arg-type]

    with _exec_in_dataclasses(run):
        yield replay


def keep_lark_caches(folder: Path, into: Path = LARK_CACHES) -> int:
    """At build time: the caches Lark wrote in `folder` (the temporary folder, for the parsers the
    page's questions built) copied `into` the site; how many. Lark names each by a hash of its
    grammar, options, Lark's version and Python's, and checks that hash when it reads one."""
    caches = sorted(folder.glob(LARK_CACHE_GLOB))
    into.mkdir(parents=True, exist_ok=True)
    for cache in caches:
        shutil.copyfile(cache, into / cache.name)
    return len(caches)


def restore_lark_caches(kept: Path = LARK_CACHES, folder: Path | None = None) -> int:
    """At the page's start: the build's Lark caches put where Lark looks (`folder`, the temporary
    folder), so the first text that needs the grammar reads its parser instead of building it; a
    cache already there is left as it is. How many were put."""
    if not kept.is_dir():
        return 0
    target = Path(folder or tempfile.gettempdir())
    put = 0
    for cache in sorted(kept.glob(LARK_CACHE_GLOB)):
        if not (target / cache.name).exists():
            shutil.copyfile(cache, target / cache.name)
            put += 1
    return put


@dataclass(frozen=True)
class Started:
    """The engine the worker asks, how many of its methods came from the build (`Replay`), and how
    many of the build's Lark caches were put in place."""

    engine: ModuleType
    hits: int
    misses: int
    lark_caches: int


def import_engine() -> Started:
    """The page's engine imported with the build's recorded methods and its Lark caches in place
    (the worker's start)."""
    code = loads(FILE.read_bytes()) if FILE.is_file() else {}
    with replayed(code) as replay:
        engine = importlib.import_module("mcr_score.web.engine")
    return Started(engine, replay.hits, len(replay.misses), restore_lark_caches())
