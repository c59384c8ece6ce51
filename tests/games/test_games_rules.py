"""Records the game cannot produce, and records that cost more than a hand can (issue 37). The
replay checks every rule of the deal, the turn and the end once, for every reader, and names the
game, the hand and the action that breaks one; a claim of fans no table knows is named, never
compared as if it matched; a file of another format is refused before the run (exit 2); every
reader names the line and column (or the JSON path) of what it refuses; and what a record may
expand to is bounded by what a hand can hold, refused at once.

The bad records are the real fixtures (`tests/fixtures/records/`) and the examples
(`examples/records/`) edited: a fifth copy dealt, a draw repeated, a discard moved after the Hu."""

from __future__ import annotations

import base64
import contextlib
import copy
import json
import resource
import time
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score.cli import main
from mcr_score.errors import McrError
from mcr_score.games import read_game, read_games
from mcr_score.games.model import Act, Deal, Event, Flower, HandRecord, Outcome
from mcr_score.games.reading import MAX_ACTIONS, MAX_FILE_HANDS, MAX_SESSION_HANDS
from mcr_score.games.replay import replay
from mcr_score.tiles import Tile
from tests.support import REPO
from tests.support.cli import runner

ROOT = REPO
EXAMPLES = ROOT / "examples" / "records"
FIXTURES = ROOT / "tests" / "fixtures" / "records"
SESSION_PATH = FIXTURES / "tziakcha" / "session-GHQY2zTj.json"
SESSION: dict[str, Any] = json.loads(SESSION_PATH.read_text(encoding="utf-8"))
BOTZONE = (EXAMPLES / "botzone.txt").read_text(encoding="utf-8")
BOTZONE_LOG: dict[str, Any] = json.loads((EXAMPLES / "botzone-log.json").read_text(encoding="utf-8"))
SALASASA: dict[str, Any] = json.loads((EXAMPLES / "salasasa.json").read_text(encoding="utf-8"))
PMN = (FIXTURES / "pmn" / "example_2.pmn").read_text(encoding="utf-8")
MATCH = "game 5f0000000000000000000001, hand 1, "


def run(*args: str) -> Any:
    return runner().invoke(main, list(args))


def edited(text: str, edit: Callable[[list[str]], None]) -> bytes:
    lines = text.split("\n")
    edit(lines)
    return "\n".join(lines).encode()


def problem(data: bytes, fmt: str) -> McrError:
    """The first problem of the record: its first hand's that has one."""
    for game in read_games(data, fmt):
        for hand in game.hands:
            if hand.problem is not None:
                return hand.problem
            for win in hand.wins:
                if win.problem is not None:
                    return win.problem
    raise AssertionError("the record was read without a problem")


# ---- the deal ----------------------------------------------------------------------------------


def test_a_fifth_copy_dealt_botzone() -> None:
    """Botzone's text deals J1 (中) to East once and to North three times: a fourth seat's copy is one too many."""
    data = edited(BOTZONE, lambda lines: lines.__setitem__(4, lines[4].replace("B3", "J1", 1)))
    error = problem(data, "botzone")
    assert error.code == "unreplayable"
    assert (
        error.message == MATCH + "the deal: the deal and the wall hold 5 copies of C, and the game has 4 of each tile"
    )
    assert error.where == "5f0000000000000000000001/1 deal"


def test_a_fifth_copy_dealt_salasasa_and_a_300_tile_wall() -> None:
    doc = copy.deepcopy(SALASASA)
    first = doc["record"]["game_round"]["round_index_1"]
    assert first["p0_tiles"][:4] == [11, 11, 11, 11]  # East holds the four 1m
    first["p1_tiles"][2] = 11
    error = problem(json.dumps(doc).encode(), "salasasa")
    assert error.message == (
        "game SpecGame01, hand 1, the deal: the deal and the wall hold 5 copies of 1m, and the game has 4 of each tile"
    )
    doc = copy.deepcopy(SALASASA)
    second = doc["record"]["game_round"]["round_index_2"]
    second["tiles_list"] = second["tiles_list"] + [21] * (300 - len(second["tiles_list"]))
    error = problem(json.dumps(doc).encode(), "salasasa")
    assert error.message == (
        "game SpecGame01, hand 2, the deal: the deal and the wall hold 353 pieces, "
        "and the game has 144 (136 tiles and 8 flowers)"
    )


