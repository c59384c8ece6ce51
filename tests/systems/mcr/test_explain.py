"""The referee view: what `explain`, `fans` and `fan` say, in each language, and the example cases.

The tests read the content (fans, reasons, payments, checks), not just the exit code: a referee
acts on these sentences. The cases in examples/referee/ are regression data checked by hand
against the rules (each case file says how); their fans are also compared with the reference
calculator under the china profile.
"""

from __future__ import annotations

import json
import tomllib

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

from mcr_score.cli import main
from mcr_score.messages import LANGS, language_from_env
from mcr_score.notation import parse_hand
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.systems.mcr.pages.referee import explain, fan_detail, fan_table
from mcr_score.systems.mcr.pages.referee_text import (
    PLAIN,
    Style,
    draw_tiles,
    not_counted_sentence,
    render_explanation,
)
from tests.support import REPO, strategies
from tests.support.reference import reference_fans

CASES = REPO / "examples" / "referee"
STRAIGHT = "[123m1]456789m33pCC3p|WE0000"
TRIPLE = "555666777p56s55s7s|EE1000|ab"
LAST_COPY = "[555m1]46m123m789mEE5m|EE0000"
BELOW = "[678s3]789m11p12334s2s|WS0000|3"
ROBBED_LAST = "[456m2][123s1][567p2]45pPP3p|WS0011"


def run(*args: str, env: dict | None = None):
    return CliRunner().invoke(main, list(args), env={"LANG": "", "NO_COLOR": "", **(env or {})})


def data(text: str, rules: str = "china", discarder: str | None = None) -> dict:
    return explain(parse_hand(text), rules, discarder)


# ---- translations ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "lang"),
    [
        ("fr_FR.UTF-8", "fr"),
        ("zh_CN.UTF-8", "zh"),
        ("zh_TW", "zh"),
        ("en_GB.UTF-8", "en"),
        ("de_DE", "en"),
        ("C.UTF-8", "en"),
        ("", "en"),
    ],
)
def test_language_comes_from_lang(value, lang):
    assert language_from_env({"LANG": value}) == lang
    assert language_from_env({}) == "en"


# ---- the example in the issue: an exclusion, a discard from a named seat -------------------------


def test_exclusion_names_the_principle_and_the_sets():
    d = data(STRAIGHT, discarder="N")
    assert {f["id"]: f["count"] for f in d["fans"]} == {28: 1, 75: 1}
    assert [(n["id"], n["rule"], n["by"]["id"], n["sets"]) for n in d["not_counted"]] == [
        (71, "non-separation", 28, ["123m", "456m"]),
        (71, "non-separation", 28, ["456m", "789m"]),
        (72, "non-separation", 28, ["123m", "789m"]),
    ]
    assert (
        not_counted_sentence(d["not_counted"][0], "en")
        == "Short Straight is not counted: Pure Straight already uses 123m and 456m (non-separation)."
    )


def test_the_arrangement_marks_melds_and_the_winning_tile():
    sets = data(STRAIGHT)["arrangement"]
    assert [(s["tiles"], s["state"]) for s in sets] == [
        ("123m", "declared-exposed"),
        ("456m", "concealed"),
        ("789m", "concealed"),
        ("333p", "completed-by-discard"),
        ("CC", "concealed"),
    ]
    assert sets[0]["claim"] == {"tile": "1m", "from": "left", "promoted": False}
    assert [s["winning_tile"] for s in sets] == [False, False, False, True, False]


