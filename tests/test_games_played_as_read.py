"""tziakcha hands played as they are read (issue 26's benchmark): the table plays the draws and
discards without events, and a hand's events are made on first use (`Events`). The record read so
is the one the replay of its events gives, and a problem is named as that replay names it."""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

import pytest

from mcr_score.games import read_game
from mcr_score.games.errors import GameRecordError, ReplayError
from mcr_score.games.model import Event, Events, HandRecord
from mcr_score.games.replay import replay
from tests.support import records as R

SESSION = Path(__file__).parent / "fixtures" / "records" / "tziakcha" / "session-GHQY2zTj.json"


def _replayed(hand: HandRecord, game: str) -> HandRecord:
    """The hand replayed from its events, as every other format's is (the wins as read: no hand yet)."""
    wins = tuple(dataclasses.replace(w, hand=None, problem=None) for w in hand.wins)
    return replay(dataclasses.replace(hand, wins=wins, final=None, problem=None, events=tuple(hand.events)), game)


def test_a_hand_played_as_read_is_the_replay_of_its_events() -> None:
    game = read_game(SESSION, "tziakcha")
    assert len(game.hands) == 16
    for hand in game.hands:
        assert isinstance(hand.events, Events)
        assert _replayed(hand, game.id) == hand


def test_the_events_made_on_first_use_behave_as_their_tuple() -> None:
    hand = read_game(SESSION, "tziakcha").hands[0]
    events = hand.events
    assert isinstance(events, Events)
    made = tuple(events)
    assert all(type(e) is Event for e in made)
    assert events == made
    assert made == events
    assert events == Events(lambda: made)
    assert events != list(made)
    assert hash(events) == hash(made)
    assert repr(events) == repr(made)
    assert events[0] == made[0]
    assert events[1:3] == made[1:3]
    assert len(events) == len(made)
    assert pickle.loads(pickle.dumps(events)) == made
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert read_game(SESSION, "tziakcha").hands[0] == hand


def test_a_problem_met_while_reading_is_the_one_the_replay_names() -> None:
    record = R.to_tziakcha(R.KONG_FLOWER)
    actions = record["step"]["a"]
    k = next(i for i, a in enumerate(actions) if a[0] == 0x37)  # North's draw
    actions[k][1] = 4 * 20 + 3  # 3p: not what the wall gives there
    game = read_game(R.dumps(record), "tziakcha")
    hand = game.hands[0]
    assert isinstance(hand.problem, ReplayError)
    assert f"step.a[{k}]" in hand.problem.message
    again = _replayed(hand, game.id)  # a problem is an exception: compared by its message and place
    assert again.problem is not None
    assert again.problem.message == hand.problem.message
    assert again.problem.where == hand.problem.where
    assert [w.problem and w.problem.message for w in again.wins] == [w.problem and w.problem.message for w in hand.wins]


def test_a_field_read_after_the_play_stopped_is_still_checked() -> None:
    """The play stops at the first contradiction, the reading goes on: a bad action after it is the
    error of the file, as it was when the events were read before the replay."""
    record = R.to_tziakcha(R.KONG_FLOWER)
    actions = record["step"]["a"]
    k = next(i for i, a in enumerate(actions) if a[0] == 0x37)
    actions[k][1] = 4 * 20 + 3
    actions[-1] = ["x", 1, 5]
    with pytest.raises(GameRecordError) as caught:
        read_game(R.dumps(record), "tziakcha")
    assert f"step.a[{len(actions) - 1}][0]: must be a whole number" in caught.value.message


def test_a_bad_wall_is_named_after_the_actions_as_before() -> None:
    """The wall is read before the actions (to play them) but its problem keeps its place: a bad
    action is named first."""
    record = R.to_tziakcha(R.KONG_FLOWER)
    record["step"]["w"] = "zz"
    record["step"]["a"][2] = [1]
    with pytest.raises(GameRecordError) as caught:
        read_game(R.dumps(record), "tziakcha")
    assert "step.a[2]: 1 items where 3 are expected" in caught.value.message