def test_a_fifth_copy_dealt_pmn_and_a_seat_dealt_short() -> None:
    """The real board deals 5p to East once and to South twice: East dealt three is one too many."""
    error = problem(PMN.replace("c7d345677b3689w2r1f", "c7d345557b3689w2r1f").encode(), "pmn")
    assert (
        error.message
        == "game <bytes>, hand 1, the deal: the deal and the wall hold 5 copies of 5p, and the game has 4 of each tile"
    )
    error = problem(PMN.replace("c79d12558b45w13r23f", "c79d1255b45w13r23f").encode(), "pmn")
    assert error.message == (
        "game <bytes>, hand 1, the deal: S is dealt 12 tiles and 0 flowers, and a seat is dealt 13 pieces "
        "(the dealer 14, or 13 and the first draw), each flower then replaced"
    )


# ---- the draws and the turn --------------------------------------------------------------------


def test_a_tile_drawn_200_times_is_refused_at_its_fifth_copy() -> None:
    """Each seat in turn draws 9m and discards it, 200 times: North was dealt one, so the fourth draw
    (South's, line 17) is the fifth copy."""

    def repeat(lines: list[str]) -> None:
        extra = []
        for k in range(200):
            seat = (3 + k) % 4
            extra += [f"Player {seat} Draw W9", f"Player {seat} Play W9"]
        lines[12:12] = extra

    error = problem(edited(BOTZONE, repeat), "botzone")
    assert error.message == MATCH + "line 17 (S draw 9m): copy 5 of 9m drawn or dealt, and the game has 4 of each tile"


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda lines: lines.__setitem__(12, "Player 1 Draw B1"),
            "line 13 (S draw 1p): S draws out of turn: W's discard may be claimed, else N draws",
        ),
        (
            lambda lines: lines.__setitem__(13, "Player 2 Play B1"),
            "line 14 (W discard 1p): W discards out of turn: it is N's turn to discard, kong or declare a Hu",
        ),
        (
            lambda lines: lines.insert(15, "Player 1 Peng B1"),  # after East drew: N's 1p is no longer to claim
            "line 16 (S pung 1p1p1p): there is no discard to claim",
        ),
        (
            lambda lines: lines.__setitem__(8, "Player 2 Chi B4"),
            "line 9 (W chow 3p4p5p): a chow takes the discard of the player before, not E's",
        ),
        (
            lambda lines: lines.insert(24, "Player 0 Play T9"),
            "line 25 (E discard 9s): the hand ended with W's Hu (line 24): nothing but another Hu on the same tile "
            "follows it",
        ),
        (
            lambda lines: lines.__setitem__(17, "Player 3 Play B9"),  # North's kong, its replacement not drawn
            "line 18 (N discard 9p): N discards before drawing the replacement tile of its kong",
        ),
    ],
)
def test_the_turn_of_a_botzone_text(edit: Callable[[list[str]], None], message: str) -> None:
    error = problem(edited(BOTZONE, edit), "botzone")
    assert error.code == "unreplayable"
    assert error.message == MATCH + message


def test_a_discard_after_the_hu_of_a_botzone_log() -> None:
    doc = copy.deepcopy(BOTZONE_LOG)
    doc["log"].append({"output": {"display": {"action": "PLAY", "player": 1, "tile": "F3"}}})
    error = problem(json.dumps(doc).encode(), "botzone")
    assert error.message == (
        "game <bytes>, hand 1, log[19] (S discard W): the hand ended with E's Hu (log[17]): nothing but another Hu "
        "on the same tile follows it"
    )


def test_a_drawn_hand_that_goes_on_after_its_end() -> None:
    """Botzone's second match ends `Huang`; Salasasa's third hand `liuju`; a Botzone log `HUANG`:
    an action after the end is named with the end's place."""
    data = BOTZONE.replace("Huang\n", "Huang\nPlayer 2 Draw W5\n").encode()
    error = read_games(data, "botzone")[1].hands[0].problem
    assert error is not None
    assert error.message == "<bytes>: line 38: 'Player 2 Draw W5' comes after the end of the hand (line 37)"
    doc = copy.deepcopy(SALASASA)
    ticks = doc["record"]["game_round"]["round_index_3"]["action_ticks"]
    assert ticks[-2:] == [["liuju"], ["end"]]
    ticks.insert(-1, ["d", 21])
    with pytest.raises(McrError) as caught:
        read_games(json.dumps(doc).encode(), "salasasa")
    assert caught.value.message.endswith(
        "round_index_3.action_ticks[4]: 'd' comes after the end of the hand "
        "(record.game_round.round_index_3.action_ticks[3])"
    )
    log = copy.deepcopy(BOTZONE_LOG)
    log["log"][17:] = [{"output": {"display": {"action": "HUANG"}}}, log["log"][2]]
    with pytest.raises(McrError) as caught:
        read_games(json.dumps(log).encode(), "botzone")
    assert caught.value.message == "<bytes>: log[18]: 'DRAW' comes after the end of the hand (log[17])"