@pytest.mark.parametrize(
    ("lang", "phrases"),
    [
        (
            "en",
            [
                "Winning hand (Hu): 17 points = 17 from fans + 0 for flowers.",
                "Reaches the 8-point minimum without flowers (17 ≥ 8): a valid Hu.",
                "[123m]  456m  789m  33(3)p  CC",
                "333p  pung  completed by the discard: counts as exposed",
                "Short Straight is not counted: Pure Straight already uses 123m and 456m (non-separation).",
                "Two Terminal Chows is not counted: Pure Straight already uses 123m and 789m (non-separation).",
                "[ok] Won on a discard from North (N).",
                "North (N), discarder: pays 25",
                "South (S), other player: pays 8",
                "West (W), other player: pays 8",
                "The winner, East (E), receives 41 = 25 + 8 + 8.",
            ],
        ),
        (
            "fr",
            [
                "Main gagnante (Hu) : 17 points = 17 de combinaisons + 0 de fleurs.",
                "Atteint le minimum de 8 points sans les fleurs (17 ≥ 8) : Hu valide.",
                "Petite suite pure : non comptée, Grande suite pure utilise déjà 123m et 456m "
                "(principe de non-séparation).",
                "Grande suite pure",
                "Une famille absente",
                "[ok] Gagné sur une défausse de Nord (N).",
                "Nord (N), celui qui a défaussé : paie 25",
                "Sud (S), autre joueur : paie 8",
                "Le gagnant, Est (E), reçoit 41 = 25 + 8 + 8.",
            ],
        ),
        (
            "zh",
            [
                "和牌：共17番 = 番种17番 + 花牌0番。",
                "不计花牌已达8番起和（17 ≥ 8）：和牌有效。",
                "连六不计：清龙已用到123m和456m（不拆移原则）。",
                "老少副不计：清龙已用到123m和789m（不拆移原则）。",
                "清龙",
                "缺一门",
                "北（N），点炮者，付25",
                "南（S），其他玩家，付8",
                "和牌者东（E）共收41 = 25 + 8 + 8。",
            ],
        ),
    ],
)
def test_explain_text_in_each_language(lang, phrases):
    result = run("explain", STRAIGHT, "--rules", "china", "--from", "N", "--lang", lang)
    assert result.exit_code == 0, result.output
    for phrase in phrases:
        assert phrase in result.output


def test_lang_environment_chooses_the_language_and_the_option_wins():
    assert "Grande suite pure" in run("explain", STRAIGHT, env={"LANG": "fr_FR.UTF-8"}).output
    assert "清龙" in run("explain", STRAIGHT, env={"LANG": "zh_CN.UTF-8"}).output
    assert "Pure Straight already uses" in run("explain", STRAIGHT, "--lang", "en", env={"LANG": "fr_FR.UTF-8"}).output


def test_json_is_the_same_in_every_language_and_carries_three_names():
    outputs = [json.loads(run("explain", STRAIGHT, "--json", "--lang", lang).output) for lang in LANGS]
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0]["fans"][0]["names"] == {"en": "Pure Straight", "fr": "Grande suite pure", "zh": "清龙"}
    assert outputs[0]["not_counted"][0]["by"] == {"id": 28, "names": outputs[0]["fans"][0]["names"]}


# ---- several arrangements, self-drawn, flowers -------------------------------------------------


def test_other_arrangements_show_why_the_chosen_one_wins():
    d = data(TRIPLE)
    assert (d["verdict"]["points"], d["verdict"]["total"]) == (48, 50)
    (alt,) = d["alternatives"]
    assert alt["sets"] == ["555p", "666p", "777p", "567s", "55s"]
    assert (alt["points"], alt["total"], alt["behind"]) == (47, 49, 1)
    assert {f["id"] for f in alt["fans"]} == {24, 33, 56, 68, 75, 81}


@pytest.mark.parametrize(
    ("lang", "phrases"),
    [
        (
            "en",
            [
                "555p 666p 777p 567s 55s (four sets and a pair): 47 points, 1 fewer: Pure Shifted Pungs 24",
                "Self-drawn: each of the three others pays 8 + 50 = 58.",
                "South (S): pays 58",
                "The winner, East (E), receives 174 = 58 + 58 + 58.",
                "2 flowers (ab): +2 to the total, never toward the 8.",
            ],
        ),
        (
            "fr",
            [
                "47 points, 1 de moins : Trois pungs purs consécutifs 24",
                "Tiré soi-même : chacun des trois autres paie 8 + 50 = 58.",
                "Le gagnant, Est (E), reçoit 174",
            ],
        ),
        ("zh", ["47番，少1番：一色三节高 24", "自摸：其他三家各付8 + 50 = 58。", "和牌者东（E）共收174"]),
    ],
)
def test_several_arrangements_in_each_language(lang, phrases):
    output = run("explain", TRIPLE, "--rules", "china", "--lang", lang).output
    for phrase in phrases:
        assert phrase in output


