"""The Python API's arguments and house files (found in issue 22):
a house file as a `Path`, a `rules` of another type, a
NUL in a path, `seen` of the wrong type or with a bad tile, a value of the wrong type in a `Hand`,
`Meld`, `Situation` or `Tile`, a situation the notation cannot write: only `TypeError` or the
documented `McrError`s escape. House files are read as every user file is (a regular file of
bounded size), so a FIFO, a device or a symbolic link loop is a `bad-profile-file` naming the file."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import mcr_score
from mcr_score import Hand, Meld, Situation, Tile, errors
from mcr_score.notation import format_hand, parse_hand, with_situation
from mcr_score.systems.mcr import profiles
from tests.support import REPO

ROOT = REPO
CLUB = ROOT / "examples" / "house-rules" / "club.toml"
KONGS = "[1111m][2222s]345pEE67s8s|EE1000"  # 13 under green-book, 11 with Two Concealed Kongs at 6
HAND = "123456789m123p5s5s"
WAITING = "123456789m123p5s"


# A house file given as a path, and rules of another type ------------------------------------------


@pytest.mark.parametrize("rules", [CLUB, str(CLUB), os.path.relpath(CLUB)], ids=["Path", "str", "relative"])
def test_a_house_file_is_given_as_a_path_or_a_str(rules):
    assert mcr_score.score(KONGS, rules=rules).total == 11
    assert mcr_score.waits("[1111m][2222s]345pEE67s", rules=rules).rules == "club-house"
    assert profiles.get(rules).name == "club-house"


def test_a_path_names_a_house_file_whatever_its_extension(tmp_path):
    house = tmp_path / "club.rules"
    house.write_bytes(CLUB.read_bytes())
    assert mcr_score.score(KONGS, rules=house).rules == "club-house"
    with pytest.raises(errors.UnknownProfileError):
        mcr_score.score(KONGS, rules=str(house))  # as a name, only `.toml` says "a file"


@pytest.mark.parametrize("rules", [None, 3, b"china", ["china"], 1.5])
def test_rules_of_another_type_are_a_type_error_naming_the_default(rules):
    with pytest.raises(TypeError, match="not " + type(rules).__name__) as info:
        mcr_score.score(HAND, rules=rules)
    assert "the default is 'green-book'" in str(info.value)
    with pytest.raises(TypeError):
        mcr_score.discards(HAND, rules=rules)


def test_a_nul_in_a_house_file_name_is_a_named_error():
    for rules in ("club\x00.toml", Path("club\x00.toml")):
        with pytest.raises(errors.ProfileFileError) as info:
            mcr_score.score(HAND, rules=rules)
        assert info.value.code == "bad-profile-file"
        assert info.value.where == "club\\0.toml"


def test_a_bytes_path_is_a_type_error():
    class BytesPath(os.PathLike):
        def __fspath__(self):
            return b"club.toml"

    with pytest.raises(TypeError, match="bytes"):
        profiles.get(BytesPath())


# House files: what is not a regular file, read bounded --------------------------------------------


def _refused(path: str | Path, reason: str) -> None:
    started = time.monotonic()
    with pytest.raises(errors.ProfileFileError) as info:
        profiles.get(path)
    assert time.monotonic() - started < 5, "a house file that is not a file must be refused, not read"
    assert info.value.code == "bad-profile-file"
    assert info.value.where == str(path)
    assert reason in info.value.message


def test_a_device_is_refused_unread():
    _refused(Path("/dev/zero"), "not a regular file: a device")
    _refused("/dev/null.toml" if os.path.exists("/dev/null.toml") else Path("/dev/null"), "not a regular file")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "club.toml"
    os.mkfifo(fifo)
    _refused(str(fifo), "not a regular file: a FIFO")


def test_a_symbolic_link_loop_is_named(tmp_path):
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    _refused(str(loop), "a symbolic link loop")


def test_a_directory_and_a_file_too_large_are_named(tmp_path):
    folder = tmp_path / "club.toml"
    folder.mkdir()
    _refused(str(folder), "not a regular file: a directory")
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"# " + b"x" * (4 * 1024 * 1024) + b"\n")
    _refused(str(huge), "larger than")


def test_a_number_past_the_digit_limit_is_named(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('name = "club"\nbase = "china"\nz = ' + "9" * 5000 + "\n", encoding="utf-8")
    _refused(str(path), "more than 9 digits")


def test_a_link_to_a_house_file_is_read_and_cached_by_content(tmp_path):
    target = tmp_path / "club.toml"
    target.write_bytes(CLUB.read_bytes())
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    first = profiles.get(str(link))
    assert first.name == "club-house"
    assert profiles.get(str(link)) is first  # unchanged: read once
    target.write_text(CLUB.read_text(encoding="utf-8").replace("club-house", "club-two"), encoding="utf-8")
    os.utime(target, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert profiles.get(str(link)).name == "club-two"  # changed: read again


# seen= --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seen", [5, None, b"5m", 1.0, True])
def test_seen_of_another_type_is_a_type_error(seen):
    for question in (mcr_score.waits, mcr_score.shanten):
        with pytest.raises(TypeError, match=f"not {type(seen).__name__}"):
            question(WAITING, seen=seen)
    with pytest.raises(TypeError):
        mcr_score.discards(HAND, seen=seen)


@pytest.mark.parametrize("item", [1, None, b"5m", ("5m",)])
def test_a_seen_item_of_another_type_is_a_type_error_naming_it(item):
    with pytest.raises(TypeError, match=r"seen\[1\]"):
        mcr_score.waits(WAITING, seen=["1m", item])


@pytest.mark.parametrize("item", ["5x", "zz", "", "5m5m", "e"])
def test_a_seen_item_that_is_not_a_tile_is_a_bad_tile_error(item):
    for question in (mcr_score.waits, mcr_score.shanten):
        with pytest.raises(errors.BadTileError) as info:
            question(WAITING, seen=["1m", item])
        assert info.value.where == "seen[1]"


def test_seen_items_are_read_as_the_notation_reads_a_tile():
    plain = mcr_score.waits(WAITING, seen=["5s", Tile("5s")])
    assert mcr_score.waits(WAITING, seen=["5s", "🀔"]) == plain  # the Unicode 5s
    assert mcr_score.waits(WAITING, seen="5s 🀔").waits == plain.waits
    east = mcr_score.shanten(WAITING, seen=["E"])
    assert mcr_score.shanten(WAITING, seen=["1z"]) == east


def test_seen_without_end_is_bounded():
    def endless():
        while True:
            yield "1m"

    with pytest.raises(errors.SeenTilesError):
        mcr_score.waits(WAITING, seen=endless())


# The hand and its values --------------------------------------------------------------------------


@pytest.mark.parametrize("hand", [True, 12345, None, b"123456789m123p5s", ["1m"]])
def test_a_question_about_something_else_than_a_hand_is_a_type_error(hand):
    for question in (mcr_score.waits, mcr_score.shanten, mcr_score.discards):
        with pytest.raises(TypeError, match=f"takes a Hand or its notation \\(str\\), not {type(hand).__name__}"):
            question(hand)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("self_drawn", "no"),
        ("self_drawn", 1),
        ("last_copy", "yes"),
        ("wall_last", None),
        ("kong", 0),
        ("seat_wind", 1),
        ("prevalent_wind", None),
        ("flowers", "2"),
        ("flowers", True),
        ("flowers", 2.0),
        ("flower_letters", ["a"]),
    ],
)
def test_a_situation_field_of_the_wrong_type_is_a_type_error(field, value):
    with pytest.raises(TypeError, match=f"Situation.{field} is a "):
        Situation(**{field: value})


def test_a_situation_that_says_no_is_not_scored_as_self_drawn():
    """`self_drawn="no"` is truthy: it was scored as a self-drawn win (Fully Concealed Hand)."""
    hand = parse_hand(HAND)
    with pytest.raises(TypeError, match="self_drawn"):
        mcr_score.score(Hand(hand.melds, hand.standing, hand.winning, Situation(self_drawn="no")))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("parts", "named"),
    [
        ({"standing": ("1m",)}, r"Hand.standing\[0\] is a Tile, not str"),
        ({"standing": [Tile("1m")]}, "Hand.standing is a tuple, not list"),
        ({"standing": None}, "Hand.standing is a tuple, not NoneType"),
        ({"melds": ("[123m1]",)}, r"Hand.melds\[0\] is a Meld, not str"),
        ({"winning": "5s"}, "Hand.winning is a Tile, not str"),
        ({"situation": "|EE0000"}, "Hand.situation is a Situation, not str"),
    ],
)
def test_a_hand_part_of_the_wrong_type_is_a_type_error(parts, named):
    with pytest.raises(TypeError, match=named):
        Hand(**parts)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("chow", "1m"), "Meld.tile is a Tile, not str"),
        ((5, Tile("1m")), "Meld.kind is a str, not int"),
        (("pung", Tile("1m"), "no"), "Meld.concealed is a bool, not str"),
        (("pung", Tile("1m"), False, "1"), "Meld.claim is a int, not str"),
        (("pung", Tile("1m"), False, True), "Meld.claim is a int, not bool"),
    ],
)
def test_a_meld_part_of_the_wrong_type_is_a_type_error(args, named):
    with pytest.raises(TypeError, match=named):
        Meld(*args)


def test_a_tile_of_another_type_is_a_type_error_and_a_bad_code_a_bad_tile_error():
    with pytest.raises(TypeError, match="not int"):
        Tile(5)  # type: ignore[arg-type]
    with pytest.raises(errors.BadTileError) as info:
        Tile("zz")
    assert info.value.code == "bad-tile"
    assert isinstance(info.value, ValueError)  # as before: a ValueError, now a documented one


@pytest.mark.parametrize("bad", ["123", None, 5])
def test_check_hand_and_format_hand_take_a_hand(bad):
    with pytest.raises(TypeError, match="takes a Hand"):
        mcr_score.check_hand(bad)
    with pytest.raises(TypeError, match="takes a Hand"):
        format_hand(bad)
    with pytest.raises(TypeError, match="takes a Hand"):
        with_situation(bad, flowers=1)


@pytest.mark.parametrize("win", [5, ["5s"], Tile])
def test_a_winning_tile_of_another_type_is_a_type_error(win):
    with pytest.raises(TypeError, match="a tile is a Tile or its text"):
        parse_hand(HAND, win=win)


# with_situation: only what the notation can write -------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        ({"flowers": -1}, "-1 flowers: a hand has 0 to 8"),
        ({"flowers": 9}, "9 flowers; there are only 8"),
        ({"flowers": 10**20}, "there are only 8"),
        ({"flower_letters": "ai"}, "flowers 'ai'"),
        ({"flower_letters": "aa"}, "flowers 'aa'"),
        ({"flower_letters": "ab", "flowers": 3}, "3 flowers counted but 2 named"),
        ({"flower_letters": "a", "flowers": 2}, "2 flowers counted but 1 named"),
    ],
)
def test_with_situation_refuses_flowers_the_notation_cannot_write(changes, error):
    with pytest.raises(errors.FlowerError, match=error) as info:
        with_situation(parse_hand(HAND), **changes)
    assert info.value.where == "situation.flowers"


def test_with_situation_counts_named_flowers_and_reads_back():
    hand = with_situation(parse_hand(HAND), flower_letters="ab")
    assert hand.situation.flowers == 2
    assert parse_hand(format_hand(hand)) == hand
    one = with_situation(parse_hand(HAND), flower_letters="a", flowers=1)
    assert parse_hand(format_hand(one)) == one


def test_with_situation_refuses_an_unknown_field_and_a_wind_of_another_type():
    with pytest.raises(TypeError, match="no situation field 'flower'"):
        with_situation(parse_hand(HAND), flower=1)
    with pytest.raises(TypeError, match="seat_wind must be a str"):
        with_situation(parse_hand(HAND), seat_wind=1)


@pytest.mark.parametrize(
    ("situation", "code"),
    [
        (Situation(flowers=-1), "flowers"),
        (Situation(flowers=10), "flowers"),
        (Situation(seat_wind="X"), "bad-situation"),
        (Situation(prevalent_wind="e"), "bad-situation"),
        (Situation(seat_wind=""), "bad-situation"),  # no wind: the winds were a text, which holds ""
        (Situation(prevalent_wind="ES"), "bad-situation"),  # two winds: and "ES"
        (Situation(flowers=2, flower_letters="xy"), "flowers"),
    ],
)
def test_format_hand_refuses_a_situation_it_cannot_write(situation, code):
    hand = parse_hand(HAND)
    with pytest.raises(errors.McrError) as info:
        format_hand(Hand(hand.melds, hand.standing, hand.winning, situation))
    assert info.value.code == code
    assert info.value.where is not None
    assert info.value.where.startswith("situation.")


@pytest.mark.parametrize("wind", ["", "ES", "ESWN"])
def test_a_wind_is_one_of_the_four_winds_not_a_part_of_their_text(wind):
    """Issue 23: `"" in "ESWN"` is true, so a situation with no wind (or two) was accepted, scored, and
    written as notation no reader reads back (`|E0000`)."""
    with pytest.raises(errors.BadSituationError, match="is not E, S, W or N"):
        with_situation(parse_hand(HAND), seat_wind=wind)
    hand = parse_hand(HAND)
    assert [
        p.code for p in mcr_score.check_hand(Hand(hand.melds, hand.standing, hand.winning, Situation(seat_wind=wind)))
    ] == ["bad-situation"]


def test_every_written_situation_reads_back_to_the_same_hand():
    """`format_hand` writes what `parse_hand` reads: the hand, or the same named problems."""
    hand = parse_hand(HAND)
    nine = Hand(hand.melds, hand.standing, hand.winning, Situation(flowers=9))
    with pytest.raises(errors.FlowerError, match="9 flowers"):
        parse_hand(format_hand(nine))
    assert mcr_score.check_hand(nine)[0].code == "flowers"


# discards: the 14th tile is drawn, not won ---------------------------------------------------------


@pytest.mark.parametrize("suffix", ["|EE0001", "|EE0100"])
def test_discards_checks_the_situation_of_the_win_to_come(suffix):
    """`5s` drawn while holding a 5s: robbing the kong of it, or its last copy, is a win on the drawn
    tile, which discards does not ask about; the waits after each discard take the situation."""
    result = mcr_score.discards(HAND + suffix)
    assert result.discards
    hand = parse_hand(HAND)
    drawn = Hand(hand.melds, hand.standing, hand.winning, parse_hand("123456789m123p5s6s" + suffix).situation)
    assert mcr_score.discards(drawn).discards == result.discards


def test_robbing_the_kong_goes_to_the_discard_column_and_never_onto_a_held_tile():
    robbed = mcr_score.waits("123456789m12p55s|EE0001").waits[0]  # waits on 3p, held nowhere
    assert 47 in robbed.discard.fan_counts()  # Robbing the Kong
    assert 46 not in robbed.self_drawn.fan_counts()  # no kong replacement: an ordinary self-draw
    assert not robbed.unrobbable
    held = mcr_score.waits(WAITING + "|EE0001").waits[0]  # waits on 5s, holding one
    assert held.unrobbable
    assert 47 not in held.discard.fan_counts()
    assert held.discard == mcr_score.waits(WAITING).waits[0].discard


def test_the_replacement_tile_goes_to_the_self_drawn_column():
    wait = mcr_score.waits("[1111s]456789m12p55s|EE1001").waits[0]
    assert 46 in wait.self_drawn.fan_counts()  # Out with Replacement Tile
    assert 47 not in wait.discard.fan_counts()
    with pytest.raises(errors.ImpossibleSituationError, match="needs a declared kong"):
        mcr_score.waits(WAITING + "|EE1001")