def test_a_real_pmn_board_out_of_turn_and_after_its_hu() -> None:
    """The mahjongsoft board: its last token is the second winner's `H3`; a discard after it, and West
    taking South's first draw, are named by the Play tag's line and their column in the file."""
    error = problem(PMN.replace("H1H3", "H1H3D2c2").encode(), "pmn")
    assert error.message == (
        "game <bytes>, hand 1, line 15 Play token 93 (column 372) (W discard 2m): the hand ended with S's Hu "
        "(line 15 Play token 91 (column 368)): nothing but another Hu on the same tile follows it"
    )
    error = problem(PMN.replace("T0r2D0r1T1b6", "T0r2D0r1T2b6").encode(), "pmn")
    assert error.message == (
        "game <bytes>, hand 1, line 15 Play token 3 (column 16) (W draw 6s): W draws out of turn: "
        "E's discard may be claimed, else S draws"
    )
    assert PMN.split("\n")[14][15:19] == "T1b6"  # line 15, column 16


def test_a_self_drawn_hu_by_a_seat_that_did_not_draw() -> None:
    """Hand 3 of the real session: West draws and wins self-drawn; the record made East's Hu instead
    (its Hu action and the winner and discarder bits of `b`)."""
    step = copy.deepcopy(SESSION["records"][2]["step"])
    win = step["a"][-1]
    assert (win[0] >> 4, win[0] & 15, step["b"] & 0xFF) == (2, 6, 0x44)  # West's Hu, self-drawn
    win[0] = 0x06
    step["b"] = step["b"] & ~0xFF | 0x11
    error = problem(json.dumps(step).encode(), "tziakcha")
    assert error.message == (
        f"game <bytes>, hand 3, a[{len(step['a']) - 1}] (E win): E declares a self-drawn Hu out of turn: "
        "it is W's turn to discard, kong or declare a Hu"
    )


def test_a_tziakcha_session_giving_a_hand_twice() -> None:
    doc = copy.deepcopy(SESSION)
    doc["records"][5]["step"]["i"] = doc["records"][2]["step"]["i"]
    with pytest.raises(McrError) as caught:
        read_games(json.dumps(doc).encode(), "tziakcha")
    assert caught.value.code == "bad-game-record"
    assert caught.value.message == (
        "<bytes>: records[5].step.i: hand 3 is given twice (also at records[2].step): a session gives each hand once"
    )


# ---- each rule alone, on a hand told as events --------------------------------------------------


def _pieces(text: str) -> tuple[Tile | Flower, ...]:
    return tuple(Flower(int(c[1:])) if c.startswith("f") else Tile(c) for c in text.split())


DEALT = (
    _pieces("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p"),
    _pieces("1s 2s 3s 4s 5s 6s 7s 8s 9s 6p 7p 8p f3"),
    _pieces("E E E S S S W W W N N N C"),
    _pieces("1m 2m 3m 1s 2s 3s 9p 9p 9p F F F P"),
)
WALL = _pieces("C P 7m 8s")  # drawn from the front; replacements one at a time from the end (8s first)


def _hand(events: tuple[Event, ...], hands: tuple[tuple[Tile | Flower, ...], ...] = DEALT, **deal: Any) -> HandRecord:
    wall = deal.pop("wall", WALL)
    size = deal.pop("size", len(wall) if wall is not None else 80)
    record = HandRecord(
        1, "E", ("a", "b", "c", "d"), (0, 1, 2, 3), Deal(hands, wall, size, False), events, (), Outcome.WIN
    )
    return replay(record, "G")


def test_a_dealt_flower_laid_aside_when_the_seat_s_turn_comes() -> None:
    """South lays its dealt flower aside at its first turn, draws its replacement, then its tile."""
    events = (
        Event(0, Act.DISCARD, tile=Tile("5p")),
        Event(1, Act.FLOWER, flower=Flower(3)),
        Event(1, Act.REPLACEMENT, tile=Tile("8s")),
        Event(1, Act.DRAW, tile=Tile("C")),
        Event(1, Act.DISCARD, tile=Tile("C")),
    )
    hand = _hand(events)
    assert hand.problem is None
    assert hand.final is not None
    assert hand.final[1].flowers == (Flower(3),)
    assert rules_broken(hand) == []


E5P = Event(0, Act.DISCARD, tile=Tile("5p"))


