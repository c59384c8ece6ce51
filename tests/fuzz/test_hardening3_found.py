"""Faults a held-out pass over issue 37's classes found after its four branches were merged: each test
is one reproducer, written as a user meets it (a record read by its reader, a command as typed), and
fails on the code before its fix.

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
MS2_JSON = ROOT / "examples" / "records" / "mahjongscoring2.json"


def refused(doc: Any, fmt: str) -> str:
    data = doc if isinstance(doc, bytes) else json.dumps(doc, ensure_ascii=False).encode()
    with pytest.raises(GameRecordError) as caught:
        read_game(data, fmt)
    return caught.value.message


# ---- a number below its least: the bound given, never "0 to None" ------------------------------------


@pytest.mark.parametrize("field", ["fan", "fan_bits", "fan2_bits", "fan1_bits"])
def test_a_negative_gbhelper_field_names_its_least_not_a_missing_bound(field: str) -> None:
    doc = json.loads(GBHELPER.read_text(encoding="utf-8"))
    doc["detail"][0][field] = -1
    message = refused(doc, "gbhelper")
    assert f"detail[0].{field}: -1 is below 0" in message
    assert "None" not in message


def test_a_negative_mahjongscoring2_total_is_not_called_more_than_the_highest() -> None:
    doc = json.loads(MS2_JSON.read_text(encoding="utf-8"))
    doc[0]["rounds"][1]["handPoints"] = -1
    message = refused(doc, "mahjongscoring2")
    assert "[0].rounds[1].handPoints: -1 is below 0" in message
    assert "more than" not in message


@pytest.mark.parametrize("lang", ["fr", "zh"])
def test_the_least_of_a_field_is_said_in_the_users_language(tmp_path: Path, lang: str) -> None:
    doc = json.loads(GBHELPER.read_text(encoding="utf-8"))
    doc["detail"][0]["fan"] = -1
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = runner().invoke(main, ["session", str(path), "--from", "gbhelper", "--lang", lang])
    assert result.exit_code == 1
    assert "None" not in result.stderr
    assert ("inférieur à 0" if lang == "fr" else "小于此字段的最小值0") in result.stderr


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


# ---- an nmjl card: a pattern that makes no hand is not expanded ----------------------------------------


def test_a_card_of_many_miscounted_patterns_expands_none_of_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """500 lines of 40 pungs each (120 tiles, under the 200-character bound): each is named (`N
    tiles: a hand of the card has 14`), and none is expanded, as no hand is made of it; expanding
    them (27 suit and shift choices × 40 groups each) cost `card check` 2 s."""
    from mcr_score.systems.nmjl import card

    made: list[str] = []
    real = card.expand
    monkeypatch.setattr(card, "expand", lambda pattern, shifts=(0,): made.append(pattern.text) or real(pattern, shifts))
    pattern = " ".join(["111a"] * 40)[:199]
    rest = 'numbers = "shift"\nexposed = true\nvalue = 25\n'
    lines = [f'[[hand]]\nid = "l{i}"\npattern = "{pattern}"\n{rest}' for i in range(3)]
    good = f'[[hand]]\nid = "ok"\npattern = "111a 222b 333c 44a 55b 6c"\n{rest}'
    path = tmp_path / "card.toml"
    path.write_text('name = "x"\n' + "".join(lines) + good, encoding="utf-8")
    result = runner().invoke(main, ["card", "check", str(path)])
    assert result.exit_code == 1
    assert result.stderr.count("a hand of the card has 14") == 3
    assert made == ["111a 222b 333c 44a 55b 6c"]  # only the line that holds 14 tiles


# ---- what a user opens: the examples name the rules, not the project's notes ---------------------------

NOTES = r"\bseed\b|graine|种子|rulesets\.md|\[DEFAULT"


def test_no_example_file_names_the_projects_own_notes() -> None:
    """The sample card said "[DEFAULT, rulesets.md §3.2]" and a referee case "seed §V": files a user
    opens and copies, in the project's words."""
    import re

    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "examples").rglob("*"))
        if path.suffix in (".toml", ".json", ".txt", ".csv", ".pmn")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(NOTES, line, re.IGNORECASE)
    ]
    assert found == []


