"""Game records that are not what they claim (issue 26; the guarantees of issue 22): every problem a
named error with its file and field, or a hand's problem naming the game, the hand and the action;
never a traceback, never a hand scored from a record that contradicts itself."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from mcr_score.errors import McrError
from mcr_score.files import InputFileError
from mcr_score.games import GameRecordError, Outcome, read_game, read_games
from mcr_score.games.model import Act, Deal, Event, Flower, HandRecord, RecordFormat, Win
from mcr_score.games.replay import Table, replay
from mcr_score.games.sessions import compare, load, session_of
from mcr_score.notation import format_hand
from mcr_score.tiles import TILES, Tile
from tests.support import REPO
from tests.support import records as R

ROOT = REPO
GBHELPER = ROOT / "examples" / "records" / "gbhelper-record.json"


def problem_of(data: bytes, fmt: str) -> str:
    hand = read_game(data, fmt).hands[0]
    assert hand.problem is not None
    return hand.problem.message


def refused(data: bytes, fmt: str | None = None) -> str:
    with pytest.raises(McrError) as caught:
        read_games(data, fmt)
    return caught.value.message


# ---- the replay ---------------------------------------------------------------------------------


def _tiles(*codes: str) -> tuple[Tile, ...]:
    return tuple(Tile(c) for c in codes)


EAST = _tiles("1m", "1m", "1m", "2p", "3p", "4p", "5p", "6p", "7p", "7s", "8s", "9s", "5s", "W")
SOUTH = _tiles("2m", "3m", "5s", "5s", "5s", "S", "S", "S", "9p", "9p", "9p", "C", "C")
WEST = _tiles("4m", "5m", "6m", "7m", "8m", "9m", "1s", "2s", "3s", "4s", "F", "F", "F")
NORTH = _tiles("1p", "1p", "1p", "8p", "8p", "8p", "6s", "6s", "6s", "P", "P", "P", "E")


def play(*events: Event, wins: tuple[Win, ...] = (), wall: tuple[Tile, ...] | None = None) -> HandRecord:
    deal = Deal((EAST, SOUTH, WEST, NORTH), wall, len(wall) if wall is not None else 80)
    record = HandRecord(3, "E", ("a", "b", "c", "d"), (0, 1, 2, 3), deal, events, wins, Outcome.WIN)
    return replay(record, "G")


@pytest.mark.parametrize(
    ("events", "fragment"),
    [
        ((Event(7, Act.DISCARD, tile=Tile("W")),), "seat 7 is no seat"),
        ((Event(0, Act.DISCARD),), "the action names no tile"),
        ((Event(1, Act.CHOW, tile=Tile("W"), meld=_tiles("1m", "2m", "3m")),), "there is no discard to claim"),
        (
            (Event(0, Act.DISCARD, tile=Tile("W")), Event(0, Act.PUNG, tile=Tile("W"))),
            "a player cannot claim their own discard",
        ),
        (
            (Event(0, Act.DISCARD, tile=Tile("1m")), Event(1, Act.CHOW, meld=_tiles("2m", "3m", "4m"))),
            "the chow does not hold the discard 1m",
        ),
        (
            (Event(0, Act.DISCARD, tile=Tile("1m")), Event(2, Act.CHOW, meld=_tiles("1m", "2m", "3m"))),
            "a chow takes the discard of the player before, not E's",
        ),
        (
            (Event(0, Act.DISCARD, tile=Tile("1m")), Event(1, Act.PUNG, tile=Tile("2m"))),
            "the last discard is 1m, not 2m",
        ),
        (
            (Event(0, Act.DISCARD, tile=Tile("W")), Event(2, Act.PUNG, tile=Tile("W"), source=3)),
            "the last discard is E's, not N's",
        ),
        ((Event(0, Act.ADDED_KONG, tile=Tile("1m")),), "E has no exposed pung of 1m to add to"),
        ((Event(0, Act.REPLACEMENT, tile=Tile("1m")),), "a replacement draw with no flower or kong before it"),
        ((Event(0, Act.FLOWER, flower=Flower(3)),), "E holds no flower to lay aside"),
        (
            (Event(0, Act.DISCARD, tile=Tile("W")), Event(1, Act.DRAW, tile=Tile("5m")), Event(1, Act.WIN)),
            "the wall gives 2m here, not 5m",
        ),
        ((Event(0, Act.WIN),), "a self-drawn Hu with no tile drawn"),
        ((Event(1, Act.WIN, source=0),), "a Hu on E's discard"),
        (
            (Event(0, Act.DRAW, tile=Tile("2m")), Event(0, Act.DISCARD, tile=Tile("2m"))),
            "E holds 14 tiles after the discard",
        ),
        (
            (Event(0, Act.DISCARD, tile=Tile("9s")), Event(2, Act.WIN, source=0, tile=Tile("8s"))),
            "the winning tile is 9s, not 8s",
        ),
    ],
)
def test_a_contradiction_stops_the_replay_and_is_named(events: tuple[Event, ...], fragment: str) -> None:
    hand = play(*events, wins=(Win(0, None, None, None),), wall=_tiles("2m", "6m", "C", "C"))
    assert hand.problem is not None
    assert hand.problem.code == "unreplayable"
    assert hand.problem.message.startswith("game G, hand 3, ")
    assert fragment in hand.problem.message
    assert all(w.hand is None for w in hand.wins)


def _hand_of(text: str) -> tuple[Tile | Flower, ...]:
    return tuple(Flower(int(c[1])) if c.startswith("f") else Tile(c) for c in text.split())


FAST_DEAL = Deal(
    (
        _hand_of("1m 4m 9m 9m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p f3"),
        _hand_of("1m 2m 3m 4m 5m 1s 2s 3s 4s 5s 6s S S"),
        _hand_of("2m 3m 1m 1m 4m 4m 6s 7s 8s W W W 5s"),
        _hand_of("2m 3m 9m 4p 5p 6p 7p 8p 9p N N N C"),
    ),
    _tiles("2m", "5s", "C", "C", "1p", "9p"),
    6,
)
M = _tiles("1m", "2m", "3m", "4m", "7m", "8m", "9m")
AT = {t.code: i for i, t in enumerate(TILES)}  # a tile's index, as the fast acts take it
DISCARD_1M = (Event(0, Act.DISCARD, tile=M[0]),)


@pytest.mark.parametrize(
    ("before", "fast", "event", "fragment"),
    [
        # each check of a fast act, alone in stopping it (the seat holds the tiles the act needs)
        (DISCARD_1M, lambda t: t.chow(2, AT["1m"]), Event(2, Act.CHOW, meld=M[:3], source=1), "is E's, not S's"),
        (
            (Event(0, Act.DISCARD, tile=M[3]),),
            lambda t: t.chow(1, AT["1m"]),
            Event(1, Act.CHOW, meld=M[:3], source=0),
            "the chow does not hold the discard 4m",
        ),
        (
            DISCARD_1M,
            lambda t: t.chow(1, AT["2m"]),
            Event(1, Act.CHOW, meld=M[1:4], source=0),
            "does not hold the discard 1m",
        ),
        (
            (Event(0, Act.DISCARD, tile=M[6]),),
            lambda t: t.chow(1, AT["7m"]),
            Event(1, Act.CHOW, meld=M[4:], source=0),
            "S holds 0 7m, and the action needs 1",
        ),
        ((), lambda t: t.chow(1, AT["1m"]), Event(1, Act.CHOW, meld=M[:3], source=0), "there is no discard to claim"),
        ((), lambda t: t.pung(2, AT["1m"], -1), Event(2, Act.PUNG, tile=M[0]), "there is no discard to claim"),
        (
            (Event(0, Act.DISCARD, tile=M[6]),),
            lambda t: t.pung(0, AT["9m"], -1),
            Event(0, Act.PUNG, tile=M[6]),
            "a player cannot claim their own discard",
        ),
        (DISCARD_1M, lambda t: t.pung(2, AT["1m"], 3), Event(2, Act.PUNG, tile=M[0], source=3), "is E's, not N's"),
        (
            DISCARD_1M,
            lambda t: t.pung(2, AT["4m"], -1),
            Event(2, Act.PUNG, tile=M[3]),
            "the last discard is 1m, not 4m",
        ),
        (
            (Event(0, Act.DISCARD, tile=M[6]),),
            lambda t: t.pung(3, AT["9m"], -1),
            Event(3, Act.PUNG, tile=M[6]),
            "N holds 1 9m, and the action needs 2",
        ),
        (
            (),
            lambda t: t.flower(1, 3, AT["1p"]),
            Event(1, Act.FLOWER, flower=Flower(3)),
            "S holds no flower to lay aside",
        ),
        (
            (),
            lambda t: t.flower(0, 3, AT["9p"]),
            (Event(0, Act.FLOWER, flower=Flower(3)), Event(0, Act.REPLACEMENT, tile=Tile("9p"))),
            "the wall gives 1p here, not 9p",
        ),
        (
            DISCARD_1M,
            lambda t: t.draw(1, AT["5m"]),
            Event(1, Act.DRAW, tile=Tile("5m")),
            "the wall gives 2m here, not 5m",
        ),
        (
            (Event(0, Act.DRAW, tile=Tile("2m")),),
            lambda t: t.discard(0, AT["1m"]),
            Event(0, Act.DISCARD, tile=M[0]),
            "E holds 14 tiles after the discard",
        ),
        # the turn: each fast act declines an act out of turn, or after the Hu, or owing a replacement
        ((), lambda t: t.discard(1, AT["1m"]), Event(1, Act.DISCARD, tile=M[0]), "S discards out of turn"),
        (DISCARD_1M, lambda t: t.draw(2, AT["2m"]), Event(2, Act.DRAW, tile=Tile("2m")), "W draws out of turn"),
        (
            (*DISCARD_1M, Event(1, Act.DRAW, tile=Tile("2m"))),
            lambda t: t.pung(2, AT["1m"], -1),
            Event(2, Act.PUNG, tile=M[0]),
            "there is no discard to claim",
        ),
        (
            (*DISCARD_1M, Event(1, Act.DRAW, tile=Tile("2m"))),
            lambda t: t.flower(0, 3, AT["1p"]),
            Event(0, Act.FLOWER, flower=Flower(3)),
            "E lays a flower aside out of turn",
        ),
        (
            (Event(0, Act.FLOWER, flower=Flower(3)),),
            lambda t: t.discard(0, AT["1m"]),
            Event(0, Act.DISCARD, tile=M[0]),
            "E discards before drawing the replacement of its flower",
        ),
        (
            (Event(0, Act.DISCARD, tile=M[3]), Event(2, Act.WIN, source=0)),
            lambda t: t.chow(1, AT["2m"]),
            Event(1, Act.CHOW, meld=M[1:4], source=0),
            "the hand ended with W's Hu",
        ),
        (
            (Event(0, Act.DISCARD, tile=M[3]), Event(2, Act.WIN, source=0)),
            lambda t: t.pung(2, AT["4m"], -1),
            Event(2, Act.PUNG, tile=M[3]),
            "the hand ended with W's Hu",
        ),
        (
            (Event(0, Act.DISCARD, tile=M[3]), Event(2, Act.WIN, source=0)),
            lambda t: t.draw(1, AT["2m"]),
            Event(1, Act.DRAW, tile=Tile("2m")),
            "the hand ended with W's Hu",
        ),
    ],
)
def test_a_fast_act_leaves_every_question_to_the_replay_of_its_event(
    before: tuple[Event, ...], fast: Any, event: Event | tuple[Event, ...], fragment: str
) -> None:
    """The table's acts on ints (`Table.chow`...) play an act only when every check of its event's
    replay passes: here one check fails, and the fast act declines (False, the table unchanged) and
    leaves the act to the replay of its event, which names the problem."""
    table = Table(FAST_DEAL, "E")
    table.run(before)
    seats = [(list(s.tiles), s.count, list(s.melds), list(s.flowers)) for s in table.seats]
    assert fast(table) is False
    assert [(list(s.tiles), s.count, list(s.melds), list(s.flowers)) for s in table.seats] == seats
    events = (*before, *((event,) if isinstance(event, Event) else event))
    record = HandRecord(3, "E", ("a", "b", "c", "d"), (0, 1, 2, 3), FAST_DEAL, events, (), Outcome.WIN)
    hand = replay(dataclasses.replace(record, wins=(Win(0, None, None, None),)), "G")
    assert hand.problem is not None
    assert fragment in hand.problem.message


def test_a_hu_the_play_never_declares() -> None:
    hand = play(Event(0, Act.DISCARD, tile=Tile("W")), wins=(Win(2, 0, 8, None),))
    assert hand.problem is not None
    assert "the record gives W a Hu that the play never declares" in hand.problem.message


def test_a_hu_on_the_wrong_number_of_tiles() -> None:
    """East, dealt 14, draws as if dealt 13 (the start allows either) and declares a Hu: 15 tiles."""
    events = (Event(0, Act.DRAW, tile=Tile("C")), Event(0, Act.WIN))
    hand = play(*events, wins=(Win(0, None, 8, None),), wall=_tiles("C", "F"))
    assert hand.wins[0].hand is None
    assert hand.problem is not None
    assert "E holds 15 tiles at the Hu, not 14" in hand.problem.message


def test_the_records_own_hand_must_be_the_one_played() -> None:
    """tziakcha gives the winner's concealed tiles (`y[w].h.s`): another hand there is named."""
    record = R.to_tziakcha(R.KONG_FLOWER)
    record["step"]["y"][0]["h"]["s"][0] = 4 * 20  # a 3p instead of the first tile East holds
    message = problem_of(R.dumps(record), "tziakcha")
    assert "the record's own hand of E" in message