@pytest.mark.parametrize(
    ("events", "hands", "deal", "message"),
    [
        (
            (),
            (DEALT[0], DEALT[1], (*DEALT[2][:-1], Flower(3)), DEALT[3]),
            {},
            "the deal: the deal and the wall hold flower 3 twice",
        ),
        (
            (),
            ((*DEALT[0], *[Flower(0)] * 9), *DEALT[1:]),
            {},
            "the deal: the deal and the wall hold 10 flowers, and the game has 8",
        ),
        ((), ((*DEALT[0], Flower(9)), *DEALT[1:]), {}, "the deal: flower 9 is no flower of the game (1-8)"),
        (
            (E5P, Event(1, Act.DRAW, flower=Flower(3))),
            DEALT,
            {"wall": None},
            "? (S draw flower 3): flower 3 drawn or dealt a second time, and the game has each flower once",
        ),
        (
            (E5P, Event(1, Act.DRAW, flower=Flower(0))),
            ((*DEALT[0], *_pieces("f1 f2 f4 f5 f6 f7 f8")), *DEALT[1:]),
            {"wall": None},
            "? (S draw flower): 9 flowers drawn or dealt, and the game has 8",
        ),
        (
            (E5P, Event(1, Act.CONCEALED_KONG, tile=Tile("1s"))),
            DEALT,
            {},
            "? (S concealed-kong 1s): S declares a kong out of turn: E's discard may be claimed, else S draws",
        ),
        (
            (E5P, Event(2, Act.WIN, source=0), Event(2, Act.WIN, source=0)),
            DEALT,
            {},
            "? (W win from E): W declared a Hu already",
        ),
        (
            (E5P, Event(2, Act.WIN, source=0), Event(1, Act.WIN)),
            DEALT,
            {},
            "? (S win): the hand ended with W's Hu (?): nothing but another Hu on the same tile follows it",
        ),
    ],
)
def test_each_rule_alone(events: tuple[Event, ...], hands: Any, deal: dict[str, Any], message: str) -> None:
    hand = _hand(events, hands, **deal)
    assert hand.problem is not None
    assert hand.problem.message.startswith("game G, hand 1, ")
    assert message in hand.problem.message


def test_with_the_deal_unknown_the_copies_in_sight_and_the_melds_are_counted() -> None:
    """An anonymised record (no deal): four copies of 中 at most in sight, four melds at most."""
    unknown = Deal((), None, 80)

    def replayed(*events: Event) -> str:
        record = HandRecord(1, "E", ("a", "b", "c", "d"), (0, 1, 2, 3), unknown, events, (), Outcome.WIN)
        problem = replay(record, "G").problem
        assert problem is not None
        return problem.message

    c = Tile("C")
    assert replayed(
        Event(0, Act.DISCARD, tile=c),
        Event(1, Act.PUNG, tile=c),
        Event(1, Act.DISCARD, tile=c),
        Event(2, Act.PUNG, tile=c),
    ).endswith("(W pung C): 6 copies of C in sight, and the game has 4 of each tile")
    kongs = []
    for code in ("1m", "2m", "3m", "4m", "5m"):
        kongs += [Event(0, Act.CONCEALED_KONG, tile=Tile(code)), Event(0, Act.REPLACEMENT, tile=Tile("9s"))]
    assert replayed(*kongs).endswith("(E concealed-kong 5m): E has 4 melds already: a hand holds four at most")


# ---- a claim of fans no table knows -----------------------------------------------------------


def test_fans_no_table_knows_are_named_not_matched(tmp_path: Path) -> None:
    """A Botzone or Salasasa Hu whose fan names are unknown: the hand's record names them and its
    claim is not compared (it used to be `claimed_fans: null, matches: true`)."""
    text = tmp_path / "m.txt"
    text.write_bytes(BOTZONE.replace("连六*2", "连七*2").encode())
    doc = copy.deepcopy(SALASASA)
    ticks = doc["record"]["game_round"]["round_index_2"]["action_ticks"]
    hu = next(t for t in ticks if t[0].startswith("hu_"))
    hu[3] = ["抢杠和", "天下无敌*1", *hu[3][1:]]
    sal = tmp_path / "s.json"
    sal.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "o.jsonl"
    result = run("batch", str(text), str(sal), "--from", "auto", "-o", str(out))
    assert result.exit_code == 0
    records = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    bz = records["5f0000000000000000000001/1/W"]
    assert bz["ok"] is False
    assert "claim" not in bz
    assert bz["error"]["code"] == "bad-game-record"
    assert bz["error"]["message"] == (
        MATCH + "line 24 (W win 5p from S): the record claims for W fans that no table of this program knows "
        "(连七): the claim cannot be checked"
    )
    sa = records["SpecGame01/2/W"]
    assert sa["ok"] is False
    assert "天下无敌" in sa["error"]["message"]
    assert records["SpecGame01/1/E"]["claim"]["matches"] is True  # the other hand is scored as before


