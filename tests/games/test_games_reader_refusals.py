"""What the record readers refuse, and where they say it (found after issue 37's branches were merged):
a Botzone text read line by line as what each line says, a claim no hand can make named where its Hu
stands, PMN fans given to a seat that declares no Hu, and one game read twice giving two records of
one id. Each test is one reproducer, written as a user meets it (a record read by its reader, a
command as typed), and fails on the code before its fix.

Expectations come from the records' own facts and the game's counts (docs/game-records.md, the rules
the replay checks; docs/bad-input.md, the bounds), never from our output."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcr_score.cli import main
from mcr_score.games import GameRecordError, read_game
from tests.support import REPO
from tests.support.cli import runner

ROOT = REPO
GBHELPER = ROOT / "examples" / "records" / "gbhelper-record.json"


def refused(doc: Any, fmt: str) -> str:
    data = doc if isinstance(doc, bytes) else json.dumps(doc, ensure_ascii=False).encode()
    with pytest.raises(GameRecordError) as caught:
        read_game(data, fmt)
    return caught.value.message


# ---- a Botzone text: every line read as what it says ------------------------------------------------

BOTZONE = ROOT / "examples" / "records" / "botzone.txt"


def _first_match() -> list[str]:
    lines = BOTZONE.read_text(encoding="utf-8").splitlines()
    return lines[: lines.index("Match 5f0000000000000000000002")]


def _problem(lines: list[str]) -> str:
    """The problem of the one match of the text (a match refused at a line is a hand carrying it)."""
    game = read_game(("\n".join(lines) + "\n").encode(), "botzone")
    problem = game.hands[0].problem
    assert problem is not None
    return problem.message


def test_the_example_match_reads() -> None:
    hand = read_game(("\n".join(_first_match()) + "\n").encode(), "botzone").hands[0]
    assert hand.problem is None
    assert [w.seat for w in hand.wins] == [2]


def test_a_seat_dealt_twice_is_refused_not_replaced() -> None:
    # 13 copies of 1m dealt to East, then the real deal: the first was dropped without a word
    lines = _first_match()
    lines.insert(2, "Player 0 Deal " + " ".join(["W1"] * 13))
    assert "line 4: Player 0 is dealt again (first at line 3)" in _problem(lines)


def test_a_deal_after_the_play_began_is_refused() -> None:
    lines = _first_match()
    north = lines.pop(5)  # North's deal, moved after East's first draw and discard
    lines.insert(7, north)
    assert "line 8: Player 3 is dealt after the play began (line 6)" in _problem(lines)


def test_words_after_an_action_that_are_no_ignore_clause_are_refused() -> None:
    lines = _first_match()
    assert lines[-3] == "Player 2 Hu B5"
    lines[-3] = "Player 2 Hu B5 B6 extra"
    assert "line 24: 'Player 2 Hu B5 B6 extra': 'B6 extra' after the action is no Ignore clause" in _problem(lines)
    lines[-3] = "Player 2 Hu B5 Ignore Player 0 Hu B5"  # a lost claim, as Botzone writes one: read
    game = read_game(("\n".join(lines) + "\n").encode(), "botzone")
    assert game.hands[0].problem is None


def test_a_score_past_its_digits_quotes_its_line() -> None:
    lines = _first_match()
    lines[-1] = "Score 10000000000000000000 -1 0 0"
    assert "line 26: 'Score 10000000000000000000 -1 0 0' is no line" in _problem(lines)


def test_a_line_over_the_bound_in_characters_is_refused(tmp_path: Path) -> None:
    # the bound is 100,000 characters (docs/bad-input.md); it was counted in bytes, four to a character
    lines = _first_match()
    lines[0] = "Match " + "x" * 200_000
    path = tmp_path / "long.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(GameRecordError, match="line 1 is over 100000 characters"):
        read_game(path, "botzone")


def test_convert_names_a_refused_match_by_its_line_not_as_a_score_sheet(tmp_path: Path) -> None:
    lines = _first_match()
    lines[6] = "Player 7 Draw F1"
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner().invoke(main, ["convert", str(path), "--to", "pmn", "-o", str(tmp_path / "out.pmn")])
    assert result.exit_code == 1
    assert "line 7: 'Player 7 Draw F1' is no line of the Botzone text" in result.stderr
    assert "score sheet" not in result.stderr


# ---- a claim no hand can make: named where the Hu stands -------------------------------------------


def _scored(tmp_path: Path, name: str, data: bytes, fmt: str) -> dict[str, Any]:
    path = tmp_path / name
    path.write_bytes(data)
    result = runner().invoke(main, ["batch", str(path), "--from", fmt, "-j", "1"])
    records = [json.loads(line) for line in result.stdout.splitlines()]
    [error] = [r for r in records if not r["ok"]]
    return dict(error["error"])


def test_a_tziakcha_fan_counted_256_times_is_named_at_its_hu(tmp_path: Path) -> None:
    from tests.support import records as R

    doc = R.to_tziakcha(R.KONG_FLOWER)
    doc["step"]["y"][0]["t"]["46"] = 8 | 255 << 8  # tziakcha's 46 (Green Book 44) counted 256 times
    error = _scored(tmp_path, "rec.json", R.dumps(doc), "tziakcha")
    assert error["code"] == "bad-game-record"
    assert error["message"].startswith("game SESS0001, hand 1, step.a[")
    assert "the record counts fan 44 256 times" in error["message"]
    assert error["where"].startswith("SESS0001/1 step.a[")


def test_a_salasasa_total_over_the_highest_hand_is_named_at_its_tick(tmp_path: Path) -> None:
    doc = json.loads((ROOT / "examples" / "records" / "salasasa.json").read_text(encoding="utf-8"))
    ticks = doc["record"]["game_round"]["round_index_2"]["action_ticks"]
    hu = next(k for k, t in enumerate(ticks) if str(t[0]).startswith("hu_"))
    ticks[hu][2] = 337
    error = _scored(tmp_path, "sal.json", json.dumps(doc, ensure_ascii=False).encode(), "salasasa")
    assert f"record.game_round.round_index_2.action_ticks[{hu}]" in error["message"]
    assert "the record's total 337 is more than any hand scores" in error["message"]


def test_a_botzone_fan_counted_256_times_is_named_by_its_fan_not_as_an_unknown_name(tmp_path: Path) -> None:
    lines = _first_match()
    lines[-2] = "Fan 13 抢杠和*1+门前清*1+连六*256+缺一门*1"  # 连六 (Short Straight, 71): at most 3 in a hand
    error = _scored(tmp_path, "bz.txt", ("\n".join(lines) + "\n").encode(), "botzone")
    assert "the record counts fan 71 256 times, more than one hand can count it (3)" in error["message"]
    assert "no table of this program knows" not in error["message"]


# ---- PMN: fans given to a seat that makes no Hu -------------------------------------------------------

PMN2 = ROOT / "tests" / "fixtures" / "records" / "pmn" / "example_2.pmn"


def test_pmn_fans_for_a_player_who_declares_no_hu_are_refused_not_dropped() -> None:
    text = PMN2.read_text(encoding="utf-8")
    winners_only = '[Fan "None 39/1.62/1.76/1.77/1 None 39/1.63/1.70/1.77/1"]'
    assert winners_only in text  # S and N win (H1H3); E and W are None
    assert len(read_game(PMN2, "pmn").hands[0].wins) == 2
    given_to_east = winners_only.replace('"None 39', '"39/1.62/1 39', 1)
    message = refused(text.replace(winners_only, given_to_east).encode(), "pmn")
    assert "line 16 Fan: Fan gives fans for E, who declares no Hu in the play" in message


# ---- a game read twice: two records of one id ----------------------------------------------------------


@pytest.mark.parametrize("command", [["batch"], ["convert", "--to", "notation"], ["standings"]])
def test_the_same_record_file_given_twice_is_refused_before_the_run(tmp_path: Path, command: list[str]) -> None:
    """`batch ex.pmn ex.pmn --from pmn` scored the board twice, its records under the same ids
    (`ex/1/S` twice), exit 0; a link to the file, or a path through `..`, is the same file."""
    source = GBHELPER if command == ["standings"] else PMN2
    first = tmp_path / ("sheet" + source.suffix)
    first.write_bytes(source.read_bytes())
    (tmp_path / "link").symlink_to(first)
    fmt = "gbhelper" if command == ["standings"] else "pmn"
    for again in (str(first), str(tmp_path / "link"), str(tmp_path / ".." / tmp_path.name / first.name)):
        result = runner().invoke(main, [command[0], str(first), again, "--from", fmt, *command[1:]])
        assert result.exit_code == 2, result.output
        assert f"{again} is the same file as {first}" in result.stderr + result.stdout


def test_a_botzone_match_given_twice_in_one_text_is_an_error_record_not_two_of_one_id(tmp_path: Path) -> None:
    text = "\n".join(_first_match()) + "\n"
    path = tmp_path / "twice.txt"
    path.write_text(text + text, encoding="utf-8")
    result = runner().invoke(main, ["batch", str(path), "--from", "botzone", "-j", "1"])
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["ok"] for r in records] == [True, False]
    assert records[0]["id"] == "5f0000000000000000000001/1/W"
    assert (
        "line 27: the match 5f0000000000000000000001 is given twice in the file (first at line 1)"
        in (records[1]["error"]["message"])
    )


def test_a_seat_declaring_hu_twice_gives_one_record_of_its_id(tmp_path: Path) -> None:
    """W's Hu written twice (before and after S's added kong): the hand is unreplayable, and it gave
    two error records of the one id `…/1/W`; a seat's second Hu is the replay's problem, named once."""
    lines = _first_match()
    assert lines[-5:-2] == ["Player 1 Draw B5", "Player 1 BuGang B5", "Player 2 Hu B5"]
    lines.insert(-4, "Player 2 Hu B5")  # on S's draw: no discard of S's to win on
    path = tmp_path / "hu-twice.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner().invoke(main, ["batch", str(path), "--from", "botzone", "-j", "1"])
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["id"] for r in records] == ["5f0000000000000000000001/1/W"]
    assert records[0]["error"]["code"] == "unreplayable"
    assert "S has neither discarded a tile nor added one to a kong" in records[0]["error"]["message"]


def test_a_seat_declaring_hu_twice_after_a_valid_hu_is_named_at_the_second() -> None:
    lines = _first_match()
    lines.insert(-2, "Player 2 Hu B5")  # the same Hu again, after the first
    hand = read_game(("\n".join(lines) + "\n").encode(), "botzone").hands[0]
    assert [w.seat for w in hand.wins] == [2]
    assert hand.problem is not None
    assert "line 25 (W win 5p): W declared a Hu already" in hand.problem.message
