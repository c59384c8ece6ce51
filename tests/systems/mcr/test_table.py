"""At the table (issue 14): the winning tile named by `--win` or marked in the notation, `score
--brief/--check/--color`, and `explain --claim`.

Expected scores are worked out from the rules (the fan table's points and exclusions) and, for the
china profile, checked against the reference calculator PyMahjongGB."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from mcr_score import errors
from mcr_score.cli import main
from mcr_score.notation import format_hand, parse_hand, read_tile, with_winning
from mcr_score.present.style import PLAIN, Style
from mcr_score.tiles import Tile
from tests.support.cli import runner
from tests.support.hand_strategies import hands
from tests.support.reference import reference_total

# The issue's hand: the same tiles score 25 when E wins and 29 when 5m wins.
# E wins (pair wait): Pure Straight 16 + Half Flush 6 + Tile Hog 2 (four 5m, no kong) + Single Wait 1 = 25.
# 5m wins (the middle of 456m): 16 + 6 + 2 + Closed Wait 1 + Last Tile 4 (the other three 5m are in
# the exposed pung 555m, so the 5m is the last copy) = 29.
TILES_E_LAST = "[555m1]12346789m5mEE"
TILES_5M_LAST = "[555m1]12346789mEE5m"
MARKED_5M = "[555m1]1234(5)6789mEE"


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = runner().invoke(main, list(args), env=env)
    return result.exit_code, result.stdout, result.stderr


def score_json(*args: str) -> dict:
    code, out, err = run("score", *args, "--json")
    assert code == 0, err
    return json.loads(out)


# --- the marker in the notation


@pytest.mark.parametrize(
    ("marked", "plain"),
    [
        (MARKED_5M, TILES_5M_LAST),
        ("[555m1]12346789m(E)E5m", TILES_E_LAST),
        ("(1)112345678999s9s", "112345678999s9s1s"),
        ("123m456p789s11pEE(E)", "123m456p789s11pEEE"),
        ("123m456p789s11p(5)55z", "123m456p789s11pCCC"),
        ("123m456p789s11p(🀄)🀄🀄", "123m456p789s11pCCC"),
        ("4(5)6m 123p 789s EEE 99p|EE1000", "46m123p789sEEE99p5m|EE1000"),
    ],
)
def test_marker_names_the_winning_tile_wherever_it_stands(marked: str, plain: str) -> None:
    assert parse_hand(marked) == parse_hand(plain)


@pytest.mark.parametrize(
    ("text", "code", "column"),
    [
        ("[55(5)m1]1234689mEE5m", "win-marker", 5),  # a declared meld never holds the winning tile
        ("1234(5)6789m(5)mEE5m", "win-marker", 14),  # a second marker
        ("(5m)123m456p789s11p", "win-marker", 1),  # parentheses around a whole tile
        ("123456789m123p(5)s", "tile-count", None),  # a marked tile makes 13 tiles a winning hand one short
    ],
)
def test_marker_errors_are_named_and_located(text: str, code: str, column: int | None) -> None:
    with pytest.raises(errors.McrError) as caught:
        parse_hand(text)
    assert caught.value.code == code
    if column is not None:
        assert caught.value.column == column


def test_marker_error_exits_2_from_the_cli() -> None:
    code, _, err = run("score", "1234(5)6789m(5)mEE5m")
    assert code == 2
    assert "win-marker" in err


@settings(max_examples=300, deadline=None)
@given(hands(waiting=False))
def test_marked_form_round_trips_through_format_hand(hand) -> None:
    written = format_hand(hand, mark_win=True)
    assert written.count("(") == 1
    assert parse_hand(written) == hand


def test_marked_form_reads_as_explain_draws_it() -> None:
    assert format_hand(parse_hand(TILES_5M_LAST), mark_win=True) == "[555m1]1234(5)6789mEE|EE0000"
    assert format_hand(parse_hand("123456789m123p5s5s")) == "123456789m123p5s5s|EE0000"  # canonical unchanged


def test_parse_shows_the_marked_form() -> None:
    code, out, _ = run("parse", TILES_5M_LAST)
    assert code == 0
    assert out.splitlines()[-1] == "marked:    [555m1]1234(5)6789mEE|EE0000"
    code, out, _ = run("parse", TILES_5M_LAST, "--json")
    assert json.loads(out)["marked"] == "[555m1]1234(5)6789mEE|EE0000"
    code, out, _ = run("parse", "123456789m123p5s", "--json")
    assert json.loads(out)["marked"] is None


# --- --win


def test_the_issue_hand_scores_by_its_winning_tile() -> None:
    assert score_json(TILES_E_LAST)["total"] == 25
    assert score_json(TILES_5M_LAST)["total"] == 29
    assert score_json(TILES_E_LAST, "--win", "5m")["total"] == 29
    assert score_json(TILES_5M_LAST, "--win", "E")["total"] == 25
    assert score_json(MARKED_5M)["total"] == 29
    assert score_json(MARKED_5M, "--win", "5m")["total"] == 29  # agreeing with the marker


@pytest.mark.parametrize("win", ["5m", "E", "1m", "9m"])
def test_win_agrees_with_the_reference_under_china(win: str) -> None:
    hand = with_winning(parse_hand(TILES_E_LAST), win)
    assert score_json(TILES_E_LAST, "--win", win, "--rules", "china")["total"] == reference_total(hand)


def test_score_shows_the_winning_tile_and_its_set() -> None:
    d = score_json(TILES_E_LAST, "--win", "5m")
    assert (d["win_tile"], d["win_set"], d["wait"]) == ("5m", ["4m", "5m", "6m"], "closed")
    code, out, _ = run("score", TILES_E_LAST, "--win", "5m")
    assert code == 0
    assert "winning tile: 5m, completing 456m (closed wait)" in out


@pytest.mark.parametrize(
    ("args", "code", "error"),
    [
        (["--win", "3p"], 1, "win-tile"),  # not among the tiles
        (["--win", "Q"], 2, "bad-tile"),  # not a tile
        (["--win", "8z"], 2, "bad-tile"),
    ],
)
def test_win_errors(args: list[str], code: int, error: str) -> None:
    exit_code, out, _ = run("score", TILES_E_LAST, *args, "--json")
    assert exit_code == code
    assert json.loads(out)["error"]["code"] == error
    assert json.loads(out)["error"]["where"] == "--win"


def test_win_contradicting_the_marker_is_an_error() -> None:
    code, _, err = run("score", MARKED_5M, "--win", "E")
    assert code == 1
    assert "win-tile: the winning tile E contradicts the tile marked in the notation, 5m (--win)" in err


def test_win_on_a_waiting_hand_is_an_error() -> None:
    code, _, err = run("score", "123456789m123p5s", "--win", "5s")
    assert code == 1
    assert "waiting hand of 13 tiles" in err


def test_win_rechecks_the_situation() -> None:
    # Last copy (绝张) while holding another copy of the winning tile is impossible: E is held twice.
    code, _, err = run("score", TILES_5M_LAST + "|EE0100", "--win", "E")
    assert code == 1
    assert "impossible-situation" in err


def test_read_tile_spellings() -> None:
    assert read_tile("5m") == read_tile(" 5m ") == Tile("5m")
    assert read_tile("5z") == read_tile("C") == read_tile("🀄") == Tile("C")
    assert read_tile(Tile("E")) == Tile("E")


def test_explain_takes_win() -> None:
    code, out, _ = run("explain", TILES_E_LAST, "--win", "5m", "--json")
    assert code == 0
    assert json.loads(out)["verdict"]["total"] == 29
    assert json.loads(out)["winning_tile"] == "5m"


# --- --brief, --check, --lang, colour

BELOW_8 = "[678s3]789m11p12334s2s|WS0000|3"  # examples/referee/below-minimum: 2 points + 3 flowers


@pytest.mark.parametrize(
    ("hand", "lang", "line"),
    [
        (TILES_E_LAST, "en", "25 = 25 + 0 flowers: a valid Hu (8-point minimum met)"),
        (TILES_E_LAST, "fr", "25 = 25 + 0 fleur : Hu valide (minimum de 8 points atteint)"),
        (TILES_E_LAST, "zh", "共25番 = 25番 + 花牌0番：和牌有效（已达8番起和）"),
        (BELOW_8, "en", "5 = 2 + 3 flowers: a false Hu (6 short of the 8-point minimum)"),
        (
            "123456789m123p5s",
            "en",
            "not a winning hand (13 tiles, a waiting hand without its winning tile): a false Hu",
        ),
        ("123456789m12p5s5s7s", "en", "not a winning hand (the tiles form no winning shape): a false Hu"),
    ],
)
def test_brief_is_one_line(hand: str, lang: str, line: str) -> None:
    code, out, _ = run("score", hand, "--brief", "--lang", lang)
    assert code == 0
    assert out == line + "\n"


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ([TILES_E_LAST], 0),  # 25 points: a valid Hu
        ([BELOW_8], 3),  # a winning hand below 8 points without flowers
        (["123456789m123p5s"], 3),  # 13 tiles: not a winning hand
        (["123456789m12p5s5s7s"], 3),  # 14 tiles of no winning shape: a false Hu
        (["123456789m123p5x5s"], 2),  # bad notation
        (["55555m123456789p"], 1),  # an impossible hand (five 5m)
        ([TILES_E_LAST, "--win", "3p"], 1),  # an impossible --win
    ],
)
def test_check_exit_status_is_the_verdict(args: list[str], code: int) -> None:
    assert run("score", *args, "--check")[0] == code
    assert run("score", *args, "--check", "--brief")[0] == code
    assert run("score", *args, "--check", "--json")[0] == code


def test_score_lang_names_reasons_and_verdict() -> None:
    _, out, _ = run("score", TILES_E_LAST, "--lang", "fr")
    assert "Grande suite pure" in out
    _, out, _ = run("score", TILES_E_LAST, "--lang", "zh")
    assert "清龙" in out


def test_color_draws_unicode_tiles_and_colours_the_verdict() -> None:
    _, out, _ = run("score", TILES_E_LAST, "--win", "5m", "--color")
    assert "\x1b[" in out
    assert "🀇🀈🀉" in out  # 123m as tiles
    _, out, _ = run("score", TILES_E_LAST, "--no-color")
    assert "\x1b[" not in out
    assert "🀇" not in out
    _, out, _ = run("score", TILES_E_LAST)  # not a terminal: plain
    assert "\x1b[" not in out
    _, out, _ = run("score", TILES_E_LAST, "--brief", "--color")
    assert out.startswith("\x1b[")
    _, out, _ = run("explain", TILES_E_LAST, "--color")
    assert "\x1b[" in out


class _Tty:
    def isatty(self) -> bool:
        return True


def test_style_follows_the_terminal_no_color_and_term_dumb() -> None:
    assert Style.for_stream(_Tty(), {"TERM": "xterm"}) == Style(color=True, unicode=True)  # type: ignore[arg-type]
    assert Style.for_stream(_Tty(), {"NO_COLOR": "1"}) == Style(color=False, unicode=True)  # type: ignore[arg-type]
    assert Style.for_stream(_Tty(), {"TERM": "dumb"}) == PLAIN  # type: ignore[arg-type]
    assert Style.for_stream(_Tty(), {"TERM": "dumb"}, color=True) == Style(True, True)  # type: ignore[arg-type]
    assert Style.for_stream(_Tty(), {}, color=False) == PLAIN  # type: ignore[arg-type]


# --- explain --claim


def claim_of(*args: str) -> dict:
    code, out, err = run("explain", TILES_5M_LAST, *args, "--json")
    assert code == 0, err
    return json.loads(out)["claim"]


def test_claim_total_and_fans_agree() -> None:
    c = claim_of("--claim", "29", "--claim-fans", "28,50,58,64,78")
    assert c == {
        "total": 29,
        "computed": 29,
        "fans": [28, 50, 58, 64, 78],
        "agrees": True,
        "missing": [],
        "extra": [],
        "removed": [],
    }


def test_claim_disagreement_names_missing_and_extra_fans_with_the_rule() -> None:
    # The claimant counted Short Straight (71) on top of Pure Straight (28): non-separation removes
    # it; Pure Double Chow (69) is not in the hand at all; Tile Hog counted twice; and forgot Last
    # Tile (58) and Closed Wait (78).
    c = claim_of("--claim", "24", "--claim-fans", "28 50 71 69 64x2")
    assert c["agrees"] is False
    assert c["missing"] == [58, 78]
    assert c["extra"] == [64, 69, 71]
    removed = {r["id"]: (r["rule"], r["by"]) for r in c["removed"]}
    assert removed == {64: ("fewer", None), 69: ("not-found", None), 71: ("non-separation", 28)}


def test_claim_total_only() -> None:
    c = claim_of("--claim", "25")
    assert (c["agrees"], c["fans"], c["missing"], c["extra"]) == (False, None, None, None)


def test_claim_text() -> None:
    code, out, _ = run("explain", TILES_5M_LAST, "--claim", "24", "--claim-fans", "28,50,71,69,64x2")
    assert code == 0
    assert "Claimed 24, computed 29: the totals differ by 5." in out
    assert "71 Short Straight is not counted: Pure Straight already uses 123m and 456m (non-separation)." in out
    assert "69 Pure Double Chow: the hand does not show it." in out
    assert "64 Tile Hog: claimed 2 times, counted 1." in out
    assert "58 Last Tile: worth 4" in out
    assert "The claim disagrees with the computed score." in out
    _, out, _ = run("explain", TILES_5M_LAST, "--claim", "29", "--lang", "fr")
    assert "Annoncé 29, calculé 29 : les totaux concordent." in out


def test_claim_of_a_hand_that_does_not_win() -> None:
    code, out, _ = run("explain", "123456789m12p5s5s7s", "--claim", "8", "--claim-fans", "28", "--json")
    assert code == 0
    c = json.loads(out)["claim"]
    assert (c["computed"], c["agrees"], c["missing"], c["extra"]) == (0, False, [], [28])


def test_bad_claim_fans_are_a_usage_error() -> None:
    code, _, err = run("explain", TILES_5M_LAST, "--claim-fans", "28,x")
    assert code == 2
    assert "--claim-fans" in err
    code, _, err = run("explain", TILES_5M_LAST, "--claim-fans", "99")
    assert code == 2
