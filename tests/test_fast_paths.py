"""The speed-ups are exact: each fast path is checked against the plain definition it replaces.

- `arrangements.completing_tiles` (per-suit tables) against `is_complete` over every tile kind;
- a detector skipped for an arrangement (`detectors.Needs` not met) would have found nothing;
- the batch package and the notation load their heavy parts only on use (start-up time).
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from mcr_score import batch, profiles
from mcr_score.arrangements import arrange, completing_tiles, counts_of, is_complete, meld_set
from mcr_score.fans.detectors import DETECTORS, NEEDS
from mcr_score.fans.facts import build_facts
from mcr_score.placement import placements
from tests.support.strategies import generate

HANDS = generate(600, 11)


def plus(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    out = list(counts)
    out[tile] += 1
    return tuple(out)


def random_standing(rng: random.Random) -> tuple[tuple[int, ...], int]:
    melds = rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
    pool = rng.choice(
        [
            list(range(34)),
            list(range(9)),
            list(range(9)) + list(range(27, 34)),
            [0, 8, 9, 17, 18, 26, *range(27, 34)],
            [0, 3, 6, 10, 13, 16, 20, 23, 26, *range(27, 34)],
        ]
    )
    counts = [0] * 34
    while sum(counts) < 13 - 3 * melds:
        t = rng.choice(pool)
        if counts[t] < 4:
            counts[t] += 1
    return tuple(counts), melds


def test_completing_tiles_is_is_complete_over_every_tile() -> None:
    rng = random.Random(7)
    cases = [random_standing(rng) for _ in range(6000)]
    cases += [(tuple(counts_of(h.standing)), len(h.melds)) for h in HANDS]
    found = 0
    for standing, melds in cases:
        want = [w for w in range(34) if is_complete(plus(standing, w), melds)]
        assert completing_tiles(standing, melds) == want, (standing, melds)
        found += bool(want)
    assert found > 500  # the cases include many waiting hands


@pytest.mark.parametrize("rules", ["china", "green-book"])
def test_a_skipped_detector_would_have_found_nothing(rules: str) -> None:
    profile = profiles.get(rules)
    skipped = 0
    for hand in HANDS:
        if hand.winning is None:
            continue
        counts = counts_of(hand.concealed_tiles())
        for arr in arrange(tuple(counts), tuple(meld_set(m) for m in hand.melds)):
            places = placements(arr, hand.winning.index)
            facts = build_facts(arr, places, tuple(counts), hand.winning.index, hand.situation, True, 0, profile.flags)
            for fan, detect in DETECTORS.items():
                if not NEEDS[fan].met(facts.form, len(facts.chows), len(facts.pungs)):
                    skipped += 1
                    assert detect(facts) == [], (fan, hand)
    assert skipped > 1000


def test_the_batch_package_loads_a_name_on_first_use() -> None:
    assert batch.score_line is batch.records.score_line
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = batch.nothing  # type: ignore[attr-defined]


def test_scoring_canonical_text_loads_neither_lark_nor_the_worker_pool() -> None:
    code = (
        "import sys, mcr_score.cli, mcr_score; mcr_score.score('123456789m123p5s5s|EE0000'); "
        "heavy = ('lark', 'mcr_score.parser', 'mcr_score.batch.pool', 'mcr_score.batch.runner'); "
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"
