"""Real game records re-scored: per format, the winning hands rebuilt and how many agree with the
record's own total (and fans, where it names them) under `china` and under `green-book`.

    .venv/bin/python -m benchmarks.real_records FILE... [--from auto|tziakcha|salasasa|botzone|pmn|gbhelper]

Opt-in, and it fetches nothing: give it the record files (tests/fixtures/records holds the ones this
repository may ship; tests/fixtures/records/README.md names the public ones it may not, and where
they are). Each disagreement is listed with the fans missing and extra, so that a rule reading of
the platform can be told from a misread record.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from typing import Any

from mcr_score import score
from mcr_score.games import read_games
from mcr_score.games.export import hand_outs

PROFILES = ("china", "green-book")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--from", dest="fmt", default="auto")
    args = parser.parse_args(argv)
    table: dict[str, Counter[str]] = defaultdict(Counter)
    disagreements: list[str] = []
    for path in args.files:
        for game in read_games(path, None if args.fmt == "auto" else args.fmt):
            row = table[game.format.value]
            row["games"] += 1
            for hand in game.hands:
                row["hands"] += 1
                for out in hand_outs(game, hand):
                    if out.problem is not None:
                        row["unreplayable"] += 1
                        disagreements.append(f"{out.id}: {out.problem.message}")
                        continue
                    if out.notation is None:
                        continue
                    row["rescored"] += 1
                    for rules in PROFILES:
                        result = score(out.notation, rules)
                        ours = Counter(result.fan_counts())
                        total_ok = out.total is None or result.total == out.total
                        fans_ok = not out.fans or Counter(out.fans) == ours
                        row[f"{rules} total"] += total_ok
                        row[f"{rules} fans"] += fans_ok and bool(out.fans)
                        if not (total_ok and fans_ok):
                            missing = sorted((ours - Counter(out.fans or ())).elements()) if out.fans else "-"
                            extra = sorted((Counter(out.fans or ()) - ours).elements()) if out.fans else "-"
                            disagreements.append(
                                f"{out.id} [{rules}]: {out.notation} recorded {out.total}, ours {result.total}; "
                                f"missing {missing}, extra {extra}"
                            )
                    row["with fans"] += bool(out.fans)
    _print(table)
    for line in disagreements:
        print(" ", line)
    return 0


def _print(table: dict[str, Any]) -> None:
    heads = ["format", "games", "hands", "rescored", "with fans", "unreplayable"]
    heads += [f"{p} {k}" for p in PROFILES for k in ("total", "fans")]
    print(" | ".join(heads))
    for fmt, row in sorted(table.items()):
        print(" | ".join([fmt, *(str(row[h]) for h in heads[1:])]))


if __name__ == "__main__":
    raise SystemExit(main())
