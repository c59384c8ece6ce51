"""The session sheet (`mcr-score session`, `score_session`): winds, payments, false Hu, draws,
penalties, table points, named errors; the golden sheets are worked by hand from the rules.

Golden session `tests/golden/sessions/full-16.json` (the same in .toml and .csv), worked by hand
(players A B C D; on a discard the discarder pays h+8 and the others 8; self-drawn each pays h+8;
a false Hu -30 for the offender, +10 for each other):
  1 A 8 on B's discard: +32 -16 -8 -8        9 C declares 9 with 2 flowers (7 < 8): false Hu +10 +10 -30 +10
  2 B 10 self-drawn: -18 +54 -18 -18         10 D 8 self-drawn: -16 -16 -16 +48
  3 draw                                      11 A 32 on C's discard: +56 -8 -40 -8
  4 C 24 on D's discard: -8 -8 +48 -32       12 draw
  5 false Hu by D: +10 +10 +10 -30           13 B 20 on A's discard, A penalised 5: -33 +44 -8 -8
  6 A 16 self-drawn: +72 -24 -24 -24         14 C 12 self-drawn: -20 -20 +60 -20
  7 D 12 on A's discard, D penalised 6:       15 D 8 on B's discard: -8 -16 -8 +32
    -20 -8 -8 +30                             16 B on D's discard, 123456789m123p5s5s = 22 (Pure Straight 16,
  8 B 8 on C's discard: -8 +32 -16 -8            Concealed Hand 2, All Chows 2, Mixed Double Chow 1, Single Wait 1,
                                                 as PyMahjongGB scores it): -8 +46 -8 -30
Totals 41 80 -66 -66 (sum -11, the penalties); C and D tie for third: table points 2 4 0.5 0.5.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import mcr_score
from mcr_score.cli import main
from mcr_score.systems.mcr.pages.sheet_text import session_text
from mcr_score.systems.mcr.tournament import (
    FalseHu,
    hand_winds,
    read_session,
    score_session,
    session_from_data,
    settle_session,
)
from mcr_score.systems.mcr.tournament.errors import (
    HandNotationError,
    PointsMismatchError,
    ScoresMismatchError,
    SessionError,
    SessionHandError,
    TooManyHandsError,
    UnbalancedError,
    WindsMismatchError,
)
from mcr_score.systems.mcr.tournament.places import ranks, table_points
from tests.support import TESTS
from tests.support.cli import runner

GOLDEN = TESTS / "golden" / "sessions"
PLAYERS = ["Ana", "Bo", "Cy", "Di"]

HAND_SCORES = [
    [32, -16, -8, -8],
    [-18, 54, -18, -18],
    [0, 0, 0, 0],
    [-8, -8, 48, -32],
    [10, 10, 10, -30],
    [72, -24, -24, -24],
    [-20, -8, -8, 30],
    [-8, 32, -16, -8],
    [10, 10, -30, 10],
    [-16, -16, -16, 48],
    [56, -8, -40, -8],
    [0, 0, 0, 0],
    [-33, 44, -8, -8],
    [-20, -20, 60, -20],
    [-8, -16, -8, 32],
    [-8, 46, -8, -30],
]
RUNNING = {
    1: [32, -16, -8, -8],
    6: [88, 16, 8, -112],
    11: [110, 26, -102, -40],
    16: [41, 80, -66, -66],
}

# Seat winds of players 1-4 in each hand: within a round East passes to the next player (South);
# between rounds E<->S and W<->N swap, then the West starter sits N, E, S and the North starter W, S, E.
SEATS = [
    "ESWN", "NESW", "WNES", "SWNE",
    "SENW", "ENWS", "NWSE", "WSEN",
    "NWES", "WSNE", "SEWN", "ENSW",
    "WNSE", "SWEN", "ESNW", "NEWS",
]  # fmt: skip


def _session(*hands: object, **top: object) -> dict[str, object]:
    return {"players": PLAYERS, "hands": list(hands), **top}


@pytest.mark.parametrize("n", range(1, 17))
def test_the_winds_of_each_hand(n: int) -> None:
    winds = hand_winds(n)
    assert winds.prevalent == "ESWN"[(n - 1) // 4]
    assert "".join(winds.seats) == SEATS[n - 1]
    assert winds.player_at("E") == SEATS[n - 1].index("E")


def test_each_player_is_east_once_in_each_round_and_starts_a_round_in_each_seat() -> None:
    for start in range(0, 16, 4):
        easts = {hand_winds(start + k).player_at("E") for k in range(1, 5)}
        assert easts == {0, 1, 2, 3}
    for player in range(4):
        assert {hand_winds(n).seats[player] for n in (1, 5, 9, 13)} == {"E", "S", "W", "N"}
    with pytest.raises(ValueError, match="hands 1 to 16"):
        hand_winds(17)


@pytest.mark.parametrize("name", ["full-16.json", "full-16.toml", "full-16.csv"])
def test_the_golden_sheet_worked_by_hand(name: str) -> None:
    result = score_session(GOLDEN / name)
    assert [list(h.scores) for h in result.hands] == HAND_SCORES
    for n, running in RUNNING.items():
        assert list(result.hands[n - 1].running) == running
    assert list(result.totals) == [41, 80, -66, -66]
    assert result.table_points == (2, 4, Fraction(1, 2), Fraction(1, 2))
    assert result.ranks == (2, 1, 3, 3)
    assert [h.kind for h in result.hands].count("false-hu") == 2
    assert result.hands[8].reason == "below-minimum"
    assert result.hands[4].reason == "declared"
    assert result.hands[15].points == 22


def test_the_issue_example_as_json() -> None:
    data = _session(
        {"winner": 1, "from": 3, "points": 12},
        {"winner": 2, "points": 8},
        {"draw": True},
        {"winner": 4, "from": 1, "notation": "123456789m123p5s5s"},
        {"false_hu": 3},
        {"winner": 1, "from": 2, "points": 10, "penalties": [0, -10, 0, 0]},
        false_hu=[-30, 10],
    )
    d = mcr_score.score_session(data).to_dict()
    assert d["ok"] is True
    assert d["players"] == PLAYERS
    assert d["hands"][0] | {} == d["hands"][0]
    first = d["hands"][0]
    assert {k: first[k] for k in ("n", "prevalent", "seats", "scores", "running")} == {
        "n": 1,
        "prevalent": "E",
        "seats": ["E", "S", "W", "N"],
        "scores": [36, -8, -20, -8],
        "running": [36, -8, -20, -8],
    }
    # 2: Bo self-drawn 8, each pays 16; 4: Di 22 on Ana's discard; 5: Cy false Hu;
    # 6: Ana gets 18 + 8 + 8, Bo pays 18 and 10 of penalty
    assert [h["scores"] for h in d["hands"][1:]] == [
        [-16, 48, -16, -16],
        [0, 0, 0, 0],
        [-30, -8, -8, 46],
        [10, 10, -30, 10],
        [34, -28, -8, -8],
    ]
    assert d["totals"] == [34, 14, -82, 24]
    assert d["table_points"] == [4, 1, 0, 2]
    assert d["ranks"] == [1, 3, 4, 2]


def test_a_false_hu_setting_of_minus_40_and_0_is_a_penalty_not_a_payment() -> None:
    result = score_session(_session({"false_hu": 2}, false_hu=[-40, 0]))
    hand = result.hands[0]
    assert hand.payments == (0, 0, 0, 0)
    assert hand.scores == (0, -40, 0, 0)
    overridden = read_session(GOLDEN / "full-16.csv", FalseHu(-40, 0))
    assert overridden.false_hu == FalseHu(-40, 0)


def test_a_notation_below_8_and_a_notation_that_does_not_win_are_false_hus() -> None:
    # [123m1][345p1][789s1]234m5s5s scores 3 (All Chows, Single Wait); 1112345678999m1p is no winning hand
    result = score_session(
        _session(
            {"winner": 1, "from": 2, "notation": "[123m1][345p1][789s1]234m5s5s"},
            {"winner": 2, "notation": "1112345678999m1p"},
        )
    )
    assert [(h.kind, h.reason, h.offender) for h in result.hands] == [
        ("false-hu", "below-minimum", 0),
        ("false-hu", "not-winning", 1),
    ]
    assert result.hands[0].scored is not None
    assert result.hands[0].scored < 8
    assert result.totals == (-30 + 10, 10 - 30, 20, 20)


def test_a_notation_with_the_sheets_winds_and_one_that_contradicts_them() -> None:
    # hand 2: Bo is East, the prevalent wind East; a pung of East wind counts for him twice over
    ok = score_session(_session({"draw": True}, {"winner": 2, "from": 1, "notation": "[EEE1]123m456p789s5s5s|EE0000"}))
    assert ok.hands[1].points is not None
    with pytest.raises(WindsMismatchError, match=r"hand 2: .*seat wind S.*winner at E"):
        score_session(_session({"draw": True}, {"winner": 2, "from": 1, "notation": "[EEE1]123m456p789s5s5s|ES0000"}))
    with pytest.raises(WindsMismatchError, match=r"hand 1: the notation says self-drawn, the sheet won on a discard"):
        score_session(_session({"winner": 1, "from": 2, "notation": "123456789m123p5s5s|EE1000"}))
    with pytest.raises(WindsMismatchError, match=r"the notation says won on a discard, the sheet self-drawn"):
        score_session(_session({"winner": 1, "notation": "123456789m123p5s5s|EE0000"}))


def test_points_and_notation_that_disagree() -> None:
    with pytest.raises(PointsMismatchError, match=r"hand 1: points 20, but the notation scores 22"):
        score_session(_session({"winner": 1, "from": 2, "points": 20, "notation": "123456789m123p5s5s"}))
    same = score_session(_session({"winner": 1, "from": 2, "points": 22, "notation": "123456789m123p5s5s"}))
    assert same.hands[0].points == 22


def test_recorded_scores_are_checked() -> None:
    with pytest.raises(UnbalancedError, match=r"hand 1: .* sum to 2"):
        score_session(_session({"winner": 1, "from": 2, "points": 8, "scores": [32, -16, -8, -6]}))
    with pytest.raises(ScoresMismatchError, match=r"hand 1: recorded scores \[24, -8, -8, -8\]"):
        score_session(_session({"winner": 1, "from": 2, "points": 8, "scores": [24, -8, -8, -8]}))
    penalised = _session({"draw": True, "penalties": [0, 0, -10, 0], "scores": [0, 0, -10, 0]})
    assert score_session(penalised).totals == (0, 0, -10, 0)


def test_a_bad_notation_is_named_with_its_hand() -> None:
    with pytest.raises(HandNotationError, match=r"hand 2: bad-meld") as caught:
        score_session(_session({"draw": True}, {"winner": 1, "notation": "[124m]123456789p5s5s"}))
    assert caught.value.exit_code == 2
    assert caught.value.column == 1
    with pytest.raises(HandNotationError, match=r"hand 1: too-many-copies") as caught:
        score_session(_session({"winner": 1, "notation": "11111m23456789p5s5s"}))
    assert caught.value.exit_code == 1


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ({"winner": 1}, "a win needs points or notation"),
        ({"winner": 1, "draw": True, "points": 8}, "exactly one of winner, draw or false_hu"),
        ({}, "exactly one of winner, draw or false_hu"),
        ({"winner": 5, "points": 8}, "winner must be a player number 1-4 or a name of the sheet, not 5"),
        ({"winner": "Eve", "points": 8}, 'not "Eve"'),
        ({"winner": True, "points": 8}, "not true"),
        ({"winner": 1, "from": 1, "points": 8}, "from names the winner"),
        ({"winner": 1, "points": -3}, "points must be a whole number 0 or more, not -3"),
        ({"winner": 1, "points": 8, "flowers": 9}, r"flowers \(9\) are more than the points \(8\)"),
        ({"winner": 1, "points": 8, "penalties": [1, 2]}, "penalties must be a list of four integers"),
        ({"winner": 1, "notation": 12}, "notation must be a string"),
        ({"draw": "yes"}, "draw must be true"),
        ({"draw": True, "points": 8}, "'points' goes only with a winner"),
        ({"false_hu": 2, "from": 1}, "'from' goes only with a winner"),
        ({"winner": 1, "points": 8, "self_draw": True}, "unknown field 'self_draw'"),
        ("hu", "a hand must be an object"),
    ],
)
def test_bad_hands_are_named_errors_with_the_hand_number(hand: object, message: str) -> None:
    with pytest.raises(SessionHandError, match=rf"hand 2: .*{message}"):
        session_from_data(_session({"draw": True}, hand))  # type: ignore[arg-type]


def test_every_problem_of_a_sheet_is_reported_at_once() -> None:
    with pytest.raises(SessionError) as caught:
        session_from_data(_session({"winner": 9, "points": 8}, {"draw": True}, {}))
    assert [p.hand for p in caught.value.problems] == [1, 3]  # type: ignore[attr-defined]


def test_the_problems_of_the_fields_and_of_the_scoring_are_reported_together() -> None:
    data = _session(
        {"winner": 1, "from": 2, "points": 20, "notation": "123456789m123p5s5s"},
        {"winner": 2, "from": 2, "points": 8},
        {"winner": 1, "points": 8, "scores": [1, 1, 1, 1]},
        players=["Ana", "Bo", "Cy"],
    )
    with pytest.raises(SessionError) as caught:
        score_session(data)
    assert [(p.code, p.hand) for p in caught.value.problems] == [  # type: ignore[attr-defined]
        ("bad-session", None),
        ("points-mismatch", 1),
        ("bad-session-hand", 2),
        ("unbalanced", 3),
    ]


@pytest.mark.parametrize(
    ("data", "error", "message"),
    [
        ([], SessionError, "a session is an object"),
        ({"players": ["A", "B", "C"], "hands": []}, SessionError, "four different names"),
        ({"players": ["A", "A", "C", "D"], "hands": []}, SessionError, "four different names"),
        (_session(false_hu=[-30]), SessionError, "false_hu must be two integers"),
        (_session(false_hu=[-30, 20]), SessionError, "the table may not gain"),
        ({"players": PLAYERS, "hands": {}}, SessionError, "hands must be a list"),
        (_session(rules="china"), SessionError, "unknown field 'rules'"),
        (_session(*[{"draw": True}] * 17), TooManyHandsError, "17 hands; a session has at most 16"),
    ],
)
def test_bad_sessions(data: object, error: type[SessionError], message: str) -> None:
    with pytest.raises(error, match=message):
        session_from_data(data)


def test_files_that_are_not_sessions(tmp_path: Path) -> None:
    cases = {
        "s.json": ("{", "not valid JSON"),
        "s.toml": ("players = [", "not valid TOML"),
        "s.txt": ("", "a session file is .json, .toml or .csv"),
        "s.csv": ("", "the CSV has no header"),
        "t.csv": ("winner,points,Ana,Bo\n", "needs a winner column and four player columns"),
        "u.csv": ("hand,winner,points,A,B,C,D\n2,1,8\n", "hand 1: the hand column says 2"),
        "v.csv": ("winner,points,A,B,C,D\n1,8,x,,,\n", "column A is not a whole number: x"),
        "w.csv": ("winner,points,A,B,C,D\n1,8,,,,,,\n", "8 cells, but the header has 6 columns"),
    }
    for name, (content, message) in cases.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
        with pytest.raises(SessionError, match=message):
            read_session(tmp_path / name)
    with pytest.raises(SessionError, match="cannot read"):
        read_session(tmp_path / "missing.json")


def test_table_points_share_the_places_they_tie_for() -> None:
    assert table_points([30, 10, 0, -40]) == (4, 2, 1, 0)
    assert table_points([10, 10, 0, -20]) == (3, 3, 1, 0)
    assert table_points([0, 0, 0, 0]) == (Fraction(7, 4),) * 4
    assert table_points([5, 5, 5, -15]) == (Fraction(7, 3),) * 3 + (0,)
    assert table_points([15, -5, -5, -5]) == (4, 1, 1, 1)
    assert ranks([10, 10, 0, -20]) == (1, 1, 3, 4)


def test_cli_session_text_json_csv_and_html(tmp_path: Path) -> None:
    html, csv_out = tmp_path / "s.html", tmp_path / "s.csv"
    args = ["session", str(GOLDEN / "full-16.json"), "--html", str(html), "--csv", str(csv_out)]
    result = runner().invoke(main, [*args, "--lang", "en"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("rules green-book; a false Hu: -30 for the offender, +10 for each other player")
    assert "Ana wins 8 on Bo's discard" in lines[2]
    assert "false Hu by Cy: 7 points without flowers, below 8" in result.stdout
    assert "Di wins 12 on Ana's discard; penalties: Di -6" in result.stdout
    assert lines[-2].split()[-4:] == ["2", "4", "0.5", "0.5"]
    rows = csv_out.read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("hand,prevalent,kind,winner,from,points,false_hu,Ana seat,")
    assert rows[16].endswith(",41,80,-66,-66")
    assert len(rows) == 17
    assert html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    data = json.loads(runner().invoke(main, ["session", str(GOLDEN / "full-16.toml"), "--json"]).stdout)
    assert data["totals"] == [41, 80, -66, -66]
    assert data["table_points"] == [2, 4, 0.5, 0.5]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ["Ana gagne 8 sur la défausse de Bo", "points de table", "partie nulle"]),
        ("zh", ["Ana和8番，Bo点炮", "荒庄", "标准分"]),
    ],
)
def test_cli_session_in_french_and_chinese(lang: str, words: list[str]) -> None:
    result = runner().invoke(main, ["session", str(GOLDEN / "full-16.json"), "--lang", lang])
    assert result.exit_code == 0
    for word in words:
        assert word in result.stdout


def test_cli_session_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_session({"draw": True}, {"winner": 1, "from": 1, "points": 8})), encoding="utf-8")
    result = runner().invoke(main, ["session", str(bad)])
    assert result.exit_code == 1
    assert result.stderr.startswith("bad-session-hand: hand 2: from names the winner")
    as_json = runner().invoke(main, ["session", str(bad), "--json"])
    assert json.loads(as_json.stdout)["error"]["code"] == "bad-session-hand"
    french = runner().invoke(main, ["session", str(bad), "--lang", "fr"])
    assert "donne 2 : from désigne le gagnant" in french.stderr
    usage = runner().invoke(main, ["session", str(bad), "--false-hu", "-30"])
    assert usage.exit_code == 2
    assert "has 1 numbers, not 2" in usage.stderr
    override = tmp_path / "fh.json"
    override.write_text(json.dumps(_session({"false_hu": 1})), encoding="utf-8")
    moved = runner().invoke(main, ["session", str(override), "--false-hu=-40,0", "--json"])
    assert json.loads(moved.stdout)["totals"] == [-40, 0, 0, 0]


def test_the_api_in_steps_and_the_text_of_a_hand_that_does_not_win() -> None:
    session = read_session(GOLDEN / "full-16.json")
    assert settle_session(session, "china").totals == (41, 80, -66, -66)
    with pytest.raises(PointsMismatchError):
        settle_session(session_from_data(_session({"winner": 1, "points": 9, "notation": "123456789m123p5s5s|EE1000"})))
    result = score_session(_session({"winner": 2, "notation": "1112345678999m1p"}))
    assert session_text(result, "en").splitlines()[2].endswith("false Hu by Bo: not a winning hand")
    assert "Bo错和：不是和牌" in session_text(result, "zh")