# ---- the service: an unknown query field of a request that takes none ---------------------------------


@pytest.mark.parametrize("path", ["/api/score", "/api/explain", "/api/parse"])
def test_a_query_field_of_a_body_request_says_it_takes_none_not_an_empty_list(path: str) -> None:
    from fastapi.testclient import TestClient

    from mcr_score.web import api

    response = TestClient(api.create_app()).post(f"{path}?lang=fr", json={"hand": "123456789m123p5s5s"})
    assert response.status_code == 422
    messages = [p["message"] for p in response.json()["error"]["problems"] if p["where"] == "query.lang"]
    assert messages == ["query.lang: not a field of this request, which takes none there"]


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


# ---- a MahjongScoring2 CSV: a cell named by its line and its column ---------------------------------

MS2_CSV = ROOT / "examples" / "records" / "mahjongscoring2.csv"


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        (",12,", ",1x2,", "line 4, Hand Points: '1x2' is not a whole number"),
        ("2,Bo,-", "2,Zed,-", "line 4, Winner: 'Zed' is none of the four players"),
        ("2,Bo,-", "2,Bo,Zed", "line 4, Discarder: 'Zed' is none of the four players"),
        ("2,Bo,-,12,-20", "2,Bo,-,12,-2o", "line 4, Points Ana: '-2o' is not a whole number"),
        ("\n2,Bo", "\nx2,Bo", "line 4, Round: 'x2' is not a whole number"),
    ],
)
def test_a_bad_mahjongscoring2_csv_cell_names_its_column(old: str, new: str, where: str) -> None:
    text = MS2_CSV.read_text(encoding="utf-8")
    assert old in text
    assert where in refused(text.replace(old, new, 1).encode(), "mahjongscoring2")


# ---- nmjl: suits in upper case are one problem, as in the MCR notation ----------------------------------

CARD = str(ROOT / "examples" / "nmjl" / "sample-card.toml")


def _nmjl_problems(hand: str) -> list[dict[str, Any]]:
    result = runner().invoke(main, ["score", hand, "--system", "nmjl", "--card", CARD, "--json"])
    assert result.exit_code == 2, result.output
    problems: list[dict[str, Any]] = json.loads(result.stdout)["error"]["problems"]
    return problems


def test_nmjl_upper_case_suits_are_one_problem_with_the_lower_case_hint() -> None:
    """`111M222P333S44M55P6S` gave ten problems (a missing suit at every group, `M` and `P` unknown)
    and no word of case, as the MCR notation did before issue 37."""
    problems = _nmjl_problems("111M222P333S44M55P6S")
    assert [(p["code"], p["column"]) for p in problems] == [("upper-case-suit", 4)]
    assert "suits are lower case" in problems[0]["message"]
    assert "111m222p333s44m55p6s" in problems[0]["message"]


def test_nmjl_upper_case_suits_keep_the_texts_other_problems_at_their_columns() -> None:
    problems = _nmjl_problems("11M222M3333M444M55MQ")
    assert [(p["code"], p["column"]) for p in problems] == [("upper-case-suit", 3), ("illegal-character", 20)]


def test_soaps_before_a_wind_are_no_slip() -> None:
    """`000S`: three white dragons (soap) and South, as the dialect writes them: no hint of case."""
    result = runner().invoke(main, ["score", "000S 11m222m3333m44m", "--system", "nmjl", "--card", CARD, "--json"])
    codes = [p["code"] for p in json.loads(result.stdout)["error"]["problems"]]
    assert "upper-case-suit" not in codes
    assert codes == ["tile-count"]  # 15 tiles: read as written
