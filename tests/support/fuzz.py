"""Fuzzing the readers of a hand: random and mutated strings into `parse_hand`, `score`,
`batch.score_line` (text and JSON lines) and `mcr-score score`. Each input may only be answered or
refused with a documented error code (the CLI with exit 0, 1 or 2 and no traceback), within
`LIMIT` seconds. The suite runs a bounded hypothesis test over `check`; `scripts/fuzz N` runs N
strings of `generate` through it and prints the counts.

Run: `.venv/bin/python -m tests.support.fuzz N [--seed S]` (what `scripts/fuzz` does).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from click.testing import CliRunner

from mcr_score import batch, parse_hand, score
from mcr_score.cli import main
from mcr_score.errors import McrError

LIMIT = 1.0  # CPU seconds for all the checks of one input (CPU: the machine may be shared)

# The codes the documentation (README and site) documents: notation and hand errors, then the batch record codes.
NOTATION_CODES = frozenset(
    {
        "illegal-character",
        "missing-suit",
        "bad-tile",
        "bad-meld",
        "bad-claim",
        "unclosed-meld",
        "bad-situation",
        "syntax",
        "oversized",
        "win-marker",
        "upper-case-suit",
        "full-width",
    }
)
HAND_CODES = frozenset(
    {"too-many-copies", "tile-count", "too-many-melds", "flowers", "impossible-situation", "win-tile"}
)
RECORD_CODES = frozenset(
    {"empty-record", "oversized", "encoding", "bad-json", "bad-field", "unknown-field", "bad-record"}
)
DOCUMENTED = NOTATION_CODES | HAND_CODES
SURFACES = ("session", "standings", "catchup", "claims", "house", "system-files", "api", "service")
"""The surfaces of `tests.support.fuzz_surfaces` (issue #22), each `--surface NAME`."""

# Valid hands to mutate: every form of the notation docs/notation.md shows.
SEEDS = (
    "123456789m123p5s5s|EE0000",
    "[EEEE][CCCC][FFFF][PPPP]NN",
    "1112345678999s9s",
    "[WWWW1][444s]45m678pFF6m",
    "11123456789999m|EE1000",
    "[1111s,1][2222m,2][3333p,7][4444p]88s|EE0000|2",
    "345s3p55p5567p[7777s]4p|EE0100|cbaghdfe",
    "[123p1][345s2][999s3]6m6pEW6m",
    "19m19p19s1234567z1m",
    "🀇🀏🀙🀡🀐🀘🀀🀁🀂🀃🀄🀅🀆🀇",
    "[1111s][2222m,1][4444p,3]8s333p8s|EE0000|",
    "[123m1]456789m33pCC3p|WE0000",
    "1234(5)6789m123p55s",
    "555666777p56s55s7s|EE1000|ab",
    "a🀢1112345678999s9s",
)
PIECES = (
    *"0123456789mpsz",
    *"ESWNCFP",
    *"abcdefgh",
    *"[],| \t",
    "|EE0000",
    "|EE1011|8",
    "🀇",
    "🀄",
    "🀢",
    "\ufe0f",
    "\u3000",
    "\x0b",
    "²",
    "٣",
    "é",
    "\n",
)


def random_text(rng: random.Random) -> str:
    """A string of notation pieces and stray characters, up to ~250 characters (past the limit)."""
    n = rng.choice((rng.randint(0, 12), rng.randint(0, 40), rng.randint(0, 250)))
    out = []
    for _ in range(n):
        if rng.random() < 0.05:
            out.append(chr(rng.randint(1, 0x2FFFF)))
        else:
            out.append(rng.choice(PIECES))
    text = "".join(out)
    return text.encode("utf-8", "replace").decode("utf-8", "replace")  # no lone surrogates


def mutate(text: str, rng: random.Random, edits: int) -> str:
    """`text` with `edits` random insertions, deletions, replacements, duplications or splices."""
    chars = list(text)
    for _ in range(edits):
        op = rng.randrange(5)
        i = rng.randrange(len(chars) + 1)
        if op == 0 or not chars:
            chars[i:i] = list(rng.choice(PIECES))
        elif op == 1:
            del chars[min(i, len(chars) - 1)]
        elif op == 2:
            chars[min(i, len(chars) - 1)] = rng.choice(PIECES)
        elif op == 3:
            j = rng.randrange(len(chars) + 1)
            chars[i:i] = chars[min(i, j) : max(i, j)]
        else:
            other = rng.choice(SEEDS)
            k = rng.randrange(len(other) + 1)
            chars[i:] = list(other[k:])
    return "".join(chars)


def generate(rng: random.Random) -> str:
    """One input: half random strings, half valid hands mutated a few times."""
    if rng.random() < 0.5:
        return random_text(rng)
    return mutate(rng.choice(SEEDS), rng, rng.choice((1, 1, 2, 3, 8)))


@dataclass
class Report:
    """What the checks of many inputs found."""

    inputs: int = 0
    parsed: int = 0  # parse_hand gave a hand
    winning: int = 0  # score gave a winning hand
    codes: Counter[str] = field(default_factory=Counter)  # parse_hand's refusals by code
    exits: Counter[int] = field(default_factory=Counter)  # the CLI's exit codes
    slowest: float = 0.0  # CPU seconds
    slowest_input: str = ""
    slowest_wall: float = 0.0  # wall-clock seconds (includes waiting for a loaded machine)
    failures: list[tuple[str, str]] = field(default_factory=list)  # (input, what went wrong)


class Checker:
    """Runs every reader on one input and records what happened."""

    def __init__(self, cli: bool = True) -> None:
        self.runner = CliRunner()
        self.cli = cli
        self.report = Report()

    def check(self, text: str) -> list[str]:
        """The problems of one input (empty: every reader answered it as documented, in time)."""
        problems: list[str] = []
        started, cpu = time.perf_counter(), time.process_time()
        r = self.report
        r.inputs += 1
        try:
            parse_hand(text)
            r.parsed += 1
        except McrError as e:
            r.codes[e.code] += 1
            problems += [f"parse_hand: undocumented code {p.code}" for p in e.problems if p.code not in DOCUMENTED]
        except Exception as e:
            problems.append(f"parse_hand raised {type(e).__name__}: {e}")
        try:
            r.winning += score(text).winning
        except McrError as e:
            problems += [f"score: undocumented code {p.code}" for p in e.problems if p.code not in DOCUMENTED]
        except Exception as e:
            problems.append(f"score raised {type(e).__name__}: {e}")
        line = text.replace("\n", " ").replace("\r", " ")
        for fmt, record in (("text", line), ("jsonl", json.dumps({"notation": text}))):
            try:
                out = batch.score_line(record, fmt, line=1)
            except Exception as e:
                problems.append(f"score_line({fmt}) raised {type(e).__name__}: {e}")
                continue
            if out is not None and not out["ok"] and out["error"]["code"] not in DOCUMENTED | RECORD_CODES:
                problems.append(f"score_line({fmt}): undocumented code {out['error']['code']}")
        if self.cli:
            result = self.runner.invoke(main, ["score", "--", text])
            r.exits[result.exit_code] += 1
            if result.exit_code not in (0, 1, 2) or not isinstance(result.exception, (SystemExit, type(None))):
                problems.append(f"CLI exit {result.exit_code}: {result.exception!r}")
            if "Traceback" in result.output:
                problems.append("CLI printed a traceback")
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        r.slowest_wall = max(r.slowest_wall, elapsed)
        if cpu > r.slowest:
            r.slowest, r.slowest_input = cpu, text
        if cpu > LIMIT:
            problems.append(f"took {cpu:.2f} s of CPU")
        r.failures += [(text, p) for p in problems]
        return problems


def inputs(n: int, seed: int) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(n):
        yield generate(rng)


def main_(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="number of inputs (per surface)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--surface",
        default="notation",
        choices=("notation", *SURFACES, "all"),
        help="what to fuzz (default: notation, the hand readers; all: every surface)",
    )
    parser.add_argument("--no-cli", action="store_true", help="notation: skip the in-process CLI (about 3x faster)")
    parser.add_argument(
        "--process-share",
        type=float,
        default=0.02,
        help="share of command lines also run in a real process (FIFOs and devices always are)",
    )
    parser.add_argument("--shrink", type=int, default=150, help="tries to shrink each kind of failure (0: none)")
    args = parser.parse_args(argv)
    surfaces = ("notation", *SURFACES) if args.surface == "all" else (args.surface,)
    failed = False
    for name in surfaces:
        if name == "notation":
            failed |= _notation(args.n, args.seed, not args.no_cli) != 0
            continue
        from .fuzz_surfaces import render, run

        def progress(line: str) -> None:
            print(line, file=sys.stderr, flush=True)

        report = run(name, args.n, args.seed, args.process_share, args.shrink, progress=progress)
        print(render(report), flush=True)
        failed |= report.failures > 0
    return 1 if failed else 0


def _notation(n: int, seed: int, cli: bool) -> int:
    """The hand readers (issue 12): counts by outcome, the slowest input, the failures."""
    checker = Checker(cli=cli)
    started = time.perf_counter()
    for i, text in enumerate(inputs(n, seed), start=1):
        checker.check(text)
        if i % 10_000 == 0:
            print(f"  {i:,} inputs, {len(checker.report.failures)} failures", file=sys.stderr, flush=True)
    r = checker.report
    seconds = time.perf_counter() - started
    print(f"inputs            {r.inputs:,} (seed {seed}) in {seconds:.0f} s")
    print(f"parsed            {r.parsed:,}")
    print(f"winning hands     {r.winning:,}")
    print("refused by code   " + ", ".join(f"{c} {n:,}" for c, n in r.codes.most_common()))
    if checker.cli:
        print("CLI exit codes    " + ", ".join(f"{c}: {n:,}" for c, n in sorted(r.exits.items())))
    print(f"slowest input     {r.slowest * 1000:.1f} ms CPU: {r.slowest_input!r}")
    print(f"slowest wall time {r.slowest_wall * 1000:.1f} ms (any input, machine load included)")
    print(f"failures          {len(r.failures):,}")
    for text, problem in r.failures[:20]:
        print(f"  {problem}: {text!r}")
    return 1 if r.failures else 0


if __name__ == "__main__":
    sys.exit(main_())
