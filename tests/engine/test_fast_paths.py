"""The speed-ups are exact: each fast path is checked against the plain definition it replaces.

- `arrangements.completing_tiles` (per-suit tables) against `is_complete` over every tile kind;
- a detector skipped for an arrangement (`detectors.Needs` not met) would have found nothing;
- `check_hand`'s quick proof of a usual hand's validity against its full check;
- the batch package and the notation load their heavy parts only on use (start-up time);
- `fast.union` (the positions of several hits kept as bits) against `dict.fromkeys`;
- the result's memos (`fast.GROUPS`, `_WHOLE_FANS`, `_WHOLE_NOT_COUNTED`) hold the values a fresh
  build gives, and a score read through them equals one built after `scoring.clear_memos`;
- the scorer's groups of an arrangement (`_scoring_fast.arrangement_groups`, through the memos)
  against the one definition every system reads (`engine.groups.groups_of`, `result.result_groups`);
- the engine's tables kept in plain dicts and lists (the arrangement tables, each profile's data and
  orders) are emptied by their module's `clear_memos`, which the speed benchmark's cold pass calls.
"""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys

import pytest

from mcr_score import batch
from mcr_score._hand_fast import surely_valid
from mcr_score.engine import arrangements
from mcr_score.engine.arrangements import (
    KIND_NAMES,
    SET_TILES,
    Set,
    arrange,
    completing_tiles,
    counts_of,
    is_complete,
    meld_set,
)
from mcr_score.engine.groups import groups_of
from mcr_score.engine.waits import placements
from mcr_score.hand import FOUR_SETS, Hand, Meld, _problems, check_hand, field_locator
from mcr_score.systems.mcr import _scoring_fast as fast
from mcr_score.systems.mcr import exclusions, profiles, scoring
from mcr_score.systems.mcr.fans.detectors import DETECTORS, NEEDS, detectors_for
from mcr_score.systems.mcr.fans.facts import build_facts
from mcr_score.systems.mcr.result import FanCount, Group, NotCounted, result_groups
from mcr_score.tiles import TILES
from mcr_score.vocabulary import Form, Kind, Rule
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
        "heavy = ('lark', 'mcr_score.notation.parser', 'mcr_score.batch.pool', 'mcr_score.batch.runner'); "
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"


def _odd_hands(rng: random.Random) -> list[Hand]:
    """Hands the quick check must send on: five copies, a tile too many or too few, a bad wind,
    flowers out of range or named wrongly, a kong or last-copy claim (possible or not: robbing a kong on
    the last tile, a replacement tile without a kong, the winning tile held), too many melds."""
    out = []
    for hand in HANDS[:150]:
        s = hand.situation
        tile = rng.choice(hand.standing)
        out += [
            dataclasses.replace(hand, standing=hand.standing + (tile,) * 3),
            dataclasses.replace(hand, standing=hand.standing[1:]),
            dataclasses.replace(hand, standing=(*hand.standing, tile)),
            dataclasses.replace(hand, winning=None),
            dataclasses.replace(hand, melds=hand.melds + (Meld("pung", tile, claim=1),) * 5),
        ]
        for change in (
            {"seat_wind": "X"},
            {"prevalent_wind": ""},
            {"flowers": 9},
            {"flowers": -1},
            {"flowers": 2, "flower_letters": "aa"},
            {"flowers": 2, "flower_letters": "az"},
            {"flowers": 1, "flower_letters": "ab"},
            {"flowers": 2, "flower_letters": "ab"},
            {"kong": True},
            {"kong": True, "self_drawn": True},
            {"kong": True, "self_drawn": False},
            {"kong": True, "self_drawn": False, "wall_last": True},
            {"last_copy": True},
        ):
            out.append(dataclasses.replace(hand, situation=dataclasses.replace(s, **change)))
            if hand.winning is not None:  # the winning tile held as well: robbed or last copy, impossible
                held = dataclasses.replace(hand, standing=(hand.winning, *hand.standing[1:]))
                out.append(dataclasses.replace(held, situation=dataclasses.replace(s, **change)))
        kong = Meld("kong", tile, concealed=True)
        for change in ({"kong": True, "self_drawn": True}, {"kong": True, "self_drawn": True, "wall_last": True}):
            with_kong = dataclasses.replace(hand, melds=(*hand.melds, kong), standing=hand.standing[3:])
            out.append(dataclasses.replace(with_kong, situation=dataclasses.replace(s, **change)))
    return out


def test_the_quick_check_proves_only_what_the_full_check_finds_valid() -> None:
    """`quickcheck.surely_valid` answers for `check_hand` on the usual hand: whenever it says valid, the
    full check (`hand._problems`) finds nothing; and it says so for most valid hands."""
    cases = [*HANDS, *_odd_hands(random.Random(5))]
    proved = valid = 0
    for hand in cases:
        problems = _problems(hand, field_locator, None, False, FOUR_SETS)
        quick = surely_valid(hand, FOUR_SETS)
        assert not (quick and problems), (hand, problems)
        assert [repr(e) for e in check_hand(hand)] == ([] if quick else [repr(e) for e in problems])
        proved += quick
        valid += not problems
    assert valid > 600, valid
    assert proved > 0.6 * valid, (proved, valid)


