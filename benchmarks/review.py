"""A 16-hand game reviewed for all four players, and `discards` on single positions.

    .venv/bin/python -m benchmarks.review [--repeat 3] [--jobs 2]

The real tziakcha session of the tests (`tests/fixtures/records/tziakcha`, 16 hands) is reviewed
whole (every player, every decision, each valued: `systems/mcr/valuation.py`) `--repeat` times on
one core (`review.judge.review_game`), and once as the command runs it with `--jobs`
(`review.judge.review_file`). Printed: the CPU time of the best one-core run (`time.process_time`)
and its wall time, the wall time with `--jobs`, the decisions judged; then `discards` on every
discard position of the session, the median and the slowest; and whether the engine ran compiled.
Targets (issue 41): the review at most 60 s wall with `--jobs 2`; `discards` at most 1 s a position
(compiled). The machine's load changes wall times: give `uptime` with the figures.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import mcr_score
from mcr_score import discards
from mcr_score.games import read_game
from mcr_score.review.judge import review_file, review_game
from mcr_score.vocabulary import DecisionKind as Kind

SESSION = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "records" / "tziakcha" / "session-GHQY2zTj.json"
TARGET = 60.0  # seconds of wall time, all four players of a 16-hand game, with --jobs 2
DISCARDS_TARGET = 1.0  # seconds, one position


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    game = read_game(SESSION)
    runs = []
    review = review_game(game)
    for _ in range(args.repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        review = review_game(game)
        runs.append((time.process_time() - cpu, time.perf_counter() - wall))
    cpu_s, wall_s = min(runs)
    start = time.perf_counter()
    review_file(SESSION, jobs=args.jobs)
    jobs_s = time.perf_counter() - start
    build = "compiled" if mcr_score.compiled else "pure"
    print(
        f"review of {game.id}: {len(game.hands)} hands, 4 players, {len(review.decisions)} decisions; "
        f"one core, best of {args.repeat}: {cpu_s:.2f} s CPU ({wall_s:.2f} s wall); "
        f"--jobs {args.jobs}: {jobs_s:.2f} s wall; {build} build; target {TARGET:.0f} s with --jobs 2"
    )
    times = []
    for d in review.decisions:
        if d.kind is Kind.DISCARD:
            start = time.perf_counter()
            discards(d.position, seen=d.visible, wall_left=d.wall_left, opponents=d.opponents)
            times.append(time.perf_counter() - start)
    print(
        f"discards on {len(times)} positions of the session, one call each: median "
        f"{1000 * statistics.median(times):.0f} ms, slowest {1000 * max(times):.0f} ms; "
        f"target {DISCARDS_TARGET:.0f} s a position, compiled"
    )
    return 0 if jobs_s <= TARGET and max(times) <= DISCARDS_TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
