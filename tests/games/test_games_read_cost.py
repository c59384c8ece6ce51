"""The short cuts that make a tziakcha hand cheaper to read and replay (issue 26) give what the plain
rules give: the wall's check, the record's own hand compared with the one played."""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mcr_score.games import _replay_fast, replay, tziakcha
from mcr_score.games.model import Act, Deal, Event, Flower, HandRecord, Holding, Outcome, Win
from mcr_score.games.reading import Fields
from mcr_score.hand import Hand, Meld, Situation
from mcr_score.tiles import TILES, Tile, starts_chow

WALLS = st.one_of(
    st.permutations(range(144)).map(bytes),
    st.binary(min_size=140, max_size=148),
    st.tuples(st.permutations(range(144)), st.integers(0, 143), st.integers(0, 255)).map(
        lambda t: bytes(t[0][: t[1]]) + bytes([t[2]]) + bytes(t[0][t[1] + 1 :])
    ),
)


@given(WALLS)
def test_a_wall_holds_every_tile_id_once_as_sorting_it_tells(ids: bytes) -> None:
    assert tziakcha._every_id_once(ids) == (sorted(ids) == list(range(144)))


TILE_LISTS = st.lists(st.integers(0, 33), min_size=1, max_size=14)


@given(TILE_LISTS, st.data(), st.booleans())
def test_the_record_s_own_hand_matches_the_played_one_as_its_tile_counts_tell(
    own: list[int], data: st.DataObject, sort: bool
) -> None:
    """`_same_concealed` answers at once when the standing tiles and the winning tile are the same,
    in the same order; else it compares counts: the answer is the counts' either way (the played
    hand: any, or the own one's tiles in another order, or its winning tile another)."""
    played = data.draw(
        st.one_of(
            TILE_LISTS,
            st.permutations(own[:-1]).map(lambda p: [*p, own[-1]]),
            st.permutations(own),
        )
    )

    def hand(codes: list[int]) -> Hand:
        standing = sorted(codes[:-1]) if sort else codes[:-1]
        return Hand((), tuple(TILES[c] for c in standing), TILES[codes[-1]], Situation())

    a, b = hand(own), hand(played)
    want = (sorted(own), own[-1]) == (sorted(played), played[-1])
    assert replay._same_concealed(a, b) == want
    assert replay._same_concealed(a, a)


def test_a_value_made_field_by_field_is_the_one_its_class_makes() -> None:
    """`_replay_fast.made` sets every field of a frozen dataclass in its slot: the value is equal to, shown
    as, and as frozen as the one its `__init__` makes. The readers give the fields in order: a field
    added to one of these classes must be added where it is made too (`made(Win, ...)`,
    `made(HandRecord, ...)`...), which these names pin."""
    tile = TILES[0]
    hand = Hand((), (tile,) * 13, tile, Situation())
    values: dict[type, tuple[object, ...]] = {
        Win: (1, 2, 8, (), hand, None),
        Holding: ((tile,), (), (Flower(3),)),
        Deal: (((tile,),) * 4, (tile, Flower(1)), 2, True),
        HandRecord: (
            3,
            "E",
            ("a", "b", "c", "d"),
            (0, 1, 2, 3),
            None,
            (),
            (),
            Outcome.DRAW,
            (2,),
            None,
            None,
            None,
            None,
        ),
    }
    names = {
        Win: ["seat", "discarder", "total", "fans", "hand", "problem"],
        Holding: ["concealed", "melds", "flowers"],
        Deal: ["hands", "wall", "wall_size", "back_pairs"],
        HandRecord: [
            "number",
            "prevalent",
            "players",
            "order",
            "deal",
            "events",
            "wins",
            "outcome",
            "false_wins",
            "scores",
            "penalties",
            "final",
            "problem",
        ],
    }
    for cls, fields in values.items():
        assert [f.name for f in dataclasses.fields(cls)] == names[cls]
        made: object = _replay_fast.made(cls, _replay_fast.setters(cls), fields)
        assert type(made) is cls
        assert made == cls(*fields)
        assert repr(made) == repr(cls(*fields))
        assert pickle.loads(pickle.dumps(made)) == made
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.__setattr__(names[cls][0], None)
        for wrong in (fields[:-1], (*fields, None)):  # a field forgotten, or one the class lacks
            with pytest.raises(TypeError, match=cls.__name__):
                _replay_fast.made(cls, _replay_fast.setters(cls), wrong)


