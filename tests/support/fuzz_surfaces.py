"""Fuzzing the surfaces added since the notation fuzz (issue #22): session files, standings,
catch-up, claims, house profile files, the other systems' files, the public Python API and the
JSON service.

Each surface generates random inputs and mutations of valid ones (`fuzz_data`), runs them through
its Python functions, its commands (in process with click's runner, a share in a real
`python -m mcr_score` process: FIFOs and devices always) or the service (FastAPI's test client), and
judges every answer (`fuzz_harness.Probe`): allowed are a result, an `McrError` whose code the documentation
documents, a `TypeError` for a Python call given the wrong type, exit 0/1/2 without a traceback and
with `--json` the JSON shape. Failures: any other exception, a traceback, a 5xx, a wrong error
shape, more than `LIMIT` CPU seconds, a hang, and silent changes (an input file modified or
deleted, a file written that no argument names, a number past `MAX_DIGITS`, a lenient number, a
repeated key, a session of 0 or 17 hands, two look-alike players, the same session counted twice,
a claim dropped, a CSV cell written as a formula) accepted without a word.

Run: `scripts/fuzz N --surface NAME` (`tests.support.fuzz`); the suite runs a bounded version
(`tests/fuzz/test_fuzz_surfaces.py`).
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import io
import json
import os
import random
import re
import sys
import tempfile
import time
import traceback
import urllib.parse
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path
from typing import Any, ClassVar

from . import REPO
from .fuzz import SURFACES as SURFACES  # the surfaces this module runs, named where the script reads them
from .fuzz import mutate
from .fuzz_data import (
    HUGE,
    NOTATIONS,
    Dup,
    Raw,
    claim_fans_text,
    claim_items,
    claim_json_value,
    dump_csv,
    dump_json,
    dump_toml,
    looks_alike,
    mutate_sheet,
    number_text,
    odd_value,
    players_file,
    session_file,
    strict_number,
    too_many_digits,
    valid_sheet,
)
from .fuzz_harness import (
    BLOCKING,
    DEV_ZERO,
    DEVICES,
    DIRECTORY,
    FIFO,
    LOOP,
    MAX_DIGITS,
    VALUE_OPTIONS,
    CallCase,
    Case,
    CliCase,
    Found,
    Hang,
    HttpCase,
    Probe,
    Sandbox,
    SurfaceReport,
    bounded,
    documented_codes,
    name_of,
    run_process,
    short,
    show,
    shrink,
    silent_changes,
)

PROCESS_SHARE = 0.02
"""The share of command lines run in a real process (what only a real process shows: signals,
stdout's encoding, a FIFO's open); FIFOs and devices always are."""
MAX_FAN_COUNT = 8
"""The most times one fan can count in a hand: Flower Tiles, once per flower (8); every other fan less."""
SESSION_CODES = frozenset(
    {
        "bad-session",
        "bad-session-hand",
        "too-many-hands",
        "session-notation",
        "winds-mismatch",
        "points-mismatch",
        "unbalanced",
        "scores-mismatch",
        "unreadable-file",
        "bad-data",
        "bad-players-file",
    }
)
FORMULA = ("=", "+", "-", "@", "\t", "\r")
HAND = "123456789m123p5s5s"


# ---- the oracles: silent acceptance ---------------------------------------------------------------


class _Huge(int):
    """An integer literal past Python's digit limit, seen by the oracle's own JSON reader."""


def _json_int(text: str) -> int:
    return _Huge(10**MAX_DIGITS) if len(text.lstrip("-")) > 4000 else int(text)


def _pairs(duplicates: list[str]) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in pairs:
            if k in out:
                duplicates.append(k)
            out[k] = v
        return out

    return hook


def decoded(name: str, data: bytes) -> tuple[Any, list[str], list[str]]:
    """The oracle's own reading of a sheet (None if it does not decode), the keys or columns given
    twice, and the CSV cells that are numbers written otherwise than in ASCII digits."""
    duplicates: list[str] = []
    lenient: list[str] = []
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None, [], []
    suffix = name.rsplit(".", 1)[-1].lower()
    try:
        if suffix == "json":
            value = json.loads(text, object_pairs_hook=_pairs(duplicates), parse_int=_json_int)
            return value, duplicates, lenient
        if suffix == "toml":
            import tomllib

            return tomllib.loads(text), duplicates, lenient
        if suffix == "csv":
            return _csv_sheet(text, duplicates, lenient), duplicates, lenient
    except (ValueError, RecursionError, csv.Error, IndexError):
        return None, duplicates, lenient
    return None, duplicates, lenient


@contextlib.contextmanager
def any_cell_size() -> Iterator[None]:
    """Read CSV cells of any length here (the oracle reads what the product refuses), and put the
    process-wide limit back after, so that the code under test sees its usual one."""
    old = csv.field_size_limit(sys.maxsize)
    try:
        yield
    finally:
        csv.field_size_limit(old)


def _csv_sheet(text: str, duplicates: list[str], lenient: list[str]) -> dict[str, Any]:
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    with any_cell_size():
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    header = [h.strip() for h in rows[0]] if rows else []
    duplicates += sorted({h for h in header if header.count(h) > 1})
    known = ("hand", "winner", "from", "points", "flowers", "notation", "false_hu")
    players = [h for h in header if h not in known]
    hands = []
    for row in rows[1:]:
        if not any(c.strip() for c in row):
            continue
        hands.append(row)
        for column, cell in zip(header, row, strict=False):
            cell = cell.strip()
            if not cell or column == "notation":
                continue
            if column in ("winner", "from", "false_hu") and (cell in players or cell.lower() == "draw"):
                continue
            if not strict_number(cell) and (re.search(r"\d", cell) or cell in ("nan", "inf")):  # a number, badly
                lenient.append(cell)
    return {"players": players, "hands": hands}


def number_problem(text: str) -> str | None:
    """Why a number written in text must not be accepted (None: it is a number by the one rule)."""
    if strict_number(text):
        return None
    if re.fullmatch(r"\s*-?[0-9]+\s*", text):
        return f"a number of more than {MAX_DIGITS} digits accepted"
    return "a number not in ASCII digits accepted"


def sheet_problems(name: str, data: bytes, settled: bool = True) -> list[tuple[str, str]]:
    """What is wrong with a sheet that a reader must not accept silently: (kind, detail). A sheet of
    0 or more than 16 hands must not be `settled` (reading one is not yet a silent change)."""
    value, duplicates, lenient = decoded(name, data)
    out = []
    if duplicates:
        out.append(("a key or column given twice accepted", f"{duplicates[0]!r} twice"))
    out += [(number_problem(cell) or "", repr(cell[:40])) for cell in lenient[:1]]
    if too_many_digits(value):
        out.append((f"a number of more than {MAX_DIGITS} digits accepted", ""))
    if isinstance(value, dict):
        hands = value.get("hands")
        if settled and isinstance(hands, list) and not hands:
            out.append(("a session of 0 hands settled", ""))
        if settled and isinstance(hands, list) and len(hands) > 16:
            out.append(("a session of more than 16 hands settled", f"{len(hands)} hands"))
        players = value.get("players")
        if isinstance(players, list):
            names = [p for p in players if isinstance(p, str)]
            pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :] if looks_alike(a, b)]
            if pairs:
                out.append(("two players whose names look alike accepted", repr(pairs[0])))
    return out


def csv_injection(text: str) -> str | None:
    """The first cell of a CSV output that a spreadsheet would run as a formula (OWASP), else None."""
    try:
        with any_cell_size():
            rows = list(csv.reader(io.StringIO(text)))
    except csv.Error:
        return None
    for row in rows:
        for cell in row:
            if cell.startswith(FORMULA) and not re.fullmatch(r"-[0-9]+(\.[0-9]+)?", cell):
                return cell
    return None


def claim_problems(total: object, fans: object, claimed: list[int] | None) -> list[tuple[str, str]]:
    """What an accepted claim must not hide: a total or count past the game, a lenient number, fans
    written but dropped (`69x0`, `,,,`)."""
    out = []
    if isinstance(total, str) and total.strip() and number_problem(total):
        out.append((f"claimed total: {number_problem(total)}", repr(total[:40])))
    if isinstance(total, int) and not isinstance(total, bool) and abs(total) >= 10**MAX_DIGITS:
        out.append((f"claimed total: a number of more than {MAX_DIGITS} digits accepted", ""))
    if isinstance(fans, str) and fans.strip():
        items = claim_items(fans)
        if not items:
            out.append(("claimed fans with no id accepted as no fans", repr(fans)))
        elif any(count is not None and int(count) == 0 for _, count in items if count and count.isdigit()):
            out.append(("a claimed fan counted 0 times accepted (dropped)", repr(fans)))
    if claimed is not None:
        counts = {f: claimed.count(f) for f in set(claimed)} if len(claimed) < 10_000 else {0: len(claimed)}
        if any(c > MAX_FAN_COUNT for c in counts.values()):
            out.append((f"a fan claimed more than {MAX_FAN_COUNT} times accepted", f"{len(claimed)} fans"))
    return out


# ---- the run of one surface -----------------------------------------------------------------------


@dataclass
class Env:
    sandbox: Sandbox
    documented: frozenset[str]
    process_share: float
    client: Any = None
    _startup: float | None = None

    def startup(self) -> float:
        """CPU seconds of a real `python -m mcr_score` process doing little (start-up, imports),
        measured on first use: a subprocess may take this plus `LIMIT`."""
        if self._startup is None:
            argv = [sys.executable, "-m", "mcr_score", "catchup", "--scores", "1,2,3,4", "--json"]
            self._startup = run_process(argv, self.sandbox.root).cpu
        return self._startup


class Surface:
    name = ""

    def generate(self, rng: random.Random, env: Env) -> Case:
        raise NotImplementedError

    def check(self, case: Case, probe: Probe, env: Env) -> None:
        raise NotImplementedError


def positionals(argv: Iterable[str]) -> list[str]:
    """The arguments of a command line that are not options nor their values (FILES...)."""
    out, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg in VALUE_OPTIONS:
            skip = True
        elif not arg.startswith("--"):
            out.append(arg)
    return out


def run_files_case(case: CallCase | CliCase, probe: Probe, env: Env, calls: dict[str, Callable[..., Any]]) -> Any:
    """Make the case's files, run it (in process or in a child), and look for silent changes."""
    env.sandbox.prepare(case.files)
    before = env.sandbox.snapshot()
    inputs = {name for name, content in case.files if content not in (DIRECTORY,)}
    target = _target(case)
    answer: Any = None
    with env.sandbox.inside():
        if isinstance(case, CliCase):
            if case.process:
                answer = probe.process(target, [sys.executable, "-m", "mcr_score", *case.argv], env.sandbox.root)
            else:
                answer = probe.cli(target, list(case.argv))
        elif case.process:
            argv = [sys.executable, "-m", "tests.support.fuzz_surfaces", "child", case.function, *map(str, case.args)]
            answer = probe.process(target, argv, env.sandbox.root, exits=(0,))
        else:
            fn = calls[case.function]
            answer = probe.call(target, lambda: fn(*case.args, **dict(case.kwargs)), type_error=False)
    after = env.sandbox.snapshot()
    named = set(case.argv) if isinstance(case, CliCase) else {str(a) for a in case.args}
    for kind, detail in silent_changes(before, after, inputs, named):
        probe.fail(target, kind, detail)
    if isinstance(case, CallCase) and case.process and answer.code == 0:
        probe.json_shape(target, answer.stdout, ok=None)
    return answer