def test_a_flowers_replacement_after_a_kong_is_not_the_kongs() -> None:
    """East kongs 1m concealed; the replacement is a flower, laid aside and replaced in turn; East
    wins on that tile: not on the kong's replacement (GB 杠上开花: 开杠抓进的牌成和牌（不包括补花）),
    and on the wall's last tile (妙手回春)."""
    east = _tiles("1m", "1m", "1m", "1m", "2p", "3p", "4p", "5p", "6p", "7p", "7s", "8s", "9s", "W")
    wall = (Tile("C"), Tile("2s"), Tile("P"), Tile("6m"), Tile("6m"), Flower(2))  # back: f2, then 6m
    deal = Deal((east, SOUTH, WEST, NORTH), wall, len(wall), back_pairs=False)
    events = (
        Event(0, Act.DISCARD, tile=Tile("W")),
        Event(1, Act.DRAW, tile=Tile("C")),
        Event(1, Act.DISCARD, tile=Tile("C")),
        Event(2, Act.DRAW, tile=Tile("2s")),
        Event(2, Act.DISCARD, tile=Tile("2s")),
        Event(3, Act.DRAW, tile=Tile("P")),
        Event(3, Act.DISCARD, tile=Tile("P")),
        Event(0, Act.DRAW, tile=Tile("6m")),
        Event(0, Act.CONCEALED_KONG, tile=Tile("1m")),
        Event(0, Act.REPLACEMENT, flower=Flower(2)),
        Event(0, Act.FLOWER, flower=Flower(2)),
        Event(0, Act.REPLACEMENT, tile=Tile("6m")),
        Event(0, Act.WIN),
    )
    names = ("a", "b", "c", "d")
    record = HandRecord(1, "E", names, (0, 1, 2, 3), deal, events, (Win(0, None, None, None),), Outcome.WIN)
    hand = replay(record, "G").wins[0].hand
    assert hand is not None
    assert format_hand(hand) == "[1111m]6m234567p789s6m|EE1010|1"


