"""Game records read and re-scored per second, on one core, against the plain batch of the same hands.

    .venv/bin/python -m benchmarks.records [--copies 50] [--repeat 3]

The real tziakcha session of the tests (16 hands, `tests/fixtures/records/tziakcha`) is written
`--copies` times as separate record files (each its own session id). Three things are timed in this
process, in CPU time (`time.process_time`, best of `--repeat`), on one core:

1. reading: the files read and every hand replayed from its wall (`games.read_games`);
2. `batch --from`: the same files through the batch run (`batch.run` with the games' records, one
   job, output to a file): reading, replaying, scoring, the claim check, the JSON out;
3. the plain batch: the same winning hands as JSON lines of notation with their claims (what
   `convert --to jsonl` writes), through the same run.

The target (issue 26): reading and replaying a record costs less than scoring it, i.e. (1) per hand
is below (3) per hand, and (2) - (3) is about (1). The last lines give the ratio (1) / (3), whether
it meets the target, the build that ran (`mcr_score.compiled`: run it on the compiled build from a
copy of the repository without `mcr_score/`, as `scripts/test-compiled` does) and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import mcr_score
from mcr_score import batch
from mcr_score.batch import games as batch_games
from mcr_score.games import read_games
from mcr_score.games.export import hand_outs

SESSION = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "records" / "tziakcha" / "session-GHQY2zTj.json"


def best(repeat: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--copies", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    doc = json.loads(SESSION.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for k in range(args.copies):
            doc["sessionId"] = f"S{k:05d}"
            path = Path(tmp) / f"s{k:05d}.json"
            path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
            paths.append(str(path))
        hands = sum(len(g.hands) for p in paths for g in read_games(p, "tziakcha"))
        jsonl = Path(tmp) / "hands.jsonl"
        with open(jsonl, "w", encoding="utf-8") as f:
            for p in paths:
                for game in read_games(p, "tziakcha"):
                    for hand in game.hands:
                        for out in hand_outs(game, hand):
                            f.write(out.jsonl() + "\n")
        out = os.path.join(tmp, "out.jsonl")
        null = open(os.devnull, "w")  # noqa: SIM115 (the runs' progress and summary go nowhere)

        def read() -> None:
            for p in paths:
                read_games(p, "tziakcha")

        def from_records() -> None:
            opened = batch_games.records(paths, "tziakcha", batch_games.GameTally())
            batch.run(paths[0], out, rules="china", jobs=1, opened_input=opened, progress=False, stderr=null)

        def plain() -> None:
            batch.run(str(jsonl), out, rules="china", jobs=1, progress=False, stderr=null)

        plain()  # warm the engine's caches as a long run has them
        t_read = best(args.repeat, read)
        t_from = best(args.repeat, from_records)
        t_plain = best(args.repeat, plain)
        null.close()
    us = 1e6 / hands
    print(
        f"{args.copies} copies of the real tziakcha session: {hands} winning hands, "
        f"one core, CPU time (best of {args.repeat})"
    )
    print(f"  reading and replaying the records  {t_read * us:8.1f} µs/hand  {hands / t_read:9.0f} hands/s")
    print(f"  batch --from tziakcha              {t_from * us:8.1f} µs/hand  {hands / t_from:9.0f} hands/s")
    print(f"  plain batch of the same hands      {t_plain * us:8.1f} µs/hand  {hands / t_plain:9.0f} hands/s")
    ratio = t_read / t_plain
    print(
        f"  reading and replaying / scoring: {ratio:.2f}, target below 1: {'met' if ratio < 1 else 'NOT met'} "
        f"(reading costs {ratio:.2f} times the scoring of a hand)"
    )
    print(f"  batch --from over the plain batch: {(t_from - t_plain) * us:+.1f} µs/hand")
    build = "compiled (mypyc)" if mcr_score.compiled else "pure Python"
    print(f"  build: {build}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
