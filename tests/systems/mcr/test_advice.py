"""`waits`, `shanten` and `discards`: the Python API, the commands in three languages and as JSON,
and their errors. Expected totals are checked against the reference where `china` is used
(tests/systems/mcr/test_advice_reference.py does it in bulk); here the rules the issue sets are pinned down:
copies left, the last copy, four held copies, the 8-point verdict, the ranking of discards."""

from __future__ import annotations

import json

import pytest

import mcr_score
from mcr_score import Tile, errors
from mcr_score.cli import main
from mcr_score.systems.mcr.advice import parse_seen
from tests.support.advice import reference_waits
from tests.support.cli import runner

NINE_GATES = "1112345678999m"
LAST_COPY = "123456789m11p46s"  # closed wait on 5s
BELOW_8 = "[234m1][567p1]345s678s9p"  # single wait on 9p: All Chows, Short Straight, Single Wait
FOUR_HELD = "[EEE1]1111m234567p"  # would need a fifth 1m


def run(*args: str):
    result = runner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result


def test_nine_gates_waits_on_nine_tiles_with_copies_left() -> None:
    result = mcr_score.waits(NINE_GATES, "china")
    assert result.ready
    assert [w.tile.code for w in result.waits] == [f"{r}m" for r in range(1, 10)]
    assert [w.left for w in result.waits] == [1, 3, 3, 3, 3, 3, 3, 3, 1]
    assert result.left == 23
    ref = reference_waits(mcr_score.parse_hand(NINE_GATES))
    assert {w.tile.code: (w.discard.total, w.self_drawn.total) for w in result.waits} == ref
    assert all(4 in w.discard.fan_counts() for w in result.waits)  # Nine Gates on every wait


def test_seen_tiles_lower_the_copies_left() -> None:
    result = mcr_score.waits(NINE_GATES, seen="2m2m 9m")
    assert [w.left for w in result.waits][:2] == [1, 1]
    assert result.waits[-1].left == 0  # still a wait: none of the hand's own copies is a fifth
    assert mcr_score.waits(NINE_GATES, seen=[Tile("2m"), "2m"]).waits[1].left == 1


def test_last_copy_when_the_other_three_are_visible() -> None:
    result = mcr_score.waits(LAST_COPY, "china", seen="5s5s5s")
    (wait,) = result.waits
    assert (wait.tile.code, wait.left, wait.last_copy) == ("5s", 1, True)
    assert 58 in wait.discard.fan_counts()
    assert 58 in wait.self_drawn.fan_counts()
    from collections import Counter

    ref = reference_waits(mcr_score.parse_hand(LAST_COPY), Counter([Tile("5s")] * 3))
    assert ref == {"5s": (wait.discard.total, wait.self_drawn.total)}
    assert not mcr_score.waits(LAST_COPY, "china", seen="5s5s").waits[0].last_copy


def test_a_kind_held_four_times_is_not_a_wait() -> None:
    assert not mcr_score.waits(FOUR_HELD).ready
    assert mcr_score.shanten(FOUR_HELD).useful == ()


def test_the_situation_applies_to_both_wins() -> None:
    plain = mcr_score.waits(NINE_GATES, "china").waits[0]
    windy = mcr_score.waits(NINE_GATES + "|EE0000|3", "china").waits[0]
    assert windy.discard.total == plain.discard.total + 3
    assert windy.self_drawn.total == plain.self_drawn.total + 3
    assert windy.discard.points == plain.discard.points  # flowers never count towards the 8


def test_below_eight_verdict_keeps_flowers_out() -> None:
    result = mcr_score.waits(BELOW_8 + "|EE0000|8", "china")
    (wait,) = result.waits
    assert wait.discard.total >= 8
    assert not wait.discard.meets_minimum
    assert not wait.meets_minimum


def test_shanten_result() -> None:
    result = mcr_score.shanten("19m19p19sESWNCF5p")
    assert result.shanten == 1
    assert result.form("thirteen-orphans").shanten == 1  # type: ignore[union-attr]
    assert len(result.useful) == 13
    assert result.useful_left == 4 * 13 - 12
    data = result.to_dict()
    assert set(data) == {"ok", "shanten", "forms", "useful", "useful_left"}
    assert set(data["forms"]) == {
        "standard",
        "seven-pairs",
        "thirteen-orphans",
        "honors-and-knitted",
        "knitted-straight",
    }
    melded = mcr_score.shanten("[123m1][456m1]789m11p23s").to_dict()
    assert melded["forms"]["seven-pairs"] is None
    assert melded["forms"]["knitted-straight"] is None
    assert melded["useful"] == ["1s", "4s"]


def test_discards_ranked_with_the_route_to_eight_marked() -> None:
    """Issue 41: a ready hand whose waits all fall short of 8 ranks below every 1-shanten discard
    (it ranked first by shanten before); the 1-shanten ones by their expected score change."""
    result = mcr_score.discards(BELOW_8 + "1p", "china")
    last, before = result.discards[-1], result.discards[-2]
    assert {last.tile.code, before.tile.code} == {"1p", "9p"}
    assert last.shanten == 0
    assert last.below_minimum
    assert last.best is not None
    assert all(d.shanten == 1 and not d.below_minimum and d.best is None for d in result.discards[:-2])
    expected = [d.expected for d in result.discards]
    assert expected == sorted(expected, reverse=True)
    gates = mcr_score.discards(NINE_GATES + "5m", "china")
    top = gates.discards[0]
    assert top.tile.code == "5m"
    assert len(top.waits) == 9
    assert not top.below_minimum
    assert top.waits[4].left == 2  # the discarded 5m is seen: 4 - 2
    data = gates.to_dict()
    assert set(data["discards"][0]) >= {"tile", "shanten", "useful", "useful_left", "waits"}


