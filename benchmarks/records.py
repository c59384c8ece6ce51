"""`batch --from botzone` at the size of Botzone's `data.txt` (issue 40): hands/s at jobs 1 and 2, and
where a hand's time goes (read, replay, score, write).

    .venv/bin/python -m benchmarks.records [--scale 1.0] [--sample PATH] [--jobs 1,2] [--phases 5000]
    scripts/test-compiled --benchmark-records [ARGS]     # the same on the compiled build

Input: Botzone's 16-match sample (`botzone-sample16.txt`, beside the repository in
`shared/records-t4-scale/`, no licence: read, never copied into the repository) replicated, each copy
of a match under its own id, to `--scale` times `data.txt`'s 98,208 matches (85,932 winning hands
at scale 1), written to a temporary folder that is removed after the run.

1. Throughput: the real command, `mcr-score batch FILE --from botzone -j N -o OUT`, in a fresh
   process for each N of `--jobs`; winning hands a second over the wall time (interpreter start-up
   included), and the CPU time of the process tree a hand. The speed-up of the last N over the first.
2. Phases, in this process, in CPU time (`time.process_time`), on the first `--phases` matches:
   reading and replaying (the text cut into matches, each hand played on the table as its lines are
   read: `botzone.iter_text`), and apart, for where that time goes, the replay of a hand's events
   (`replay.replay` of the records read, their events made before: how the other formats' hands are
   replayed, timed alone); scoring (`records.score_game_hand`: the score and the claim check) and
   writing (the JSON line); the collector paused (every phase's values are kept, as a worker, which
   holds one piece, never does).

The last lines say the build that ran (`mcr_score.compiled`: the compiled one from the wheel that
`scripts/test-compiled` installs) and the load average: on a machine shared with other work,
compare CPU µs/hand, which the load does not change much, rather than the rates.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import mcr_score
from mcr_score.batch.output import serialize
from mcr_score.batch.reading import GameHand
from mcr_score.batch.records import score_game_hand
from mcr_score.games import botzone
from mcr_score.games.export import hand_outs
from mcr_score.games.model import Game
from mcr_score.games.replay import replay
from tests.support import REPO
from tests.support.cli import CLI

DATA_TXT_MATCHES = 98_208
SAMPLE = "records-t4-scale/botzone-sample16.txt"


def find_sample() -> Path | None:
    """The sample beside the repository (`../shared`), or two folders up (a worktree's)."""
    for base in (REPO.parent, REPO.parent.parent, Path("/work")):
        path = base / "shared" / SAMPLE
        if path.is_file():
            return path
    return None


def replicate(sample: Path, matches: int, target: Path) -> int:
    """Write `matches` matches, the sample's in turn, each copy under its own id; the winning hands."""
    blocks = [b for b in re.split(r"(?m)^(?=Match )", sample.read_text(encoding="utf-8")) if b.strip()]
    wins = 0
    with open(target, "w", encoding="utf-8") as f:
        for k in range(matches):
            block = blocks[k % len(blocks)]
            wins += len(re.findall(r"(?m)^Player [0-3] Hu ", block))
            f.write(re.sub(r"^Match (\S+)", lambda m, k=k: f"Match {m[1]}-{k:06d}", block, count=1))
    return wins


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def throughput(path: Path, jobs: int, out: Path) -> tuple[float, float]:
    """Wall seconds and CPU seconds (all processes) of `batch --from botzone -j jobs`."""
    cpu = children_cpu()
    start = time.monotonic()
    argv = [*CLI, "batch", str(path), "--from", "botzone", "-j", str(jobs), "-o", str(out), "--no-progress"]
    subprocess.run(argv, check=True, stderr=subprocess.DEVNULL)
    return time.monotonic() - start, children_cpu() - cpu


def phases(path: Path, matches: int, rules: str) -> dict[str, float]:
    """CPU seconds of each phase over the first `matches` matches of the file."""
    with open(path, encoding="utf-8") as f:
        lines = list(_first_matches(f, matches))
    gc.collect()
    gc.disable()  # the phases' values are all kept here, which a worker never does: no collector walking them
    try:
        return _timed(lines, rules)
    finally:
        gc.enable()


def _timed(lines: list[str], rules: str) -> dict[str, float]:
    t0 = time.process_time()
    games = list(botzone.iter_text("bench", lines))
    t_read_replay = time.process_time() - t0
    # The replay alone, from the events (made first, untimed: the reader plays a hand as it reads it
    # and makes its events only when asked), as the hands of the other formats are replayed.
    records = [(dataclasses.replace(g.hands[0], events=tuple(g.hands[0].events)), g.id) for g in games]
    t0 = time.process_time()
    replayed = [replay(record, match) for record, match in records]
    t_replay = time.process_time() - t0
    hands = []
    for hand, (_, match) in zip(replayed, records, strict=True):
        game = Game(botzone.RecordFormat.BOTZONE, match, "", botzone.NAMES, (hand,))
        for k, out in enumerate(hand_outs(game, hand)):
            if out.problem is None and out.notation is not None:
                hands.append(GameHand(len(hands) + 1, out, hand.wins[k].hand))
    score_game_hand(hands[0], rules)  # the engine's tables built
    t0 = time.process_time()
    outs = [score_game_hand(h, rules) for h in hands]
    t_score = time.process_time() - t0
    t0 = time.process_time()
    for out in outs:
        serialize([out], "jsonl")
    t_write = time.process_time() - t0
    return {"hands": len(hands), "read+replay": t_read_replay, "replay": t_replay, "score": t_score, "write": t_write}


def _first_matches(lines: Iterator[str], matches: int) -> Iterator[str]:
    seen = 0
    for line in lines:
        if line.startswith("Match "):
            seen += 1
            if seen > matches:
                return
        yield line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=1.0, help="times data.txt's 98,208 matches")
    parser.add_argument("--sample", type=Path, default=None, help="the Botzone text to replicate")
    parser.add_argument("--jobs", default="1,2", help="the --jobs values to run, comma-separated")
    parser.add_argument("--phases", type=int, default=5000, help="matches timed phase by phase (0: none)")
    parser.add_argument("--rules", default="china")
    args = parser.parse_args(argv)
    sample = args.sample or find_sample()
    if sample is None:
        parser.error(f"no sample: give --sample (the {SAMPLE} of the shared folder)")
    jobs = [int(j) for j in args.jobs.split(",") if j]
    matches = max(1, round(DATA_TXT_MATCHES * args.scale))
    build = "compiled (mypyc)" if mcr_score.compiled else "pure Python"
    with tempfile.TemporaryDirectory(prefix="mcr-records-") as tmp:
        path = Path(tmp) / "data.txt"
        wins = replicate(sample, matches, path)
        size = path.stat().st_size
        print(f"{matches:,} Botzone matches ({size / 1e6:.0f} MB, {wins:,} winning hands), {build}")
        rates = {}
        for n in jobs:
            wall, cpu = throughput(path, n, Path(tmp) / f"out{n}.jsonl")
            rates[n] = wins / wall
            print(
                f"  batch --from botzone -j {n}: {wall:7.1f} s  {rates[n]:8.0f} winning hands/s"
                f"  CPU {cpu / wins * 1e3:.3f} ms/hand"
            )
        if len(jobs) > 1:
            outs = [(Path(tmp) / f"out{n}.jsonl").read_bytes() for n in jobs]
            same = all(o == outs[0] for o in outs)
            print(
                f"  -j {jobs[-1]} over -j {jobs[0]}: {rates[jobs[-1]] / rates[jobs[0]]:.2f}x; outputs identical: {same}"
            )
        if args.phases:
            t = phases(path, min(args.phases, matches), args.rules)
            per = 1e3 / t["hands"]
            print(f"  phases, CPU time, first {min(args.phases, matches):,} matches ({t['hands']:,} winning hands):")
            both = t["read+replay"] * per
            print(f"    read+replay {both:.3f} ms/hand (each hand played as read; target 0.15 compiled)")
            print(f"      (replay  {t['replay'] * per:.3f} ms/hand: of a hand's events, timed alone)")
            for name in ("score", "write"):
                print(f"    {name:11} {t[name] * per:.3f} ms/hand")
    print(f"  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
