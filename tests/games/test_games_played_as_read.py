"""tziakcha hands played as they are read (issue 26's benchmark): the table plays the draws and
discards without events, and a hand's events are made on first use (`Events`). The record read so
is the one the replay of its events gives, and a problem is named as that replay names it."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score.games import read_game, tziakcha
from mcr_score.games.errors import GameRecordError, ReplayError
from mcr_score.games.model import Event, Events, HandRecord, Win
from mcr_score.games.reading import Fields
from mcr_score.games.replay import replay
from mcr_score.hand import Hand
from tests.support import TESTS
from tests.support import records as R

SESSION = TESTS / "fixtures" / "records" / "tziakcha" / "session-GHQY2zTj.json"


def _replayed(hand: HandRecord, game: str, step: dict[str, Any] | None = None) -> HandRecord:
    """The hand replayed from its events, as every other format's is (the wins as read: no hand yet,
    or with `step` the record's own hand, `y[seat].h`, which the replay compares with the one played)."""

    def own(win: Win) -> Hand | None:
        if step is None:
            return None
        h = step["y"][win.seat].get("h")
        return tziakcha._own_hand(Fields("t"), h, "y", win.discarder is None, win.seat, hand.prevalent)

    wins = tuple(dataclasses.replace(w, hand=own(w), problem=None) for w in hand.wins)
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
    assert "step.a[2]: 1 item where 3 are expected" in caught.value.message


def _outcome(hand: HandRecord) -> tuple[object, ...]:
    """A hand as the replay leaves it, its problems (exceptions) by message and place."""

    def problem(p: Exception | None) -> object:
        return None if p is None else (type(p).__name__, getattr(p, "message", ""), getattr(p, "where", ""))

    wins = tuple(dataclasses.replace(w, problem=None) for w in hand.wins)
    return (
        dataclasses.replace(hand, wins=wins, problem=None, events=()),
        problem(hand.problem),
        tuple(problem(w.problem) for w in hand.wins),
    )


def _check_played_as_read(step: dict[str, Any]) -> None:
    try:
        game = read_game(R.dumps(step), "tziakcha")
    except GameRecordError:
        return  # a field that is no action: the file's problem, met before any play
    for hand in game.hands:
        assert _outcome(hand) == _outcome(_replayed(hand, game.id, step))


STEPS: list[dict[str, Any]] = [r["step"] for r in json.loads(SESSION.read_text(encoding="utf-8"))["records"]] + [
    R.to_tziakcha(s)["step"] for s in (R.KONG_FLOWER, R.ROBBING, R.DRAWN)
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    record=st.integers(min_value=0, max_value=len(STEPS) - 1),
    changes=st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=400),
            st.sampled_from(["seat-kind", "data", "tile", "bits", "drop", "swap"]),
            st.integers(min_value=0, max_value=0xFFFF),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_a_changed_hand_played_as_read_is_the_replay_of_its_events(
    record: int, changes: list[tuple[int, str, int]]
) -> None:
    """The table's fast acts (on plain ints, without events) play an act only where the replay of
    its event would play it the same: whatever the actions say (an act that contradicts the wall or
    the hand, a claim of no discard, a flower not held), the hand read is the one its events give,
    with the same problem named at the same action."""
    step = copy.deepcopy(STEPS[record])
    actions = step["a"]
    for at, change, value in changes:
        k = at % len(actions)
        action = actions[k]
        if change == "seat-kind":
            action[0] = value & 0x3F
        elif change == "data":
            action[1] = value & 0x3FF
        elif change == "tile":
            action[1] = action[1] & ~0xFF | value % 144
        elif change == "bits":
            action[1] = action[1] ^ (1 << (value % 10))
        elif change == "drop":
            del actions[k]
        else:
            actions[k], actions[value % len(actions)] = actions[value % len(actions)], actions[k]
    _check_played_as_read(step)


def test_the_records_unchanged_played_as_read_are_the_replay_of_their_events() -> None:
    for step in STEPS:
        _check_played_as_read(step)