def test_a_claimed_meld_made_once_is_the_one_meld_makes() -> None:
    for index in range(34):
        for claim in (1, 2, 3):
            pung = replay._claimed("pung", index, claim)
            assert pung == Meld("pung", TILES[index], claim=claim)
            assert replay._claimed("pung", index, claim) is pung
            if starts_chow(index):
                assert replay._claimed("chow", index, claim) == Meld("chow", TILES[index], claim=claim)


NAMES = st.tuples(*[st.sampled_from(["a", "b", "c", "d", "e"])] * 4)


@given(NAMES, NAMES)
def test_a_hand_s_players_are_found_among_the_game_s_as_the_plain_rule_finds_them(
    names: tuple[str, str, str, str], players: tuple[str, str, str, str]
) -> None:
    """The players of a hand, by name, in the game's: when they are the game's four, each once."""
    if sorted(names) == sorted(players) and len(set(players)) == 4:
        want = tuple(players.index(n) for n in names)
    else:
        want = (0, 1, 2, 3)
    assert tziakcha._order(names, players) == want
    assert tziakcha._order(players, players) == (0, 1, 2, 3)


@given(st.permutations(range(144)), st.integers(0, 0xFFFF))
def test_a_wall_of_every_tile_id_once_is_a_deal_the_check_of_the_deal_passes(ids: list[int], dice: int) -> None:
    """tziakcha's reader deals from a wall it checked to hold every tile id once, and tells the
    table so (`Table(..., dealt=True)`): the check of the deal, skipped then, finds nothing in it."""
    step = {"w": bytes(ids).hex(), "d": dice}
    deal, codes = tziakcha._deal(Fields("t"), step, "")
    assert codes is not None
    assert replay._deal_problem(codes, True, len(deal.wall or ())) is None
    assert replay.Table(deal, "E", codes).fault is None


def test_the_event_maker_is_the_event_by_its_field_names() -> None:
    """tziakcha's reader makes its events as the tuples they are (`tziakcha._event`, `tuple.__new__`):
    each field given by name lands in `Event`'s field of that name, the others at their defaults."""
    tile, flower = Tile("5p"), Flower(3)
    meld = (tile,) * 3
    made = tziakcha._event(2, Act.PUNG, 1234, "a[7]", tile=tile, flower=flower, meld=meld, source=1, hand_cut=True)
    assert made == Event(
        seat=2, act=Act.PUNG, tile=tile, flower=flower, meld=meld, source=1, hand_cut=True, time_ms=1234, at="a[7]"
    )
    assert type(made) is Event
    assert tziakcha._event(0, Act.PASS, None, "") == Event(0, Act.PASS)
    assert tziakcha._drawn(1, Act.DRAW, flower, 5, "x") == Event(1, Act.DRAW, flower=flower, time_ms=5, at="x")
    assert tziakcha._drawn(1, Act.DRAW, tile, 5, "x") == Event(1, Act.DRAW, tile=tile, time_ms=5, at="x")


def test_the_action_kinds_are_the_record_formats_numbers() -> None:
    """The named action kinds and fields are tziakcha's numbers (docs/record-formats.md §4.1)."""
    kinds = (tziakcha.FLOWER_LAID, tziakcha.DISCARDED, tziakcha.CHOWED, tziakcha.PUNGED, tziakcha.KONGED)
    assert (*kinds, tziakcha.WON, tziakcha.DRAWN, tziakcha.PASSED, tziakcha.DECLINED) == tuple(range(1, 10))
    assert tziakcha._meld_from(0b11_000000 | 5) == 3
    assert tziakcha._meld_from(0b01_000000) == 1
    assert (0x25 >> tziakcha.SEAT_SHIFT & 3, 0x25 & tziakcha.KIND_BITS) == (2, 5)