def test_a_tie_is_explained_as_the_tie_break():
    d = data("11223344556677m|EE0000")
    assert d["fans"][0]["id"] == 6
    assert all(a["behind"] > 0 for a in d["alternatives"])
    tie = {"form": "standard", "sets": ["123m"], "points": 8, "total": 8, "behind": 0, "fans": []}
    page = render_explanation(d | {"alternatives": [tie]}, "en")
    assert "8 points, the same: the chosen arrangement wins the tie-break" in page


# ---- below 8 points, not a winning hand ----------------------------------------------------------


def test_below_the_minimum_is_a_false_hu_and_nobody_pays():
    d = data(BELOW)
    v = d["verdict"]
    assert (v["points"], v["flower_points"], v["total"], v["short_by"], v["valid_hu"]) == (2, 3, 5, 6, False)
    assert d["payments"]["applies"] is False
    assert d["payments"]["reason"] == "false-hu"
    assert d["payments"]["payers"] == []
    assert d["payments"]["winner_receives"] == 0


@pytest.mark.parametrize(
    ("lang", "phrases"),
    [
        (
            "en",
            [
                "Below the 8-point minimum: 2 without flowers, 6 short. This is a false Hu.",
                "Flowers (3) never count toward the 8.",
                "No payment: the hand is a false Hu",
            ],
        ),
        (
            "fr",
            [
                "En dessous du minimum de 8 points : 2 sans les fleurs, il en manque 6. C’est un faux Hu.",
                "Aucun paiement : la main est un faux Hu",
            ],
        ),
        ("zh", ["未达8番起和：不计花牌只有2番，差6番。这是错和。", "不支付"]),
    ],
)
def test_below_the_minimum_in_each_language(lang, phrases):
    output = run("explain", BELOW, "--lang", lang).output
    for phrase in phrases:
        assert phrase in output
    assert "pays 8" not in output
    assert "paie 8" not in output
    assert "付8" not in output


@pytest.mark.parametrize(("text", "reason"), [("123456789m1234p5p", "no-shape"), ("123456789m1234p", "waiting")])
def test_a_hand_that_does_not_win(text, reason):
    d = data(text)
    assert d["verdict"]["winning"] is False
    assert d["verdict"]["reason"] == reason
    assert d["payments"]["reason"] == "not-winning"
    assert d["arrangement"] == []
    assert d["fans"] == []
    assert "A Hu declared on it is a false Hu." in render_explanation(d, "en")


# ---- situation checks and impossible situations --------------------------------------------------


def test_last_copy_inferred_from_the_winners_own_pung():
    d = data(LAST_COPY)
    assert 58 in {f["id"] for f in d["fans"]}
    check = next(c for c in d["situation"]["checks"] if c["check"] == "last-copy")
    assert check == {
        "check": "last-copy",
        "status": "inferred",
        "tile": "5m",
        "melds": [{"kind": "pung", "tiles": "555m"}],
    }
    assert (
        "[inferred] Last copy inferred: the other three 5m are in your pung 555m." in run("explain", LAST_COPY).output
    )
    assert "推定和绝张：另外三张5m都在你的刻子 555m里。" in run("explain", LAST_COPY, "--lang", "zh").output


def test_declared_last_copy_is_accepted_and_noted():
    d = data("[555m1]46m123m789mEE5m|EE0100")
    check = next(c for c in d["situation"]["checks"] if c["check"] == "last-copy")
    assert (check["status"], check["in_melds"]) == ("ok", 3)


def test_robbing_the_kong_the_robbed_player_pays():
    result = run("explain", "[456m2][123s1][567p2]45pPP3p|WS0001", "--rules", "china", "--from", "N", "--json")
    d = json.loads(result.output)
    assert 47 in {f["id"] for f in d["fans"]}
    assert d["payments"]["payers"][0] == {"seat": "N", "role": "robbed", "amount": 8 + d["verdict"]["total"]}
    text = run("explain", "[456m2][123s1][567p2]45pPP3p|WS0001", "--from", "N").output
    assert "Robbing the kong on 3p: no other 3p in the hand" in text
    assert "North (N), kong robbed: pays" in text


def test_replacement_tile_names_the_kong():
    d = data("[8888s3]456m567p22sNN2s|WS1001")
    assert {"check": "replacement", "status": "ok", "kongs": ["8888s"]} in d["situation"]["checks"]
    assert [p["amount"] for p in d["payments"]["payers"]] == [8 + d["verdict"]["total"]] * 3


