"""The Python API's type errors (found in issue 12):
a wrong type is a TypeError with a message, a situation the notation
cannot write is refused, and every error's `to_dict()` lists its problems."""

from __future__ import annotations

import pytest

import mcr_score
from mcr_score import errors, parse_hand, score
from mcr_score.hand import Meld
from mcr_score.notation import format_hand, with_situation
from mcr_score.tiles import Tile

HAND = "123456789m123p5s5s"


@pytest.mark.parametrize("bad", [12345, None, b"123456789m123p5s5s", ["1m"]])
def test_score_of_something_else_than_a_hand_or_text_is_a_type_error(bad):
    with pytest.raises(
        TypeError, match=f"score\\(\\) takes a Hand or its notation \\(str\\), not {type(bad).__name__}"
    ):
        score(bad)


@pytest.mark.parametrize(("name", "value"), [("seat_wind", "X"), ("prevalent_wind", "e"), ("seat_wind", "EE")])
def test_with_situation_refuses_a_wind_the_notation_cannot_write(name, value):
    hand = parse_hand(HAND)
    with pytest.raises(errors.BadSituationError) as info:
        with_situation(hand, **{name: value})
    assert info.value.where == f"situation.{name}"
    assert f"'{value}' is not E, S, W or N" in info.value.message


@pytest.mark.parametrize(
    ("name", "value"), [("self_drawn", 1), ("kong", "yes"), ("flowers", "2"), ("flowers", True), ("last_copy", 0)]
)
def test_with_situation_refuses_values_of_the_wrong_type(name, value):
    with pytest.raises(TypeError, match=name):
        with_situation(parse_hand(HAND), **{name: value})


def test_with_situation_keeps_good_values():
    hand = with_situation(parse_hand(HAND), seat_wind="S", self_drawn=True, flowers=2)
    assert format_hand(hand) == "123456789m123p5s5s|ES1000|2"


def test_an_impossible_situation_lists_its_problems():
    with pytest.raises(errors.ImpossibleSituationError) as info:
        parse_hand(HAND + "|EE1001")
    out = info.value.to_dict()
    assert out["problems"] == [{k: v for k, v in out.items() if k != "problems"}]
    assert out["code"] == "impossible-situation"


# ---- found by `scripts/fuzz 100000 --surface ...` after the first fixes of issue 22 (its reproducers, shrunk)


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


def test_check_hand_names_a_shape_or_locator_of_the_wrong_type() -> None:
    """The API fuzz (#22) after the core's Shape (#23): `shape=range(4)` was an AttributeError."""
    hand = mcr_score.parse_hand("123456789m123p5s5s")
    with pytest.raises(TypeError, match="shape"):
        mcr_score.check_hand(hand, shape=range(4))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="locate"):
        mcr_score.check_hand(hand, None)  # type: ignore[arg-type]