def _set(k: int, combined: int | None = None, data: Any = None) -> Any:
    def change(actions: list[list[int]]) -> None:
        action = actions[k]
        if combined is not None:
            action[0] = combined
        if data is not None:
            action[1] = data(action[1])

    return change


def _append(action: list[int]) -> Any:
    def change(actions: list[list[int]]) -> None:
        actions.append(action)

    return change


def _drop(k: int) -> Any:
    def change(actions: list[list[int]]) -> None:
        del actions[k]

    return change


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        # Each check of an act the table plays fast, met in hand 1 of the real session.
        (_drop(11), "a[11] (S discard 1p): S discards out of turn: E's discard may be claimed, else S draws"),
        (_set(11, 0x27), "a[11] (W draw 2m): W draws out of turn: E's discard may be claimed, else S draws"),
        (_append([0x32, 106, 160000]), "a[108] (N discard 9p): the hand ended with W's Hu (a[107])"),
        (_set(15, data=lambda d: d & ~0xC0 | 1 << 6), "a[15] (S pung FFF from E): the last discard is W's, not E's"),
        (_set(15, 0x24, lambda d: d & ~0xC0), "a[15] (W pung FFF): a player cannot claim their own discard"),
        (_set(15, data=lambda d: d & ~0x3F | 31), "a[15] (S pung CCC from W): the last discard is F, not C"),
        (_set(15, 0x04, lambda d: d & ~0xC0), "a[15] (E pung FFF): E holds 0 F, and the action needs 2"),
        (_set(31, 0x03), "a[31] (E chow 6m7m8m from N): the last discard is E's, not N's"),
        (_set(31, data=lambda d: d & ~0x3F | 4), "a[31] (S chow 4m5m6m from E): the chow does not hold the discard 8m"),
        (_set(53, data=lambda d: d & ~0x3F | 1), "a[53] (E chow 1m2m3m from N): E holds 0 1m, and the action needs 1"),
        (_set(81, data=lambda d: d & ~0xF00), "a[81] (E flower flower 1): E holds no flower to lay aside"),
        (_set(81, data=lambda d: d & ~0xFF), "a[81] (E replacement 1m): the wall gives 6s here, not 1m"),
    ],
)
def test_a_check_of_a_fast_act_names_its_problem(change: Any, fragment: str) -> None:
    """An act the table would play on ints, made wrong: the table leaves it to the replay of its event,
    which names the problem, the same as the replay of the hand's events names it."""
    step = copy.deepcopy(STEPS[0])
    change(step["a"])
    game = read_game(R.dumps(step), "tziakcha")
    hand = game.hands[0]
    assert hand.problem is not None
    assert hand.problem.code == "unreplayable"
    assert fragment in hand.problem.message
    assert _outcome(hand) == _outcome(_replayed(hand, game.id, step))


def test_a_win_is_rebuilt_with_every_field_it_has() -> None:
    """The replay makes a rebuilt win field by field (`replay.win_of`): a field added to `Win`
    must be added there too."""
    assert [f.name for f in dataclasses.fields(Win)] == ["seat", "discarder", "total", "fans", "hand", "problem"]


def test_players_named_otherwise_and_seated_otherwise() -> None:
    """A player named by a number or not at all, and a hand whose players are not the game's: read
    field by field (the names kept as their digits, an unnamed player by the seat), the seats in order."""
    first, second = copy.deepcopy(STEPS[0]), copy.deepcopy(STEPS[1])
    second["p"] = [{"n": 1234}, {"name": " Bo "}, {"i": "x"}, {"n": "Di"}]
    game = read_game(R.dumps({"sessionId": "S", "records": [{"step": first}, {"step": second}]}), "tziakcha")
    assert game.hands[1].players == ("1234", "Bo", "West", "Di")
    assert game.hands[1].order == (0, 1, 2, 3)
    assert game.hands[0].order == (0, 1, 2, 3)