@pytest.mark.parametrize("rules", sorted(profiles.PROFILES))
def test_the_detectors_of_a_hand_are_filtered_from_its_shapes_list_as_from_every_fan(rules: str) -> None:
    """`fast.detectors_of` filters the shape's list (`_shape_detectors`) by the hand's traits: the same
    detectors, in the same order, as `detectors_for` over every fan of the profile."""
    profile = profiles.get(rules)
    rng = random.Random(30)
    for form in Form:
        for chows in range(5):
            for pungs in range(5 - chows):
                for traits in rng.sample(range(1 << 11), 40):
                    assert fast.detectors_of(profile, form, chows, pungs, traits) == detectors_for(
                        fast.fan_order(profile), form, chows, pungs, traits
                    )


def test_the_memoized_groups_are_the_groups_built_fresh() -> None:
    for kind, rows in enumerate(SET_TILES):
        for tile, indices in enumerate(rows):
            if max(indices) >= len(TILES) or indices[-1] // 9 != tile // 9:
                continue  # a chow that never occurs (of honors, or starting on 8 or 9)
            for concealed in (False, True):
                for declared in (False, True):
                    s = Set(kind, tile, concealed, declared)
                    fresh = Group(KIND_NAMES[kind], tuple(TILES[i] for i in indices), concealed, declared)
                    assert fast.set_group(s, kind * 34 + tile) == fresh
                    assert fast.set_group(s, kind * 34 + tile) is fast.set_group(s, kind * 34 + tile)
    for tile in range(34):
        assert fast.pair_group(tile) == Group(Kind.PAIR, (TILES[tile],) * 2, True)
        assert fast.set_group(Set(1, tile, True, False), 34 + tile) is not fast.pair_group(tile)


def test_the_memoized_whole_hand_fans_are_the_values_built_fresh() -> None:
    fan, by = next(iter(profiles.get("china").points)), None
    for points, count in ((1, 1), (8, 2), (8, 1), (88, 1), (1, 1)):
        assert fast.whole_fan(fan, points, count) == FanCount(fan, points, count)
        assert fast.whole_fan(fan, points, count) is fast.whole_fan(fan, points, count)
    for rule in [*Rule, *Rule]:
        for responsible in (by, fan, by):
            assert fast.whole_not_counted(fan, rule, responsible) == NotCounted(fan, rule, responsible)


@pytest.mark.parametrize("rules", ["china", "green-book"])
def test_a_score_through_the_memos_equals_one_built_without_them(rules: str) -> None:
    warm = [scoring.score(h, rules) for h in HANDS[:200]]
    again = [scoring.score(h, rules) for h in HANDS[:200]]
    cold = []
    for h in HANDS[:200]:
        scoring.clear_memos()
        cold.append(scoring.score(h, rules))
    assert warm == again == cold
    assert [s.to_dict() for s in warm] == [s.to_dict() for s in cold]


def test_the_union_of_hits_is_dict_fromkeys_of_their_positions() -> None:
    rng = random.Random(30)
    for _ in range(2000):
        hits = [tuple(rng.sample(range(fast.POSITIONS), rng.randint(0, 4))) for _ in range(rng.randint(1, 5))]
        assert fast.union(hits) == tuple(dict.fromkeys([p for h in hits for p in h]))


def test_the_engine_tables_are_emptied_by_clear_memos() -> None:
    """The speed benchmark's cold pass starts without the engine's tables (`clear_memos` of each engine
    module), and a score built without them equals one read through them."""
    warm = [scoring.score(h, "china") for h in HANDS[:200]]
    tables = [
        arrangements._GROUP_STATES,
        arrangements._GROUP_WAITS,
        arrangements._HONOR_SPLITS,
        *arrangements._SUIT_SETS,
        fast.DATA,
        exclusions._ORDERS,
    ]
    assert all(tables)
    assert any(s is not None for s in arrangements._DECLARED)
    arrangements.clear_memos()
    scoring.clear_memos()
    assert not any(tables)
    assert all(s is None for s in arrangements._DECLARED)
    cold = []
    for h in HANDS[:200]:
        arrangements.clear_memos()
        scoring.clear_memos()
        cold.append(scoring.score(h, "china"))
    assert warm == cold


def test_the_scorers_groups_are_the_engines_groups_of_each_arrangement() -> None:
    """`_scoring_fast.arrangement_groups` (memos, positions) lists what `engine.groups.groups_of`
    defines, for every arrangement of generated hands of every form; and each hit position points
    at its group."""
    forms = set()
    for h in HANDS:
        win = h.winning
        assert win is not None
        concealed = plus(counts_of(h.standing), win.index)
        melds = tuple(meld_set(m) for m in h.melds)
        for arr in arrange(concealed, melds):
            forms.add(arr.form)
            groups, where, at, _ = fast.arrangement_groups(arr, arr.sets)
            assert tuple(groups) == result_groups(arr)
            assert [(g.kind, tuple(t.index for t in g.tiles)) for g in groups] == [
                (g.kind, g.tiles) for g in groups_of(arr)
            ]
            for position, index in enumerate(where):
                if index >= 0:
                    assert at[position] == groups[index].tiles
    assert forms == set(Form)
