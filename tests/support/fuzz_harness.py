"""The machinery of the surface fuzzer (`tests.support.fuzz_surfaces`): what counts as an allowed
answer, the bounds on one input (CPU, wall clock, memory), a sandbox folder whose files are
checksummed around every run, real subprocesses with a timeout, the three kinds of input (a Python
call, a command line, an HTTP request) with their reproducers, and a shrinker that makes a failing
input small while it still fails the same way.

A failure has a `kind`: what went wrong and where in the code, without the input (an exception's
type and the innermost frame of `mcr_score`, an oracle's name), so that ten thousand inputs hitting
one bug are one line of the report, shown with its smallest input.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import re
import resource
import shlex
import shutil
import signal
import stat
import subprocess
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import TracebackType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# The documentation: the README and the pages of the site (issue 29 moved the README's reference there).
DOCUMENTATION = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

LIMIT = 1.0
"""CPU seconds one target may take on one input (the notation fuzz's limit; CPU: the machine is shared)."""
WALL = 10.0
"""Wall-clock seconds after which a target is a hang and is stopped (a FIFO opened, an endless read)."""
MEMORY = 512 * 1024 * 1024
"""Address space a target may add, in bytes: past it an allocation is a MemoryError, reported, instead
of a machine shared with other jobs running out of memory (a claim of 10^8 fans is 800 MB)."""
CHILD_MEMORY = 1024 * 1024 * 1024
"""Address space of a subprocess (a reader of /dev/zero stops at this, as a MemoryError)."""
MAX_DIGITS = 9
"""What the readers bound every number to (`mcr_score.decoding.MAX_DIGITS`); a number with more
digits accepted anywhere is a failure (issue #22: "bound every number to what the game allows")."""


class Hang(BaseException):
    """Raised in the main thread by the wall-clock alarm; a BaseException so that neither the code
    under test nor click's runner catches it as an ordinary error."""


# ---- allowed answers -----------------------------------------------------------------------------


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def error_codes() -> frozenset[str]:
    """The code of every `McrError` subclass, every module that defines one loaded first."""
    import importlib
    import pkgutil

    import mcr_score
    from mcr_score.errors import McrError

    for module in pkgutil.walk_packages(mcr_score.__path__, "mcr_score."):
        if not module.name.endswith("__main__"):
            with contextlib.suppress(ImportError):  # the web extra may be missing
                importlib.import_module(module.name)

    return frozenset(c.code for c in _subclasses(McrError) if isinstance(getattr(c, "code", None), str))


def documented_codes(readme: str | None = None) -> frozenset[str]:
    """The error codes the documentation (README and site) documents: every code of the package written
    in backticks there. Read at run time, so a code documented by a fix is allowed from then on."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in DOCUMENTATION) if readme is None else readme
    quoted = set(re.findall(r"`([a-z][a-z0-9-]*)`", text))
    return frozenset(error_codes() & quoted)


# ---- where an exception came from ----------------------------------------------------------------


def frame_of(tb: TracebackType | None) -> str:
    """The innermost frame of the traceback inside `mcr_score` (else the innermost of all), as
    `mcr_score/sheet.py:123 (_hand)`: the place that let the exception out."""
    frames = traceback.extract_tb(tb) if tb is not None else []
    ours = [f for f in frames if _PACKAGE in f.filename]
    chosen = (ours or frames or [None])[-1]
    if chosen is None:
        return "?"
    return f"{_short_name(chosen.filename)}:{chosen.lineno} ({chosen.name})"


_PACKAGE = f"{os.sep}mcr_score{os.sep}"  # wherever the package is installed (a compiled build: site-packages)


def _short_name(filename: str) -> str:
    """`mcr_score/systems/mcr/tournament/sheet.py` for a module of the package, else the file's own name."""
    at = filename.rfind(_PACKAGE)
    return filename[at + 1 :] if at >= 0 else os.path.basename(filename)


_TB_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


def frame_of_text(stderr: str) -> tuple[str, str]:
    """The exception type and innermost `mcr_score` frame of a traceback printed by a subprocess."""
    frames = _TB_FRAME.findall(stderr)
    ours = [f for f in frames if _PACKAGE in f[0]]
    chosen = (ours or frames or [None])[-1]
    last = [line for line in stderr.strip().splitlines() if line and not line.startswith(" ")]
    exc = last[-1].split(":")[0] if last else "?"
    if chosen is None:
        return exc, "?"
    return exc, f"{_short_name(chosen[0])}:{chosen[1]} ({chosen[2]})"


def name_of(e: BaseException) -> str:
    """An exception's class as code names it: `ValueError`, `_csv.Error`."""
    cls = type(e)
    return cls.__qualname__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"


def short(text: object, most: int = 160) -> str:
    out = str(text).replace("\n", "\\n")
    return out if len(out) <= most else out[: most - 1] + "…"


# ---- bounds on one target ------------------------------------------------------------------------


def _address_space() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[0]) * resource.getpagesize()