# ---- the readers: named fields ------------------------------------------------------------------


def _tz() -> dict[str, Any]:
    return R.to_tziakcha(R.ROBBING)


@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (lambda r: r["step"].update(w="zz"), "step.w: the wall is not the 144 tile ids"),
        (lambda r: r["step"].update(w=r["step"]["w"][:-2] + "00"), "step.w: the wall is not the 144 tile ids"),
        (lambda r: r["step"].update(w=r["step"]["w"][:-2] + "90"), "step.w: the wall is not the 144 tile ids"),
        (lambda r: r["step"].update(w=r["step"]["w"][:-2]), "step.w: the wall is not the 144 tile ids"),
        (lambda r: r["step"].update(w=r["step"]["w"] + "00"), "step.w: the wall is not the 144 tile ids"),
        (lambda r: r["step"].update(d="6"), "step.d: must be a whole number"),
        (lambda r: r["step"]["a"].__setitem__(3, [0x13, 0x3F | 1 << 6, 5]), "is not a code of the tziakcha format"),
        (lambda r: r["step"]["a"].__setitem__(3, [0x13, 1 | 0 << 6, 5]), "is not a code of the tziakcha format"),
        (lambda r: r["step"]["a"].__setitem__(3, ["x", 1, 5]), "step.a[3][0]: must be a whole number"),
        (lambda r: r["step"]["a"].__setitem__(3, [1]), "step.a[3]: 1 item where 3 are expected"),
        (lambda r: r["step"]["y"][2].update(t={"x": 1}), "is not a code of the tziakcha format"),
        (lambda r: r["step"]["y"][2]["h"]["s"].append(140), "step.y[2].h.s"),
        (lambda r: r["step"].pop("p"), "step.p: missing"),
    ],
)
def test_tziakcha_fields(mutate: Any, fragment: str) -> None:
    record = _tz()
    mutate(record)
    assert fragment in refused(R.dumps(record), "tziakcha")