def _target(case: Case) -> str:
    """What ran, as a failure's kind names it: the command (and `--json`, which changes what it
    must print), the function, or the method and route."""
    if isinstance(case, CliCase):
        words = [case.argv[0], *(["--json"] if "--json" in case.argv else [])]
        return ("process " if case.process else "cli ") + " ".join(words)
    if isinstance(case, CallCase):
        return ("process " if case.process else "") + case.function
    return f"{case.method} {_route(case.path)}"


def _route(path: str) -> str:
    """The route a path takes, as the schema names it; `/api/(no route)` for a path that has none."""
    if re.fullmatch(r"/api/fans/[^/]+", path):
        return "/api/fans/{number}"
    if path.startswith("/ui/strings/"):
        return "/ui/strings/{lang}.json"
    known = (
        "parse",
        "score",
        "explain",
        "waits",
        "shanten",
        "discards",
        "text/score",
        "text/explain",
        "fans",
        "rules",
        "edit",
    )
    if path in {f"/api/{k}" for k in known} | {"/api/session"}:
        return path
    return "/api/(no route)"


def _output_option(rng: random.Random, inputs: list[str], fresh: str) -> str:
    """Where an output option points: a fresh file mostly, else an input, a folder, a loop, a missing
    folder, /dev/full."""
    r = rng.random()
    if r < 0.6:
        return fresh
    return rng.choice(
        (*inputs, *inputs, "", "dir", "dir/", "loop", "dangling", "missing/x.out", "/dev/full", "/dev/null", ".", fresh)
    )


def _check_outputs(case: CliCase, probe: Probe, target: str, root: Path, options: tuple[str, ...]) -> None:
    """After a run that succeeded: two outputs on one file, and CSV outputs with formula cells."""
    given = [(case.argv[i], case.argv[i + 1]) for i in range(len(case.argv) - 1) if case.argv[i] in options]
    paths = [os.path.normpath(p) for _, p in given if p and p != "/dev/null"]
    if len(set(paths)) < len(paths):
        probe.fail(target, "two outputs to one file accepted", " ".join(f"{o} {p}" for o, p in given))
    for option, path in given:
        written = root / path
        if option in ("--csv", "--ema-csv") and path and written.is_file():
            with open(written, encoding="utf-8", errors="replace") as f:
                cell = csv_injection(f.read())
            if cell is not None:
                probe.fail(target, f"{option}: a cell written as a formula (CSV injection)", repr(cell[:40]))


# ---- session ------------------------------------------------------------------------------------


def _session_calls() -> dict[str, Callable[..., Any]]:
    from mcr_score.systems.mcr import tournament

    return {
        "mcr_score.systems.mcr.tournament.read_session": tournament.read_session,
        "mcr_score.systems.mcr.tournament.load_session": tournament.load_session,
        "mcr_score.score_session": tournament.score_session,
    }


class SessionSurface(Surface):
    """Session files (JSON, TOML, CSV with `,` or `;`) through the readers, `score_session` and `mcr-score session`."""

    name = "session"

    def generate(self, rng: random.Random, env: Env) -> Case:
        name, data = session_file(rng)
        content: bytes | str = data
        if rng.random() < 0.03:
            content = rng.choice((FIFO, LOOP, DIRECTORY, DEV_ZERO))
        special = content in BLOCKING
        files = ((name, content),)
        if rng.random() < 0.4:
            function = rng.choice(tuple(_session_calls()))
            kwargs: tuple[tuple[str, Any], ...] = ()
            if function == "mcr_score.score_session" and rng.random() < 0.3:
                kwargs = (("rules", rng.choice(("china", "wmo-2014", "green-book"))),)
            if function == "mcr_score.score_session" and rng.random() < 0.15:
                return CallCase(function, (_session_object(rng),), kwargs)
            if function == "mcr_score.score_session" and rng.random() < 0.3 and not special:
                sheet = valid_sheet(rng)
                for _ in range(rng.choice((1, 1, 2))):
                    sheet = mutate_sheet(sheet, rng) if isinstance(sheet, dict) else sheet
                value = _python(sheet)
                if value is not None:
                    return CallCase(function, (value,), kwargs)
            return CallCase(function, (name,), kwargs, files, process=special)
        argv = ["session", name]
        if rng.random() < 0.5:
            argv.append("--json")
        if rng.random() < 0.25:
            argv += ["--html", _output_option(rng, [name], "out.html")]
        if rng.random() < 0.25:
            argv += ["--csv", _output_option(rng, [name], "out.csv")]
        if rng.random() < 0.2:
            pair = rng.choice(
                ("-30,10", "-40,0", "-30,+10", "-3_0,10", "-30,１０", "-٣٠,10", "-30, 10", "-30", "-30,10,0")
            )
            argv += ["--false-hu", rng.choice((pair, pair, f"{number_text(rng)},{number_text(rng)}"))]
        if rng.random() < 0.1:
            argv += ["--rules", rng.choice(("china", "wmo-2014", "x"))]
        if rng.random() < 0.1:
            argv += ["--lang", rng.choice(("fr", "zh", "en"))]
        process = special or bool(set(argv) & set(DEVICES) - {"/dev/full", "/dev/null"})
        return CliCase(tuple(argv), files, process=process or rng.random() < env.process_share)

    def check(self, case: Case, probe: Probe, env: Env) -> None:
        assert isinstance(case, CallCase | CliCase)
        target = _target(case)
        if isinstance(case, CallCase) and not case.files:  # a dict or a Session given to score_session
            fn = _session_calls()[case.function]
            built = not isinstance(case.args[0], dict)  # a Session built in Python: a field of the wrong type
            ok, _ = probe.call(target, lambda: fn(*case.args, **dict(case.kwargs)), type_error=built)
            if ok and not built:
                data = dump_json(case.args[0]).encode()
                for kind, detail in sheet_problems("s.json", data):
                    probe.fail(target, kind, detail)
            elif ok:
                for kind, detail in _session_object_problems(case.args[0]):
                    probe.fail(target, kind, detail)
            return
        answer = run_files_case(case, probe, env, _session_calls())
        accepted = _accepted(case, answer)
        name, content = case.files[0] if case.files else ("", b"")
        settled = isinstance(case, CliCase) or case.function.endswith("score_session")
        if accepted and isinstance(content, bytes):
            for kind, detail in sheet_problems(name, content, settled):
                probe.fail(target, kind, detail)
        if not accepted and isinstance(case, CallCase) and not case.kwargs and isinstance(content, bytes):
            self._semicolons(name, content, probe, target, env)
        if isinstance(case, CliCase) and accepted:
            _check_outputs(case, probe, target, env.sandbox.root, ("--html", "--csv"))
            if "--false-hu" in case.argv:
                value = case.argv[case.argv.index("--false-hu") + 1]
                for number in value.split(","):
                    if number_problem(number):
                        probe.fail(target, f"--false-hu: {number_problem(number)}", repr(value[:40]))
                        break

    def _semicolons(self, name: str, content: bytes, probe: Probe, target: str, env: Env) -> None:
        """A `;`-separated sheet (a French spreadsheet's) refused, that reads once its `;` are `,`."""
        from mcr_score.systems.mcr import tournament

        if not name.endswith(".csv"):
            return
        try:
            text = content.decode("utf-8-sig")
            first = text.split("\n", 1)[0]
            if first.count(";") <= first.count(","):
                return
            with any_cell_size():
                rows = list(csv.reader(io.StringIO(text), delimiter=";"))
        except (UnicodeDecodeError, csv.Error):
            return
        comma = env.sandbox.root / "comma.csv"
        comma.write_text(dump_csv(rows), encoding="utf-8")
        # The same question asked of the `,` sheet: read when the target only reads it, else settled
        reads_only = "read_session" in target or "load_session" in target
        same = tournament.read_session if reads_only else tournament.score_session
        try:
            with bounded():
                same(comma)
        except (Exception, Hang):  # refused with `,` too: not the separator's fault
            return
        finally:
            comma.unlink()
        probe.fail(target, "a `;`-separated sheet refused that reads with `,`", name)