# ---- a file of another format: refused before the run -----------------------------------------


@pytest.mark.parametrize(
    ("command", "given", "looks"),
    [
        (("batch", "--from", "tziakcha", "-o", "{out}"), "tziakcha", "it looks like a pmn record"),
        (("convert", "--from", "salasasa", "--to", "notation"), "salasasa", "it looks like a pmn record"),
        (("review", "--from", "botzone"), "botzone", "it looks like a pmn record"),
        (("session", "--from", "gbhelper"), "gbhelper", "it looks like a pmn record"),
        (("standings", "--from", "mahjongscoring2"), "mahjongscoring2", "it looks like a pmn record"),
    ],
)
def test_a_file_of_another_format_is_refused_before_the_run(
    tmp_path: Path, command: tuple[str, ...], given: str, looks: str
) -> None:
    out = tmp_path / "out.jsonl"
    args = [a.replace("{out}", str(out)) for a in command]
    result = run(args[0], str(FIXTURES / "pmn" / "example_2.pmn"), *args[1:])
    assert result.exit_code == 2, result.output
    assert f"example_2.pmn is not a {given} record: {looks}" in result.output
    assert "missing" not in result.output
    assert not out.exists()  # refused before the run: nothing written


def test_a_file_no_reader_takes_and_json_that_does_not_decode(tmp_path: Path) -> None:
    blank = tmp_path / "a.json"
    blank.write_text('{"hello": 1}', encoding="utf-8")
    result = run("batch", str(blank), "--from", "tziakcha", "-o", str(tmp_path / "o"))
    assert result.exit_code == 2
    assert "a.json is not a tziakcha record: its content is no record format this program reads" in result.output
    broken = tmp_path / "b.json"
    broken.write_text('{"sessionId": "x",\n "records": [\n  }', encoding="utf-8")
    result = run("convert", str(broken), "--from", "tziakcha", "--to", "pmn")
    assert result.exit_code == 2
    assert "b.json is not a tziakcha record: not valid JSON: Expecting value (line 3, column 3)" in result.output


# ---- where: line and column --------------------------------------------------------------------


def test_a_bad_byte_of_a_botzone_text_is_named_by_line_and_column(tmp_path: Path) -> None:
    """The byte at 564 is line 25, column 8 (it used to be "at byte 8"): the same streamed and read whole."""
    lines = BOTZONE.encode().split(b"\n")
    lines[24] = lines[24][:7] + b"\xff" + lines[24][8:]
    data = b"\n".join(lines)
    assert data.index(b"\xff") == 563
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    for source in (str(path), data):
        with pytest.raises(McrError) as caught:
            read_games(source, "botzone")
        assert caught.value.message.endswith(": line 25, column 8: not UTF-8 (byte 0xff, byte 564 of the file)")
    pmn = tmp_path / "bad.pmn"
    pmn.write_bytes("\ufeff".encode() + PMN.replace("SIM", "SIM\udcff", 1).encode("utf-8", "surrogateescape"))
    with pytest.raises(McrError) as caught:
        read_games(pmn, "pmn")
    assert "line 6, column 11: not UTF-8 (byte 0xff, byte " in caught.value.message


def test_a_bad_tile_code_of_a_text_is_named_by_line_and_column() -> None:
    data = edited(BOTZONE, lambda lines: lines.__setitem__(3, lines[3].replace("T7", "Q7")))
    error = problem(data, "botzone")
    assert error.message == "<bytes>: line 4, column 30: Q7 is no tile code of this format"
    assert BOTZONE.split("\n")[3][29:31] == "T7"
    data = edited(BOTZONE, lambda lines: lines.__setitem__(12, "  Player 3 Draw B0"))
    assert problem(data, "botzone").message == "<bytes>: line 13, column 17: B0 is no tile code of this format"
    with pytest.raises(McrError) as caught:
        read_games(PMN.replace("c79d12558b45w13r23f", "c79d12558b45w15r23f").encode(), "pmn")
    assert caught.value.message == "<bytes>: line 10 Deal South (column 42): w5 is no tile code of this format"
    assert PMN.split("\n")[9][39:42] == "w13"  # the 3, column 42, made a 5


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (
            '{"sessionId": "x",\n "records": [],\n "records": []}',
            'the key "records" appears twice in one object (line 3, column 2)',
        ),
        ('{"sessionId": "x",\n "records": [123456789012345678901]}', "(line 2, column 14)"),
        ('[\n  {"step": NaN}]', "NaN is not a number (line 2, column 12)"),
        ('[{"step":\n 1e999}]', "the number 1e999 is out of range (line 2, column 2)"),
    ],
)
def test_json_a_reader_refuses_is_named_by_line_and_column(text: str, where: str) -> None:
    with pytest.raises(McrError) as caught:
        read_games(text.encode(), "tziakcha")
    assert caught.value.message.startswith("<bytes>: not a JSON record: ")
    assert where in caught.value.message