def test_a_tziakcha_session_listing_without_steps() -> None:
    """The site's own session lists record ids only (`records[{i, s, m}]`)."""
    doc = {"id": "X", "periods": 16, "records": [{"i": "abc", "s": 1, "m": 2}]}
    assert "the session lists record ids only" in refused(json.dumps(doc).encode(), "tziakcha")


def test_a_decoded_step_alone_and_a_list_of_records() -> None:
    step = _tz()["step"]
    assert read_game(json.dumps(step).encode(), "tziakcha").hands[0].wins
    records = [R.to_tziakcha(R.ROBBING, "r1"), R.to_tziakcha(R.DRAWN, "r2")]
    game = read_game(json.dumps(records).encode(), "tziakcha")
    assert [h.number for h in game.hands] == [6, 16]


def _sal() -> dict[str, Any]:
    return R.to_salasasa([R.ROBBING])


def _round(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["record"]["game_round"]["round_index_1"]


@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (lambda d: _round(d).update(seats=[0, 0, 1, 2]), "seats must give each of the four players a seat"),
        (lambda d: _round(d).update(dealer_index=2), "the dealer is player_index 2, not 0"),
        (lambda d: _round(d)["p0_tiles"].__setitem__(0, 48), "48 is no tile code of this format"),
        (lambda d: _round(d)["action_ticks"].insert(0, ["zz"]), "zz is no tick code of the format"),
        (lambda d: _round(d)["action_ticks"].insert(0, [3]), "a tick is a list starting with its code"),
        (lambda d: _round(d)["action_ticks"].insert(0, ["p", 25]), "action_ticks[0][2]: missing"),
        (lambda d: d["record"].pop("game_round"), "record.game_round: missing"),
        (lambda d: d["record"].update(game_round={}), "no hand in the record"),
    ],
)
def test_salasasa_fields(mutate: Any, fragment: str) -> None:
    doc = _sal()
    mutate(doc)
    assert fragment in refused(R.dumps(doc), "salasasa")