def _session_object(rng: random.Random) -> Any:
    """A `Session` built in Python from a valid sheet, one of its `HandEntry`s (or its players or
    false-Hu setting) given a value a sheet could not hold: a winner 7, hand 0, a win without points."""
    import dataclasses

    from mcr_score.systems.mcr.tournament import FalseHu, parse_session

    session, _ = parse_session(valid_sheet(rng))
    hands = list(session.hands)
    if not hands:
        return session
    i = rng.randrange(len(hands))
    change = rng.choice(
        (
            {"winner": rng.choice((7, -1, 4, None))},
            {"discarder": rng.choice((7, -1, 4))},
            {"n": rng.choice((0, -1, 17, 99))},
            {"kind": rng.choice(("x", "win", "draw", "false-hu"))},
            {"points": rng.choice((None, -5, 3, HUGE))},
            {"flowers": rng.choice((-1, 99))},
            {"offender": rng.choice((None, 9))},
            {"penalties": rng.choice(((1, 2, 3), (HUGE, 0, 0, 0), ("1", 0, 0, 0)))},
            {"notation": rng.choice((5, "x", ""))},
            {"recorded": rng.choice(((1, 2, 3), (0, 0, 0, 0)))},
        )
    )
    hands[i] = dataclasses.replace(hands[i], **change)
    if rng.random() < 0.1:
        return dataclasses.replace(session, players=("A", "A", "B", "C"), hands=tuple(hands))
    if rng.random() < 0.1:
        return dataclasses.replace(session, false_hu=FalseHu(10, -30), hands=tuple(hands))
    return dataclasses.replace(session, hands=tuple(hands))


def _session_object_problems(session: Any) -> list[tuple[str, str]]:
    """A `Session` settled although the same sheet written as data is refused: its entries were trusted."""
    from mcr_score.systems.mcr.tournament import parse_session

    hands = []
    for i, entry in enumerate(session.hands, 1):
        if entry.n != i:
            return [("a Session with a HandEntry numbered out of place settled", f"hand {i} has n={entry.n}")]
        player = lambda index: index + 1 if isinstance(index, int) and not isinstance(index, bool) else index  # noqa: E731
        if entry.kind == "win":
            hand: dict[str, Any] = {"winner": player(entry.winner), "from": player(entry.discarder)}
            hand.update(points=entry.points, flowers=entry.flowers, notation=entry.notation)
        elif entry.kind == "draw":
            hand = {"draw": True}
        elif entry.kind == "false-hu":
            hand = {"false_hu": player(entry.offender)}
        else:
            return [("a Session with a HandEntry of an unknown kind settled", repr(entry.kind))]
        hand.update(penalties=list(entry.penalties), scores=list(entry.recorded) if entry.recorded else None)
        hands.append({k: v for k, v in hand.items() if v is not None})
    data = {"players": list(session.players), "false_hu": [session.false_hu.offender, session.false_hu.others]}
    _, problems = parse_session({**data, "hands": hands})
    if problems:
        return [("a Session whose HandEntry a sheet would refuse settled (trusted)", short(problems[0], 100))]
    return []


def _accepted(case: CallCase | CliCase, answer: Any) -> bool:
    """Whether a run read its input as good: a result, exit 0 (load_session: no problem listed)."""
    if isinstance(case, CliCase):
        code = answer[0] if isinstance(answer, tuple) else answer.code
        return code == 0
    if case.process:
        try:
            return answer.code == 0 and json.loads(answer.stdout).get("ok") is True
        except (ValueError, AttributeError):
            return False
    ok, value = answer
    if ok and case.function.endswith("load_session"):
        return not value[1]
    return bool(ok)


def _python(value: Any) -> Any:
    """A generated structure as the Python value a caller would pass (None when it has a repeated key)."""
    if isinstance(value, Dup):
        return None
    if isinstance(value, Raw):
        if re.fullmatch(r"-?9{5000}", value.text):
            return HUGE if not value.text.startswith("-") else -HUGE
        try:
            return json.loads(value.text)
        except (ValueError, RecursionError):
            return None
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            inner = _python(v)
            if inner is None and v is not None:
                return None
            out[k] = inner
        return out
    if isinstance(value, list):
        items = [_python(v) for v in value]
        return None if any(i is None and v is not None for i, v in zip(items, value, strict=True)) else items
    return value


# ---- standings ----------------------------------------------------------------------------------


def _standings_of(*paths: str) -> Any:
    import mcr_score

    return mcr_score.standings([mcr_score.score_session(p) for p in paths])


class StandingsSurface(Surface):
    """Several session files (duplicates, one sheet in two formats, look-alike players), `--players`
    files and `--ema-csv` outputs, through `standings` and `mcr-score standings`."""

    name = "standings"

    def generate(self, rng: random.Random, env: Env) -> Case:
        files: list[tuple[str, bytes | str]] = []
        names: list[str] = []
        players: list[str] = []
        for i in range(rng.choice((1, 2, 2, 3, 4))):
            sheet: Any = valid_sheet(rng)
            if rng.random() < 0.3:
                sheet = mutate_sheet(sheet, rng)
            if rng.random() < 0.3 and isinstance(sheet, dict) and isinstance(sheet.get("players"), list) and i:
                p = sheet["players"]  # a player of an earlier session, the name spelt a little differently
                if p and players:
                    p[0] = players[0] + rng.choice((" ", "\u200b", "\u00a0"))
            if isinstance(sheet, dict) and isinstance(sheet.get("players"), list):
                players += [str(p) for p in sheet["players"]]
            name = f"s{i}.json"
            files.append((name, dump_json(sheet, rng).encode()))
            names.append(name)
            if rng.random() < 0.2:  # the same sheet again, as CSV
                from .fuzz_data import dump_csv, sheet_rows

                other = f"t{i}.csv"
                files.append((other, dump_csv(sheet_rows(sheet if isinstance(sheet, dict) else {})).encode()))
                names.append(other)
        if rng.random() < 0.15:
            name, data = session_file(rng)
            files.append((name, data))
            names.append(name)
        if rng.random() < 0.2:
            names.append(rng.choice(names))  # the same file twice
        if rng.random() < 0.03:
            files.append(("z.json", rng.choice((FIFO, DEV_ZERO, LOOP, DIRECTORY))))
            names.append("z.json")
        special = any(c in BLOCKING for _, c in files)
        if rng.random() < 0.25:
            return CallCase("standings", tuple(names), (), tuple(files), process=special)
        argv = ["standings", *names]
        if rng.random() < 0.4:
            files.append(("players.csv", players_file(rng, players[:6])))
            argv += ["--players", "players.csv"]
        if rng.random() < 0.5:
            argv += ["--ema-csv", _output_option(rng, [n for n, _ in files], "ema.csv")]
        if rng.random() < 0.5:
            argv.append("--json")
        if rng.random() < 0.1:
            argv += ["--rules", rng.choice(("china", "wmo-2014"))]
        return CliCase(tuple(argv), tuple(files), process=special or rng.random() < env.process_share)

    def check(self, case: Case, probe: Probe, env: Env) -> None:
        assert isinstance(case, CallCase | CliCase)
        target = _target(case)
        answer = run_files_case(case, probe, env, {"standings": _standings_of})
        sessions = [str(a) for a in case.args] if isinstance(case, CallCase) else positionals(case.argv[1:])
        accepted = _accepted(case, answer)
        if accepted and isinstance(case, CliCase):
            _check_outputs(case, probe, target, env.sandbox.root, ("--ema-csv",))
        if case.process and isinstance(case, CallCase):
            return
        singly = self._each(case, env, sessions)
        if accepted:
            self._accepted(case, probe, target, answer, singly, sessions)
        elif isinstance(case, CliCase):
            self._refused(case, probe, target, answer, singly)

    def _each(self, case: CallCase | CliCase, env: Env, sessions: list[str]) -> dict[str, Any]:
        """Each session file alone, read by `score_session` in the oracle (its result or its error)."""
        import mcr_score

        out: dict[str, Any] = {}
        contents = dict(case.files)
        env.sandbox.prepare(case.files)
        with env.sandbox.inside():
            for name in dict.fromkeys(sessions):
                if not isinstance(contents.get(name), bytes):
                    continue
                try:
                    with bounded():
                        out[name] = mcr_score.score_session(name).to_dict()
                except (Exception, Hang) as e:  # any failure of reading it alone: the session surface judges those
                    out[name] = e
        return out

    def _accepted(
        self,
        case: CallCase | CliCase,
        probe: Probe,
        target: str,
        answer: Any,
        singly: dict[str, Any],
        sessions: list[str],
    ) -> None:
        rows: list[str] = []
        if isinstance(case, CallCase):
            rows = [r.player for r in answer[1].rows]
        elif "--json" in case.argv:
            stdout = answer[1] if isinstance(answer, tuple) else answer.stdout
            try:
                rows = [r["player"] for r in json.loads(stdout)["standings"]]
            except (ValueError, KeyError, TypeError):
                rows = []
        pairs = [(a, b) for i, a in enumerate(rows) for b in rows[i + 1 :] if looks_alike(a, b)]
        if pairs:
            probe.fail(target, "two players whose names look alike ranked apart", repr(pairs[0]))
        if len(sessions) != len(set(sessions)):
            probe.fail(target, "the same file given twice counted twice", " ".join(sessions))
        else:
            results = [(n, singly[n]) for n in sessions if isinstance(singly.get(n), dict)]
            same = [(a, b) for i, (a, ra) in enumerate(results) for b, rb in results[i + 1 :] if _same_sheet(ra, rb)]
            if same:
                probe.fail(target, "the same session in two files counted twice", f"{same[0][0]} and {same[0][1]}")

    def _refused(self, case: CliCase, probe: Probe, target: str, answer: Any, singly: dict[str, Any]) -> None:
        stdout, stderr = (answer[1], answer[2]) if isinstance(answer, tuple) else (answer.stdout, answer.stderr)
        text = stdout + stderr
        codes = set(re.findall(r'"code": "([a-z-]+)"', stdout)) | set(re.findall(r"^([a-z-]+): ", stderr, re.M))
        if not codes & SESSION_CODES or codes & {"bad-players-file"}:
            return
        bad = [n for n, r in singly.items() if isinstance(r, Exception)]
        if not bad:
            return
        if not any(n in text for n in bad):
            probe.fail(target, "an error that does not name its file", short(text))
        elif any(n not in text for n in bad):
            probe.fail(target, "a bad file not reported (only the first bad file named)", ", ".join(bad))


