"""The tile model: the 34 kinds, their index order, properties, and the Unicode and 1z-7z spellings."""

from __future__ import annotations

import unicodedata

import pytest

from mcr_score import tiles
from mcr_score.tiles import Tile
from tests.support.hand_strategies import unicode_tile

SUITED = [f"{r}{s}" for s in "mps" for r in range(1, 10)]


def test_34_kinds_in_engine_order():
    """The engine relies on 1-9m, 1-9p, 1-9s, winds, dragons: a chow is three consecutive indices."""
    assert (*tuple(SUITED), "E", "S", "W", "N", "C", "F", "P") == tiles.NAMES
    assert [Tile.from_index(i).code for i in range(34)] == list(tiles.NAMES)
    assert all(Tile(n).index == i for i, n in enumerate(tiles.NAMES))


@pytest.mark.parametrize(
    ("code", "suit", "rank", "honor", "terminal"),
    [
        pytest.param("1m", "m", 1, False, True, id="1m"),
        pytest.param("5p", "p", 5, False, False, id="5p"),
        pytest.param("9s", "s", 9, False, True, id="9s"),
        pytest.param("E", "z", 0, True, False, id="east"),
        pytest.param("P", "z", 0, True, False, id="white"),
    ],
)
def test_properties(code, suit, rank, honor, terminal):
    t = Tile(code)
    assert (t.suit, t.rank, t.is_honor) == (suit, rank, honor)
    assert tiles.is_terminal(t.index) is terminal
    assert tiles.is_terminal_or_honor(t.index) is (terminal or honor)
    assert tiles.is_honor(t.index) is honor
    assert str(t) == code


def test_suit_and_rank_of_index():
    assert [tiles.suit_of(Tile(c).index) for c in ("9m", "1p", "9s", "E", "P")] == [0, 1, 2, 3, 3]
    assert [tiles.rank_of(Tile(c).index) for c in ("9m", "1p", "7s", "N")] == [9, 1, 7, 0]


@pytest.mark.parametrize("code", ["0m", "10m", "8z", "1z", "5", "m", "e", "Z", "", "1M", " 1m"])
def test_not_a_tile(code):
    """`Tile` takes the canonical names only; 1z-7z is notation, not a tile name."""
    with pytest.raises(ValueError, match="not a tile"):
        Tile(code)


def test_tiles_are_ordered_hashable_values():
    assert sorted([Tile("E"), Tile("1s"), Tile("9m"), Tile("1p"), Tile("C")]) == [
        Tile("9m"),
        Tile("1p"),
        Tile("1s"),
        Tile("E"),
        Tile("C"),
    ]
    assert Tile("5m") == Tile("5m")
    assert len({Tile("5m"), Tile("5m")}) == 1
    assert Tile.from_index(4) is Tile.from_index(4)


def test_green_and_reversible_sets():
    """All Green: 2 3 4 6 8 bamboo and the green dragon; Reversible: 1234589 dots, 245689 bamboo, white."""
    assert {Tile.from_index(i).code for i in tiles.GREEN} == {"2s", "3s", "4s", "6s", "8s", "F"}
    assert {Tile.from_index(i).code for i in tiles.REVERSIBLE} == {
        "1p",
        "2p",
        "3p",
        "4p",
        "5p",
        "8p",
        "9p",
        "2s",
        "4s",
        "5s",
        "6s",
        "8s",
        "9s",
        "P",
    }


def test_z_honors_use_the_chinese_dragon_order():
    """1z-7z = E S W N, then 5z red 中 (C), 6z green 發 (F), 7z white 白 (P), unlike riichi tools."""
    assert tiles.Z_HONORS == "ESWNCFP"


@pytest.mark.parametrize("code", SUITED + list("ESWNCFP"))
def test_unicode_tiles_follow_the_unicode_names(code):
    """The table is checked against the Unicode character names, not against itself."""
    ch = unicode_tile(code)
    assert tiles.UNICODE[ch] == code
    assert tiles.TO_UNICODE[code] == ch


def test_unicode_examples():
    assert unicodedata.name("🀇") == "MAHJONG TILE ONE OF CHARACTERS"
    assert tiles.UNICODE["🀇"] == "1m"
    assert tiles.UNICODE["🀏"] == "9m"
    assert tiles.UNICODE["🀐"] == "1s"
    assert tiles.UNICODE["🀙"] == "1p"
    assert [tiles.UNICODE[c] for c in "🀀🀁🀂🀃🀄🀅🀆"] == list("ESWNCFP")
    assert len(tiles.UNICODE) == 34


def test_unicode_flowers_are_a_to_h():
    """Plum, orchid, bamboo, chrysanthemum (梅兰竹菊), then spring to winter (春夏秋冬)."""
    assert [tiles.UNICODE_FLOWERS[chr(c)] for c in range(0x1F022, 0x1F02A)] == list("abcdefgh")
    assert all(tiles.UNICODE_FLOWERS[unicode_tile(f)] == f for f in "abcdefgh")
    assert tiles.FLOWER_LETTERS == "abcdefgh"


def test_a_chow_starts_at_a_suited_tile_of_rank_1_to_7() -> None:
    """A chow's three ranks stay in its suit: it starts at 1-7 of a suit, never at 8, 9 or an honor."""
    starts = [Tile.from_index(i).code for i in range(34) if tiles.starts_chow(i)]
    assert starts == [f"{rank}{suit}" for suit in "mps" for rank in range(1, 8)]


@pytest.mark.parametrize(
    ("tile", "partners"),
    [
        ("1m", ["2m3m"]),
        ("2p", ["1p3p", "3p4p"]),
        ("5s", ["3s4s", "4s6s", "6s7s"]),
        ("8m", ["6m7m", "7m9m"]),
        ("9s", ["7s8s"]),
        ("E", []),
        ("P", []),
    ],
)
def test_the_tiles_that_make_a_chow_with_a_tile_stay_in_its_suit(tile: str, partners: list[str]) -> None:
    """A chow is three consecutive ranks of one suit: a tile joins the two below it, one either side
    or the two above it, as far as 1 and 9 allow; no honour is in a chow."""
    index = Tile(tile).index
    found = [Tile.from_index(a).code + Tile.from_index(b).code for a, b in tiles.chow_partners(index)]
    assert found == partners
