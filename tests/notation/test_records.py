"""`mcr_score.notation.record`: the JSON record form of a hand, both ways. (Its field errors, through a
whole batch record, are in test_batch.py.)"""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings

from mcr_score.notation.record import RecordRead, hand_from_record, read_record, record_from_hand
from tests.batch.test_batch import record_of
from tests.support.hand_strategies import hands

PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(hands())
def test_a_hand_survives_its_record(h):
    """Written as a record, through JSON text and read back: the same hand, and no problem."""
    record = json.loads(json.dumps(record_from_hand(h)))
    hand, problems, _ = hand_from_record(record)
    assert problems == []
    assert hand == h


@PROPERTY
@given(hands())
def test_the_record_written_is_the_documented_form(h):
    assert record_from_hand(h) == record_of(h)


def test_problems_of_every_field_at_once_each_naming_its_field():
    _, problems, _ = hand_from_record(
        {
            "melds": [{"type": "chow", "tile": "8m"}],
            "hand": ["1m", "Q"],
            "win": 5,
            "self_drawn": "yes",
            "seat_wind": "X",
            "flowers": 9.5,
        }
    )
    assert [(p.code, p.where) for p in problems] == [
        ("bad-field", "melds[0].tile"),
        ("bad-field", "hand[1]"),
        ("bad-field", "win"),
        ("bad-field", "self_drawn"),
        ("bad-field", "seat_wind"),
        ("bad-field", "flowers"),
    ]


def test_the_locator_names_the_record_field_of_a_tile_as_written():
    """`check_hand` refers to standing tiles in tile order; the locator maps back to `hand[i]` as written."""
    _, problems, locate = hand_from_record({"hand": ["9m", "1m"], "win": "1m", "last_tile": True})
    assert problems == []
    assert locate(("standing", 0)) == (None, "hand[1]")
    assert locate(("situation", "last_copy")) == (None, "last_tile")
    assert locate(("end",)) == (None, "hand")


def test_equal_tiles_are_located_at_their_places_in_the_order_written():
    """The standing tiles sorted, equal tiles in the order of their places in `hand`."""
    _, problems, locate = hand_from_record({"hand": ["5p", "1m", "5p", "x", "1m"], "win": "1m"})
    assert [p.where for p in problems] == ["hand[3]"]
    assert [locate(("standing", i))[1] for i in range(4)] == ["hand[1]", "hand[4]", "hand[0]", "hand[2]"]


def test_every_flag_and_wind_problem_in_the_order_of_the_fields():
    _, problems, _ = hand_from_record(
        {
            "hand": [],
            "win": None,
            "prevalent_wind": ["E"],
            "wall_last": None,
            "seat_wind": "e",
            "kong": "no",
            "last_tile": 0,
            "self_drawn": 1,
        }
    )
    assert [p.where for p in problems] == [
        "self_drawn",
        "last_tile",
        "kong",
        "wall_last",
        "seat_wind",
        "prevalent_wind",
    ]


def test_a_record_read_is_a_frozen_value_of_its_fields():
    """What the batch reads a record into (`read_record`): its written `__init__` is the dataclass's."""
    read = read_record({"hand": ["9m", "1m"], "win": "1m"})
    names = [f.name for f in dataclasses.fields(RecordRead)]
    assert names == ["hand", "problems", "order"]
    assert RecordRead(*(getattr(read, n) for n in names)) == read
    assert RecordRead(**{n: getattr(read, n) for n in names}) == read
    assert (read.order, read.locate(("standing", 0))) == ([1, 0], (None, "hand[1]"))
    with pytest.raises(AttributeError):
        read.order = []  # type: ignore[misc]