def _same_sheet(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("players", "hands", "totals")
    return all(a.get(k) == b.get(k) for k in keys)


# ---- catch-up -----------------------------------------------------------------------------------


class CatchupSurface(Surface):
    """`catch_up(scores, player)` with arbitrary values and `mcr-score catchup --scores/--player` strings."""

    name = "catchup"

    def generate(self, rng: random.Random, env: Env) -> Case:
        if rng.random() < 0.5:
            scores: Any = [rng.randint(-500, 500) for _ in range(4)]
            if rng.random() < 0.6:
                op = rng.randrange(5)
                if op == 0:
                    scores[rng.randrange(4)] = odd_value(rng)
                elif op == 1:
                    scores = scores[: rng.choice((0, 3))] + ([1] * rng.choice((0, 2)))
                elif op == 2:
                    scores = rng.choice((tuple(scores), b"1234", "1234", {1: 2, 3: 4, 5: 6, 7: 8}, range(4)))
                elif op == 3:
                    scores = odd_value(rng)
                else:
                    scores = [rng.choice((1.5, 2.0, True, float("nan"), HUGE, "8", -(10**10))) for _ in range(4)]
            args: tuple[Any, ...] = (scores,)
            if rng.random() < 0.6:
                args += (rng.choice((None, 1, 2, 3, 4, 0, 5, -1, True, "1", 1.0, 2.5, HUGE, float("nan"))),)
            return CallCase("mcr_score.catch_up", args)
        count = rng.choice((4, 4, 4, 4, 3, 5))
        scores_text = ",".join(
            str(rng.randint(-500, 500)) if rng.random() < 0.7 else number_text(rng) for _ in range(count)
        )
        argv = ["catchup", "--scores", scores_text]
        if rng.random() < 0.5:
            argv += ["--player", rng.choice(("1", "4", "0", "5", "+2", "٢", "1_0", "9" * 5000, "x", ""))]
        if rng.random() < 0.5:
            argv.append("--json")
        if rng.random() < 0.1:
            argv += ["--lang", rng.choice(("fr", "zh"))]
        return CliCase(tuple(argv), process=rng.random() < env.process_share)

    def check(self, case: Case, probe: Probe, env: Env) -> None:
        import mcr_score

        target = _target(case)
        if isinstance(case, CallCase):
            ok, value = probe.call(target, lambda: mcr_score.catch_up(*case.args), type_error=True)
            if ok:
                for kind, detail in _catchup_problems(case.args, value.to_dict()):
                    probe.fail(target, kind, detail)
            return
        assert isinstance(case, CliCase)
        if case.process:
            result = probe.process(target, [sys.executable, "-m", "mcr_score", *case.argv], env.sandbox.root)
            code, stdout = result.code, result.stdout
        else:
            code, stdout, _ = probe.cli(target, list(case.argv))
        if code == 0:
            texts = case.argv[2].split(",")
            if "--player" in case.argv:
                texts.append(case.argv[case.argv.index("--player") + 1])
            lenient = [t for t in texts if number_problem(t)]
            if lenient:
                probe.fail(target, number_problem(lenient[0]) or "", repr(lenient[0][:40]))
            if "--json" in case.argv:
                try:
                    data = json.loads(stdout)
                except ValueError:
                    return
                for kind, detail in _catchup_math(data):
                    probe.fail(target, kind, detail)


def _catchup_problems(args: tuple[Any, ...], data: dict[str, Any]) -> list[tuple[str, str]]:
    """An accepted catch-up: its scores must be the four whole numbers given, its player 1-4, its sums right."""
    scores, player = args[0], args[1] if len(args) > 1 else None
    out = []
    good = (
        isinstance(scores, Sequence)
        and not isinstance(scores, str | bytes | bytearray)
        and len(scores) == 4
        and all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
    )
    if not good:
        out.append(("scores that are not four whole numbers accepted (converted silently)", short(show(scores), 80)))
    elif any(abs(s) >= 10**MAX_DIGITS for s in scores):
        out.append((f"a score of more than {MAX_DIGITS} digits accepted", ""))
    elif list(scores) != data["scores"]:
        out.append(("scores changed", f"{data['scores']}"))
    if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
        out.append(("a player that is not a whole number accepted", show(player)))
    return out + _catchup_math(data)


def _catchup_math(data: dict[str, Any]) -> list[tuple[str, str]]:
    for chase in data.get("against", []):
        gap = chase["gap"]
        for key, per, fixed in (("self_drawn", 4, 32), ("from_them", 2, 32), ("from_other", 1, 32)):
            h = chase[key]
            if not (per * h + fixed > gap and (h == 8 or per * (h - 1) + fixed <= gap)):
                return [("a wrong smallest Hu", f"{key} {h} against gap {gap}")]
    return []


# ---- claims -------------------------------------------------------------------------------------


def _claim_calls() -> dict[str, Callable[..., Any]]:
    from mcr_score import batch
    from mcr_score.systems.mcr import claims

    return {
        "mcr_score.systems.mcr.claims.claim_from_text": claims.claim_from_text,
        "mcr_score.systems.mcr.claims.claim_from_json": claims.claim_from_json,
        "mcr_score.batch.score_line": batch.score_line,
    }


class ClaimsSurface(Surface):
    """Claims: `claim_from_text`, `claim_from_json`, batch records with claims, `explain --claim/--claim-fans`."""

    name = "claims"

    def generate(self, rng: random.Random, env: Env) -> Case:
        total = number_text(rng) if rng.random() < 0.6 else ""
        fans = claim_fans_text(rng)
        r = rng.random()
        if r < 0.25:
            return CallCase("mcr_score.systems.mcr.claims.claim_from_text", (total or None, fans or None))
        if r < 0.4:
            values = (_python(claim_json_value(rng)), _python(claim_json_value(rng)))
            return CallCase("mcr_score.systems.mcr.claims.claim_from_json", values)
        if r < 0.7:
            hand = rng.choice(NOTATIONS)
            fmt = rng.choice(("text", "jsonl", "csv"))
            if fmt == "text":
                return CallCase("mcr_score.batch.score_line", (f"r1\t{hand}\t{total}\t{fans}", "text"))
            if fmt == "jsonl":
                record: dict[str, Any] = {"id": "r1", "notation": hand}
                if rng.random() < 0.5:
                    record["claimed_total"] = claim_json_value(rng)
                record["claimed_fans"] = fans if rng.random() < 0.5 else claim_json_value(rng)
                return CallCase("mcr_score.batch.score_line", (dump_json(record), "jsonl"))
            delimiter = rng.choice((",", ";", "\t"))
            row = delimiter.join(_csv_quote(c, delimiter) for c in ("r1", hand, total, fans))
            columns = ("id", "notation", "claimed_total", "claimed_fans")
            return CallCase(
                "mcr_score.batch.score_line", (row, "csv"), (("columns", columns), ("delimiter", delimiter))
            )
        argv = ["explain", rng.choice(NOTATIONS)]
        if total or rng.random() < 0.3:
            argv += ["--claim", total]
        if fans or rng.random() < 0.5:
            argv += ["--claim-fans", fans]
        if rng.random() < 0.7:
            argv.append("--json")
        return CliCase(tuple(argv), process=rng.random() < env.process_share)

    def check(self, case: Case, probe: Probe, env: Env) -> None:
        target = _target(case)
        if isinstance(case, CallCase):
            fn = _claim_calls()[case.function]
            ok, value = probe.call(target, lambda: fn(*case.args, **dict(case.kwargs)))
            if not ok:
                return
            if case.function.endswith("score_line"):
                self._record(case, probe, target, value)
            elif value is not None:
                fans = list(value.fans) if value.fans is not None else None
                for kind, detail in claim_problems(case.args[0], case.args[1], fans):
                    probe.fail(target, kind, detail)
            return
        assert isinstance(case, CliCase)
        if case.process:
            result = probe.process(target, [sys.executable, "-m", "mcr_score", *case.argv], env.sandbox.root)
            code, stdout = result.code, result.stdout
        else:
            code, stdout, _ = probe.cli(target, list(case.argv))
        if code in (0, 1) and "--json" in case.argv:
            try:
                claim = json.loads(stdout).get("claim")
            except (ValueError, AttributeError):
                return
            if isinstance(claim, dict):
                total = case.argv[case.argv.index("--claim") + 1] if "--claim" in case.argv else None
                fans = case.argv[case.argv.index("--claim-fans") + 1] if "--claim-fans" in case.argv else None
                for kind, detail in claim_problems(total, fans, claim.get("fans")):
                    probe.fail(target, kind, detail)

    def _record(self, case: CallCase, probe: Probe, target: str, out: Any) -> None:
        if out is None:
            return
        if not out.get("ok", True) and out["error"]["code"] == "internal-error":
            probe.fail(target, f"internal-error record: {out['error']['message'][:60]}", short(out["error"]))
            return
        for problem in out.get("error", {}).get("problems", []) if not out.get("ok", True) else []:
            if problem.get("code") not in probe.documented:
                probe.fail(target, f"undocumented error code {problem.get('code')}", short(problem))
        claim = out.get("claim")
        if not isinstance(claim, dict):
            return
        record, fmt = case.args[0], case.args[1]
        total: object
        fans: object
        if fmt == "text":
            parts = record.split("\t")
            total, fans = parts[2], parts[3] if len(parts) > 3 else None
        elif fmt == "csv":
            row = next(csv.reader([record], delimiter=dict(case.kwargs)["delimiter"]))
            total, fans = row[2] if len(row) > 2 else None, row[3] if len(row) > 3 else None
        else:
            data = json.loads(record, parse_int=_json_int)
            total, fans = data.get("claimed_total"), data.get("claimed_fans")
        for kind, detail in claim_problems(total, fans, claim.get("claimed_fans")):
            probe.fail(target, kind, detail)


def _csv_quote(cell: str, delimiter: str) -> str:
    if any(c in cell for c in (delimiter, '"', "\n", "\r")):
        return '"' + cell.replace('"', '""') + '"'
    return cell


# ---- house profiles -----------------------------------------------------------------------------


def _house_calls() -> dict[str, Callable[..., Any]]:
    import mcr_score
    from mcr_score.systems.mcr import profiles

    return {
        "mcr_score.systems.mcr.profiles.load": profiles.load,
        "mcr_score.systems.mcr.profiles.get": profiles.get,
        "mcr_score.score": mcr_score.score,
    }


class HouseSurface(Surface):
    """House profile files (mutated from valid ones) through `profiles.load`/`get`, `score(h, rules)`
    and `--rules` of score, explain, fan, fans and batch."""

    name = "house"

    def generate(self, rng: random.Random, env: Env) -> Case:
        from .fuzz_data import house_profile

        name = rng.choice(("house.toml",) * 8 + ("House.TOML", "house", "a b.toml", "dir/h.toml"))
        content: bytes | str = house_profile(rng)
        if rng.random() < 0.04:
            content = rng.choice((FIFO, DEV_ZERO, LOOP, DIRECTORY))
        files = ((name, content),)
        special = content in BLOCKING
        r = rng.random()
        if r < 0.4:
            function = rng.choice(tuple(_house_calls()))
            if function == "mcr_score.score":
                rules: Any = rng.choice((Path(name), name, name))
                return CallCase(function, (HAND, rules), (), files, process=special)
            return CallCase(function, (rng.choice((name, name, Path(name))),), (), files, process=special)
        command = rng.choice((["score", HAND], ["explain", HAND], ["fan", "48"], ["batch", "in.txt"], ["fans"]))
        argv = [*command, "--rules", name]
        if command[0] == "batch":
            files += (("in.txt", f"{HAND}\n[1111m][2222s]345pEE67s8s|EE1000\n".encode()),)
        if rng.random() < 0.5 and command[0] != "batch":
            argv.append("--json")
        return CliCase(tuple(argv), files, process=special or rng.random() < env.process_share)

    def check(self, case: Case, probe: Probe, env: Env) -> None:
        assert isinstance(case, CallCase | CliCase)
        run_files_case(case, probe, env, _house_calls())


# ---- the other systems' files ----------------------------------------------------------------------

MAHO_HAND = "[123a][4a5b6c][7a7b7c][3a4b5c]9x9x"
SYSTEM_FILES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("card.toml", "nmjl/sample-card.toml", ("score", "FFFF 5555m 555pJ 2s 5s", "--system", "nmjl", "--card")),
    ("card.toml", "nmjl/sample-as-printed.toml", ("score", "11m 222m 3333m 444m 5m J", "--system", "nmjl", "--card")),
    ("deck.toml", "maho/deck.toml", ("score", MAHO_HAND, "--system", "maho", "--deck")),
    ("bonus.toml", "maho/bonus.toml", ("score", MAHO_HAND, "--system", "maho", "--mode", "original", "--bonus")),
    ("house.toml", "maho/house.toml", ("score", MAHO_HAND, "--system", "maho", "--rules")),
    ("club.toml", "hk/club.toml", ("score", HAND, "--system", "hk", "--rules")),
    ("game.json", "maho/game.json", ("session", "--system", "maho")),
)
"""Each file a user gives another rule system (an American card, a Maho! deck, bonus table, house
rules or game, the general Chinese rules' house values): its name, the example it is mutated from,
and the command that reads it (the file last, or, for a game, first)."""