# ---- what a record may expand to ---------------------------------------------------------------


def _big_script(copies: int) -> str:
    """A real hand's step with its actions repeated `copies` times, compressed as tziakcha's API
    gives a script: 450,000 actions expand to some 6 MB from some 50 KB."""
    step = copy.deepcopy(SESSION["records"][0]["step"])
    step["a"] = step["a"] * copies
    raw = json.dumps(step, separators=(",", ":")).encode()
    return base64.b64encode(zlib.compress(raw, 9)).decode()


def _cost(work: Callable[[], object]) -> tuple[float, int]:
    """CPU seconds and the growth of the peak resident size (KiB) of `work`."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    with contextlib.suppress(McrError):
        work()
    return time.process_time() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak


def test_a_script_that_expands_past_any_hand_is_refused_at_once() -> None:
    script = _big_script(450_000 // len(SESSION["records"][0]["step"]["a"]))
    doc = {"sessionId": "BOMB", "records": [{"id": f"r{k}", "script": script} for k in range(16)]}
    data = json.dumps(doc).encode()
    with pytest.raises(McrError) as caught:
        read_games(data, "tziakcha")
    assert caught.value.message == (
        "<bytes>: records[0].script: the script expands to more than 131072 bytes, and a hand's record is smaller "
        f"({MAX_ACTIONS} actions at most): not decoded further"
    )
    seconds, grown = _cost(lambda: read_games(data, "tziakcha"))
    assert seconds < 1.0
    assert grown < 250 * 1024


def test_more_hands_or_actions_than_a_session_holds_are_refused_before_any_is_read() -> None:
    record = {"id": "r", "script": _big_script(450_000 // len(SESSION["records"][0]["step"]["a"]))}
    for doc, where in (({"sessionId": "B", "records": [record] * 100}, "records"), ([record] * 17, "")):
        with pytest.raises(McrError) as caught:
            read_games(json.dumps(doc).encode(), "tziakcha")
        n = len(doc["records"]) if isinstance(doc, dict) else len(doc)
        prefix = f"<bytes>: {where}: " if where else "<bytes>: "
        assert (
            caught.value.message == prefix + f"{n} hands in one session, and a session has at most {MAX_SESSION_HANDS}"
        )
    step = copy.deepcopy(SESSION["records"][0]["step"])
    step["a"] = step["a"] * 20  # 2,160 actions, each a real one
    with pytest.raises(McrError) as caught:
        read_games(json.dumps(step).encode(), "tziakcha")
    assert caught.value.message.startswith(
        f"<bytes>: a: 2160 actions in one hand, and a hand of MCR has at most {MAX_ACTIONS}"
    )
    doc = copy.deepcopy(SALASASA)
    ticks = doc["record"]["game_round"]["round_index_3"]["action_ticks"]
    ticks[:] = ticks * 1_000
    with pytest.raises(McrError) as caught:
        read_games(json.dumps(doc).encode(), "salasasa")
    assert "record.game_round.round_index_3.action_ticks: 5000 actions in one hand" in caught.value.message
    long_match = BOTZONE.replace("Player 1 Draw J2\n", "Player 1 Draw J2\n" + "Player 1 Play J2\n" * 3000)
    hands = [g.hands[0] for g in read_games(long_match.encode(), "botzone")]
    assert hands[0].problem is None
    assert hands[1].problem is not None
    assert "line 27: 3011 actions in one hand" in hands[1].problem.message


def test_a_file_of_more_boards_than_a_file_is_read_for_is_refused_before_any_is_replayed() -> None:
    data = "\n".join([PMN] * (MAX_FILE_HANDS + 1)).encode()
    seconds, _ = _cost(lambda: read_games(data, "pmn"))
    with pytest.raises(McrError) as caught:
        read_games(data, "pmn")
    assert (
        caught.value.message
        == f"<bytes>: {MAX_FILE_HANDS + 1} hands in one file: at most {MAX_FILE_HANDS} are read from a file"
    )
    assert seconds < 1.0
    assert len(read_games("\n".join([PMN] * 3).encode(), "pmn")) == 3


def test_the_real_records_are_within_the_bounds() -> None:
    """The bounds are far from the real records: 197 actions at most a hand of the real session."""
    assert max(len(r["step"]["a"]) for r in SESSION["records"]) < MAX_ACTIONS // 10
    assert len(read_game(SESSION_PATH).hands) == MAX_SESSION_HANDS


# ---- the invariants: a record mutated is replayed within the rules, or named --------------------


def rules_broken(hand: HandRecord) -> list[str]:
    """What a replayed hand shows against the rules, told by a plain referee of its own (not the
    table's code): the deal's and the wall's copies, the draws against the wall, whose turn it is,
    and nothing after the Hu but another Hu, a pass or a false Hu."""
    out: list[str] = []
    deal = hand.deal
    copies: Counter[object] = Counter()
    wall_given = deal is not None and deal.wall is not None
    if deal is not None and len(deal.hands) == 4:
        for pieces in (*deal.hands, *((deal.wall,) if deal.wall is not None else ())):
            copies.update(p if isinstance(p, Flower) else p.code for p in pieces)
        if sum(len(h) for h in deal.hands) + (deal.wall_size or 0) > 144:
            out.append("more than 144 pieces")
    may_draw, to_play, lies, over, draws = {0}, {0}, None, False, 0
    started = False
    for e in hand.events:
        if over:
            if e.act not in (Act.WIN, Act.PASS, Act.DECLINE, Act.FALSE_WIN):
                out.append(f"{e.at}: {e.act} after the Hu")
            continue
        if e.act in (Act.DRAW, Act.REPLACEMENT):
            draws += 1
            if not wall_given:
                copies[e.flower if e.flower is not None else e.tile.code if e.tile else None] += 1
        if e.act is Act.DRAW:
            if e.seat not in may_draw:
                out.append(f"{e.at}: a draw out of turn")
            may_draw, to_play, lies = set(), {e.seat}, None
        elif e.act is Act.DISCARD:
            if e.seat not in to_play:
                out.append(f"{e.at}: a discard out of turn")
            may_draw, to_play, lies, started = {(e.seat + 1) % 4}, set(), e.seat, True
        elif e.act in (Act.CHOW, Act.PUNG, Act.KONG):
            if lies is None or lies == e.seat or (e.act is Act.CHOW and e.seat != (lies + 1) % 4):
                out.append(f"{e.at}: a claim of no discard to take")
            may_draw, to_play, lies = set(), {e.seat}, None
        elif e.act in (Act.CONCEALED_KONG, Act.ADDED_KONG):
            if e.seat not in to_play:
                out.append(f"{e.at}: a kong out of turn")
        elif e.act is Act.FLOWER and started and e.seat not in to_play | may_draw:
            out.append(f"{e.at}: a flower out of turn")
        elif e.act is Act.WIN:
            over = True
    if deal is not None and deal.wall_size is not None and draws > deal.wall_size:
        out.append(f"{draws} draws from a wall of {deal.wall_size}")
    for piece, n in copies.items():
        if n > (1 if isinstance(piece, Flower) and piece.number else 4 if not isinstance(piece, Flower) else 8):
            out.append(f"{n} copies of {piece}")
    return out


def _check(data: bytes, fmt: str) -> None:
    """Read the record mutated: a field's problem (`bad-game-record`), or games whose every hand is
    replayed within the rules (`rules_broken` finds nothing) or named `unreplayable`; within a second."""
    start = time.process_time()
    games: tuple[Any, ...] = ()
    code = ""
    try:
        games = tuple(read_games(data, fmt))
    except McrError as e:
        code = e.code
    assert time.process_time() - start < 1.0
    assert code in ("", "bad-game-record")
    for game in games:
        for hand in game.hands:
            if hand.problem is None:
                assert rules_broken(hand) == [], (game.id, hand.number)
            elif hand.problem.code == "unreplayable":
                assert hand.problem.message.startswith(f"game {game.id}, hand {hand.number}, ")
            else:  # a Botzone match that is no match: its line named, the matches after it read
                assert hand.problem.code == "bad-game-record"


def _mutated(actions: list[Any], k: int, how: str, value: int) -> None:
    action = actions[k]
    if how == "seat":
        action[0] = action[0] & 0xF | (value % 4) << 4
    elif how == "tile":
        action[1] = action[1] & ~0xFF | value % 144
    elif how == "kind":
        action[0] = action[0] & 0x30 | value % 10
    elif how == "drop":
        del actions[k]
    elif how == "repeat":
        actions.insert(k, list(action))
    elif how == "after-the-end":
        actions.append(actions.pop(k))
    elif how == "swap" and k + 1 < len(actions):
        actions[k], actions[k + 1] = actions[k + 1], actions[k]


HOW = st.sampled_from(["seat", "tile", "kind", "drop", "repeat", "after-the-end", "swap"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=st.integers(0, 15), at=st.integers(0, 10_000), how=HOW, value=st.integers(0, 1_000))
def test_a_real_tziakcha_hand_with_one_action_changed(record: int, at: int, how: str, value: int) -> None:
    step = copy.deepcopy(SESSION["records"][record]["step"])
    _mutated(step["a"], at % len(step["a"]), how, value)
    _check(json.dumps(step).encode(), "tziakcha")


BZ_LINES = BOTZONE.split("\n")[:26]  # the first match: from its deal to its Hu
TILES_BZ = [f"{s}{r}" for s in "WBT" for r in range(1, 10)] + [f"F{r}" for r in range(1, 5)] + ["J1", "J2", "J3"]


@settings(max_examples=150, deadline=None)
@given(at=st.integers(2, 25), how=HOW, value=st.integers(0, 1_000))
def test_a_botzone_match_with_one_line_changed(at: int, how: str, value: int) -> None:
    lines = list(BZ_LINES)
    words = lines[at].split()
    if how == "seat" and words[0] == "Player":
        words[1] = str(value % 4)
    elif how == "tile" and words[0] == "Player" and len(words) > 3:
        words[-1] = TILES_BZ[value % len(TILES_BZ)]
    lines[at] = " ".join(words)
    if how == "drop":
        del lines[at]
    elif how == "repeat":
        lines.insert(at, lines[at])
    elif how == "after-the-end":
        lines.insert(len(lines) - 2, lines.pop(at))
    elif how == "swap" and at + 1 < len(lines):
        lines[at], lines[at + 1] = lines[at + 1], lines[at]
    _check("\n".join(lines).encode(), "botzone")


PMN_PLAY = next(line for line in PMN.split("\n") if line.startswith("[Play"))[7:-2]


@settings(max_examples=150, deadline=None)
@given(at=st.integers(0, 10_000), how=HOW, value=st.integers(0, 1_000))
def test_a_real_pmn_board_with_one_token_changed(at: int, how: str, value: int) -> None:
    tokens = [PMN_PLAY[i : i + 4] for i in range(0, len(PMN_PLAY) - 4, 4)]  # the winners' `H1H3` apart
    k = at % len(tokens)
    token = tokens[k]
    if how == "seat":
        tokens[k] = token[0] + str(value % 4) + token[2:]
    elif how == "tile":
        tokens[k] = token[:2] + "cdbw"[value % 4] + str(1 + value % 9 if value % 4 < 3 else 1 + value % 4)
    elif how == "kind":
        tokens[k] = "TDCPABZR"[value % 8] + token[1:]
    elif how == "drop":
        del tokens[k]
    elif how == "repeat":
        tokens.insert(k, token)
    elif how == "after-the-end":
        tokens.append(tokens.pop(k))
    elif how == "swap" and k + 1 < len(tokens):
        tokens[k], tokens[k + 1] = tokens[k + 1], tokens[k]
    winners = PMN_PLAY[-4:]
    moved = tokens.pop() if how == "after-the-end" else ""
    _check(PMN.replace(PMN_PLAY, "".join(tokens) + winners + moved).encode(), "pmn")


def test_a_record_file_is_read_whole_up_to_16_mib_and_the_check_keeps_no_document(tmp_path: Path) -> None:
    """A file read whole is at most 16 MiB (its JSON held as Python's values takes some ten times
    that); the check before a run reads each file's document and lets it go (the run reads it again)."""
    from mcr_score.games import api, reading

    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b" " * (16 * 1024 * 1024) + b"]")
    with pytest.raises(McrError) as caught:
        read_games(big, "tziakcha")
    assert caught.value.code == "unreadable-file"
    assert "larger than 16,777,216 bytes" in caught.value.message
    reading.json_of.cache_clear()
    api.check_inputs([str(SESSION_PATH), str(EXAMPLES / "salasasa.json")], "auto")
    api.check_inputs([str(SESSION_PATH)], "tziakcha")
    assert reading.json_of.cache_info().currsize == 0


@pytest.mark.parametrize("document", ['[\x01"]\n[Site "x"]', '{"a\x01": "b", "a\x01": 1', '[{"k": 1, "k\x1f"\n: 2'])
def test_a_json_syntax_error_with_a_control_character_is_named_not_a_traceback(document: str) -> None:
    """The place of a hook's problem is looked for in the text only for those problems: a syntax error
    has its own place, and its strings may hold what no parser reads (a control character): walking
    them raised the parser's own error (found by tests/games/test_games_fuzz.py)."""
    with pytest.raises(McrError) as caught:
        read_games(document.encode(), None)
    assert "JSON" in caught.value.message