@pytest.mark.parametrize(
    ("lang", "head", "message"),
    [
        (
            "en",
            "[rejected] impossible-situation: ",
            "robbing the kong on the last tile of the wall: no kong may be made with the last tile (column 35)",
        ),
        (
            "fr",
            "[rejeté] situation impossible : ",
            "kong volé sur la dernière tuile du mur : aucun kong ne peut se faire avec la dernière tuile (colonne 35)",
        ),
        ("zh", "[不成立] 和牌情况不可能：", "抢杠和不可能发生在最后一张牌：最后一张牌不能开杠（第35列）"),
    ],
)
def test_impossible_situation_prints_its_checks_with_a_caret(lang, head, message):
    result = run("explain", ROBBED_LAST, "--lang", lang)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any(head + message in line for line in lines)
    hand_line = next(i for i, line in enumerate(lines) if line.strip() == ROBBED_LAST)
    start = lines[hand_line].index(ROBBED_LAST)
    assert lines[hand_line + 1].index("^") - start == 34  # under column 35, the kong flag
    assert "Winning hand" not in result.output
    assert "Gagné" not in result.output


def test_option_conflicts_are_rejected_with_their_reason():
    result = run("explain", STRAIGHT, "--robbing-kong", "--self-drawn", "--lang", "fr")
    assert result.exit_code == 2  # a usage error (issue 12)
    assert "--robbing-kong avec --self-drawn : un kong volé se prend comme une défausse" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["[678p1]456m44p234sWW4p|WE1000", "--from", "S"], "--from S: a self-drawn hand has no discarder"),
        ([STRAIGHT, "--self-drawn", "--from", "S"], "--from S: a self-drawn hand has no discarder"),
        ([STRAIGHT, "--from", "e"], "--from E is the winner's own seat wind"),
    ],
)
def test_from_needs_a_discard_by_another_seat(args, message):
    result = run("explain", *args)
    assert result.exit_code == 1
    assert message in result.output
    as_json = json.loads(run("explain", *args, "--json").output)
    alone = {"code": "impossible-situation", "message": message, "where": "--from"}
    assert as_json == {"ok": False, "error": {**alone, "problems": [alone]}}
    assert message not in run("explain", *args, "--lang", "zh").output


def test_bad_notation_exits_2_with_its_caret():
    result = run("explain", "123x", "--lang", "fr")
    assert result.exit_code == 2
    assert "caractère interdit" in result.output
    assert "^" in result.output


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "fr",
            [
                "[rejeté] figure invalide : [124m] n’est ni un chow, ni un pung, ni un kong : un chow est fait de "
                "trois tuiles consécutives d’une même famille, dans l’ordre croissant (colonne 1)",
                "[rejeté] caractère interdit : 'x' ne fait pas partie de la notation des mains (colonne 7)",
            ],
        ),
        (
            "zh",
            [
                "[不成立] 副露无效：[124m]不是顺子、刻子或杠：顺子是同一花色按顺序相连的三张牌（第1列）",
                "[不成立] 非法字符：'x'不属于手牌记法（第7列）",
            ],
        ),
    ],
)
def test_notation_errors_are_translated_and_their_json_stays_english(lang, expected):
    result = run("explain", "[124m]x1m", "--lang", lang)
    assert result.exit_code == 2
    lines = [line.strip() for line in result.output.splitlines()]
    assert all(line in lines for line in expected), lines
    as_json = json.loads(run("explain", "[124m]x1m", "--lang", lang, "--json").output)
    assert [p["message"] for p in as_json["error"]["problems"]] == [
        "[124m] is not a chow, pung or kong: a chow is three consecutive tiles of one suit, in ascending order",
        "'x' is not part of the hand notation",
    ]


# ---- sentences for every principle ---------------------------------------------------------------