class SystemFilesSurface(Surface):
    """The other systems' user files, mutated from the examples (a value of another kind or out of
    bounds, a key dropped or added, a list's item repeated past any game, the bytes broken), through
    the command that reads each, in the three languages and in JSON."""

    name = "system-files"

    def generate(self, rng: random.Random, env: Env) -> Case:
        import tomllib

        from .fuzz_data import mutate_bytes, mutate_document

        name, example, command = rng.choice(SYSTEM_FILES)
        text = (REPO / "examples" / example).read_text(encoding="utf-8")
        toml = name.endswith(".toml")
        data = tomllib.loads(text) if toml else json.loads(text)
        for _ in range(rng.choice((1, 1, 2, 3))):
            data = mutate_document(data, rng, toml)
        content: bytes | str = (dump_toml(data) if toml else dump_json(data, rng)).encode("utf-8")
        if rng.random() < 0.1:
            content = mutate_bytes(text.encode("utf-8"), rng)
        elif rng.random() < 0.03:
            content = rng.choice((FIFO, DEV_ZERO, DIRECTORY))
        argv = [command[0], name, *command[1:]] if command[0] == "session" else [*command, name]
        if rng.random() < 0.3:
            argv.append("--json")
        if rng.random() < 0.2:
            argv += ["--lang", rng.choice(("fr", "zh"))]
        special = content in BLOCKING
        return CliCase(tuple(argv), ((name, content),), process=special or rng.random() < env.process_share)

    def check(self, case: Case, probe: Probe, env: Env) -> None:
        assert isinstance(case, CliCase)
        run_files_case(case, probe, env, {})


# ---- the Python API ------------------------------------------------------------------------------

RESULT_TYPES = (
    "CatchUp",
    "DiscardsResult",
    "FanCount",
    "NotCounted",
    "Score",
    "SessionResult",
    "ShantenResult",
    "Standings",
    "WaitsResult",
    "compiled",
)
"""Names of `mcr_score.__all__` that are answers, not something a caller builds or calls with input."""


def _api_functions() -> list[str]:
    import mcr_score

    return [n for n in mcr_score.__all__ if n not in RESULT_TYPES and callable(getattr(mcr_score, n))]


