"""`mcr-score review` (issue 27): the options the issue writes, its JSON, text and HTML, the usage
errors (exit 2) and the others (exit 1) with the JSON error shape under --json, outputs checked
before any work, and the other systems refusing the command by name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcr_score.cli import main
from tests.support import REPO
from tests.support.cli import runner

ROOT = REPO
FIXTURES = ROOT / "tests" / "fixtures" / "records"
PMN = str(FIXTURES / "pmn" / "example_2.pmn")
PMN2 = FIXTURES / "pmn" / "example_2.pmn"
ANONYMOUS = str(FIXTURES / "tziakcha" / "record_miner_example_record.json")


def run(*args: str) -> Any:
    return runner().invoke(main, list(args))


def test_json_reviews_every_player_by_default():
    result = run("review", PMN, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ok"] is True
    assert data["rules"] == "green-book"
    [game] = data["games"]
    assert len(game["players"]) == 4
    kinds = {d["kind"] for d in game["decisions"]}
    assert {"discard", "hu"} <= kinds
    first = next(d for d in game["decisions"] if d["kind"] == "discard")
    assert first["hand"] == 1
    assert len(first["ranking"]) >= 1


@pytest.mark.parametrize("player", ["SIM", "E", "e"])
def test_one_player_by_name_or_seat(player):
    result = run("review", PMN, "--player", player, "--json", "--from", "pmn")
    assert result.exit_code == 0, result.output
    [game] = json.loads(result.output)["games"]
    assert [p["player"] for p in game["players"]] == ["SIM"]
    assert {d["player"] for d in game["decisions"]} == {"SIM"}


def test_text_in_three_languages():
    en = run("review", PMN, "--player", "SIM")
    assert en.exit_code == 0, en.output
    assert en.output.startswith("Review of game")
    assert "SIM: " in en.output
    assert "hand  seat  discards" in en.output
    fr = run("review", PMN, "--player", "SIM", "--lang", "fr")
    assert "Revue de la partie" in fr.output
    zh = run("review", PMN, "--player", "SIM", "--lang", "zh")
    assert "复盘" in zh.output


def test_costliest_decisions_show_their_command():
    result = run("review", PMN, "--player", "sylvie")
    assert "Costliest decisions:" in result.output
    assert "mcr-score discards '" in result.output


def test_html_page(tmp_path):
    out = tmp_path / "review.html"
    result = run("review", PMN, "--html", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<symbol ") >= 34  # the tiles' sprite, inline
    assert page.count("<script") == 3  # the review's JSON, the labels, the viewer: none fetched
    assert "<script src" not in page
    assert "http" not in page


def test_a_hand_without_its_deal_is_named():
    result = run("review", ANONYMOUS)
    assert result.exit_code == 0, result.output
    assert "not reviewed: the record does not give the deal" in result.output


def test_unknown_player_is_a_usage_error():
    result = run("review", PMN, "--player", "Nobody", "--json")
    assert result.exit_code == 2
    error = json.loads(result.output)["error"]
    assert error["code"] == "unknown-player"
    assert "SIM" in error["message"]


def test_bad_inputs(tmp_path):
    assert run("review", str(tmp_path / "missing.json")).exit_code == 2
    assert run("review", PMN, "--from", "nope").exit_code == 2
    result = run("review", PMN, "--from", "tziakcha", "--json")
    assert result.exit_code == 2  # no tziakcha record: refused before the review
    assert json.loads(result.output)["error"]["code"] == "bad-record-input"


def test_the_output_is_checked_first_and_never_an_input(tmp_path):
    result = run("review", PMN, "--html", PMN, "--json")
    assert result.exit_code == 1
    assert json.loads(result.output)["error"]["code"] == "unwritable-file"
    result = run("review", PMN, "--html", str(tmp_path / "no" / "such" / "dir.html"))
    assert result.exit_code == 1


@pytest.mark.parametrize("system", ["six", "hk", "maho", "nmjl"])
def test_other_systems_refuse_it(system):
    result = run("review", PMN, "--system", system, "--json")
    assert result.exit_code == 2
    assert json.loads(result.output)["error"]["code"] == "not-in-system"


def two_games(tmp_path: Path) -> str:
    """Two PMN boards in one file: two games."""
    pmn = FIXTURES / "pmn"
    path = tmp_path / "two.pmn"
    path.write_text((pmn / "example_1.pmn").read_text() + "\n" + (pmn / "example_3.pmn").read_text(), encoding="utf-8")
    return str(path)


def test_jobs_review_the_games_in_parallel_in_order(tmp_path):
    path = two_games(tmp_path)
    one = run("review", path, "--json")
    two = run("review", path, "--json", "--jobs", "2")
    assert one.exit_code == two.exit_code == 0, two.output
    assert one.output == two.output
    assert [g["game"] for g in json.loads(two.output)["games"]] == ["two#1", "two#2"]
    failed = run("review", path, "--json", "--jobs", "2", "--player", "Nobody")
    assert failed.exit_code == 2
    assert json.loads(failed.output)["error"]["code"] == "unknown-player"
    assert run("review", path, "--jobs", "0").exit_code == 2


# ---- review: a player none of whose hands replays ---------------------------------------------------


def test_a_review_that_could_replay_no_hand_says_so_not_0_of_0(tmp_path: Path) -> None:
    """A board whose one hand is unreplayable (West draws out of turn): each player read "0 of 0
    discards agree with the best (-)" and "No decision worse than the best.", as if reviewed."""
    text = PMN2.read_text(encoding="utf-8").replace("T0r2D0r1T1b6", "T0r2D0r1T2b6", 1)
    path = tmp_path / "bad.pmn"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "review.html"
    result = runner().invoke(main, ["review", str(path), "--html", str(out)])
    assert result.exit_code == 0  # as batch: the hand is named, the run goes on
    assert "0 of 0" not in result.stdout
    assert "No decision worse than the best." not in result.stdout
    assert result.stdout.count(": no hand reviewed, as the record does not give one to replay") == 4
    assert "W draws out of turn" in result.stdout
    page = out.read_text(encoding="utf-8")
    assert "0 of 0" not in page
    assert page.count("no hand reviewed") == 4
    whole = runner().invoke(main, ["review", str(PMN2)])  # a board that replays: reviewed as before
    assert "SIM: 8 of 12 discards agree with the best (66.7%)" in whole.stdout  # issue 41: valued
