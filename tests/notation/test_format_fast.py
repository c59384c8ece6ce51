"""The notation of a hand written on the fast path (`notation/_format_fast.py`, what a batch of game
records writes) is `format_hand`'s: the same text for every hand, melds, situation and flowers
included; a situation the notation cannot write is left to `format_hand`, which names it."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score.errors import McrError
from mcr_score.hand import Hand
from mcr_score.notation import _format_fast, format_hand, parse_hand
from tests.support import strategies


@settings(max_examples=500, deadline=None)
@given(strategies.hands(), st.integers(0, 9), st.sampled_from(["", "a", "ch", "abcdefgh"]), st.booleans())
def test_a_hand_is_written_as_format_hand_writes_it(hand: Hand, flowers: int, letters: str, no_win: bool) -> None:
    situation = dataclasses.replace(hand.situation, flowers=len(letters) or flowers, flower_letters=letters)
    hand = Hand(hand.melds, hand.standing, None if no_win else hand.winning, situation)
    assert _format_fast.hand_text(hand) == format_hand(hand)


@pytest.mark.parametrize("notation", ["[123m1][EEEE]456p78s99mW|SW1010|3", "123456789m1234p5p", "EESSWWNNCCFFP1m"])
def test_a_hand_read_is_written_back_as_format_hand_writes_it(notation: str) -> None:
    hand = parse_hand(notation)
    assert _format_fast.hand_text(hand) == format_hand(hand)


@pytest.mark.parametrize(
    "change", [{"seat_wind": "X"}, {"prevalent_wind": "Q"}, {"flowers": 10}, {"flowers": -1}, {"flower_letters": "az"}]
)
def test_a_situation_the_notation_cannot_write_is_left_to_format_hand(change: dict[str, object]) -> None:
    hand = parse_hand("123456789m1234p5p")
    bad = Hand(hand.melds, hand.standing, hand.winning, dataclasses.replace(hand.situation, **change))
    assert _format_fast.hand_text(bad) is None
    with pytest.raises(McrError):
        format_hand(bad)