def _good_value(param: str, rng: random.Random) -> Any:
    """A plausible value for a parameter, by its name."""
    import mcr_score

    hand = rng.choice((*NOTATIONS, "123456789m123p5s", "[123m1]456789m33pCC"))
    pool: dict[str, tuple[Any, ...]] = {
        "hand": (hand, hand, mcr_score.parse_hand(HAND)),
        "text": (hand,),
        "rules": ("green-book", "china", "wmo-2014", "house.toml", Path("house.toml")),
        "seen": ("5s", "1m2m", ["1m", "E"], [mcr_score.Tile("5s")], ""),
        "win": ("5s", mcr_score.Tile("5s"), None),
        "mark_win": (True, False),
        "scores": ([120, 80, -50, -150], (0, 0, 0, 0)),
        "player": (1, 4, None),
        "session": ("s.json", Path("s.json"), {"players": ["A", "B", "C", "D"], "hands": []}),
        "sessions": ([],),
        "path": ("s.json", Path("s.json")),
        "code": ("5m", "E"),
        "kind": ("chow", "pung", "kong"),
        "tile": (mcr_score.Tile("1m"),),
        "concealed": (True, False),
        "claim": (None, 1, 2),
        "melds": ((),),
        "standing": (tuple(mcr_score.Tile(c) for c in ("1m", "2m", "3m")),),
        "winning": (mcr_score.Tile("5s"),),
        "situation": (mcr_score.Situation(),),
        "self_drawn": (True, False),
        "flowers": (0, 3, 8),
        "seat_wind": ("E", "S"),
        "prevalent_wind": ("E", "N"),
    }
    return rng.choice(pool.get(param, (None,)))


class ApiSurface(Surface):
    """The public Python API (`mcr_score.__all__`) called with arbitrary values: only a result, a
    `TypeError` or a documented `McrError`; a `Hand` answered must read back; a value of the wrong
    type inside a `Hand`, `Meld` or `Situation` must not be scored silently."""

    name = "api"
    FILES = (
        ("house.toml", (Path(__file__).parents[2] / "examples/house-rules/club.toml").read_bytes()),
        ("s.json", (Path(__file__).parents[2] / "examples/session/full-16.json").read_bytes()),
    )

    def generate(self, rng: random.Random, env: Env) -> Case:
        import inspect

        import mcr_score

        name = rng.choice(_api_functions())
        function = f"mcr_score.{name}"
        try:
            params = list(inspect.signature(getattr(mcr_score, name)).parameters.values())
        except ValueError:  # compiled by mypyc: no signature to read; one to three arguments instead
            params = [inspect.Parameter(f"arg{i}", inspect.Parameter.POSITIONAL_OR_KEYWORD) for i in range(3)]
            params = params[: rng.randint(1, 3)]
        args: list[Any] = []
        kwargs: list[tuple[str, Any]] = []
        for p in params:
            if p.kind is p.VAR_KEYWORD:
                for key in rng.sample(("self_drawn", "flowers", "seat_wind", "kong", "flower_letters", "x"), 2):
                    kwargs.append((key, _good_value(key, rng) if rng.random() < 0.4 else odd_value(rng)))
                continue
            if p.default is not p.empty and rng.random() < 0.4:
                continue
            value = _good_value(p.name, rng) if rng.random() < 0.5 else odd_value(rng)
            if p.kind is p.KEYWORD_ONLY or (args and rng.random() < 0.3) or len(args) != params.index(p):
                kwargs.append((p.name, value))
            else:
                args.append(value)
        if rng.random() < 0.05:
            args.append(odd_value(rng))
        if name in ("score", "waits", "discards", "shanten", "format_hand", "check_hand") and rng.random() < 0.3:
            args[:1] = [_odd_hand(rng)]
        process = any(isinstance(v, Path) and str(v) in ("fifo",) for v in args)
        return CallCase(function, tuple(args), tuple(kwargs), self.FILES, process=process)

    def check(self, case: Case, probe: Probe, env: Env) -> None:
        import mcr_score

        assert isinstance(case, CallCase)
        target = case.function
        env.sandbox.prepare(case.files)
        before = env.sandbox.snapshot()
        fn = getattr(mcr_score, case.function.removeprefix("mcr_score."))
        with env.sandbox.inside():
            ok, value = probe.call(target, lambda: fn(*case.args, **dict(case.kwargs)), type_error=True)
            if ok:
                self._judge(case, probe, target, value)
        for kind, detail in silent_changes(before, env.sandbox.snapshot(), {n for n, _ in case.files}, set()):
            probe.fail(target, kind, detail)

    def _judge(self, case: CallCase, probe: Probe, target: str, value: Any) -> None:
        import mcr_score

        constructor = case.function.removeprefix("mcr_score.")[:1].isupper()
        if not constructor and not (case.function.endswith("check_hand") and value):  # check_hand said what is wrong
            wrong = [w for a in (*case.args, *(v for _, v in case.kwargs)) for w in wrong_fields(a)]
            if wrong:
                probe.fail(target, f"a value of the wrong type used silently ({wrong[0][0]})", wrong[0][1])
        if isinstance(value, mcr_score.Hand) and not constructor:
            try:
                again = mcr_score.parse_hand(mcr_score.format_hand(value))
                if again != value:
                    probe.fail(target, "a Hand that does not read back (format_hand then parse_hand)", short(value))
            except Exception as e:
                probe.fail(target, "a Hand that does not read back (format_hand then parse_hand)", f"{e!r}")
        to_dict = getattr(value, "to_dict", None)
        if callable(to_dict) and not constructor:
            try:
                json.dumps(to_dict(), allow_nan=False)
            except Exception as e:
                probe.fail(target, f"to_dict() is not JSON ({type(e).__name__})", short(e))


def _odd_hand(rng: random.Random) -> Any:
    """Something a caller might pass for a hand that is not one: its tiles as values or codes, a
    dict of its fields. (A `Hand` holding a wrong type cannot be made: its constructor checks each
    field's type, and the api surface calls the constructors with odd values too.)"""
    import mcr_score

    codes = ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5s", "5s")
    return rng.choice(
        (
            tuple(mcr_score.Tile(c) for c in codes),
            list(codes),
            {"standing": codes[:-1], "winning": codes[-1]},
            mcr_score.Situation(),
        )
    )


_VALUE_FIELDS: dict[str, dict[str, Callable[[Any], bool]]] = {
    "Situation": {
        "self_drawn": lambda v: isinstance(v, bool),
        "last_copy": lambda v: isinstance(v, bool),
        "wall_last": lambda v: isinstance(v, bool),
        "kong": lambda v: isinstance(v, bool),
        "seat_wind": lambda v: v in ("E", "S", "W", "N"),
        "prevalent_wind": lambda v: v in ("E", "S", "W", "N"),
        "flowers": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 8,
        "flower_letters": lambda v: isinstance(v, str),
    },
    "Meld": {
        "kind": lambda v: v in ("chow", "pung", "kong"),
        "tile": lambda v: type(v).__name__ == "Tile",
        "concealed": lambda v: isinstance(v, bool),
        "claim": lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool)),
    },
    "Hand": {
        "melds": lambda v: isinstance(v, tuple) and all(type(m).__name__ == "Meld" for m in v),
        "standing": lambda v: isinstance(v, tuple) and all(type(t).__name__ == "Tile" for t in v),
        "winning": lambda v: v is None or type(v).__name__ == "Tile",
        "situation": lambda v: type(v).__name__ == "Situation",
    },
}


def wrong_fields(value: Any, depth: int = 0) -> list[tuple[str, str]]:
    """The fields of the value types inside `value` that hold what their type does not allow."""
    kind = type(value).__name__
    out: list[tuple[str, str]] = []
    if depth > 3 or not is_dataclass(value) or kind not in _VALUE_FIELDS:
        return out
    for f in fields(value):
        v = getattr(value, f.name)
        check = _VALUE_FIELDS[kind].get(f.name)
        if check is not None and not check(v):
            out.append((f"{kind}.{f.name}", f"{kind}.{f.name}={short(show(v), 60)}"))
        items = v if isinstance(v, tuple) else (v,)
        for item in items:
            out += wrong_fields(item, depth + 1)
    return out


# ---- the service --------------------------------------------------------------------------------

BOOL_TEXTS = ("true", "false", "1", "0", "yes", "no", "on", "off", "maybe", "", "TRUE", "tru e", "2")
WIND_TEXTS = ("E", "S", "W", "N", "e", "x", "", "EE", "東")