def test_a_salasasa_hand_played_twice() -> None:
    """A session plays each of its hands once, in order (R98 Art. 4): a second hand numbered like the
    first, or before it, is refused at the field that says so."""
    doc = R.to_salasasa([R.ROBBING, R.ROBBING])
    rounds = doc["record"]["game_round"]
    rounds["round_index_2"]["current_round"] = rounds["round_index_1"]["current_round"]
    problem = refused(R.dumps(doc), "salasasa")
    assert "game_round.round_index_2.current_round" in problem
    assert "hand 6 of the session recorded after hand 6" in problem


def test_salasasa_reset_and_tactical_requests() -> None:
    """`["reset", player]` sets the current player; `["ca", ...]` only shows on the replay."""
    doc = _sal()
    ticks = _round(doc)["action_ticks"]
    ticks.insert(1, ["ca", 2, "p", 25])
    ticks.insert(3, ["reset", 1])
    hand = read_game(R.dumps(doc), "salasasa").hands[0]
    assert hand.problem is None
    assert format_hand(hand.wins[0].hand) == "34678p123456sNN5p|SW0101"  # type: ignore[arg-type]


def test_a_salasasa_chow_whose_code_lies() -> None:
    doc = R.to_salasasa([R.KONG_FLOWER])
    ticks = _round(doc)["action_ticks"]
    k = next(i for i, t in enumerate(ticks) if t[0] == "cl")
    ticks[k][0] = "cr"  # the claimed 9m is the highest of 789m: cl, not cr
    assert "cr says where the claimed tile sits in the chow" in refused(R.dumps(doc), "salasasa")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('[Event "x"]\n[Event "y"]\n', "the tag Event is given twice"),
        ('[Event "x"]\nnot a tag\n', "'not a tag' is not a [Tag \"value\"] line"),
        ('[Board "zero"]\n', "Board 'zero' is not what PMN writes there"),
        ('[PWind "Q"]\n', "PWind 'Q' is not what PMN writes there"),
        ('[Deal "c1 c2"]\n', "Deal 'c1 c2' is not what PMN writes there"),
        ('[Deal "x1 c2 c3 c4"]\n', "Deal 'x1' is not what PMN writes there"),
        ('[Fan "None None None 99/1"]\n', "Fan '99/1' is not what PMN writes there"),
        ('[Fan "None"]\n', "Fan 'None' is not what PMN writes there"),
        ('[Result "1 2 3"]\n', "Result '1 2 3' is not what PMN writes there"),
        ('[Play "D0z1"]\n', "'D0z1' discards the tile just taken, and none was"),
        ('[Play "C0w1"]\n', "'C0w1' is no token of the play"),
        ('[Play "R0c1"]\n', "'R0c1' is no token of the play"),
        ('[Play "D0f1"]\n', "'D0f1' is no token of the play"),
        ('[Play "H9"]\n', "'H9' is no token of the play"),
        ('[Play "T0x1"]\n', "x1 is no tile code of this format"),
        ("\n\n", "no hand in the record"),
    ],
)
def test_pmn_tags_and_tokens(text: str, fragment: str) -> None:
    assert fragment in refused(text.encode(), "pmn")


