"""Properties of `score` and `arrangements` that hold for every hand, whatever the fans.

The differential test only compares fan counts; these pin down the rest of the result that
users read: the arrangement shown must be the hand's own tiles, the chosen reading the best one,
flowers outside the 8-point minimum, the totals consistent, and every removed fan explained.
`arrangements` must also find every way a hand splits (or the best reading may be missed),
without listing one twice (which would waste time on hands like four identical chows).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

from mcr_score import Hand, Meld, Tile, format_hand, parse_hand, score
from mcr_score.engine.arrangements import CHOW, KONG, PUNG, arrangements
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.tiles import NAMES
from tests.support.strategies import non_winning_hands, winning_hands

PROFILE = "china"
FLOWERS = 81
CHICKEN = 43
RULES = {"implied", "same-set", "non-separation", "non-identical", "account-once"}
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def hand_tiles(hand: Hand) -> Counter:
    return Counter(t.code for t in (*(t for m in hand.melds for t in m.tiles), *hand.concealed_tiles()))


def shown_tiles(groups) -> Counter:
    return Counter(t.code for g in groups for t in g.tiles)


def without_flowers(hand: Hand, flowers: int = 0) -> Hand:
    return dataclasses.replace(hand, situation=dataclasses.replace(hand.situation, flowers=flowers, flower_letters=""))


@SETTINGS
@given(winning_hands())
def test_arrangement_uses_exactly_the_hands_tiles(hand):
    result = score(hand, PROFILE)
    note(f"{format_hand(hand)} -> {[v.tiles for v in result.arrangement]}")
    assert shown_tiles(result.arrangement) == hand_tiles(hand)
    for alt in result.alternatives:
        assert shown_tiles(alt.groups) == hand_tiles(hand), (alt.form, [g.tiles for g in alt.groups])


@SETTINGS
@given(winning_hands())
def test_the_result_carries_the_winning_tile_its_set_and_the_fans_sets(hand):
    result = score(hand, PROFILE)
    note(format_hand(hand))
    assert result.win_tile == hand.winning
    group = result.win_group
    assert group is not None
    assert hand.winning in group.tiles
    assert not group.declared
    if result.form in ("standard", "knitted-straight", "seven-pairs"):
        assert result.wait in {"edge", "closed", "open", "pung", "pair", None}
        assert (result.wait is None) == (group.kind == "knitted")
        if result.wait in ("edge", "closed", "open"):
            assert group.kind == "chow"
        counted = set(result.fan_counts())
        wait_fan = {77: "edge", 78: "closed", 79: "pair"}
        for fan, shape in wait_fan.items():
            if fan in counted and result.form != "seven-pairs":
                assert result.wait == shape
    else:
        assert result.wait is None
    groups = [g.tiles for g in result.arrangement]
    for fan in result.fans:
        positions = [groups.index(s) for s in fan.sets]
        assert all(s in groups for s in fan.sets), fan
        assert len(fan.sets) <= len(groups)
        assert len(positions) == len(fan.sets)


def test_thirteen_orphans_arrangement_uses_the_hands_tiles():
    hand = parse_hand("19m19p19sESWNCFPP|EE0000")
    assert shown_tiles(score(hand, PROFILE).arrangement) == hand_tiles(hand)


@SETTINGS
@given(winning_hands())
def test_chosen_reading_scores_at_least_every_alternative(hand):
    result = score(hand, PROFILE)
    note(format_hand(hand))
    assert all(result.points >= alt.points for alt in result.alternatives), [
        (alt.form, [g.tiles for g in alt.groups], alt.points) for alt in result.alternatives
    ]


@SETTINGS
@given(winning_hands(), st.integers(1, 8))
def test_flowers_add_to_the_total_only(hand, flowers):
    bare, flowered = score(without_flowers(hand), PROFILE), score(without_flowers(hand, flowers), PROFILE)
    note(format_hand(hand))
    assert bare.flower_points == 0
    assert flowered.flower_points > 0
    assert flowered.total - bare.total == flowered.flower_points
    assert flowered.points == bare.points
    assert flowered.meets_minimum == bare.meets_minimum
    assert {f: n for f, n in flowered.fan_counts().items() if f != FLOWERS} == bare.fan_counts()


@SETTINGS
@given(winning_hands())
def test_totals_are_consistent(hand):
    result = score(hand, PROFILE)
    note(format_hand(hand))
    assert result.winning
    assert result.meets_minimum == (result.points >= 8)
    assert result.total == result.points + result.flower_points
    assert sum(f.points * f.count for f in result.fans if f.id != FLOWERS) == result.points
    assert sum(f.points * f.count for f in result.fans if f.id == FLOWERS) == result.flower_points


@SETTINGS
@given(winning_hands())
def test_chicken_hand_stands_alone(hand):
    ids = set(score(hand, PROFILE).fan_counts()) - {FLOWERS}
    note(format_hand(hand))
    assert CHICKEN not in ids or ids == {CHICKEN}
    assert ids, "a winning hand scores at least Chicken Hand"


@SETTINGS
@given(winning_hands())
def test_every_removed_fan_names_a_rule_and_a_counted_fan(hand):
    result = score(hand, PROFILE)
    counted = set(result.fan_counts())
    note(format_hand(hand))
    for record in result.not_counted:
        assert record.rule in RULES, record
        assert record.by is None or record.by in counted, record


# --- arrangements: completeness and no duplicates --------------------------------------------

SUITED_STARTS = [b + r for b in (0, 9, 18) for r in range(7)]


def set_tiles(kind: int, tile: int) -> list[int]:
    return [tile, tile + 1, tile + 2] if kind == CHOW else [tile] * (4 if kind == KONG else 3)


@st.composite
def built_hands(draw) -> tuple[Hand, list[tuple[int, int]], int]:
    """A hand made from four sets and a pair chosen here, some declared, the rest shuffled."""
    declared = draw(st.integers(0, 4))
    sets = []
    for i in range(4):
        kinds = [CHOW, PUNG, KONG] if i < declared else [CHOW, PUNG]
        kind = draw(st.sampled_from(kinds))
        tile = draw(st.sampled_from(SUITED_STARTS) if kind == CHOW else st.integers(0, 33))
        sets.append((kind, tile))
    pair = draw(st.integers(0, 33))
    all_tiles = Counter([pair, pair] + [x for k, t in sets for x in set_tiles(k, t)])
    assume(max(all_tiles.values()) <= 4)
    melds = []
    for kind, tile in sets[:declared]:
        concealed = kind == KONG and draw(st.booleans())
        claim = None if concealed else draw(st.integers(1, 3))
        melds.append(Meld(("chow", "pung", "kong")[kind], Tile.from_index(tile), concealed, claim))
    concealed_tiles = draw(st.permutations([pair, pair] + [x for k, t in sets[declared:] for x in set_tiles(k, t)]))
    hand = Hand(
        tuple(melds),
        tuple(Tile.from_index(i) for i in sorted(concealed_tiles[:-1])),
        Tile.from_index(concealed_tiles[-1]),
    )
    return hand, sorted(sets), pair


@settings(max_examples=500, deadline=None)
@given(built_hands())
def test_arrangements_find_the_split_the_hand_was_built_from(built):
    hand, sets, pair = built
    found = [(sorted((k, t) for k, t, _, _ in a.sets), a.pair) for a in arrangements(hand)]
    note(f"{format_hand(hand)}: built from {sets} + pair {pair}; found {found}")
    assert (sets, pair) in found


def arrangement_key(a) -> tuple:
    return (a.form, tuple(sorted(a.sets)), a.pair, a.knit, tuple(sorted(a.singles)), tuple(sorted(a.pairs)))


def labels(a) -> set[str] | str:
    """A standard arrangement as `{"123m", "123m", ..., "55p pair"}`-style text, for exact comparison."""

    def label(kind: int, t: int) -> str:
        name = NAMES[t]
        if kind == CHOW:
            return f"{t % 9 + 1}{t % 9 + 2}{t % 9 + 3}{name[1]}"
        return f"{name} x{4 if kind == KONG else 3}"

    if a.pairs:
        return "pairs " + " ".join(NAMES[t] for t in a.pairs)
    return " ".join(sorted(label(k, t) for k, t, _, _ in a.sets)) + f" + {NAMES[a.pair]} x2"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "1112223334445m5m|EE0000",
            {
                "1m x3 2m x3 3m x3 4m x3 + 5m x2",
                "123m 123m 123m 4m x3 + 5m x2",
                "1m x3 234m 234m 234m + 5m x2",
                "1m x3 234m 345m 345m + 2m x2",
            },
        ),
        (
            "123m123m123m123m5p5p|EE0000",
            {
                "123m 123m 123m 123m + 5p x2",
                "123m 1m x3 2m x3 3m x3 + 5p x2",
                "pairs 1m 1m 2m 2m 3m 3m 5p",
            },
        ),
        (
            "[123m1]123m123m123m5p5p|EE0000",
            {
                "123m 123m 123m 123m + 5p x2",
                "123m 1m x3 2m x3 3m x3 + 5p x2",
            },
        ),
    ],
)
def test_arrangements_of_repetitive_hands_are_exact_and_distinct(text, expected):
    found = arrangements(parse_hand(text))
    assert len({arrangement_key(a) for a in found}) == len(found), found
    assert sorted(labels(a) for a in found) == sorted(expected)


@SETTINGS
@given(winning_hands())
def test_arrangements_are_distinct(hand):
    found = arrangements(hand)
    note(format_hand(hand))
    assert found
    assert len({arrangement_key(a) for a in found}) == len(found)


# --- hands that do not win ---------------------------------------------------------------------


def waiting(hand: Hand) -> Hand:
    return Hand(hand.melds, hand.standing, None, hand.situation)


@SETTINGS
@given(winning_hands())
def test_waiting_hand_is_not_a_win(hand):
    for subject in (waiting(hand), format_hand(waiting(hand))):
        result = score(subject, PROFILE)
        assert not result.winning, (subject, result)
        assert result.reason, (subject, result)
        assert result.total == 0
        assert not result.fans


@SETTINGS
@given(non_winning_hands())
def test_non_winning_hand_is_not_a_win(hand):
    for subject in (hand, format_hand(hand)):
        result = score(subject, PROFILE)
        assert not result.winning, (subject, result)
        assert result.reason, (subject, result)
        assert result.total == 0
        assert not result.fans


@SETTINGS
@given(winning_hands())
def test_only_repeatable_fans_count_more_than_once(hand):
    """The table's `repeatable` is the truth about counts: a fan not marked so never counts twice."""
    for fan in score(hand, PROFILE).fans:
        assert fan.count == 1 or FANS[fan.fan].repeatable, fan