@pytest.mark.parametrize(
    ("command", "hand", "want", "got"),
    [("waits", NINE_GATES + "5m", 13, 14), ("shanten", NINE_GATES + "5m", 13, 14), ("discards", NINE_GATES, 14, 13)],
)
def test_wrong_size_is_a_named_error(command: str, hand: str, want: int, got: int) -> None:
    with pytest.raises(errors.HandSizeError) as e:
        getattr(mcr_score, command)(hand)
    assert e.value.code == "hand-size"
    assert f"{want} tiles" in e.value.message
    assert f"has {got}" in e.value.message
    result = run(command, hand, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"]["code"] == "hand-size"
    fr = run(command, hand, "--lang", "fr")
    assert f"demande une main de {want} tuiles" in fr.stderr
    zh = run(command, hand, "--lang", "zh")
    assert f"需要{want}张牌" in zh.stderr


def test_seen_tiles_are_written_like_standing_tiles() -> None:
    assert [t.code for t in parse_seen("335m7p EE, 9s")] == ["3m", "3m", "5m", "7p", "E", "E", "9s"]
    with pytest.raises(errors.SeenTilesError) as e:
        parse_seen("55m 7x")
    assert e.value.column == 5


def test_bad_seen_tiles() -> None:
    with pytest.raises(errors.SeenTilesError):
        parse_seen("5x")
    result = run("waits", NINE_GATES, "--seen", "5x")
    assert result.exit_code == 2
    assert "bad-seen" in result.stderr
    result = run("waits", NINE_GATES, "--seen", "1m1m", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"]["code"] == "too-many-copies"


def test_waits_command_text_and_json() -> None:
    text = run("waits", LAST_COPY, "--seen", "555s", "--rules", "china").stdout
    assert "Ready: 1 wait, 1 copy left." in text
    assert "5s*" in text
    assert "58 Last Tile" in text
    data = json.loads(run("waits", LAST_COPY, "--json", "--rules", "china").stdout)
    assert data["ok"]
    assert data["rules"] == "china"
    assert data["ready"]
    (w,) = data["waits"]
    assert w["tile"] == "5s"
    assert w["left"] == 4
    assert not w["last_copy"]
    assert {"total", "points", "meets_minimum", "fans"} <= set(w["discard"])
    assert w["self_drawn"]["winning"]
    assert "Pas en attente" in run("waits", FOUR_HELD, "--lang", "fr").stdout
    zh = run("waits", BELOW_8, "--lang", "zh").stdout
    assert "所有听张都不足8番" in zh
    assert "否" in zh
    assert json.loads(run("waits", FOUR_HELD, "--json").stdout) == {
        "ok": True,
        "rules": "green-book",
        "ready": False,
        "waits": [],
    }


def test_waits_command_takes_the_situation_options() -> None:
    data = json.loads(run("waits", NINE_GATES, "--json", "--flowers", "2", "--seat", "s").stdout)
    assert all(w["discard"]["flower_points"] == 2 and w["self_drawn"]["flower_points"] == 2 for w in data["waits"])
    result = run("waits", NINE_GATES, "--replacement")  # a replacement-tile win needs a kong
    assert result.exit_code == 1
    assert "impossible-situation" in result.stderr
    assert "(situation: --replacement)" in result.stderr


def test_shanten_command() -> None:
    text = run("shanten", "19m19p19sESWNCF5p").stdout
    assert "Shanten 1: 1 tile from ready." in text
    assert "thirteen orphans" in text
    assert "ruled out by the declared melds" in run("shanten", "[123m1]456m789m11p23s").stdout
    assert "1向听" in run("shanten", "19m19p19sESWNCF5p", "--lang", "zh").stdout
    assert "En attente (shanten 0)." in run("shanten", NINE_GATES, "--lang", "fr").stdout
    data = json.loads(run("shanten", NINE_GATES, "--json").stdout)
    assert data["shanten"] == 0
    assert data["forms"]["standard"] == {
        "shanten": 0,
        "useful": [f"{r}m" for r in range(1, 10)],
    }
    assert "No tile brings it closer." in run("shanten", FOUR_HELD).stdout


def test_discards_command() -> None:
    text = run("discards", BELOW_8 + "1p").stdout
    assert "5 <8" in text
    assert "After discarding 1p, ready on:" in text
    assert "<8: every wait" in text
    assert "Après la défausse de 1p" in run("discards", BELOW_8 + "1p", "--lang", "fr").stdout
    assert "打出1p后听牌" in run("discards", BELOW_8 + "1p", "--lang", "zh").stdout
    data = json.loads(run("discards", BELOW_8 + "1p", "--json", "--rules", "china").stdout)
    assert data["ok"]
    assert data["rules"] == "china"
    ready = next(d for d in data["discards"] if d["tile"] == "1p")
    assert ready["below_minimum"]
    assert ready["waits"][0]["discard"]["total"] < 8


def test_score_on_a_waiting_hand_prints_its_waits() -> None:
    text = run("score", NINE_GATES).stdout
    assert "Not a winning hand: 13 tiles, a waiting hand without its winning tile" in text
    assert "Ready: 9 waits, 23 copies left." in text
    assert "4 Nine Gates" in text
    assert "Not ready: no tile completes this hand." in run("score", "123456789m1357p").stdout
    assert "九莲宝灯" in run("score", NINE_GATES, "--lang", "zh").stdout
    data = json.loads(run("score", NINE_GATES, "--json").stdout)
    assert data["winning"] is False
    assert data["reason"] == "waiting"


def test_results_are_frozen() -> None:
    result = mcr_score.waits(NINE_GATES)
    with pytest.raises(AttributeError):
        result.rules = "china"  # type: ignore[misc]
