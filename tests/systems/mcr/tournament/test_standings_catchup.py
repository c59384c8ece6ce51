"""`mcr-score standings` (ranking over sessions, the EMA results file) and `mcr-score catchup`,
with expectations worked by hand."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import mcr_score
from mcr_score.cli import main
from mcr_score.systems.mcr.tournament import read_players, score_session
from mcr_score.systems.mcr.tournament.errors import CatchUpError, PlayersFileError
from tests.support import TESTS
from tests.support.cli import runner

GOLDEN = TESTS / "golden" / "sessions"


def _write(path: Path, players: list[str], hands: list[dict[str, object]]) -> Path:
    path.write_text(json.dumps({"players": players, "hands": hands}), encoding="utf-8")
    return path


@pytest.fixture
def sessions(tmp_path: Path) -> list[Path]:
    """Two sessions worked by hand.
    s1 (Ana Bo Cy Di): Ana 8 on Bo's discard: 32 -16 -8 -8 -> table points 4, 0, 1.5, 1.5.
    s2 (Eve Ana Bo Cy): Bo 8 self-drawn: -16 -16 48 -16 -> Eve, Ana, Cy share 2+1+0: 1 each; Bo 4.
    Standings: Ana 5 (16), Bo 4 (32), Cy 2.5 (-24), Di 1.5 (-8), Eve 1 (-16)."""
    return [
        _write(tmp_path / "s1.json", ["Ana", "Bo", "Cy", "Di"], [{"winner": 1, "from": 2, "points": 8}]),
        _write(tmp_path / "s2.json", ["Eve", "Ana", "Bo", "Cy"], [{"winner": 3, "points": 8}]),
    ]


def test_standings_by_table_points_then_score(sessions: list[Path]) -> None:
    table = mcr_score.standings(score_session(p) for p in sessions)
    assert [(r.rank, r.player, r.table_points, r.score, r.sessions) for r in table.rows] == [
        (1, "Ana", 5, 16, 2),
        (2, "Bo", 4, 32, 2),
        (3, "Cy", Fraction(5, 2), -24, 2),
        (4, "Di", Fraction(3, 2), -8, 1),
        (5, "Eve", 1, -16, 1),
    ]
    assert table.to_dict()["standings"][2] == {
        "rank": 3,
        "player": "Cy",
        "table_points": 2.5,
        "score": -24,
        "sessions": 2,
    }


def test_players_equal_on_points_and_score_share_a_rank(tmp_path: Path) -> None:
    # a draw: all four 1.75 and 0; a second session where nothing happens either
    one = _write(tmp_path / "a.json", ["A", "B", "C", "D"], [{"draw": True}])
    table = mcr_score.standings([score_session(one)])
    assert [r.rank for r in table.rows] == [1, 1, 1, 1]
    assert [r.player for r in table.rows] == ["A", "B", "C", "D"]


def test_cli_standings_json_text_and_ema_csv(sessions: list[Path], tmp_path: Path) -> None:
    players = tmp_path / "players.csv"
    players.write_text("name,ema_number,country\nAna,04010001,FRA\nBo,10990002,DEU\n", encoding="utf-8")
    ema = tmp_path / "ema.csv"
    args = ["standings", *map(str, sessions), "--players", str(players), "--ema-csv", str(ema)]
    result = runner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ok"] is True
    assert data["standings"][0] == {"rank": 1, "player": "Ana", "table_points": 5, "score": 16, "sessions": 2}
    assert ema.read_text(encoding="utf-8").splitlines() == [
        "place,name,ema_number,country,table_points,score",
        "1,Ana,04010001,FRA,5,16",
        "2,Bo,10990002,DEU,4,32",
        "3,Cy,,,2.5,-24",
        "4,Di,,,1.5,-8",
        "5,Eve,,,1,-16",
    ]
    text = runner().invoke(main, ["standings", *map(str, sessions), "--lang", "fr"]).stdout.splitlines()
    assert text[0].split() == ["rang", "joueur", "points", "de", "table", "score", "sessions"]
    assert text[3].split() == ["3", "Cy", "2.5", "-24", "2"]


def test_bad_players_files(tmp_path: Path) -> None:
    cases = {"a.csv": "ema_number\n1\n", "b.csv": "name\nAna\nAna\n"}
    for name, content in cases.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
        with pytest.raises(PlayersFileError):
            read_players(tmp_path / name)
    with pytest.raises(PlayersFileError, match="cannot read"):
        read_players(tmp_path / "none.csv")


def test_catch_up_the_issue_example() -> None:
    # gap 270 to player 1: self-drawn 4(h + 8) > 270 -> h = 60; on their discard 2h + 32 > 270 -> 120;
    # on a third's discard h + 32 > 270 -> 239
    result = mcr_score.catch_up([120, 80, -50, -150], 4)
    assert result.against[0].to_dict() == {
        "player": 1,
        "gap": 270,
        "self_drawn": 60,
        "from_them": 120,
        "from_other": 239,
    }
    # gap 100 to player 3: 4h + 32 > 100 -> 18; 2h + 32 > 100 -> 35; h + 32 > 100 -> 69
    assert (result.against[2].self_drawn, result.against[2].from_them, result.against[2].from_other) == (18, 35, 69)


def test_catch_up_when_ahead_any_hu_will_do_and_the_default_player_is_the_last() -> None:
    result = mcr_score.catch_up([0, 10, -20, 5])
    assert result.player == 3
    assert mcr_score.catch_up([100, 0, 0, 0], 1).against[0].to_dict() == {
        "player": 2,
        "gap": -100,
        "self_drawn": 8,
        "from_them": 8,
        "from_other": 8,
    }
    with pytest.raises(CatchUpError, match="3 scores; catch-up takes four"):
        mcr_score.catch_up([1, 2, 3])
    with pytest.raises(CatchUpError, match="player 5"):
        mcr_score.catch_up([1, 2, 3, 4], 5)


def test_cli_catchup() -> None:
    result = runner().invoke(main, ["catchup", "--scores", "120,80,-50,-150", "--player", "4", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["against"][1] == {
        "player": 2,
        "gap": 230,
        "self_drawn": 50,
        "from_them": 100,
        "from_other": 199,
    }
    text = runner().invoke(main, ["catchup", "--scores", "120,80,-50,-150", "--lang", "zh"]).stdout.splitlines()
    assert text[0].startswith("选手4（-150分）追分")
    assert text[2].split() == ["选手1", "120", "270", "60", "120", "239"]
    bad = runner().invoke(main, ["catchup", "--scores", "1,2,x,4"])
    assert bad.exit_code == 2
    assert "is not a comma-separated list of 4 integers" in bad.stderr
