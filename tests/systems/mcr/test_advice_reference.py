"""Differential tests of `shanten` and `waits` under `china` against the reference, PyMahjongGB.

On a fixed sample of generated 13-tile hands (every form, with and without melds, from ready to
four swaps away): each form's shanten and useful tiles, the least shanten, and for ready hands
every wait tile with its totals on a discard and self-drawn (`tests/support/advice.compare`).
`python -m benchmarks.advice_differential --hands 100000` runs the same comparison on 100k hands.
"""

from __future__ import annotations

import random
from collections import Counter

from mcr_score import format_hand
from tests.support.advice import compare, draw_waiting

SEED = 20261122
SAMPLE_SIZE = 2500
MAX_REPORTED = 10


def test_sample_agrees_with_reference() -> None:
    rng = random.Random(SEED)
    counts: Counter[str] = Counter()
    differing = []
    for _ in range(SAMPLE_SIZE):
        hand = draw_waiting(rng)
        counts[f"melds {len(hand.melds)}"] += 1
        problems = compare(hand, counts)
        if problems:
            differing.append("\n    ".join([format_hand(hand), *problems]))
    assert not differing, f"{len(differing)} of {SAMPLE_SIZE} hands differ:\n" + "\n".join(differing[:MAX_REPORTED])
    # the sample covers every form, melds from none to four, and many ready hands
    assert all(counts[f"melds {k}"] >= 100 for k in range(5)), counts
    assert all(counts[f"form {f}"] >= 500 for f in ("seven-pairs", "thirteen-orphans", "honors-and-knitted")), counts
    assert counts["ready (waits compared)"] >= 1000, counts


def test_sample_reaches_ready_in_every_special_form() -> None:
    """Each special form is the least (and ready) on some hands, so its waits are compared too."""
    from mcr_score.systems.mcr.advice import shanten

    rng = random.Random(SEED)
    ready_in: Counter[str] = Counter()
    for _ in range(SAMPLE_SIZE):
        result = shanten(draw_waiting(rng))
        for f in ("seven-pairs", "thirteen-orphans", "honors-and-knitted", "knitted-straight"):
            form = result.form(f)
            if form is not None and form.shanten == 0:
                ready_in[f] += 1
    assert all(
        ready_in[f] >= 5 for f in ("seven-pairs", "thirteen-orphans", "honors-and-knitted", "knitted-straight")
    ), ready_in
