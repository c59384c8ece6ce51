"""Botzone's three JSON forms of a match (issue 40): the judge log (a list of turns whose judge entries
carry `output.display`), the bare list of `display` objects (BotzoneBench stores its logs so), and the
match API's object `{"status", "logs", "players", "initdata", ...}`. Each is read, with the same
winning hand; a document that is none of them is refused by name (exit 2 before the run), never read
as an empty or unfinished game with exit 0. The records are written from the format's description
(`tests.support.records.to_botzone_log`), never copied from Botzone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcr_score.cli import main
from mcr_score.games import RecordFormat, detect, read_game
from tests.support import records as R
from tests.support.cli import runner


def _judge_log() -> list[dict[str, Any]]:
    """The judge log, each judge entry followed by the bots' answers as the judge records them."""
    entries: list[dict[str, Any]] = []
    for entry in R.to_botzone_log(R.ROBBING, quan=1)["log"]:
        if "output" not in entry:  # already a bots' answer
            continue
        entries.append({"keep_running": False, "output": {"command": "request", **entry["output"]}, "verdict": "OK"})
        entries.append({str(seat): {"verdict": "OK", "response": "PASS"} for seat in range(4)})
    return entries


def _forms() -> dict[str, Any]:
    log = _judge_log()
    return {
        "judge-log": log,
        "display-list": [e["output"]["display"] for e in log if "output" in e],
        "match-api": {
            "status": "finished",
            "logs": log,
            "players": [{"name": f"bot{k}"} for k in range(4)],
            "initdata": json.dumps({"quan": 1, "srand": 7}),  # the API gives it as a JSON text
            "viewurl": "/gameplayers/Chinese-Standard-Mahjong.html",
            "success": True,
        },
    }


@pytest.mark.parametrize("form", ["judge-log", "display-list", "match-api"])
def test_every_form_reads_the_same_winning_hand(form: str) -> None:
    data = json.dumps(_forms()[form]).encode()
    assert detect(data) is RecordFormat.BOTZONE
    game = read_game(data, "botzone")
    reference = read_game(json.dumps(_forms()["judge-log"]).encode(), "botzone")
    (hand,) = game.hands
    assert hand.problem is None
    assert [w.hand for w in hand.wins] == [w.hand for w in reference.hands[0].wins]
    assert hand.wins
    assert hand.wins[0].hand is not None
    assert hand.prevalent == "S"  # INIT's quan 1 (`initdata.quan` the same)


@pytest.mark.parametrize("form", ["display-list", "match-api"])
def test_batch_from_botzone_scores_the_win_of_every_form(tmp_path: Path, form: str) -> None:
    """The bug of issue 40: these forms gave "0 won, 1 unfinished" or 0 games, with exit 0."""
    path = tmp_path / f"{form}.json"
    path.write_text(json.dumps(_forms()[form]), encoding="utf-8")
    for fmt in ("botzone", "auto"):
        result = runner().invoke(main, ["batch", str(path), "--from", fmt, "--no-progress", "--rules", "china"])
        assert result.exit_code == 0, result.stderr
        (line,) = result.stdout.splitlines()
        record = json.loads(line)
        assert record["ok"], record
        assert record["winning"], record
        assert record["id"] == f"{form}/1/W"  # the robbing Hu of West (seat 2)
        assert "1 won" in result.stderr
        assert "0 unfinished" in result.stderr


@pytest.mark.parametrize(
    "doc",
    [
        {"status": "finished", "logs": None, "players": []},  # the API's answer without its log
        [{"action": "PLAY", "player": 0, "tile": "W1"}],  # displays that deal nothing: no match
        {"status": "finished", "logs": [{"output": {"command": "request"}}]},  # judge entries without display
    ],
)
def test_a_document_of_no_form_is_refused_by_name(tmp_path: Path, doc: Any) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = runner().invoke(main, ["batch", str(path), "--from", "botzone", "--no-progress"])
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert "odd.json" in result.stderr
    assert "botzone" in result.stderr
    assert result.stdout == ""