def test_pmn_no_game_and_comments() -> None:
    text = "% a comment\n" + R.to_pmn(R.DRAWN).replace('[Play "', '[Play "N0')
    hand = read_game(text.encode(), "pmn").hands[0]
    assert hand.outcome is Outcome.DRAW


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Match 1\nWind 0\nPlayer 0 Hu\n", "'Player 0 Hu' is no line of the Botzone text"),
        ("Match 1\nScore a b c d\n", "'Score a b c d' is no line of the Botzone text"),
        ("Match 1\nBogus\n", "'Bogus' is no line"),
        # a prevalent wind is one seat digit: "23" is inside "0123" but no wind (it was an IndexError)
        ("Match 1\nWind 23\n", "'Wind 23' is no line of the Botzone text"),
        # "²" passes str.isdigit but int() refuses it: a located error, not a traceback
        ("Match 1\nFan \u00b2 x*1\n", "'Fan \u00b2 x*1' is no line of the Botzone text"),
        ("Match 1\nPlayer 0 Deal W1 Q9\n", "Q9 is no tile code of this format"),
        ("Match 1\nPlayer 0 Play H1\n", "H1 is no tile code of this format"),
        ("Wind 0\n", "a Botzone text starts with Match <id>"),
    ],
)
def test_botzone_text_lines(text: str, fragment: str) -> None:
    game = read_games(text.encode(), "botzone")[0]
    assert game.hands[0].problem is not None
    assert fragment in game.hands[0].problem.message


