"""Wheel build hook: compile the engine modules with mypyc when a C compiler is at hand.

The same source serves both builds. When building a (non-editable) wheel on a machine with a C
compiler and Python's headers, and unless the environment says `MCR_SCORE_PURE=1`, the modules of
`COMPILED` are compiled with mypyc and their extension modules ship beside the `.py` files (Python
imports the extension first); otherwise the wheel is pure Python. `mcr_score.compiled` tells which
one runs. A machine with Python's headers and no C compiler compiles with Zig's C compiler from
PyPI (the `ziglang` package, `python -m ziglang cc`: the same output and speed, issue 30), which the
build then requires, so a fresh machine with only python3 and the registries gets the compiled build.
A compile that fails falls back to the pure wheel with a warning, so an install never fails for
want of a working compiler; `MCR_SCORE_COMPILE=1` makes it an error instead (CI).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

# The engine: pure computation on ints and tuples, where mypyc pays; the result values it builds; and
# the values a caller builds (tiles, hands), which the engine reads on every call (issue 30): their
# `__init__` checks each part before setting it, so a part of the wrong type gets the same named
# `TypeError` in both builds. The profiles, the notation, the pages and the command line stay pure Python.
COMPILED = (
    "mcr_score/tiles.py",
    "mcr_score/hand.py",
    "mcr_score/systems/mcr/result.py",
    "mcr_score/_hand_fast.py",
    "mcr_score/engine/arrangements.py",
    "mcr_score/engine/waits.py",
    "mcr_score/systems/mcr/exclusions.py",
    "mcr_score/systems/mcr/fans/facts.py",
    "mcr_score/systems/mcr/fans/detectors.py",
    "mcr_score/systems/mcr/scoring.py",
    "mcr_score/systems/mcr/api.py",  # the public `score`: reads the notation, then calls the engine's
    "mcr_score/systems/mcr/_scoring_fast.py",  # the scorer's memos and per-profile data
    # The replay of game records and tziakcha's reader, which plays a hand as it reads it (issue 26):
    # a hundred actions a hand, each decoded and played on the table's tile counts.
    "mcr_score/games/replay.py",
    "mcr_score/games/_replay_fast.py",  # its plumbing: a hand's values made field by field
    "mcr_score/games/tziakcha.py",
    # Every other reader, and the fields they read through (issue 40: a Botzone hand read and
    # replayed in 0.15 ms at most, no more than scoring it); `batch --from`'s pieces, read in the workers.
    # PMN's writer (`pmn_write.py`) is not: it reads each hand back through `pmn.read`, the module's
    # attribute, which a test replaces (tests/games/test_convert_faithful.py); compiled, a direct call.
    "mcr_score/games/reading.py",
    "mcr_score/games/pmn.py",
    "mcr_score/games/botzone.py",
    "mcr_score/games/_botzone_fast.py",  # its fast path: a match scanned on split and dict look-ups
    "mcr_score/games/_api_fast.py",  # a piece of a Botzone text read and cut into lines at once
    "mcr_score/games/salasasa.py",
    "mcr_score/games/gbhelper.py",
    "mcr_score/games/mahjongscoring2.py",
    "mcr_score/games/fan_names.py",
    "mcr_score/games/export.py",
    "mcr_score/notation/_format_fast.py",  # the notation of the hands it writes (the notation's module stays pure)
    "mcr_score/batch/games.py",
    "mcr_score/batch/slices.py",
    # A batch record: its hand read from the JSON fields, scored, its JSON line written from the score (issue 30).
    "mcr_score/notation/record.py",
    "mcr_score/batch/output.py",
    "mcr_score/batch/records.py",
    # A record's claim read and checked against its score (issue 40: interpreted, 4-7% of a Botzone
    # hand's CPU in a compiled worker, callgrind).
    "mcr_score/systems/mcr/claims.py",
    "mcr_score/systems/mcr/_claims_fast.py",  # its fast path: a list of ids counted, checked on dicts of ints
    # JSON documents and numbers, decoded by one rule: the parser calls back for every object of a
    # record (the no-key-twice check), a call into C when compiled; and compiled, a record file is
    # read by its own scanner, on machine ints, before the parser (issue 26).
    "mcr_score/decoding.py",
)
BUILD_REQUIRES = ["mypy>=1.11", "setuptools>=70"]  # mypyc ships with mypy; it drives setuptools' build_ext
ZIG = "ziglang"  # the PyPI package of Zig, whose `cc` is a C compiler


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip() not in ("", "0")


def headers() -> bool:
    return Path(sysconfig.get_paths()["include"], "Python.h").is_file()


def c_compiler() -> str | None:
    """The C compiler setuptools would use, if it and Python's headers are installed."""
    cc = os.environ.get("CC") or (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) if headers() else None


def zig_env(python: str = sys.executable) -> dict[str, str]:
    """The variables that make setuptools compile and link with Zig's C compiler."""
    cc = f"{python} -m {ZIG} cc"
    return {"CC": cc, "LDSHARED": f"{cc} -shared"}


def compile_env() -> dict[str, str] | None:
    """The environment of the compile: the system's C compiler, else Zig's when its package is
    installed (in the build environment, `dependencies` asked for it); None when neither is."""
    if c_compiler() is not None:
        return dict(os.environ)
    if headers() and importlib.util.find_spec(ZIG) is not None:
        return {**os.environ, **zig_env()}
    return None


def wanted() -> bool:
    return not _flag("MCR_SCORE_PURE") and (headers() or _flag("MCR_SCORE_COMPILE"))


class MypycHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        if self.target_name != "wheel" or not wanted():
            return []
        return [*BUILD_REQUIRES, *([] if c_compiler() else [ZIG])]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable" or not wanted():
            return
        env = compile_env()
        if env is None:
            if _flag("MCR_SCORE_COMPILE"):
                raise OSError("mcr-score: no C compiler, and no ziglang to compile with")
            return
        self._work = Path(tempfile.mkdtemp(prefix="mcr-score-mypyc-"))
        try:
            built = self._compile(self._work, env)
        except (OSError, subprocess.CalledProcessError) as e:
            if _flag("MCR_SCORE_COMPILE"):
                raise
            print(f"mcr-score: mypyc compile failed ({e}); building the pure Python wheel", file=sys.stderr)
            return
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(self._work).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def _compile(self, work: Path, env: dict[str, str]) -> list[Path]:
        """Compile a copy of the package in `work` (the source tree stays clean); the extension modules."""
        root = Path(self.root)
        shutil.copytree(root / "mcr_score", work / "mcr_score", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        subprocess.run(
            [sys.executable, "-m", "mypyc", "--ignore-missing-imports", *COMPILED],
            cwd=work,
            env=env,
            check=True,
            stdout=sys.stderr,
        )
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        return sorted(p for p in work.rglob(f"*{suffix}") if "build" not in p.relative_to(work).parts)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