@contextlib.contextmanager
def bounded(wall: float = WALL, memory: int = MEMORY) -> Iterator[None]:
    """Stop the code inside after `wall` seconds (`Hang`) and let it allocate at most `memory` more
    bytes (then MemoryError). Only the main thread can take the alarm: elsewhere no wall bound."""
    main = threading.current_thread() is threading.main_thread()
    old_limit = resource.getrlimit(resource.RLIMIT_AS)
    cap = _address_space() + memory
    if old_limit[1] != resource.RLIM_INFINITY:
        cap = min(cap, old_limit[1])
    resource.setrlimit(resource.RLIMIT_AS, (cap, old_limit[1]))
    old_handler: Any = None
    if main:

        def alarm(signum: int, frame: Any) -> None:
            raise Hang(f"still running after {wall:g} s")

        old_handler = signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, wall)
    try:
        yield
    finally:
        if main:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old_handler)
        resource.setrlimit(resource.RLIMIT_AS, old_limit)


# ---- reproducers ---------------------------------------------------------------------------------

_HUGE_NAMES: dict[int, str] = {}


def huge(expression: str) -> int:
    """A number too large for repr (past Python's 4,300 digits), remembered with the expression
    that makes it, so a reproducer can write it."""
    value = int(eval(expression, {}))  # our own constant expressions, e.g. "10**5000"
    _HUGE_NAMES[value] = expression
    return value


_RUN = re.compile(r"(.{1,8}?)\1{11,}", re.S)
_RUN_BYTES = re.compile(rb"(.{1,8}?)\1{11,}", re.S)


