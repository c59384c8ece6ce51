"""The fast detectors and facts are exact: each is checked against the plain definition it replaces.

- `Facts.kinds` (tile kinds as bits), `suits` and `honors` against the tiles counted one by one;
- every fan of the whole hand, now one mask test on `Facts.kinds`, against its definition over the
  set of tile kinds (as the fan table states it), on random tile sets drawn to hit each fan;
- every combination fan (chows and pungs in groups of 2-4) against its definition over the groups
  listed in position order, on random chows and pungs drawn to hit each fan;
- a detector skipped for the hand's traits (honors, suits, self-draw, ...) would have found nothing;
- the exclusion passes read per-profile orders: against sorting the profile's data per hand.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from itertools import combinations, pairwise

import pytest

from mcr_score.engine.arrangements import (
    CHOW,
    HONORS_KNITTED,
    PUNG,
    STANDARD,
    Arrangement,
    Set,
    arrange,
    counts_of,
    meld_set,
)
from mcr_score.engine.waits import placements
from mcr_score.hand import Situation
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.exclusions import Removed, _combination, _disjoint, _orders, combine
from mcr_score.systems.mcr.fans.detectors import DETECTORS, NEEDS
from mcr_score.systems.mcr.fans.facts import Facts, build_facts, traits_of
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.tiles import GREEN, REVERSIBLE
from tests.support.strategies import generate

HANDS = generate(400, 23)
TERMINALS = {0, 8, 9, 17, 18, 26}
HONORS = set(range(27, 34))


def rank(i: int) -> int:
    return i % 9 + 1


def suits(tiles: set[int]) -> set[int]:
    return {i // 9 for i in tiles if i < 27}


def within(ranks: set[int]) -> Callable[[set[int]], bool]:
    return lambda ts: all(i < 27 and rank(i) in ranks for i in ts)


# The fans of the whole hand as the table defines them, over the set of tile kinds present.
WHOLE_HAND: dict[Fan, Callable[[set[int]], bool]] = {
    Fan.ALL_GREEN: lambda ts: ts <= GREEN,
    Fan.REVERSIBLE_TILES: lambda ts: ts <= REVERSIBLE,
    Fan.ALL_TERMINALS: lambda ts: ts <= TERMINALS,
    Fan.ALL_HONORS: lambda ts: ts <= HONORS,
    Fan.ALL_TERMINALS_AND_HONORS: lambda ts: ts <= TERMINALS | HONORS,
    Fan.ALL_SIMPLES: lambda ts: not ts & (TERMINALS | HONORS),
    Fan.NO_HONORS: lambda ts: not ts & HONORS,
    Fan.UPPER_TILES: within({7, 8, 9}),
    Fan.MIDDLE_TILES: within({4, 5, 6}),
    Fan.LOWER_TILES: within({1, 2, 3}),
    Fan.UPPER_FOUR: within({6, 7, 8, 9}),
    Fan.LOWER_FOUR: within({1, 2, 3, 4}),
    Fan.FULL_FLUSH: lambda ts: len(suits(ts)) == 1 and not ts & HONORS,
    Fan.HALF_FLUSH: lambda ts: len(suits(ts)) == 1 and bool(ts & HONORS),
    Fan.ONE_VOIDED_SUIT: lambda ts: len(suits(ts)) == 2,
    Fan.ALL_TYPES: lambda ts: len(suits(ts)) == 3 and bool(ts & {27, 28, 29, 30}) and bool(ts & {31, 32, 33}),
}
POOLS = [
    list(range(34)),
    sorted(GREEN),
    sorted(REVERSIBLE),
    sorted(TERMINALS),
    sorted(HONORS),
    sorted(TERMINALS | HONORS),
    list(range(9)),
    list(range(9, 18)) + sorted(HONORS),
    [i for i in range(27) if rank(i) in (7, 8, 9)],
    [i for i in range(27) if rank(i) in (4, 5, 6)],
    [i for i in range(27) if rank(i) <= 4],
    [i for i in range(27) if rank(i) >= 6],
    [i for i in range(27) if 2 <= rank(i) <= 8],
    [0, 9, 18, 27, 31],
]


def facts_of_every_arrangement() -> list[Facts]:
    out = []
    for hand in HANDS:
        if hand.winning is None:
            continue
        counts = tuple(counts_of(hand.concealed_tiles()))
        for arr in arrange(counts, tuple(meld_set(m) for m in hand.melds)):
            places = placements(arr, hand.winning.index)
            out.append(build_facts(arr, places, counts, hand.winning.index, hand.situation, True, 0, frozenset()))
    return out


FACTS = facts_of_every_arrangement()


def test_kinds_suits_and_honors_are_the_tiles_counted_one_by_one() -> None:
    for f in FACTS:
        tiles = {i for i, c in enumerate(f.counts) if c}
        assert f.kinds == sum(1 << i for i in tiles)
        assert f.suits == len(suits(tiles))
        assert f.honors == bool(tiles & HONORS)


def with_kinds(f: Facts, tiles: set[int]) -> Facts:
    return dataclasses.replace(
        f, kinds=sum(1 << i for i in tiles), suits=len(suits(tiles)), honors=bool(tiles & HONORS)
    )


@pytest.mark.parametrize("fan", list(WHOLE_HAND), ids=lambda f: f.name)
def test_each_mask_detector_is_its_definition_over_tile_sets(fan: Fan) -> None:
    rng = random.Random(int(fan))
    base = FACTS[0]
    sets = [{i for i, c in enumerate(f.counts) if c} for f in FACTS]
    for _ in range(3000):
        pool = rng.choice(POOLS)
        sets.append(set(rng.sample(pool, rng.randint(1, min(len(pool), 9)))))
    hits = 0
    for tiles in sets:
        want = WHOLE_HAND[fan](tiles)
        assert DETECTORS[fan](with_kinds(base, tiles)) == ([()] if want else []), (fan, sorted(tiles))
        hits += want
    assert hits > 20


def test_the_knitted_and_five_fans_are_their_definitions() -> None:
    for f in FACTS:
        tiles = {i for i, c in enumerate(f.counts) if c}
        greater = f.form == HONORS_KNITTED and len(tiles & HONORS) == 7
        assert DETECTORS[Fan.GREATER_HONORS_AND_KNITTED_TILES](f) == ([()] if greater else [])
        if f.form == HONORS_KNITTED:
            assert DETECTORS[Fan.KNITTED_STRAIGHT](f) == ([()] if len(tiles - HONORS) == 9 else [])
        for fan, good in (
            (Fan.ALL_FIVES, lambda t: t < 27 and rank(t) == 5),
            (Fan.OUTSIDE_HAND, lambda t: t in TERMINALS | HONORS),
        ):
            want = (
                f.form == STANDARD
                and f.pair is not None
                and good(f.pair)
                and all(any(good(t) for t in s.indices) for s in f.sets)
            )
            assert DETECTORS[fan](f) == ([()] if want else []), (fan, f.arrangement)
        even = f.form == STANDARD and len(f.pungs) == 4 and all(i < 27 and rank(i) % 2 == 0 for i in tiles)
        assert DETECTORS[Fan.ALL_EVEN_PUNGS](f) == ([()] if even else [])


# The combination fans as the table defines them, over the tiles of a group of sets (sorted).
def pure_step(ts: list[int], step: int) -> bool:
    return all(b - a == step for a, b in pairwise(ts)) and len({t // 9 for t in ts}) == 1


def mixed(ts: list[int], step: int) -> bool:
    ranks = sorted(t % 9 for t in ts)
    return len({t // 9 for t in ts}) == len(ts) and all(b - a == step for a, b in pairwise(ranks))


CHOW_FANS: dict[Fan, tuple[int, Callable[[list[int]], bool]]] = {
    Fan.PURE_DOUBLE_CHOW: (2, lambda s: s[0] == s[1]),
    Fan.MIXED_DOUBLE_CHOW: (2, lambda s: mixed(s, 0)),
    Fan.SHORT_STRAIGHT: (2, lambda s: pure_step(s, 3)),
    Fan.TWO_TERMINAL_CHOWS: (2, lambda s: pure_step(s, 6) and s[0] % 9 == 0),
    Fan.PURE_TRIPLE_CHOW: (3, lambda s: s[0] == s[2]),
    Fan.PURE_STRAIGHT: (3, lambda s: pure_step(s, 3) and s[0] % 9 == 0),
    Fan.PURE_SHIFTED_CHOWS: (3, lambda s: pure_step(s, 1) or pure_step(s, 2)),
    Fan.MIXED_STRAIGHT: (3, lambda s: len({t // 9 for t in s}) == 3 and sorted(t % 9 for t in s) == [0, 3, 6]),
    Fan.MIXED_TRIPLE_CHOW: (3, lambda s: mixed(s, 0)),
    Fan.MIXED_SHIFTED_CHOWS: (3, lambda s: mixed(s, 1)),
    Fan.QUADRUPLE_CHOW: (4, lambda s: s[0] == s[3]),
    Fan.FOUR_PURE_SHIFTED_CHOWS: (4, lambda s: pure_step(s, 1) or pure_step(s, 2)),
}
PUNG_FANS: dict[Fan, tuple[int, Callable[[list[int]], bool]]] = {
    Fan.DOUBLE_PUNG: (2, lambda t: mixed(t, 0)),
    Fan.PURE_SHIFTED_PUNGS: (3, lambda t: pure_step(t, 1)),
    Fan.TRIPLE_PUNG: (3, lambda t: len({x % 9 for x in t}) == 1),
    Fan.MIXED_SHIFTED_PUNGS: (3, lambda t: mixed(t, 1)),
    Fan.FOUR_PURE_SHIFTED_PUNGS: (4, lambda t: pure_step(t, 1)),
}


def expected(members: list[tuple[int, int]], size: int, pred: Callable[[list[int]], bool]) -> list[tuple[int, ...]]:
    """Hits over the groups of `size` members listed in position order (as the table reads them)."""
    return [tuple(p for p, _ in combo) for combo in combinations(members, size) if pred(sorted(t for _, t in combo))]


def random_sets(rng: random.Random, kind: int) -> tuple[Set, ...]:
    """2-4 chows or pungs, drawn near each other so that the combination fans come up."""
    n = rng.randint(2, 4)
    highest = 6 if kind == CHOW else 8
    base = rng.randint(0, highest)
    out: list[Set] = []
    while len(out) < n:
        r = min(highest, max(0, base + rng.choice([0, 0, 1, 2, 3, 6, -1])))
        tile = 9 * rng.randrange(3) + r
        if kind == PUNG and any(s.tile == tile for s in out):
            continue
        out.append(Set(kind, tile, rng.random() < 0.7, False))
    return tuple(out)


@pytest.mark.parametrize("kind", [CHOW, PUNG], ids=["chows", "pungs"])
def test_each_combination_detector_is_its_definition_over_groups(kind: int) -> None:
    rng = random.Random(5 + kind)
    table = CHOW_FANS if kind == CHOW else PUNG_FANS
    arrangements = [f.arrangement for f in FACTS] + [
        Arrangement(STANDARD, random_sets(rng, kind), 4) for _ in range(4000)
    ]
    found = dict.fromkeys(table, 0)
    for arr in arrangements:
        f = build_facts(arr, (), (0,) * 34, 4, Situation(self_drawn=True), False, 0, frozenset())
        members = list(f.chows) if kind == CHOW else [(p, t) for p, t in f.pungs if t < 27]
        for fan, (size, pred) in table.items():
            want = expected(members, size, pred)
            assert DETECTORS[fan](f) == want, (fan, arr.sets)
            found[fan] += bool(want)
    assert all(found.values()), found


@pytest.mark.parametrize("rules", ["china", "green-book"])
def test_the_exclusion_orders_are_the_profile_data_sorted(rules: str) -> None:
    profile = profiles.get(rules)
    orders = _orders(profile)
    fans = sorted(profile.points, key=lambda f: (-profile.points[f], f))
    assert sorted(fans, key=orders.rank.__getitem__) == fans
    for mine, theirs in ((orders.series, profile.series), (orders.excludes, profile.excludes)):
        assert {f: set(o) for f, o in mine.items()} == {f: set(o) for f, o in theirs.items() if o}
        assert all(list(o) == sorted(o) for o in mine.values())
    assert [f for f, _ in orders.own] == sorted(f for f, o in profile.excludes_own.items() if o)


def situations(rng: random.Random) -> list[Situation]:
    return [
        Situation(
            self_drawn=rng.random() < 0.5,
            last_copy=rng.random() < 0.3,
            wall_last=rng.random() < 0.3,
            kong=rng.random() < 0.3,
            seat_wind=rng.choice("ESWN"),
            prevalent_wind=rng.choice("ESWN"),
            flowers=rng.choice([0, 0, 1, 3]),
        )
        for _ in range(6)
    ]


@pytest.mark.parametrize("rules", ["china", "green-book"])
def test_a_detector_skipped_for_the_hands_traits_would_have_found_nothing(rules: str) -> None:
    """`Needs.traits` (honors, suits, self-draw, flowers, last copy, unique wait) is a necessary
    condition: over every arrangement of the generated hands in several situations, and over
    random tile sets, a detector whose traits are not met finds nothing."""
    profile = profiles.get(rules)
    rng = random.Random(3)
    skipped = 0
    cases = []
    for hand in HANDS[:150]:
        if hand.winning is None:
            continue
        counts = tuple(counts_of(hand.concealed_tiles()))
        for arr in arrange(counts, tuple(meld_set(m) for m in hand.melds)):
            places = placements(arr, hand.winning.index)
            for situation in situations(rng):
                for unique in (False, True):
                    cases.append(
                        build_facts(arr, places, counts, hand.winning.index, situation, unique, 0, profile.flags)
                    )
    base = FACTS[0]
    for _ in range(3000):
        pool = rng.choice(POOLS)
        f = with_kinds(base, set(rng.sample(pool, rng.randint(1, min(len(pool), 9)))))
        cases.append(
            dataclasses.replace(
                f, traits=traits_of(f.honors, f.suits, f.self_drawn, f.flowers, f.last_copy, f.unique_wait)
            )
        )
    for f in cases:
        assert f.traits == traits_of(f.honors, f.suits, f.self_drawn, f.flowers, f.last_copy, f.unique_wait)
        for fan in profile.points:
            needs = NEEDS[fan]
            if needs.met(f.form, len(f.chows), len(f.pungs)) and not needs.met(
                f.form, len(f.chows), len(f.pungs), f.traits
            ):
                skipped += 1
                assert DETECTORS[fan](f) == [], (fan, f.arrangement, f.situation)
    assert skipped > 10000


def test_disjoint_combination_hits_are_all_counted_as_the_search_would() -> None:
    """`combine` skips the search when no two hits share a set: the search keeps them all, in its order."""
    profile = profiles.get("china")
    fans = sorted(f for f in profile.points if f in profile.combination_fans)
    rng = random.Random(9)
    disjoint = 0
    for _ in range(3000):
        hits = []
        for _ in range(rng.randint(1, 4)):
            hits.append((rng.choice(fans), tuple(sorted(rng.sample(range(5), rng.randint(2, 3))))))
        if not _disjoint(hits):
            continue
        disjoint += 1
        chosen, removed = _combination(tuple(hits), profile)
        assert removed == ()
        assert list(chosen) == sorted(hits, key=lambda fh: (-profile.points[fh[0]], fh[0], fh[1]))
        out: list[Removed] = []
        counted = combine({f: [h for g, h in hits if g == f] for f, _ in hits}, profile, out)
        assert out == []
        assert counted == {f: [h for g, h in chosen if g == f] for f, _ in chosen}
    assert disjoint > 300


def _forest(chosen: list[tuple[Fan, tuple[int, ...]]]) -> bool:
    """The combination principles, stated plainly: the sets-and-hits incidence graph has no cycle
    (no two hits share two sets, no ring of hits), and a fan never uses a set twice."""
    parent = list(range(6))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for i, (f, h) in enumerate(chosen):
        roots = {root(p) for p in h}
        if len(roots) != len(h):
            return False
        first = roots.pop()
        for r in roots:
            parent[r] = first
        if any(g == f and set(h) & set(k) for g, k in chosen[:i]):
            return False
    return True


def test_the_combination_search_is_the_best_subset_by_exhaustion() -> None:
    """`_best_choice` (incremental components, bounded) equals trying every subset of the hits: the
    highest total, then the smallest fan numbers, then the first subset in the search's order."""
    from mcr_score.systems.mcr.exclusions import _best_choice

    profile = profiles.get("china")
    points = profile.points
    fans = sorted(f for f in points if f in profile.combination_fans)
    rng = random.Random(11)
    shared = 0
    for _ in range(1500):
        hits = [
            (rng.choice(fans), tuple(sorted(rng.sample(range(5), rng.randint(2, 3))))) for _ in range(rng.randint(2, 7))
        ]
        order = sorted(hits, key=lambda fh: (-points[fh[0]], fh[0], fh[1]))
        best: tuple[tuple[int, tuple[int, ...]], list[tuple[Fan, tuple[int, ...]]]] | None = None
        for mask in range((1 << len(order)) - 1, -1, -1):  # every subset, in the search's order: taking a hit first
            subset = [fh for i, fh in enumerate(order) if mask >> (len(order) - 1 - i) & 1]
            if not _forest(subset):
                continue
            key = (sum(points[f] for f, _ in subset), tuple(-f for f in sorted(f for f, _ in subset)))
            if best is None or key > best[0]:
                best = (key, subset)
        assert best is not None
        shared += not _disjoint(hits)
        assert _best_choice(list(hits), points) == best[1], hits
    assert shared > 500
