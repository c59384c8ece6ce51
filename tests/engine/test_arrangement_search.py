"""The arrangement search and the completing tiles, against plain definitions (issue 11's fast paths).

- `completing_tiles(standing)` read from the shapes equals trying every kind with an independent
  `is_complete` (tests/support/strategies.py): on hands near every shape, seven pairs, thirteen
  orphans and knitted ones included, with 0-4 declared melds;
- `arrange` (per-suit tables, the pair's suit and rank known before splitting) lists the same
  arrangements in the same order as the straightforward search it replaced
  (tests/support/arrange_reference.py);
- `waits_on_one_tile` is "exactly one completing kind, exhausted kinds aside".
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, example, find, given, settings
from hypothesis import strategies as st

from mcr_score.engine.arrangements import (
    CHOW,
    KNIT_TILES,
    ORPHANS,
    PUNG,
    Set,
    _melds_splits,
    _suit_splits,
    arrange,
    completing_tiles,
    counts_of,
    is_complete,
    meld_set,
    standard_splits,
)
from mcr_score.engine.waits import waits_on_one_tile
from mcr_score.tiles import COPIES
from tests.support import strategies
from tests.support.arrange_reference import _splits, reference_arrange

Counts = tuple[int, ...]
HONORS = tuple(range(27, 34))
POOLS = (
    tuple(range(34)),
    tuple(range(9)),
    tuple(range(9, 18)) + HONORS,
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 27, 31),
    ORPHANS,
    *(tiles + HONORS for tiles in KNIT_TILES[:2]),
)


def plus(counts: Counts, tile: int) -> Counts:
    return tuple(c + (i == tile) for i, c in enumerate(counts))


@st.composite
def standing_counts(draw: st.DrawFn) -> tuple[Counts, int]:
    """13 - 3 * melds standing tiles (at most four of a kind), drawn near one shape or another."""
    melds = draw(st.sampled_from([0, 0, 0, 0, 1, 1, 2, 3, 4]))
    size = 13 - 3 * melds
    counts = [0] * 34
    shape = draw(st.sampled_from(["pool", "pool", "pairs", "orphans", "knitted", "knitted-honors"]))
    if shape == "pairs" and melds == 0:  # six pairs (a kind may be two of them) and a loose tile
        kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
        if draw(st.booleans()):  # four of a kind are two pairs
            kinds[1] = kinds[0]
        for t in kinds[:6]:
            counts[t] += 2
        counts[kinds[6]] += 1
    elif shape == "orphans" and melds == 0:
        for t in draw(st.lists(st.sampled_from(ORPHANS), min_size=11, max_size=13, unique=True)):
            counts[t] += 1
    elif shape.startswith("knitted") and melds <= 1:
        tiles = draw(st.sampled_from(KNIT_TILES))
        for t in draw(st.lists(st.sampled_from(tiles), min_size=7, max_size=9, unique=True)):
            counts[t] += 1
        if shape == "knitted-honors" and melds == 0:
            for t in draw(st.lists(st.sampled_from(HONORS), max_size=13 - sum(counts), unique=True)):
                counts[t] += 1
    pool = ORPHANS if shape == "orphans" else draw(st.sampled_from(POOLS))
    while sum(counts) > size:
        counts[max(range(34), key=counts.__getitem__)] -= 1
    for t in draw(st.lists(st.sampled_from(pool), min_size=40, max_size=40)):
        if sum(counts) < size and counts[t] < 4:
            counts[t] += 1
    while sum(counts) < size:  # the pool ran short: any kind with a copy left
        counts[counts.index(min(counts))] += 1
    return tuple(counts), melds


def brute_force(standing: Counts, melds: int) -> list[int]:
    return [w for w in range(34) if strategies.is_complete(list(plus(standing, w)), melds)]


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(standing_counts())
@example((tuple(int(i in ORPHANS) for i in range(34)), 0))  # thirteen-sided orphans
# 1111m 23456m EEEE: only a fifth E would complete it (found by a whole-suite Hypothesis run)
@example(((4, 1, 1, 1, 1, 1, *[0] * 21, 4, *[0] * 6), 0))
def test_completing_tiles_are_the_kinds_that_complete(case: tuple[Counts, int]) -> None:
    """Kinds held four times count (the formal waits of A#77-79), but for an honour: a fifth honour
    completes only four of it and three sets, a hand that no tile makes a win (the four are a pung
    and a single waiting for a pair of the same kind), so the engine's honour tables stop at four
    and such a hand's formal waits never decide a fan."""
    standing, melds = case
    held = {w for w in range(27, 34) if standing[w] == COPIES}
    want = [w for w in brute_force(standing, melds) if w not in held]
    assert [w for w in completing_tiles(standing, melds) if w not in held] == want
    assert [w for w in range(34) if is_complete(plus(standing, w), melds)] == want
    assert waits_on_one_tile(standing, melds, frozenset()) == (len(want) == 1)
    if want:
        assert waits_on_one_tile(standing, melds, frozenset(want[1:])) is True


def special_wait(case: tuple[Counts, int], shape: str) -> bool:
    standing, melds = case
    for w in brute_force(standing, melds):
        full = plus(standing, w)
        if shape == "pairs" and melds == 0 and all(c in (0, 2, 4) for c in full):
            return True
        if shape == "orphans" and melds == 0 and all(full[i] for i in ORPHANS) and sum(full) == 14:
            return True
        if shape == "knitted" and any(all(full[i] for i in tiles) for tiles in KNIT_TILES):
            return True
    return False


@pytest.mark.parametrize("shape", ["pairs", "orphans", "knitted"])
def test_the_generated_cases_reach_every_special_wait(shape: str) -> None:
    """The strategy above is not idle: each special shape's completion occurs in what it draws."""
    find(standing_counts(), lambda case: special_wait(case, shape), settings=settings(database=None, max_examples=5000))


@st.composite
def concealed_counts(draw: st.DrawFn) -> tuple[Counts, tuple[Set, ...]]:
    """14 - 3 * melds concealed tiles, mostly winning: generated winning hands, one-suit hands (the
    many-split ones) and random ones, with declared melds."""
    kind = draw(st.sampled_from(["winning", "one-suit", "random"]))
    if kind == "winning":
        hand = draw(strategies.winning_hands())
        return tuple(counts_of(hand.concealed_tiles())), tuple(meld_set(m) for m in hand.melds)
    melds = draw(st.sampled_from([0, 0, 1, 2]))
    size = 14 - 3 * melds
    pool = range(9) if kind == "one-suit" else draw(st.sampled_from(POOLS))
    counts = [0] * 34
    if kind == "one-suit":  # sets and a pair of one suit, then moved a little
        for _ in range(size // 3):
            low = draw(st.integers(0, 6))
            for t in (low, low + 1, low + 2) if draw(st.booleans()) else (low,) * 3:
                counts[t] += 1
        counts[draw(st.integers(0, 8))] += 2
        if max(counts) > 4:
            counts = [0] * 34
    for t in draw(st.lists(st.sampled_from(pool), min_size=60, max_size=60)):
        if sum(counts) < size and counts[t] < 4:
            counts[t] += 1
    declared = tuple(Set(CHOW if i % 2 else PUNG, 27 + i if i % 2 == 0 else 18 + i, False, True) for i in range(melds))
    return tuple(counts), declared


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(concealed_counts())
def test_arrange_lists_what_the_straightforward_search_lists_in_its_order(case: tuple[Counts, tuple[Set, ...]]) -> None:
    counts, melds = case
    assert arrange(counts, melds) == reference_arrange(counts, melds)


def test_every_suit_shape_splits_as_the_straightforward_search_splits_it() -> None:
    """All one-suit counts of up to 14 tiles (at most four of a rank): the same splits, same order."""
    checked = 0
    for c in itertools.product(range(5), repeat=9):
        if sum(c) > 14 or sum(c) % 3 == 1:
            continue
        want = [(sets, -1 if p is None else p) for sets, p in _splits(c)]
        assert _suit_splits(c) == want, c
        checked += 1
    assert checked > 100000


def test_a_suit_splits_into_sets_each_way_once_in_search_order() -> None:
    three = [sets for _, sets in _melds_splits((3, 3, 3, 0, 0, 0, 0, 0, 0))]
    assert three == [((PUNG, 0), (PUNG, 1), (PUNG, 2)), ((CHOW, 0),) * 3]
    assert _melds_splits((1, 1, 0, 0, 0, 0, 0, 0, 0)) == []


def test_standard_splits_need_the_number_of_sets_asked_for() -> None:
    counts = tuple(  # 123m 456m 789m 11p: three sets and a pair
        1 if i < 9 else 2 if i == 9 else 0 for i in range(34)
    )
    assert standard_splits(counts, 3) == [
        ((Set(CHOW, 0, True, False), Set(CHOW, 3, True, False), Set(CHOW, 6, True, False)), 9)
    ]
    assert standard_splits(counts, 4) == []