def _runs(text: str | bytes) -> list[tuple[str | bytes, int]]:
    """`text` as (piece, count) runs: a unit of 1-8 characters repeated 12 times or more is one run."""
    out: list[tuple[str | bytes, int]] = []
    start = 0
    pattern: Any = _RUN if isinstance(text, str) else _RUN_BYTES
    for m in pattern.finditer(text):
        if start < m.start():
            out.append((text[start : m.start()], 1))
        unit = m.group(1)
        out.append((unit, (m.end() - m.start()) // len(unit)))
        start = m.end()
    if start < len(text):
        out.append((text[start:], 1))
    return out


def show(value: Any, most: int = 600) -> str:
    """A Python expression that makes `value`: long repeats written as `'x' * 5000`, numbers past
    repr's limit as the expression that made them, bytes and paths as such; very long text is cut
    (and says so) only when no shorter spelling exists."""
    if isinstance(value, str | bytes):
        runs = _runs(value)
        parts = [repr(p) if c == 1 else f"{p!r} * {c}" for p, c in runs] or [repr(value)]
        out = " + ".join(parts)
        if len(out) > most:
            out = out[: most - 40] + f"… ({len(value):,} characters in all)"
        return out
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value in _HUGE_NAMES:
            return _HUGE_NAMES[value]
        if value.bit_length() > 14000:
            return f"<an int of {value.bit_length()} bits>"
        return repr(value)
    if isinstance(value, float):
        return f"float({str(value)!r})" if value != value or value in (float("inf"), float("-inf")) else repr(value)
    if isinstance(value, Path):
        return f"Path({show(str(value))})"
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(show(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{show(k)}: {show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Fraction):
        return f"Fraction({value.numerator}, {value.denominator})"
    if type(value) is object:
        return "object()"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = ", ".join(f"{f.name}={show(getattr(value, f.name))}" for f in dataclasses.fields(value) if f.repr)
        return f"{type(value).__name__}({inner})"
    try:
        return repr(value)
    except ValueError:  # a number past repr's limit inside
        return f"<a {type(value).__name__}>"


# ---- inputs --------------------------------------------------------------------------------------

FIFO, LOOP, DIRECTORY, DEV_ZERO, DEV_FULL = (
    "a FIFO (mkfifo)",
    "a symlink to itself",
    "a folder",
    "a symlink to /dev/zero",
    "a symlink to /dev/full",
)
SPECIALS = (FIFO, LOOP, DIRECTORY, DEV_ZERO, DEV_FULL)
"""What a sandbox file can be besides bytes: made with mkfifo, a link to itself, a folder, a link to
a device. A FIFO or a device is only ever given to a subprocess (a FIFO blocks the open; /dev/zero
never ends)."""
BLOCKING = (FIFO, DEV_ZERO, DEV_FULL)
VALUE_OPTIONS = frozenset(
    (
        "--html",
        "--csv",
        "--false-hu",
        "--rules",
        "--lang",
        "--players",
        "--ema-csv",
        "--scores",
        "--player",
        "--claim",
        "--claim-fans",
        "--system",
        "--card",
        "--deck",
        "--bonus",
        "--mode",
    )
)
"""The options the fuzzed commands take with a value: shrinking removes them with it."""
DEVICES = ("/dev/zero", "/dev/full", "/dev/stdin", "/dev/random")

Files = tuple[tuple[str, "bytes | str"], ...]


def _files_text(files: Files) -> list[str]:
    out = []
    for name, content in files:
        if isinstance(content, str):
            out.append(f"  {name}: {content}")
        else:
            try:
                text = content.decode("utf-8")
                out.append(f"  {name} = {show(text)}  ({len(content):,} bytes, UTF-8)")
            except UnicodeDecodeError:
                out.append(f"  {name} = {show(content)}  ({len(content):,} bytes)")
    return out


@dataclass(frozen=True)
class CallCase:
    """A Python call: `function` names an entry of the surface's table of callables."""

    function: str
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()
    files: Files = ()
    process: bool = False  # run in a child process (what touches a FIFO or a device)

    def size(self) -> int:
        return _size(self.args) + _size(self.kwargs) + _size(self.files)

    def reproducer(self) -> str:
        call = ", ".join([*(show(a) for a in self.args), *(f"{k}={show(v)}" for k, v in self.kwargs)])
        lines = []
        if self.files:
            lines += ["in an empty folder holding:", *_files_text(self.files)]
        values = (*self.args, *(v for _, v in self.kwargs))
        if any(dataclasses.is_dataclass(v) or isinstance(v, Path) for v in values):
            lines.append(
                "from mcr_score import *; from mcr_score.systems.mcr.tournament import *; from pathlib import Path"
            )
        lines.append(f"{self.function}({call})")
        if self.process:
            child = " ".join(shlex.quote(str(a)) for a in (self.function, *self.args))
            lines.append(f"(in a new process: python -m tests.support.fuzz_surfaces child {child})")
        return "\n".join(lines)


@dataclass(frozen=True)
class CliCase:
    """A command line, in process (click's runner) or in a new process (`python -m mcr_score`)."""

    argv: tuple[str, ...]
    files: Files = ()
    process: bool = False

    def size(self) -> int:
        return _size(self.argv) + _size(self.files)

    def command(self) -> str:
        prog = "python -m mcr_score" if self.process else "mcr-score"
        return "$ " + prog + " " + " ".join(shlex.quote(a) if len(a) < 200 else f"<{show(a, 80)}>" for a in self.argv)

    def reproducer(self) -> str:
        lines = ["in an empty folder holding:", *_files_text(self.files)] if self.files else []
        return "\n".join([*lines, self.command()])


@dataclass(frozen=True)
class HttpCase:
    """One request to the service through FastAPI's test client."""

    method: str
    path: str
    query: tuple[tuple[str, str], ...] = ()
    body: bytes | None = None
    content_type: str | None = None

    def size(self) -> int:
        return len(self.path) + _size(self.query) + len(self.body or b"") + len(self.content_type or "")

    def reproducer(self) -> str:
        parts = [repr(self.method), show(self.path)]
        if self.query:
            parts.append("params=[" + ", ".join(f"({show(k)}, {show(v)})" for k, v in self.query) + "]")
        if self.body is not None:
            parts.append(f"content={show(self.body)}")
        if self.content_type is not None:
            parts.append(f"headers={{'content-type': {self.content_type!r}}}")
        return "TestClient(mcr_score.web.api.create_app()).request(" + ", ".join(parts) + ")"


Case = CallCase | CliCase | HttpCase


def _size(value: Any) -> int:
    if isinstance(value, str | bytes):
        return len(value)
    if isinstance(value, tuple | list):
        return 1 + sum(_size(v) for v in value)
    if isinstance(value, dict):
        return 1 + sum(_size(k) + _size(v) for k, v in value.items())
    if isinstance(value, int) and not isinstance(value, bool):
        return max(1, value.bit_length() // 3)
    return 1


# ---- shrinking -----------------------------------------------------------------------------------


def smaller_sequences(text: str | bytes) -> Iterator[str | bytes]:
    """Shorter versions of `text`: without one of its lines, then without chunks of half, a quarter, …
    of its length (single characters only when short), as delta debugging tries them."""
    newline = "\n" if isinstance(text, str) else b"\n"
    lines = text.split(newline)  # type: ignore[arg-type]
    if 2 < len(lines) <= 400:
        for i in range(len(lines)):
            yield newline.join(lines[:i] + lines[i + 1 :])  # type: ignore[arg-type]
    n = len(text)
    if n:
        yield text[:0]
    chunk = n // 2
    while chunk >= 1:
        if chunk == 1 and n > 80:
            break
        for start in range(0, n, chunk):
            yield text[:start] + text[start + chunk :]
        chunk //= 2


def smaller_values(value: Any) -> Iterator[Any]:
    """Simpler versions of a Python value: shorter text, fewer items, smaller numbers."""
    if isinstance(value, str | bytes):
        yield from smaller_sequences(value)
    elif isinstance(value, list | tuple):
        kind = type(value)
        for i in range(len(value)):
            yield kind(value[:i]) + kind(value[i + 1 :]) if kind is list else (*value[:i], *value[i + 1 :])
        for i, item in enumerate(value):
            for simpler in smaller_values(item):
                yield kind([*value[:i], simpler, *value[i + 1 :]])
    elif isinstance(value, dict):
        for key in value:
            yield {k: v for k, v in value.items() if k != key}
        for key, item in value.items():
            for simpler in smaller_values(item):
                yield {**value, key: simpler}
    elif isinstance(value, int) and not isinstance(value, bool) and value not in _HUGE_NAMES and value not in (0, 1):
        yield 0 if abs(value) < 10 else value >> max(1, value.bit_length() // 2)


def _smaller_files(files: Files, keep_names: bool = True) -> Iterator[Files]:
    for i, (name, content) in enumerate(files):
        if isinstance(content, bytes):
            for simpler in smaller_sequences(content):
                yield (*files[:i], (name, bytes(simpler)), *files[i + 1 :])


def smaller_cases(case: Case) -> Iterator[Case]:
    """Each simpler input one step from `case`: fewer arguments, shorter texts and files, in process."""
    if isinstance(case, CallCase):
        if case.process and not any(c in BLOCKING for _, c in case.files):
            yield dataclasses.replace(case, process=False)
        for i in range(len(case.kwargs)):
            yield dataclasses.replace(case, kwargs=case.kwargs[:i] + case.kwargs[i + 1 :])
        names = {name for name, _ in case.files}
        for i in range(len(case.args)):
            if isinstance(case.args[i], str | Path) and str(case.args[i]) in names:
                continue
            for simpler in smaller_values(case.args[i]):
                yield dataclasses.replace(case, args=(*case.args[:i], simpler, *case.args[i + 1 :]))
        for i, (key, value) in enumerate(case.kwargs):
            for simpler in smaller_values(value):
                yield dataclasses.replace(case, kwargs=(*case.kwargs[:i], (key, simpler), *case.kwargs[i + 1 :]))
        used = {str(v) for v in (*case.args, *(v for _, v in case.kwargs)) if isinstance(v, str | Path)}
        for i, (name, _) in enumerate(case.files):
            if name not in used:
                yield dataclasses.replace(case, files=case.files[:i] + case.files[i + 1 :])
        for files in _smaller_files(case.files):
            yield dataclasses.replace(case, files=files)
    elif isinstance(case, CliCase):
        if case.process and not any(c in BLOCKING for _, c in case.files) and not set(case.argv) & set(DEVICES):
            yield dataclasses.replace(case, process=False)
        for i in range(1, len(case.argv)):
            if case.argv[i] in VALUE_OPTIONS:  # an option and its value go together
                yield dataclasses.replace(case, argv=case.argv[:i] + case.argv[i + 2 :])
            elif case.argv[i - 1] not in VALUE_OPTIONS:
                yield dataclasses.replace(case, argv=case.argv[:i] + case.argv[i + 1 :])
        used = set(case.argv)
        for i, (name, _) in enumerate(case.files):
            if name not in used:
                yield dataclasses.replace(case, files=case.files[:i] + case.files[i + 1 :])
        for files in _smaller_files(case.files):
            yield dataclasses.replace(case, files=files)
        for i, arg in enumerate(case.argv):
            if i and not arg.startswith("-") and arg not in {n for n, _ in case.files}:
                for simpler in smaller_sequences(arg):
                    yield dataclasses.replace(case, argv=(*case.argv[:i], str(simpler), *case.argv[i + 1 :]))
    else:
        if case.content_type is not None:
            yield dataclasses.replace(case, content_type=None)
        for i in range(len(case.query)):
            yield dataclasses.replace(case, query=case.query[:i] + case.query[i + 1 :])
        for i, (key, value) in enumerate(case.query):
            for simpler in smaller_sequences(value):
                yield dataclasses.replace(case, query=(*case.query[:i], (key, str(simpler)), *case.query[i + 1 :]))
        if case.body:
            for simpler in smaller_sequences(case.body):
                yield dataclasses.replace(case, body=bytes(simpler))


def shrink(case: Case, still_fails: Callable[[Case], bool], budget: int, seconds: float) -> Case:
    """The smallest input reached greedily from `case`, each step tested with `still_fails` (at most
    `budget` tests, `seconds` in all): the same kind of failure, a smaller input."""
    deadline = time.monotonic() + seconds
    tried = 0
    improved = True
    while improved and tried < budget and time.monotonic() < deadline:
        improved = False
        for candidate in smaller_cases(case):
            if tried >= budget or time.monotonic() >= deadline:
                break
            if candidate.size() >= case.size() and not (
                isinstance(case, CallCase | CliCase) and case.process and not candidate.process  # type: ignore[union-attr]
            ):
                continue
            tried += 1
            if still_fails(candidate):
                case, improved = candidate, True
                break
    return case


# ---- the sandbox ---------------------------------------------------------------------------------


class Sandbox:
    """A folder made afresh for each input: the input's files, and fixtures an output can be aimed
    at (`dir/` a folder, `loop` a link to itself, `dangling` a link to a missing `elsewhere.txt`).
    Every file is fingerprinted before and after a run: an input changed or deleted, or a file written
    that no argument names, is a silent change."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def prepare(self, files: Files) -> None:
        for entry in list(self.root.iterdir()):
            if entry.is_dir() and not entry.is_symlink():
                entry.chmod(0o755)
                shutil.rmtree(entry)
            else:
                entry.unlink()
        (self.root / "dir").mkdir()
        os.symlink("loop", self.root / "loop")
        os.symlink("elsewhere.txt", self.root / "dangling")
        for name, content in files:
            path = self.root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                path.write_bytes(content)
            elif content == FIFO:
                os.mkfifo(path)
            elif content == LOOP:
                os.symlink(name, path)
            elif content == DIRECTORY:
                path.mkdir(exist_ok=True)
            elif content == DEV_ZERO:
                os.symlink("/dev/zero", path)
            elif content == DEV_FULL:
                os.symlink("/dev/full", path)

    def snapshot(self) -> dict[str, str]:
        """Every entry under the root: a regular file's SHA-256, a link's target, a folder, a FIFO."""
        out: dict[str, str] = {}
        for folder, dirs, names in os.walk(self.root):
            for name in [*dirs, *names]:
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, self.root)
                mode = os.lstat(path).st_mode
                if stat.S_ISLNK(mode):
                    out[rel] = "-> " + os.readlink(path)
                elif stat.S_ISREG(mode):
                    with open(path, "rb") as f:
                        out[rel] = hashlib.sha256(f.read()).hexdigest()
                else:
                    out[rel] = stat.filemode(mode)[0]
        return out

    @contextlib.contextmanager
    def inside(self) -> Iterator[None]:
        old = os.getcwd()
        os.chdir(self.root)
        try:
            yield
        finally:
            os.chdir(old)


def silent_changes(
    before: dict[str, str], after: dict[str, str], inputs: set[str], named: set[str]
) -> list[tuple[str, str]]:
    """What a run changed without a word, as (kind, detail): an input modified or deleted, a new
    file that no argument names (written through a dangling link, a folder made)."""
    out = []
    for name in sorted(inputs):
        if name in before and after.get(name) != before[name]:
            kind = "an input deleted" if name not in after else "an input modified"
            out.append((f"silent change: {kind}", name))
    normal = {os.path.normpath(n) for n in named}
    for name in sorted(set(after) - set(before)):
        if os.path.normpath(name) not in normal and not name.startswith("dir" + os.sep):
            out.append(("silent change: a file written that no argument names", name))
    return out


# ---- subprocesses --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProcessResult:
    code: int | None  # None: killed at the timeout
    stdout: str
    stderr: str
    cpu: float
    wall: float


def _limits() -> None:  # pragma: no cover - runs in the child before exec
    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (int(WALL) + 2, int(WALL) + 3))


def run_process(argv: list[str], cwd: Path, timeout: float = WALL, env: dict[str, str] | None = None) -> ProcessResult:
    """Run `argv` in its own process group with bounded memory and CPU; killed (the whole group) at
    `timeout` wall seconds. `cpu` is the child's user + system time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    child_env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", **(env or {})}
    with subprocess.Popen(
        argv,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env,
        preexec_fn=_limits,
        start_new_session=True,
    ) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
            code: int | None = proc.returncode
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            code = None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    decode = lambda b: b.decode("utf-8", "replace")  # noqa: E731
    return ProcessResult(code, decode(out), decode(err), cpu, time.monotonic() - started)


# ---- one input's checks --------------------------------------------------------------------------


@dataclass(frozen=True)
class Failure:
    kind: str  # what went wrong and where in the code: the same for every input that hits the same bug
    detail: str  # this input's own words (the exception message, the oracle's finding)


@dataclass
class Found:
    """One kind of failure: its smallest input so far, and how many inputs hit it."""

    case: Case
    detail: str
    target: str
    count: int = 1


@dataclass
class SurfaceReport:
    surface: str
    seed: int
    inputs: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    slowest: float = 0.0
    slowest_target: str = ""
    slowest_case: Case | None = None
    found: dict[str, Found] = field(default_factory=dict)
    seconds: float = 0.0
    note: str = ""

    @property
    def failures(self) -> int:
        return sum(f.count for f in self.found.values())


class Probe:
    """Runs the targets of one input and judges each answer: counts the outcomes, keeps the
    failures, and the slowest target."""

    def __init__(self, documented: frozenset[str], startup: Callable[[], float] = lambda: 0.0) -> None:
        self.documented = documented
        self.startup = startup  # a subprocess's start-up CPU seconds: it may take LIMIT more
        self.outcomes: Counter[str] = Counter()
        self.failures: list[tuple[str, Failure]] = []
        self.slowest = (0.0, "")

    def fail(self, target: str, kind: str, detail: str = "") -> None:
        self.failures.append((target, Failure(f"{target}: {kind}", detail)))

    def _time(self, target: str, cpu: float, limit: float = LIMIT) -> None:
        if cpu > self.slowest[0]:
            self.slowest = (cpu, target)
        if cpu > limit:
            self.fail(target, "took more than 1 s of CPU", f"{cpu:.2f} s (limit {limit:.2f} s)")

    def codes(self, target: str, error: Any) -> str:
        """Record an `McrError` (every problem's code must be documented); its outcome label."""
        for problem in getattr(error, "problems", (error,)):
            if problem.code not in self.documented:
                self.fail(target, f"undocumented error code {problem.code}", short(problem))
        return f"error {error.code}"

    def call(
        self, target: str, fn: Callable[[], Any], type_error: bool = False, record: bool = True
    ) -> tuple[bool, Any]:
        """Run `fn` bounded; (True, its value), or (False, the exception) for an allowed error; a
        disallowed exception is a failure named by its type and frame. `record`: count the outcome
        (the caller may count its own, an HTTP status)."""
        from mcr_score.errors import McrError

        cpu = time.process_time()
        outcome: str
        try:
            with bounded():
                value = fn()
            outcome, result = "ok", (True, value)
        except McrError as e:
            outcome, result = self.codes(target, e), (False, e)
        except TypeError as e:
            if type_error:
                outcome, result = "TypeError", (False, e)
            else:
                outcome, result = "failure", (False, e)
                self.fail(target, f"TypeError at {frame_of(e.__traceback__)}", short(e))
        except Hang as e:
            outcome, result = "failure", (False, e)
            self.fail(target, f"hang over {WALL:g} s", short(e))
        except Exception as e:  # MemoryError and RecursionError included: a failure, reported
            outcome, result = "failure", (False, e)
            self.fail(target, f"{name_of(e)} at {frame_of(e.__traceback__)}", short(e))
        self._time(target, time.process_time() - cpu)
        if record or outcome == "failure":
            self.outcomes[f"{target}: {outcome}"] += 1
        return result

    def cli(self, target: str, argv: list[str], exits: tuple[int, ...] = (0, 1, 2)) -> tuple[int, str, str]:
        """`mcr-score ARGV` in process: an allowed exit, no traceback, and with `--json` the JSON shape."""
        from click.testing import CliRunner

        from mcr_score.cli import main

        from .cli import runner

        cli_runner: CliRunner = runner()
        cpu = time.process_time()
        try:
            with bounded():
                result = cli_runner.invoke(main, argv, catch_exceptions=True)
        except Hang as e:
            self._time(target, time.process_time() - cpu)
            self.outcomes[f"{target}: hang"] += 1
            self.fail(target, f"hang over {WALL:g} s", short(e))
            return -1, "", ""
        self._time(target, time.process_time() - cpu)
        stdout, stderr = result.stdout, _stderr(result)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            e = result.exception
            self.fail(target, f"{name_of(e)} at {frame_of(e.__traceback__)}", short(e))
            self.outcomes[f"{target}: traceback"] += 1
            return result.exit_code, stdout, stderr
        self.judge_exit(target, result.exit_code, stdout, stderr, "--json" in argv, exits)
        return result.exit_code, stdout, stderr

    def process(self, target: str, argv: list[str], cwd: Path, exits: tuple[int, ...] = (0, 1, 2)) -> ProcessResult:
        """`python -m mcr_score ARGV` (or any command) in a new process, judged as `cli` is, plus a timeout."""
        result = run_process(argv, cwd)
        self._time(target, result.cpu, LIMIT + self.startup())
        if result.code is None:
            self.fail(target, f"hang over {WALL:g} s (killed)", f"after {result.wall:.1f} s")
            self.outcomes[f"{target}: hang"] += 1
            return result
        if "Traceback" in result.stderr:
            exc, where = frame_of_text(result.stderr)
            self.fail(target, f"{exc} at {where}", short(result.stderr.strip().splitlines()[-1]))
            self.outcomes[f"{target}: traceback"] += 1
            return result
        self.judge_exit(target, result.code, result.stdout, result.stderr, "--json" in argv, exits)
        return result

    def judge_exit(
        self, target: str, code: int, stdout: str, stderr: str, as_json: bool, exits: tuple[int, ...]
    ) -> None:
        self.outcomes[f"{target}: exit {code}"] += 1
        if code not in exits:
            self.fail(target, f"exit {code}", short(stderr or stdout))
        if "Traceback" in stdout or "Traceback" in stderr:
            self.fail(target, "printed a traceback", short(stderr or stdout))
        if as_json:
            self.json_shape(target, stdout, ok=code == 0 or code == 3)

    def json_shape(self, target: str, text: str, ok: bool | None) -> Any:
        """`text` must be one JSON object, `{"ok": true, ...}` or the error shape
        `{"ok": false, "error": {"code", "message", ...}}` with a documented code."""
        try:
            data = json.loads(text)
        except ValueError:
            self.fail(target, f"{'answer' if ok else 'error'} is not JSON", short(text) or "(nothing on stdout)")
            return None
        if ok:
            return data  # an answer: `fan --json` and `fans --json` have no ok field
        if not isinstance(data, dict) or "ok" not in data:
            self.fail(target, "JSON without the ok field", short(text))
            return None
        if data["ok"] is False:
            error = data.get("error")
            if not isinstance(error, dict) or not isinstance(error.get("code"), str) or "message" not in error:
                self.fail(target, "error JSON without error.code and error.message", short(text))
                return data
            for problem in error.get("problems") or [error]:
                code = problem.get("code") if isinstance(problem, dict) else None
                if code not in self.documented:
                    self.fail(target, f"undocumented error code {code}", short(problem))
        elif ok is False:
            self.fail(target, "a failing exit with an ok answer", short(text))
        return data


def _stderr(result: Any) -> str:
    try:
        return str(result.stderr)
    except ValueError:  # click 8.1 without mix_stderr=False
        return ""