def test_account_once_and_same_set_sentences():
    d = data("234567s234567p5m5m")
    once = next(n for n in d["not_counted"] if n["rule"] == "account-once")
    assert not_counted_sentence(once, "en") == (
        "Short Straight (234s 567s) is not counted: 234s is already combined in Mixed Double Chow (234p 234s); "
        "a set already used combines only once more (account-once)."
    )
    dragon = data("[CCC]456m5677p234s7p|SN0000")["not_counted"][0]
    assert (
        not_counted_sentence(dragon, "en")
        == "Pung of Terminals or Honors (CCC) is not counted: Dragon Pung already uses CCC "
        "(the same set is not counted again)."
    )
    assert not_counted_sentence(dragon, "zh") == "幺九刻（CCC）不计：箭刻已用到CCC（同一副牌不重复计番）。"


def test_non_identical_and_implied_sentences():
    names = {"id": 70, "names": {}}
    identical = {
        "id": 70,
        "rule": "non-identical",
        "sets": ["123m", "123s"],
        "by": names,
        "by_sets": ["123m", "123p"],
        "shared": ["123m"],
    }
    assert not_counted_sentence(identical, "en") == (
        "Mixed Double Chow (123m 123s) is not counted: 123m already forms Mixed Double Chow with 123p "
        "(non-identical: a set serves the same fan only once)."
    )
    loose = {"id": 71, "rule": "account-once", "sets": ["123m", "456m"], "by": None, "by_sets": [], "shared": []}
    assert "its sets are already combined in the counted fans" in not_counted_sentence(loose, "en")
    implied = data(BELOW)["not_counted"][0]
    assert (
        not_counted_sentence(implied, "fr")
        == "Pas d’honneur : non comptée, car impliquée par Tout chow (principe de non-répétition)."
    )


# ---- terminal output -----------------------------------------------------------------------------


class _Stream:
    def __init__(self, tty: bool) -> None:
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_style_follows_the_terminal_and_no_color():
    assert Style.for_stream(_Stream(True), {}) == Style(color=True, unicode=True)
    assert Style.for_stream(_Stream(True), {"NO_COLOR": "1"}) == Style(color=False, unicode=True)
    assert Style.for_stream(_Stream(False), {}) == PLAIN


def test_colour_and_unicode_only_when_asked():
    d = data(STRAIGHT)
    plain = render_explanation(d, "en", PLAIN)
    fancy = render_explanation(d, "en", Style(color=True, unicode=True))
    assert "\x1b[" not in plain
    assert "🀇" not in plain
    assert "\x1b[" in fancy
    assert "[🀇🀈🀉]" in fancy
    assert "✓" in fancy
    assert "🀛🀛(🀛)" in render_explanation(d, "en", Style(unicode=True))
    piped = run("explain", STRAIGHT).output
    assert "\x1b[" not in piped
    assert "🀇" not in piped


def test_drawn_tiles_mark_the_winning_one():
    assert draw_tiles(["1m", "2m", "3m"], PLAIN, 2) == "12(3)m"
    assert draw_tiles(["C", "C", "C"], PLAIN, 2) == "CC(C)"
    assert draw_tiles(["1m", "4m", "7m", "2p", "E"], PLAIN, 3) == "1m 4m 7m (2p) E"
    assert draw_tiles(["5p", "5p"], PLAIN) == "55p"


# ---- the fan table -------------------------------------------------------------------------------


def test_fans_lists_every_fan_with_names_points_and_exclusions():
    rows = fan_table("china")
    assert [r["id"] for r in rows] == list(range(1, 83))
    pure_straight = rows[27]
    assert pure_straight["points"] == 16
    assert pure_straight["rules"] == "china"
    assert pure_straight["not_counted_with"] == [71, 72]
    assert 28 in rows[70]["not_counted_when"]
    assert rows[47]["points"] == 6
    assert rows[81]["points"] == 5
    assert rows[1]["not_counted_on_its_sets"] == [73]
    assert rows[3]["absorbs_one"] == [73]
    gb = fan_table("green-book")
    assert gb[47]["points"] == 8
    assert gb[81]["points"] is None
    assert gb[3]["absorbs_one"] == []
    output = run("fans", "--lang", "fr").output
    assert len(output.splitlines()) == 84
    assert "28  Grande suite pure" in output
    assert "清龙" in output
    assert len(json.loads(run("fans", "--json").output)) == 82


