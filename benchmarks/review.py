"""A 16-hand game reviewed for all four players, on one core.

    .venv/bin/python -m benchmarks.review [--repeat 3]

The real tziakcha session of the tests (`tests/fixtures/records/tziakcha`, 16 hands) is read once,
then reviewed whole (`review.judge.review_game`, every player, every decision) `--repeat` times;
printed: the CPU time of the best run (`time.process_time`, one process, so one core) and its wall
time, the decisions judged, and whether the engine ran compiled. The target (issue 27): at most
10 s in the pure build (`mcr_score.compiled` False).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import mcr_score
from mcr_score.games import read_game
from mcr_score.review.judge import review_game

SESSION = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "records" / "tziakcha" / "session-GHQY2zTj.json"
TARGET = 10.0  # seconds, all four players of a 16-hand game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    game = read_game(SESSION)
    runs = []
    for _ in range(args.repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        review = review_game(game)
        runs.append((time.process_time() - cpu, time.perf_counter() - wall))
    cpu_s, wall_s = min(runs)
    build = "compiled" if mcr_score.compiled else "pure"
    print(
        f"review of {game.id}: {len(game.hands)} hands, 4 players, {len(review.decisions)} decisions; "
        f"best of {args.repeat}: {cpu_s:.2f} s CPU ({wall_s:.2f} s wall), {build} build; target {TARGET:.0f} s"
    )
    return 0 if cpu_s <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