def test_botzone_log_flowers_kongs_and_a_judges_verdict() -> None:
    """BUHUA: a flower drawn, laid aside, and the next DRAW its replacement; GANG after the seat's own
    draw is concealed; an action code the judge gives for a wrong action is that player's false Hu."""
    doc = R.to_botzone_log(R.KONG_FLOWER)
    entries = doc["log"]
    k = next(i for i, e in enumerate(entries) if e.get("output", {}).get("display", {}).get("action") == "GANG")
    entries.insert(k + 1, {"output": {"display": {"action": "BUHUA", "player": 0, "tile": "H5"}}})
    hand = read_game(R.dumps(doc), "botzone").hands[0]
    win = hand.wins[0]
    assert win.hand is not None
    assert win.hand.situation.flowers == 2
    assert not win.hand.situation.kong  # the Hu is on a flower's replacement, not the kong's
    doc = R.to_botzone_log(R.ROBBING)
    doc["log"] = [e for e in doc["log"] if e.get("output", {}).get("display", {}).get("action") != "HU"]
    doc["log"].append({"output": {"display": {"action": "WA", "player": 2, "score": [10, 10, -30, 10]}}})
    hand = read_game(R.dumps(doc), "botzone").hands[0]
    assert hand.false_wins == (2,)
    assert hand.penalties == (10, 10, -30, 10)
    assert not hand.wins


def test_botzone_log_fields() -> None:
    doc = R.to_botzone_log(R.ROBBING)
    doc["log"][1]["output"]["display"]["hand"] = [[]]
    assert "hand: 1 item where 4 are expected" in refused(R.dumps(doc), "botzone")
    doc = R.to_botzone_log(R.ROBBING)
    doc["log"].insert(2, {"output": {"display": {"action": "CHI", "player": 1, "tileCHI": "W2", "tile": "W1"}}})
    assert "a claim with no discard before it" in refused(R.dumps(doc), "botzone")


# ---- the sheets ---------------------------------------------------------------------------------


def _sheet() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GBHELPER.read_text(encoding="utf-8"))
    return data


def test_gbhelper_old_keys_are_read_as_the_app_upgrades_them() -> None:
    """Record.cpp UpgradeJson: `win_claim` (the winner in the high nibble), `false_win` (-30, +10 each),
    `score` for `fan`, `fan_flag` for `fan_bits`, and the fans of `unique_fan`, `multiple_fan`,
    `packed_fan`."""
    sheet = _sheet()
    old = {"win_claim": 0x12, "score": 9, "packed_fan": 1, "unique_fan": 1 << 13, "multiple_fan": 2 << 24}
    sheet["detail"] = [old, {"false_win": 4, "fan_flag": 0}]
    game = read_game(json.dumps(sheet).encode(), "gbhelper")
    first, second = game.hands
    win = first.wins[0]
    assert (win.seat, win.discarder, win.total) == (0, 1, 9)
    assert sorted(int(f.fan) for f in win.fans or () for _ in range(f.count)) == [62, 63, 68, 73, 73, 80]
    assert second.outcome is Outcome.DRAW
    assert second.penalties is not None
    assert sorted(second.penalties) == [-30, 10, 10, 10]


def test_gbhelper_a_hand_the_notation_cannot_read_is_settled_on_its_total() -> None:
    sheet = _sheet()
    sheet["detail"][0]["win_hand"]["tiles"] = "123456789m123p5s5x"
    game = read_game(json.dumps(sheet).encode(), "gbhelper")
    assert game.hands[0].wins[0].problem is not None
    compared = compare(game)
    assert compared.notes
    assert "hand 1: the hand the app kept does not read" in compared.notes[0].text()
    assert compared.result.hands[0].points == 22


def test_gbhelper_timeout_and_fields() -> None:
    sheet = _sheet()
    sheet["detail"][3]["timeout"] = True
    game = read_game(json.dumps(sheet).encode(), "gbhelper")
    assert game.hands[3].outcome is Outcome.UNKNOWN
    assert session_of(game)[0].hands[3].kind == "draw"
    sheet = _sheet()
    sheet["detail"][0]["win_flag"] = 64
    assert "detail[0].win_flag: 64 is outside 0 to 15" in refused(json.dumps(sheet).encode(), "gbhelper")
    sheet = _sheet()
    sheet["detail"] = sheet["detail"] * 5
    assert "detail: 20 items where 16 are expected" in refused(json.dumps(sheet).encode(), "gbhelper")


