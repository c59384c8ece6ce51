"""Agreement of the `china` profile with the reference calculator on many generated hands.

    .venv/bin/python -m benchmarks.differential --hands 20000 --seed 1

The pytest differential test runs a few thousand hands; this runs as many as asked, to find the
rare disagreements, and prints the agreement, how many hands contain each fan 1-82 (counted from
the reference, so a fan we never detect still shows up as covered or not), and up to 20
disagreeing hands grouped by their difference. Exits with status 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict

from mcr_score import format_hand, score
from tests.support.reference import REFERENCE_NAMES, reference_fans
from tests.support.strategies import generate

FAN_NAMES = {fan: name for name, fan in REFERENCE_NAMES.items()}


def our_fans(hand) -> dict[int, int] | None:
    result = score(hand, "china")
    return result.fan_counts() if result.winning else None


def difference(ours: dict | None, ref: dict | None) -> str:
    """A key shared by disagreements of the same kind, e.g. `+69x1 -23x1` (ours minus the reference's)."""
    if ours is None or ref is None:
        return f"winning: ours {ours is not None}, reference {ref is not None}"
    parts = []
    for fan in sorted(ours.keys() | ref.keys()):
        delta = ours.get(fan, 0) - ref.get(fan, 0)
        if delta:
            parts.append(f"{'+' if delta > 0 else '-'}{fan}x{abs(delta)} ({FAN_NAMES[fan]})")
    return " ".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000, help="number of hands to generate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=20, help="most disagreeing hands to print")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    hands = generate(args.hands, args.seed)
    generated = time.perf_counter()
    coverage: Counter[int] = Counter()
    groups: dict[str, list[tuple]] = defaultdict(list)
    for hand in hands:
        ours, ref = our_fans(hand), reference_fans(hand)
        if ref:
            coverage.update(ref.keys())
        if ours != ref:
            groups[difference(ours, ref)].append((hand, ours, ref))
    scored = time.perf_counter()

    n = len(hands)
    wrong = sum(len(g) for g in groups.values())
    print(
        f"{n} hands, seed {args.seed}: generated in {generated - start:.1f} s, scored by both in "
        f"{scored - generated:.1f} s"
    )
    print(f"agreement: {n - wrong}/{n} hands ({(n - wrong) / n:.3%}); disagreements: {wrong}")

    print("\nFan coverage (hands containing the fan, per the reference):")
    for fan in range(1, 83):
        print(f"  {fan:2d} {FAN_NAMES[fan]:34s} {coverage[fan]:6d}")
    rarest = min(range(1, 83), key=lambda f: coverage[f])
    print(
        f"rarest fan: {rarest} {FAN_NAMES[rarest]} in {coverage[rarest]} hands; "
        f"never seen: {[f for f in range(1, 83) if not coverage[f]] or 'none'}"
    )

    if groups:
        print(f"\nDisagreements in {len(groups)} groups (ours minus reference), at most {args.show} hands:")
        shown = 0
        for key, members in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            if shown >= args.show:
                break
            print(f"  [{len(members)} hands] {key}")
            for hand, ours, ref in members[: max(1, min(3, args.show - shown))]:
                print(f"    {format_hand(hand)}")
                print(f"      ours:      {None if ours is None else dict(sorted(ours.items()))}")
                print(f"      reference: {None if ref is None else dict(sorted(ref.items()))}")
                shown += 1
    return 1 if groups else 0


if __name__ == "__main__":
    sys.exit(main())