class ServiceSurface(Surface):
    """The JSON service through FastAPI's test client: every endpoint of `/openapi.json`, random query
    strings and bodies, repeated fields, wrong content types and methods, huge and Unicode values."""

    name = "service"

    def __init__(self) -> None:
        self.schema: dict[str, Any] = {}

    def client(self, env: Env) -> Any:
        if env.client is None:
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                from fastapi.testclient import TestClient

            from mcr_score.web.api import create_app

            env.client = TestClient(create_app(), raise_server_exceptions=True)
            self.schema = env.client.get("/openapi.json").json()
        return env.client

    VALID: ClassVar[dict[str, tuple[str, ...]]] = {
        "hand": (*NOTATIONS, "123456789m123p5s", "[123m1]456789m33pCC"),
        "claim_fans": ("28,62", "69x2", "28 62 69x2 81", "1"),
        "claim": ("0", "22", "8"),
        "seat": ("E", "S", "W", "N"),
        "prevalent": ("E", "S", "W", "N"),
        "from": ("S", "W", "N"),
        "rules": ("green-book", "china", "wmo-2014"),
        "lang": ("en", "fr", "zh"),
        "seen": ("5s", "1m2m3m", "EE", ""),
        "win": ("5s", "E", "5m"),
        "flowers": ("0", "1", "8"),
    }

    def _value(self, name: str, kind: str, rng: random.Random, valid: bool = False) -> str:
        """A query value for a field: from its valid values when `valid`, else anything a user might send."""
        if valid and name in self.VALID:
            return rng.choice(self.VALID[name])
        if valid and kind == "boolean":
            return rng.choice(("false", "false", "false", "true"))
        if name == "hand":
            return rng.choice(
                (
                    rng.choice(NOTATIONS),
                    "123456789m123p5s",
                    "",
                    "x" * 201,
                    "1m\x00",
                    "🀇" * 14,
                    rng.choice(NOTATIONS) + "|EE1000|8",
                    mutate(rng.choice(NOTATIONS), rng, 2),
                )
            )
        if name == "claim_fans":
            return claim_fans_text(rng)
        if name in ("seat", "prevalent", "from"):
            return rng.choice(WIND_TEXTS)
        if name == "rules":
            return rng.choice(("green-book", "china", "wmo-2014", "house.toml", "", "x"))
        if name == "lang":
            return rng.choice(("en", "fr", "zh", "xx", ""))
        if name == "seen":
            return rng.choice(("5s", "1m2m3m", "EE", "9z", "1m" * 120, "", "ee", "5 s"))
        if name == "win":
            return rng.choice(("5s", "E", "5z", "x", "", "5s5s"))
        if kind == "boolean":
            return rng.choice(BOOL_TEXTS)
        if kind == "integer":
            return number_text(rng)
        return rng.choice(("x", "", "1", "\x00", "é" * 300))

    def _params(self, path: str, method: str) -> list[tuple[str, str]]:
        op = self.schema["paths"][path][method]
        out = []
        for p in op.get("parameters", []):
            s = p["schema"]
            kind = s.get("type") or next(
                (a.get("type") for a in s.get("anyOf", []) if a.get("type") != "null"), "string"
            )
            out.append((p["name"], kind, p["in"]))
        return out

    def _body_fields(self, path: str) -> dict[str, str]:
        op = self.schema["paths"][path].get("post", {})
        ref = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {}).get("$ref")
        if not ref:
            return {}
        model = self.schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
        out = {}
        for name, s in model.get("properties", {}).items():
            out[name] = s.get("type") or next(
                (a.get("type") for a in s.get("anyOf", []) if a.get("type") != "null"), "string"
            )
        return out

    def generate(self, rng: random.Random, env: Env) -> Case:
        self.client(env)
        paths = [p for p in self.schema["paths"] if p.startswith("/api/")]
        r = rng.random()
        path = rng.choice(paths)
        if r < 0.08:
            return HttpCase(rng.choice(("HEAD", "PUT", "DELETE", "PATCH", "OPTIONS")), path.replace("{number}", "1"))
        if r < 0.12:
            return HttpCase(
                rng.choice(("GET", "POST")),
                rng.choice(("/api/", "/api/nothing", "/api/fans/0", "/api/fans/82", "/api/fans/x", "/api/score/1")),
            )
        if r < 0.22:
            sheet: Any = valid_sheet(rng)
            for _ in range(rng.choice((0, 1, 1, 2))):
                sheet = mutate_sheet(sheet, rng) if isinstance(sheet, dict) else sheet
            query = (("rules", rng.choice(("china", "x"))),) if rng.random() < 0.2 else ()
            return HttpCase("POST", "/api/session", query, dump_json(sheet).encode(), "application/json")
        methods = list(self.schema["paths"][path])
        method = rng.choice(methods)
        number = rng.choice(("1", "81", "48", number_text(rng)))
        concrete = path.replace("{number}", urllib.parse.quote(number, safe=""))  # a URL holds no raw NUL
        if method == "get":
            params = [(name, kind) for name, kind, where in self._params(path, "get") if where == "query"]
            query = [(n, self._value(n, k, rng, True)) for n, k in params if n == "hand" or rng.random() < 0.35]
            kinds = dict(params)
            mode = rng.random()
            if mode < 0.4 and query:  # one field as anything a user might send; a claim often (explain)
                if "claim_fans" in kinds and rng.random() < 0.5:
                    query = [(n, v) for n, v in query if n != "claim_fans"] + [("claim_fans", "")]
                i = len(query) - 1 if query[-1][0] == "claim_fans" else rng.randrange(len(query))
                query[i] = (query[i][0], self._value(query[i][0], kinds.get(query[i][0], "string"), rng))
            elif mode < 0.55 and query:  # a field twice
                name, _ = rng.choice(query)
                query.append((name, self._value(name, kinds.get(name, "string"), rng, rng.random() < 0.7)))
            elif mode < 0.6:
                query.append((rng.choice(("x", "Hand", "self-drawn", "")), "1"))
            elif mode < 0.75:
                query = [(n, self._value(n, kinds.get(n, "string"), rng)) for n, _ in query]
            return HttpCase("GET", concrete, tuple(query))
        body_fields = self._body_fields(path)
        if not body_fields:
            return HttpCase("POST", concrete, (), dump_json({}).encode(), "application/json")
        body = {
            n: self._json_value(n, k, rng, True) for n, k in body_fields.items() if n == "hand" or rng.random() < 0.35
        }
        content: Any = body
        mode = rng.random()
        if mode < 0.4:  # one field of the wrong JSON type, or a value past its bounds
            name = rng.choice(list(body_fields))
            body[name] = self._json_value(name, body_fields[name], rng, False)
        elif mode < 0.48:
            content = Dup((*body.items(), ("hand", rng.choice(NOTATIONS))))
        elif mode < 0.52:
            body["unknown"] = 1
        elif mode < 0.65:
            body = {n: self._json_value(n, k, rng, False) for n, k in body_fields.items() if rng.random() < 0.5}
            content = body
        text = dump_json(content)
        if rng.random() < 0.1:
            text = rng.choice(
                (
                    "",
                    "null",
                    "[]",
                    '"x"',
                    "{",
                    "[" * 100_000,
                    text + "x",
                    "{" + '"a":' * 3000 + "1" + "}" * 3000,
                    json.dumps({"hand": "x" * 9000}),
                )
            )
        content_type = rng.choice(("application/json",) * 8 + ("text/plain", None, "application/x-www-form-urlencoded"))
        return HttpCase("POST", concrete, (), text.encode("utf-8", "replace"), content_type)

    def _json_value(self, name: str, kind: str, rng: random.Random, valid: bool) -> Any:
        if valid:
            if kind == "boolean":
                return rng.choice((True, False))
            return int(self._value(name, kind, rng, True)) if kind == "integer" else self._value(name, kind, rng, True)
        if rng.random() < 0.25:  # the wrong JSON type, or a number past every limit
            return rng.choice((True, "8", 8.0, 1, 0, Raw("9" * 5000), None, [], {}, "true", 1.5))
        if kind == "boolean":
            return rng.choice((True, False))
        if kind == "integer":
            return rng.choice((0, 3, 8, 9, -1, 24))
        return self._value(name, kind, rng)

    def check(self, case: Case, probe: Probe, env: Env) -> None:
        assert isinstance(case, HttpCase)
        client = self.client(env)
        target = _target(case)
        headers = {"content-type": case.content_type} if case.content_type else {}
        ok, response = probe.call(
            target,
            lambda: client.request(case.method, case.path, params=list(case.query), content=case.body, headers=headers),
            record=False,
        )
        if not ok:
            return
        status = response.status_code
        probe.outcomes[f"{target}: HTTP {status}"] += 1
        if status >= 500:
            probe.fail(target, f"HTTP {status}", short(response.text))
            return
        self._shape(case, probe, target, response)
        if status == 200:
            self._accepted(case, probe, target, response)

    def _shape(self, case: HttpCase, probe: Probe, target: str, response: Any) -> None:
        status = response.status_code
        gets = [p for p, ops in self.schema["paths"].items() if "get" in ops]
        if case.method == "HEAD":
            if status == 405 and any(re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", p), case.path) for p in gets):
                probe.fail(target, "HEAD answers 405 on a GET route", case.path)
            return
        if not case.path.startswith("/api/"):
            return
        text_route = case.path.startswith("/api/text/")
        content_type = response.headers.get("content-type", "")
        if status >= 400:
            if text_route and status == 422 and content_type.startswith("text/plain"):
                return
            if not content_type.startswith("application/json"):
                where = target if status not in (404, 405) else "/api/*"
                probe.fail(where, f"HTTP {status} body is not JSON", short(response.text, 80))
                return
            where = f"{target} (HTTP {status})" if status not in (404, 405) else f"/api/* (HTTP {status})"
            probe.json_shape(where, response.text, ok=False)
        elif not text_route and status == 200:
            try:
                json.loads(response.text)
            except ValueError:
                probe.fail(target, "an answer that is not JSON", short(response.text, 80))

    def _accepted(self, case: HttpCase, probe: Probe, target: str, response: Any) -> None:
        names = [k for k, _ in case.query]
        repeated = sorted({k for k in names if names.count(k) > 1})
        if repeated:
            probe.fail(
                f"{case.method} /api/*", "a repeated query field accepted (last wins)", f"{target}: {repeated[0]}"
            )
        for key, value in case.query:
            if key in ("flowers", "claim") and number_problem(value):
                probe.fail(f"{case.method} /api/*", f"query: {number_problem(value)}", f"{key}={value[:40]!r}")
            if key == "claim_fans":
                fans = None
                with_claim = (
                    response.json().get("claim")
                    if response.headers.get("content-type", "").startswith("application/json")
                    else None
                )
                if isinstance(with_claim, dict):
                    fans = with_claim.get("fans")
                for kind, detail in claim_problems(None, value, fans):
                    probe.fail(target, kind, detail)
        if case.method == "POST" and case.body is not None:
            duplicates: list[str] = []
            try:
                body = json.loads(case.body, object_pairs_hook=_pairs(duplicates), parse_int=_json_int)
            except (ValueError, RecursionError):
                return
            if duplicates:
                probe.fail("POST /api/*", "a JSON key given twice accepted", f"{target}: {duplicates[0]!r}")
            if case.path == "/api/session":
                for kind, detail in sheet_problems("s.json", case.body):
                    probe.fail(target, kind, detail)
                return
            if not isinstance(body, dict):
                return
            fields_ = self._body_fields(_route(case.path))
            for key, value in body.items():
                if not _json_type_ok(fields_.get(key), value):
                    probe.fail(
                        "POST /api/*",
                        "a JSON field of the wrong type accepted",
                        f"{target}: {key}={short(show(value), 40)}",
                    )
                    break
            if isinstance(body.get("claim_fans"), str):
                claim = response.json().get("claim")
                fans = claim.get("fans") if isinstance(claim, dict) else None
                for kind, detail in claim_problems(None, body["claim_fans"], fans):
                    probe.fail(target, kind, detail)


def _json_type_ok(kind: str | None, value: Any) -> bool:
    if kind is None or value is None:
        return True
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**MAX_DIGITS
    if kind == "string":
        return isinstance(value, str)
    return True


# ---- running ------------------------------------------------------------------------------------

SURFACE_TYPES: dict[str, type[Surface]] = {
    "session": SessionSurface,
    "standings": StandingsSurface,
    "catchup": CatchupSurface,
    "claims": ClaimsSurface,
    "house": HouseSurface,
    "system-files": SystemFilesSurface,
    "api": ApiSurface,
    "service": ServiceSurface,
}


def run(
    surface_name: str,
    n: int,
    seed: int,
    process_share: float = PROCESS_SHARE,
    shrink_budget: int = 150,
    shrink_seconds: float = 20.0,
    progress: Callable[[str], None] | None = None,
) -> SurfaceReport:
    """N inputs of one surface; each kind of failure kept with its smallest input, then shrunk."""
    surface = SURFACE_TYPES[surface_name]()
    report = SurfaceReport(surface_name, seed)
    rng = random.Random(f"{seed}:{surface_name}")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mcr-fuzz-") as folder:
        root = Path(folder)
        env = Env(Sandbox(root), documented_codes(), process_share)
        if surface_name == "service":
            try:
                surface.generate(random.Random(0), env)
            except ImportError as e:
                report.note = f"skipped: {e} (the web extra)"
                return report
        for i in range(1, n + 1):
            case = surface.generate(rng, env)
            if isinstance(case, CliCase) and case.process and any("\x00" in a for a in case.argv):
                case = dataclasses.replace(case, process=False)  # no process takes a NUL in its arguments
            probe = Probe(env.documented, env.startup)
            try:
                surface.check(case, probe, env)
            except Exception as e:  # the harness's own bug: reported with its input, the run goes on
                where = traceback.extract_tb(e.__traceback__)[-1]
                place = f"{os.path.basename(where.filename)}:{where.lineno}"
                probe.fail("fuzz harness", f"{name_of(e)} at {place} ({where.name})", short(e))
            report.inputs += 1
            report.outcomes.update(probe.outcomes)
            if probe.slowest[0] > report.slowest:
                report.slowest, report.slowest_target, report.slowest_case = probe.slowest[0], probe.slowest[1], case
            for target, failure in probe.failures:
                found = report.found.get(failure.kind)
                if found is None:
                    report.found[failure.kind] = Found(case, failure.detail, target)
                else:
                    found.count += 1
                    if case.size() < found.case.size():
                        found.case, found.detail = case, failure.detail
            if progress is not None and i % 1000 == 0:
                progress(f"  {surface_name}: {i:,} inputs, {len(report.found)} kinds of failure")
        if shrink_budget:
            for group in groups(report):
                kind, found = group.kind, group.found

                def still_fails(candidate: Case, kind: str = kind) -> bool:
                    probe = Probe(env.documented, env.startup)
                    try:
                        surface.check(candidate, probe, env)
                    except Exception:  # a candidate the surface's own oracle cannot read: not this failure
                        return False
                    return any(f.kind == kind for _, f in probe.failures)

                found.case = shrink(found.case, still_fails, shrink_budget, shrink_seconds)
                probe = Probe(env.documented, env.startup)
                surface.check(found.case, probe, env)
                found.detail = next((f.detail for _, f in probe.failures if f.kind == kind), found.detail)
    report.seconds = time.perf_counter() - started
    return report


@dataclass
class Group:
    """One distinct failure (`what` went wrong) over every target that showed it, with the input
    shown for it: the smallest, in process rather than in a child when both failed."""

    what: str
    kind: str  # the full kind of the input shown (its target and `what`)
    found: Found
    targets: dict[str, int]

    @property
    def count(self) -> int:
        return sum(self.targets.values())


def groups(report: SurfaceReport) -> list[Group]:
    """The report's failures by what went wrong, the most frequent first."""
    out: dict[str, Group] = {}
    for kind, found in report.found.items():
        target, _, what = kind.partition(": ")
        group = out.get(what)
        if group is None:
            out[what] = Group(what, kind, found, {target: found.count})
            continue
        group.targets[target] = found.count
        if _preferred(found.case) < _preferred(group.found.case):
            group.kind, group.found = kind, found
    return sorted(out.values(), key=lambda g: (-g.count, g.what))


def _preferred(case: Case) -> tuple[bool, int]:
    return (bool(getattr(case, "process", False)), case.size())


def render(report: SurfaceReport, most: int = 60) -> str:
    """The report of one surface: counts by outcome, the slowest target, each distinct failure with
    the targets that showed it and a reproducer."""
    lines = [f"== {report.surface}: {report.inputs:,} inputs (seed {report.seed}) in {report.seconds:.0f} s"]
    if report.note:
        return "\n".join([*lines, report.note])
    by_target: dict[str, list[str]] = {}
    for key, count in sorted(report.outcomes.items()):
        target, _, outcome = key.rpartition(": ")
        by_target.setdefault(target, []).append(f"{outcome} {count:,}")
    lines.append("outcomes")
    lines += [f"  {target}: {', '.join(items)}" for target, items in sorted(by_target.items())]
    if report.slowest_case is not None:
        lines.append(f"slowest   {report.slowest * 1000:.1f} ms CPU, {report.slowest_target}:")
        lines += ["    " + line for line in report.slowest_case.reproducer().splitlines()]
    found = groups(report)
    lines.append(f"failures  {report.failures:,} in {len(found)} distinct kinds")
    for i, group in enumerate(found[:most], 1):
        lines.append(f"[{i}] {group.what}  ({group.count:,} inputs)")
        lines.append("    in: " + ", ".join(f"{t} ({n:,})" for t, n in sorted(group.targets.items())))
        if group.found.detail:
            lines.append(f"    {short(group.found.detail, 300)}")
        lines += ["    " + line for line in group.found.case.reproducer().splitlines()]
    if len(found) > most:
        lines.append(f"... and {len(found) - most} more kinds")
    return "\n".join(lines)


# ---- the child process: a Python call on a FIFO or a device ---------------------------------------


def child(argv: list[str]) -> int:
    """`python -m tests.support.fuzz_surfaces child FUNCTION ARGS...`: call it; an allowed answer
    prints {"ok": ...} and exits 0, anything else is a traceback (the parent's failure)."""
    from mcr_score.errors import McrError

    calls = {**_session_calls(), **_house_calls(), "standings": _standings_of}
    function, args = argv[0], argv[1:]
    try:
        calls[function](*args)
        print(json.dumps({"ok": True}))
    except McrError as e:
        print(json.dumps({"ok": False, "error": e.to_dict()}, ensure_ascii=False, default=str))
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        sys.exit(child(sys.argv[2:]))
    print("run the surfaces through scripts/fuzz N --surface NAME", file=sys.stderr)
    sys.exit(2)