@pytest.mark.parametrize(("rules", "excluded"), [("green-book", False), ("china", True)])
def test_fans_show_the_exclusions_of_the_profile_asked(rules, excluded):
    """All Terminals excludes Double Pung under china only (switch all-terminals-with-double-pung)."""
    row = json.loads(run("fans", "--rules", rules, "--json").output)[7]
    assert (65 in row["not_counted_with"]) == excluded
    page = run("fan", "8", "--rules", rules).output
    assert ("65 Double Pung" in page.split("Not counted with it:")[1].split("\n")[0]) == excluded


def test_fan_shows_definition_exclusions_and_a_scored_example():
    d = fan_detail(Fan.PURE_STRAIGHT)
    assert d["example"]["notation"] == FANS[28].example
    assert 28 in {f["id"] for f in d["example"]["score"]["fans"]}
    output = run("fan", "28").output
    for phrase in (
        "28  Pure Straight  ·  清龙  ·  Grande suite pure",
        "Points: 16   rules: green-book",
        "Not counted with it: 71 Short Straight, 72 Two Terminal Chows",
        f"Example: {FANS[28].example}",
        "Fans 17 + flowers 0 = 17.",
    ):
        assert phrase in output
    assert "Non comptées avec elle : 71 Petite suite pure" in run("fan", "28", "--lang", "fr").output
    china_only = run("fan", "82").output
    assert "(not in the green-book profile: example scored under china)" in china_only
    assert run("fan", "83").exit_code == 2


@pytest.mark.parametrize("rules", ["green-book", "china"])
@pytest.mark.parametrize("fan_id", range(1, 82))
def test_every_fan_example_counts_its_fan_and_none_it_excludes(fan_id, rules):
    """The fan page is profile-true: its example counts the fan and none of the fans it says are not
    counted with it, under the profile asked for."""
    page = json.loads(run("fan", str(fan_id), "--rules", rules, "--json").output)
    assert set(page) >= {"id", "names", "points", "rules", "not_counted_with", "example"}
    assert page["id"] == fan_id
    assert set(page["names"]) == {"en", "zh", "fr"}
    assert page["rules"] == rules
    assert page["points"] == FANS[fan_id].points[rules]
    example = page["example"]
    assert example["notation"] == FANS[fan_id].example
    assert example["score"]["rules"] == rules
    counted = {f["id"] for f in example["score"]["fans"]}
    assert fan_id in counted
    assert not counted & set(page["not_counted_with"]), counted & set(page["not_counted_with"])
    assert example["score"] == json.loads(run("score", example["notation"], "--rules", rules, "--json").output)


# ---- the example cases (regression data, checked by hand) ------------------------------------------


def _cases():
    return sorted(CASES.glob("*.case.toml"))


def test_there_are_cases_of_each_kind():
    names = {c.name.removesuffix(".case.toml") for c in _cases()}
    assert {"pure-straight", "pure-triple-chow", "below-minimum", "robbing-last-tile", "last-copy"} <= names


@pytest.mark.parametrize("case", _cases(), ids=lambda p: p.name.removesuffix(".case.toml"))
def test_example_case(case):
    spec = tomllib.loads(case.read_text(encoding="utf-8"))
    assert spec["source"].strip(), f"{case.name}: say where the expectation comes from"
    expected = json.loads(case.with_name(case.name.replace(".case.toml", ".json")).read_text(encoding="utf-8"))
    result = run(*spec["args"])
    assert result.exit_code == spec["exit_code"], f"{case.name}: {result.output}"
    assert json.loads(result.stdout) == expected, f"{case.name}: output differs from the recorded JSON"
    if expected["ok"] and expected["rules"] == "china":
        ours = {f["id"]: f["count"] for f in expected["fans"]}
        assert reference_fans(parse_hand(expected["hand"])) == ours, f"{case.name}: the reference disagrees"


# ---- any hand -------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategies.hands())
def test_any_hand_is_explained_consistently(hand):
    d = explain(hand, "china")
    v, p = d["verdict"], d["payments"]
    if v["winning"]:
        assert sum(s["winning_tile"] for s in d["arrangement"]) == 1
        assert all(a["behind"] >= 0 for a in d["alternatives"])
    assert p["applies"] == v["valid_hu"]
    if p["applies"]:
        assert p["winner_receives"] == (3 * (8 + v["total"]) if p["self_drawn"] else 8 + v["total"] + 16)
    json.dumps(d)
    for lang in LANGS:
        render_explanation(d, lang, Style(color=True, unicode=True))
