"""What `scripts/fuzz 100000 --surface ...` found after the first fixes of issue 22, each pinned here
(the fuzz run's reproducer, shrunk)."""

from __future__ import annotations

from pathlib import Path

import pytest

import mcr_score
from mcr_score import errors
from mcr_score.cli import main
from mcr_score.hand import Meld
from mcr_score.notation import format_hand, parse_hand, with_situation
from mcr_score.tiles import Tile
from tests.support.cli import runner


def test_catchup_player_is_ascii_digits() -> None:
    result = runner().invoke(main, ["catchup", "--scores", "8,3,3,4", "--player", "٢"])
    assert result.exit_code == 2
    assert "ASCII digits" in result.output


@pytest.mark.parametrize("bad", [bytearray(b"12"), "ab", [1, 2]])
def test_standings_takes_settled_sessions_only(bad: object) -> None:
    with pytest.raises(TypeError, match="settled sessions"):
        mcr_score.standings(bad)  # type: ignore[arg-type]


def test_a_false_hu_setting_of_the_wrong_type_is_a_type_error(tmp_path: Path) -> None:
    sheet = tmp_path / "s.json"
    sheet.write_text('{"players": ["A", "B", "C", "D"], "hands": [{"draw": true}]}')
    with pytest.raises(TypeError, match="false_hu is a FalseHu"):
        mcr_score.read_session(sheet, "")  # type: ignore[arg-type]


def test_a_number_too_long_to_write_is_shown_in_a_message() -> None:
    with pytest.raises(errors.BadClaimError, match="a number of about 5,000 digits"):
        Meld("chow", Tile("1m"), False, -(10**5000))


def test_with_situation_refuses_a_situation_the_tiles_make_impossible() -> None:
    """Robbing a kong of a tile the hand holds: refused, so that what with_situation returns reads back."""
    hand = parse_hand("123456789m123p5s5s")
    with pytest.raises(errors.ImpossibleSituationError, match="robbing the kong"):
        with_situation(hand, kong=True)
    fine = with_situation(hand, self_drawn=True)
    assert parse_hand(format_hand(fine)) == fine


def test_a_line_break_inside_a_csv_header_is_a_named_error(tmp_path: Path) -> None:
    sheet = tmp_path / "s.csv"
    sheet.write_bytes(b"hand,win\rner,points,A,B,C,D\n1,1,8,,,,\n")
    with pytest.raises(errors.McrError):
        mcr_score.read_session(sheet)


def test_full_width_names_look_like_their_ascii_twins(tmp_path: Path) -> None:
    sheet = tmp_path / "s.json"
    sheet.write_text('{"players": ["Ana", "Ａｎａ", "C", "D"], "hands": [{"draw": true}]}', encoding="utf-8")
    with pytest.raises(errors.McrError, match="four different names"):
        mcr_score.read_session(sheet)
    one = tmp_path / "one.json"
    one.write_text('{"players": ["Ana", "B", "C", "D"], "hands": [{"draw": true}]}', encoding="utf-8")
    two = tmp_path / "two.json"
    two.write_text('{"players": ["Ａｎａ", "E", "F", "G"], "hands": [{"winner": 2, "points": 8}]}', encoding="utf-8")
    with pytest.raises(errors.McrError, match="look alike"):
        mcr_score.standings([mcr_score.score_session(one), mcr_score.score_session(two)])


def test_names_that_differ_only_by_case_are_one_name_typed_two_ways(tmp_path: Path) -> None:
    """The 100,000-input session fuzz (#22): `ANA` and `Ana` in one sheet were four players."""
    sheet = tmp_path / "s.json"
    sheet.write_text('{"players": ["ANA", "Eve", "Ana", "Bo"], "hands": [{"draw": true}]}', encoding="utf-8")
    with pytest.raises(errors.McrError, match="four different names"):
        mcr_score.read_session(sheet)
    one = tmp_path / "one.json"
    one.write_text('{"players": ["Ana", "B", "C", "D"], "hands": [{"draw": true}]}', encoding="utf-8")
    two = tmp_path / "two.json"
    two.write_text('{"players": ["ANA", "E", "F", "G"], "hands": [{"winner": 2, "points": 8}]}', encoding="utf-8")
    with pytest.raises(errors.McrError, match="look alike"):
        mcr_score.standings([mcr_score.score_session(one), mcr_score.score_session(two)])


def test_check_hand_names_a_shape_or_locator_of_the_wrong_type() -> None:
    """The API fuzz (#22) after the core's Shape (#23): `shape=range(4)` was an AttributeError."""
    hand = mcr_score.parse_hand("123456789m123p5s5s")
    with pytest.raises(TypeError, match="shape"):
        mcr_score.check_hand(hand, shape=range(4))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="locate"):
        mcr_score.check_hand(hand, None)  # type: ignore[arg-type]