def test_a_history_of_sheets_and_choosing_one(tmp_path: Path) -> None:
    history = tmp_path / "history_record.json"
    second = copy.deepcopy(_sheet())
    second["name"] = ["Eve", "Fay", "Gus", "Hal"]
    history.write_text(json.dumps([_sheet(), second]), encoding="utf-8")
    with pytest.raises(GameRecordError, match="holds 2 sheets: choose one with --game 1-2"):
        load(history, RecordFormat.GBHELPER)
    with pytest.raises(GameRecordError, match="holds 2 sheets, not a sheet 3"):
        load(history, RecordFormat.GBHELPER, 3)
    game, n = load(history, RecordFormat.GBHELPER, 2)
    assert n == 2
    assert game.players == ("Eve", "Fay", "Gus", "Hal")
    pmn = tmp_path / "x.pmn"
    pmn.write_text(R.to_pmn(R.ROBBING), encoding="utf-8")
    with pytest.raises(GameRecordError, match="records are games, not score sheets"):
        load(pmn, RecordFormat.PMN)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Round,Winner\n", "not the header MahjongScoring2 writes"),
        (
            "Round,Winner,Discarder,Hand Points,Points A,Points B,Points C,Points D,Penalty A,Penalty B,Penalty C,"
            "Penalty D,Game name,Game start date,Game end date\n1,Zed,-,8,24,-8,-8,-8,0,0,0,0,g,x,y\n",
            "'Zed' is none of the four players",
        ),
        (
            "Round,Winner,Discarder,Hand Points,Points A,Points B,Points C,Points D,Penalty A,Penalty B,Penalty C,"
            "Penalty D,Game name,Game start date,Game end date\n1,A,-,eight,24,-8,-8,-8,0,0,0,0,g,x,y\n",
            "'eight' is not a whole number",
        ),
        (
            "Round,Winner,Discarder,Hand Points,Points A,Points B,Points C,Points D,Penalty A,Penalty B,Penalty C,"
            "Penalty D,Game name,Game start date,Game end date\n1,A,-,8\n",
            "4 items where 15 are expected",
        ),
    ],
)
def test_mahjongscoring2_csv(text: str, fragment: str) -> None:
    assert fragment in refused(text.encode(), "mahjongscoring2")


def test_mahjongscoring2_json_fields() -> None:
    doc = json.loads((ROOT / "examples" / "records" / "mahjongscoring2.json").read_text())
    doc[0]["rounds"][0]["winnerInitialSeat"] = 7
    assert "winnerInitialSeat: 7 is outside -1 to 3" in refused(json.dumps(doc).encode(), "mahjongscoring2")
    assert "no hand in the record" in refused(b"[]", "mahjongscoring2")


# ---- files --------------------------------------------------------------------------------------


def test_files_that_are_no_records(tmp_path: Path) -> None:
    with pytest.raises(InputFileError):
        read_games(tmp_path / "missing.json")
    with pytest.raises(InputFileError):
        read_games(tmp_path)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"Match 1\n\xff\n")
    with pytest.raises(GameRecordError, match="not UTF-8"):
        read_games(bad)
    long = tmp_path / "long.txt"
    long.write_bytes(b"Match 1\n" + b"x" * 500_000 + b"\n")
    with pytest.raises(GameRecordError, match="over 100000 characters"):
        read_games(long)
    big = tmp_path / "big.txt"  # a Botzone text streams whatever its size
    big.write_text("".join(R.to_botzone_text(R.ROBBING, match=f"{k:024x}") for k in range(2000)), encoding="utf-8")
    assert sum(1 for g in read_games(big) if g.hands[0].wins) == 2000
    with pytest.raises(GameRecordError, match="not a JSON record"):
        read_games(b'{"a": 1, "a": 2}', "tziakcha")
    with pytest.raises(GameRecordError, match="not UTF-8"):
        read_games(b"\xff\xfe", "pmn")
