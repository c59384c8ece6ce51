"""American mah-jongg (seed 002_4dabee44773c2771.txt, docs/rulesets.md §3): each test derives from a
sentence of the seed (quoted, in the seed's machine-translated French; rulesets.md Appendix A reads
it) or a reading of rulesets.md, never from our own output. Cards are written here, line by line;
the League's card is not shipped, nor used."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from mcr_score import errors, systems
from mcr_score.cli import main
from mcr_score.systems import Situated
from mcr_score.systems.nmjl.card import CardError, Expansion, load_card, read_card
from mcr_score.systems.nmjl.match import fit_expansion, matches
from mcr_score.systems.nmjl.notation import read
from mcr_score.systems.nmjl.tiles import COPIES, JOKERS, KINDS, NAMES, write
from tests.support import REPO
from tests.support.cli import runner

ROOT = REPO
SAMPLE = str(ROOT / "examples" / "nmjl" / "sample-card.toml")
NMJL = systems.get("nmjl")


def run(*args: str) -> Any:
    return runner().invoke(main, list(args))


def nmjl_json(*args: str, card: str = SAMPLE) -> dict[str, Any]:
    result = run(*args, "--system", "nmjl", "--card", card, "--json")
    assert result.exit_code in (0, 1, 2), result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)


def card_text(*hands: dict[str, Any], name: str = "test card") -> str:
    lines = [f"name = {_toml(name)}"]
    for hand in hands:
        lines += ["", "[[hand]]", *(f"{k} = {_toml(v)}" for k, v in hand.items())]
    return "\n".join(lines) + "\n"


def line(ident: str, pattern: str, value: int = 25, exposed: bool = True, **more: Any) -> dict[str, Any]:
    return {"id": ident, "pattern": pattern, "exposed": exposed, "value": value, **more}


def write_card(tmp_path: Path, *hands: dict[str, Any]) -> str:
    path = tmp_path / "card.toml"
    path.write_text(card_text(*hands), encoding="utf-8")
    return str(path)


def score(hand: str, card: str, *options: str) -> dict[str, Any]:
    return nmjl_json("score", hand, *options, card=card)


# ---- the sample card: the seed's three patterns, nothing of the League's card -------------------------


def test_the_sample_card_is_the_seed_s_three_patterns_with_illustrative_values() -> None:
    data = json.loads(run("card", "check", SAMPLE, "--json").stdout)
    assert data["values"] == "illustrative"
    patterns = [p["pattern"] for line in data["lines"] for p in line["patterns"]]
    # « 11 222 3333 444 55 », « FFFF 5555 x 5555 = 25 », « 444 555 6666 777 » read as 14 tiles (§3.2)
    assert patterns == ["11a 222a 3333a 444a 55a", "FFFF 5555a x 5555b = 25c", "444a 555a 6666b 7777b"]
    # Expansions worked out by hand: one suit of three; the suit of the 2 and 5 (a and b may swap);
    # two ordered suits (3 x 2) times the runs 1234 to 6789 (6).
    assert [line["patterns"][0]["expansions"] for line in data["lines"]] == [3, 3, 36]
    assert all(p["tiles"] == 14 for line in data["lines"] for p in line["patterns"])


def test_the_seed_s_printed_444_555_6666_777_is_13_tiles_and_refused_with_its_line(tmp_path: Path) -> None:
    """rulesets.md §3.2: « the printed 444 555 6666 777 has 13 tiles ... The 13-tile literal is an
    error, named as such »."""
    path = write_card(tmp_path, line("consecutive-2", "444a 555a 6666b 777b", numbers="shift"))
    result = run("card", "check", path)
    assert result.exit_code == 1
    assert f"{path}:5: hand consecutive-2: 13 tiles: a hand of the card has 14" in result.stderr


def test_card_check_lists_every_expansion_on_demand() -> None:
    out = run("card", "check", SAMPLE, "--expansions").stdout
    # « 666 777 8888 9999, dans laquelle les six et les sept doivent être d'une couleur et les huit et
    # les neuf d'une autre couleur »
    assert "      666m 777m 8888p 9999p\n" in out
    assert "      FFFF 5555m 5555p 25s\n" in out


# ---- reading the card: « 6. LIRE LA CARTE » ------------------------------------------------------------


@pytest.mark.parametrize("suit", ["m", "p", "s"])
def test_a_hand_printed_in_one_colour_is_one_suit_any_suit(suit: str) -> None:
    """« Si une main est imprimée entièrement en une couleur, cela signifie que toutes les tuiles de
    cette main doivent provenir d'UNE SEULE SUITE. »"""
    data = score(f"11{suit} 222{suit} 3333{suit} 444{suit} 55{suit}", SAMPLE)
    assert data["winning"] is True
    assert data["line"] == "consecutive-1"
    assert data["matches"][0]["suits"] == {"a": suit}
    assert not score("11m 222m 3333m 444m 55p", SAMPLE)["winning"]


def test_fixed_numbers_are_the_numbers_printed() -> None:
    """« vous devez avoir toutes les tuiles ci-dessus, dans l'ordre ci-dessus dans une seule couleur »."""
    assert not score("22m 333m 4444m 555m 66m", SAMPLE)["winning"]


def test_any_four_consecutive_numbers_in_two_suits() -> None:
    """« Vous pouvez jouer la main 666 777 8888 9999, dans laquelle les six et les sept doivent être
    d'une couleur et les huit et les neuf d'une autre couleur. »"""
    data = score("666p 777p 8888s 9999s", SAMPLE)
    assert data["line"] == "consecutive-2"
    assert data["matches"][0]["shift"] == 2
    assert data["matches"][0]["suits"] == {"a": "p", "b": "s"}


def test_two_colours_are_two_different_suits() -> None:
    """« si une main est imprimée en deux couleurs, les tuiles doivent être choisies parmi DEUX SUITES
    DIFFÉRENTES »: one suit is no match, and the nearest line says a suit is short."""
    data = score("444m 555m 6666m 7777m", SAMPLE)
    assert data["winning"] is False
    assert data["reason"] == "no-card-line"
    near = data["matches"][0]
    assert near["line"] == "consecutive-2"
    assert {"code": "suits", "tiles": [], "needs": 2, "has": 1} in near["missing"]


def test_multiplication_is_four_flowers_two_kongs_of_five_and_a_2_and_5_of_a_third_suit() -> None:
    """« FFFF 5555 x 5555 = 25. Vous auriez besoin de quatre fleurs, de quatre cinq d'une couleur, de
    quatre cinq d'une deuxième couleur, et d'un 2 et d'un 5 d'une troisième couleur. »"""
    assert score("FFFF 5555m 5555p 2s 5s", SAMPLE)["line"] == "multiplication-1"
    assert not score("FFFF 555mJ 5555p 2m 5m", SAMPLE)["winning"]  # the 2 and 5 of a third suit


def test_the_25_of_the_multiplication_is_two_tiles_not_the_value(tmp_path: Path) -> None:
    """rulesets.md §3.1: « The final "25" of that pattern is two tiles, not a value »."""
    card = write_card(tmp_path, line("mult", "FFFF 5555a x 5555b = 25c", value=40))
    assert score("FFFF 5555m 5555p 2s 5s", card)["total"] == 40


@pytest.mark.parametrize(
    ("suit", "dragon", "wins"), [("m", "R", True), ("s", "G", True), ("p", "0", True), ("m", "G", False)]
)
def test_matching_dragons(tmp_path: Path, suit: str, dragon: str, wins: bool) -> None:
    """« Les cracks s'accordent avec les DRAGONS ROUGES ; Les béliers s'accordent avec les DRAGONS
    VERTS et Les points s'accordent avec les DRAGONS BLANCS. »"""
    card = write_card(tmp_path, line("dragons", "111a DDDa 222a 333a 44a"))
    hand = f"111{suit} {dragon * 3} 222{suit} 333{suit} 44{suit}"
    assert score(hand, card)["winning"] is wins


def test_an_opposite_dragon_is_a_dragon_of_another_suit(tmp_path: Path) -> None:
    """« Quand une main demande des dragons opposés, si vous utilisez des Dots, les dragons doivent être
    verts ou rouges »: written `DDDb`, a letter of another suit."""
    card = write_card(tmp_path, line("opposite", "111a DDDb 222a 333a 44a"))
    assert score("111p GGG 222p 333p 44p", card)["winning"]
    assert score("111p RRR 222p 333p 44p", card)["winning"]
    assert not score("111p 000 222p 333p 44p", card)["winning"]


def test_white_dragon_is_the_zero(tmp_path: Path) -> None:
    """« Un dragon blanc (savon) est utilisé pour le zéro » (« les 2 et les 0 pour 2000 »)."""
    card = write_card(tmp_path, line("year", "FF 2000a 111b 2222b 3b"))
    data = score("FF 2m 000 111p 2222p 3p", card)
    assert data["winning"]
    assert data["matches"][0]["groups"] == ["FF", "2m000", "111p", "2222p", "3p"]


def test_flowers_belong_to_no_suit_and_a_flower_quint_needs_no_joker(tmp_path: Path) -> None:
    """« Les fleurs n'appartiennent à aucune couleur »; « une quinte de cinq fleurs est possible »."""
    card = write_card(tmp_path, line("quints", "FFFFF 11111a 2222b"))
    data = score("FFFFF 1111mJ 2222p", card)
    assert data["winning"]
    assert data["matches"][0]["groups"] == ["FFFFF", "1111mJ", "2222p"]


def test_a_quint_of_a_number_needs_a_joker(tmp_path: Path) -> None:
    """« Un « quint » est un quintuple, dont un doit être un joker (sauf pour les fleurs) »: a line that
    needs more than the 8 jokers can fill is no line at all."""
    path = write_card(tmp_path, line("too-many", "11111a 11111a 1111a"))
    result = run("card", "check", path)
    assert result.exit_code == 1
    assert "10 tiles beyond the copies that exist, for the jokers to fill; there are only 8 jokers" in result.stderr


def test_a_pung_kong_or_quint_may_be_all_jokers() -> None:
    """« Un pung, un kong ou un quint peut être entièrement composé de jokers. »"""
    data = score("FFFF 5555m JJJJ 2s 5s", SAMPLE)
    assert data["line"] == "multiplication-1"
    assert data["matches"][0]["groups"] == ["FFFF", "5555m", "JJJJ", "25s"]
    assert data["matches"][0]["jokers"] == 4


def test_a_joker_never_completes_a_pair() -> None:
    """« UN JOKER NE PEUT JAMAIS ÊTRE UTILISÉ POUR COMPLÉTER UNE PAIRE. »"""
    data = score("11m 222m 3333m 444m 5m J", SAMPLE)
    assert data["winning"] is False
    near = data["matches"][0]
    assert near["line"] == "consecutive-1"
    assert near["distance"] == 1
    assert near["missing"] == [{"code": "joker-in-pair", "tiles": ["5m"]}]


def test_singles_and_pairs_take_no_joker(tmp_path: Path) -> None:
    """« Les simples et les paires ... vous n'êtes pas autorisé à utiliser des jokers. »"""
    card = write_card(tmp_path, line("pairs", "FF 11a 22a 33a 44a 55a 66a", value=50, exposed=False))
    assert score("FF 11m 22m 33m 44m 55m 66m", card)["winning"]
    assert not score("FF 11m 22m 33m 44m 55m 6m J", card)["winning"]
    assert not score("J J 11m 22m 33m 44m 55m 66m", card)["winning"]


def test_a_concealed_hand_exposes_nothing(tmp_path: Path) -> None:
    """« Une main avec un C est une main fermée et si une tuile dont vous avez besoin est défaussée,
    vous ne pouvez pas l'appeler de la table. » It may still win on its Mah-jongg tile [DEFAULT,
    rulesets.md §3.2]."""
    card = write_card(tmp_path, line("closed", "FFFF 5555a x 5555b = 25c", exposed=False))
    concealed = score("FFFF 5555m 555pJ 2s 5s", card, "--discard")
    assert concealed["winning"]
    assert concealed["payments"][0] == {"payer": "discarder", "payee": "winner", "players": 1, "amount": 50}
    exposed = score("FFFF 5555m [555pJ] 2s 5s", card)
    assert not exposed["winning"]
    assert {"code": "exposure-concealed", "tiles": ["[555pJ]"]} in exposed["matches"][0]["missing"]


def test_an_exposure_is_a_pung_kong_or_quint_of_the_line_jokers_allowed() -> None:
    """« vous pouvez appeler la tuile pour compléter un pung, un kong, un quint ... vous devez exposer
    le pung ou le kong »; jokers may stand in it (the exchange: « s'il montre des jokers »)."""
    data = score("FFFF 5555m [555pJ] 2s 5s", SAMPLE)
    assert data["matches"][0]["groups"] == ["FFFF", "5555m", "[555pJ]", "25s"]
    misfit = score("FFFF 5555m [55pJ] 5p 2s 5s", SAMPLE)  # a pung exposed where the line has a kong
    assert not misfit["winning"]
    assert {"code": "exposure-misfit", "tiles": ["[55pJ]"]} in misfit["matches"][0]["missing"]


def test_a_hand_matching_several_lines_is_worth_the_highest(tmp_path: Path) -> None:
    """[DEFAULT, rulesets.md §3.2] « the highest value wins »; every line matched is listed."""
    card = write_card(
        tmp_path,
        line("low", "11a 222a 3333a 444a 55a", value=25),
        line("high", "11a 222a 3333a 444a 55a", value=30),
        line("other", "FFFF 5555a x 5555b = 25c", value=50),
    )
    data = score("11s 222s 3333s 444s 55s", card)
    assert (data["total"], data["line"]) == (30, "high")
    assert [m["line"] for m in data["matches"]] == ["low", "high"]


# ---- payments: « 10. FAIRE DU MAH-JONGG » ---------------------------------------------------------------

JOKERED = "FFFF 5555m 555pJ 2s 5s"  # multiplication-1, value 25, with a joker
JOKERLESS = "11m 222m 3333m 444m 55m"  # consecutive-1, value 25, no joker


@pytest.mark.parametrize(
    ("hand", "options", "paid", "bettor"),
    [
        # « vous êtes payé la valeur de la main. Ce défausseur paie le double »
        (JOKERED, ["--discard"], [("discarder", 1, 50), ("other", 2, 25)], None),
        # « Si vous piochez votre tuile mah-jong, vous êtes payé le double de la valeur de la main »
        (JOKERED, ["--self-drawn"], [("each", 3, 50)], None),
        # « Les mains sans joker rapportent le double »
        (JOKERLESS, ["--discard"], [("discarder", 1, 100), ("other", 2, 50)], None),
        # « Si une joueuse a choisi sa propre tuile ... sans joker, elle est payée quatre fois la valeur »
        (JOKERLESS, ["--self-drawn"], [("each", 3, 100)], None),
        # « sur un écart et que vous avez été parié, vous obtenez le double, et vous partagez vos gains
        # équitablement avec le parieur »: 100 + 2 x 50 = 200, half to the bettor
        (JOKERED, ["--discard", "--bet"], [("discarder", 1, 100), ("other", 2, 50)], 100),
        # « Si vous choisissez le mah-jong et que vous avez été parié, vous obtenez quatre fois la valeur »
        (JOKERED, ["--self-drawn", "--bet"], [("each", 3, 100)], 150),
        # jokerless and bet on: 25 x 2 x 2 x 2 from the discarder, 25 x 2 x 2 from the others
        (JOKERLESS, ["--discard", "--bet"], [("discarder", 1, 200), ("other", 2, 100)], 200),
        (JOKERLESS, ["--self-drawn", "--bet"], [("each", 3, 200)], 300),
    ],
)
def test_payments(hand: str, options: list[str], paid: list[tuple[str, int, int]], bettor: int | None) -> None:
    data = score(hand, SAMPLE, *options)
    assert data["jokerless"] is (hand == JOKERLESS)
    losers = [(p["payer"], p["players"], p["amount"]) for p in data["payments"] if p["payee"] == "winner"]
    assert losers == paid
    shared = [p["amount"] for p in data["payments"] if p["payee"] == "bettor"]
    assert shared == ([] if bettor is None else [bettor])


def test_a_discard_is_the_default_win(tmp_path: Path) -> None:
    assert score(JOKERED, SAMPLE)["payments"] == score(JOKERED, SAMPLE, "--discard")["payments"]


def _house(tmp_path: Path, jokerless: str) -> str:
    path = tmp_path / "club.toml"
    path.write_text(f'system = "nmjl"\nname = "club"\nbase = "standard"\n[switches]\njokerless = "{jokerless}"\n')
    return str(path)


@pytest.mark.parametrize(("option", "discarder"), [("any-hand", 100), ("except-no-joker-hands", 50)])
def test_the_jokerless_switch_on_a_line_that_cannot_hold_a_joker(tmp_path: Path, option: str, discarder: int) -> None:
    """rulesets.md §3.2: « does the jokerless double apply to Singles & Pairs hands, which cannot use
    jokers? [DEFAULT] yes, literal seed. Switch jokerless = any-hand|except-no-joker-hands »."""
    card = write_card(tmp_path, line("pairs", "FF 11a 22a 33a 44a 55a 66a", value=25, exposed=False))
    data = nmjl_json("score", "FF 11m 22m 33m 44m 55m 66m", "--rules", _house(tmp_path, option), card=card)
    assert data["jokerless"] is True
    assert data["payments"][0]["amount"] == discarder
    # a line that can hold a joker is doubled under either option
    other = nmjl_json("score", JOKERLESS, "--rules", _house(tmp_path, option))
    assert other["payments"][0]["amount"] == 100


# ---- the command line ---------------------------------------------------------------------------------


def test_the_json_of_score_is_exactly_the_issue_s_shape() -> None:
    data = score(JOKERED, SAMPLE)
    assert list(data) == ["ok", "system", "winning", "reason", "total", "line", "jokerless", "matches", "payments"]
    assert (data["ok"], data["system"], data["reason"], data["total"]) == (True, "nmjl", None, 25)


def test_without_a_card_a_usage_error_says_to_supply_it() -> None:
    result = run("score", JOKERED, "--system", "nmjl")
    assert result.exit_code == 2
    assert "card-required" in result.stderr
    assert "--card FILE" in result.stderr
    data = json.loads(run("score", JOKERED, "--system", "nmjl", "--json").stdout)
    assert data["error"]["code"] == "card-required"


@pytest.mark.parametrize("option", [["--card", SAMPLE], ["--bet"]])
def test_another_system_refuses_the_nmjl_options(option: list[str]) -> None:
    result = run("score", "123456789m123p5s5s", *option)
    assert result.exit_code == 2
    assert "not an option of the mcr system" in result.stderr


def test_check_exits_3_for_a_hand_that_is_no_line_and_an_unknown_profile_is_named() -> None:
    """The seed sets no minimum: a hand that is a line of the card is a valid Mah-jongg."""
    assert run("score", JOKERED, "--system", "nmjl", "--card", SAMPLE, "--check").exit_code == 0
    assert run("score", "11m 222m 3333m 444m 5m J", "--system", "nmjl", "--card", SAMPLE, "--check").exit_code == 3
    result = run("score", JOKERED, "--system", "nmjl", "--card", SAMPLE, "--rules", "china")
    assert result.exit_code == 2
    assert "unknown rule profile 'china'" in result.stderr


def test_a_card_without_a_name_or_values_and_the_system_named(tmp_path: Path) -> None:
    path = tmp_path / "plain.toml"
    path.write_text('[[hand]]\nid = "k"\npattern = "FF 1111a 2222a 3333a"\nexposed = "C"\nvalue = 30\n')
    out = run("card", "check", str(path), "--system", "nmjl", "--expansions").stdout
    assert out.splitlines() == [
        f"{path}: 1 line",
        "  k  C   30  FF 1111a 2222a 3333a  (fixed): 3 expansions",
        "      FF 1111m 2222m 3333m",
        "      FF 1111p 2222p 3333p",
        "      FF 1111s 2222s 3333s",
    ]
    data = score("FF 1111p 2222p 3333p", str(path))
    assert data["matches"][0]["exposed"] is False


def test_explain_of_a_hand_that_is_no_line_and_a_jokerless_hand_not_doubled(tmp_path: Path) -> None:
    text = run("explain", "11m 222m 3333m 444m 5m J", "--system", "nmjl", "--card", SAMPLE).stdout
    assert "not a Mah-jongg: the hand is no line of the card" in text
    assert "consecutive-1 (Consecutive Run, X) 25: 1 tile away" in text
    card = write_card(tmp_path, line("pairs", "FF 11a 22a 33a 44a 55a 66a", exposed=False))
    house = _house(tmp_path, "except-no-joker-hands")
    out = run("score", "FF 11m 22m 33m 44m 55m 66m", "--system", "nmjl", "--card", card, "--rules", house).stdout
    assert "jokerless, not paid double: no joker can stand in this line" in out


def test_commands_nmjl_cannot_answer_are_usage_errors() -> None:
    result = run("waits", "1234567m", "--system", "nmjl")
    assert result.exit_code == 2
    assert "waits is not available for the nmjl system" in result.stderr
    result = run("card", "check", SAMPLE, "--system", "mcr")
    assert result.exit_code == 2
    assert "card is not available for the mcr system" in result.stderr


def test_score_text_shows_the_line_where_the_jokers_stand_and_the_payments() -> None:
    out = run("score", JOKERED, "--system", "nmjl", "--card", SAMPLE).stdout
    assert (
        "matches multiplication-1 (Multiplication, X) 25: FFFF 5555m 555pJ 25s  (a = m, b = p, c = s); 1 joker" in out
    )
    assert "the discarder pays 50\neach of the 2 other players pays 25\nthe winner receives 100" in out
    fr = run("score", JOKERED, "--system", "nmjl", "--card", SAMPLE, "--lang", "fr").stdout
    assert "le défausseur paie 50" in fr


def test_explain_shows_every_line_against_the_hand() -> None:
    data = nmjl_json("explain", JOKERED)
    assert [(f["line"], f["matched"]) for f in data["lines"]] == [
        ("consecutive-1", False),
        ("multiplication-1", True),
        ("consecutive-2", False),
    ]
    text = run("explain", JOKERED, "--system", "nmjl", "--card", SAMPLE, "--lang", "zh").stdout
    assert "放炮者付50" in text


def test_rules_show_the_switch_and_the_card_format() -> None:
    data = json.loads(run("rules", "--system", "nmjl", "--json").stdout)
    assert [(s["key"], s["default"]) for s in data["switches"]] == [("jokerless", "any-hand")]
    assert {"id", "pattern", "numbers", "exposed", "value"} <= set(data["card"]["keys"])
    text = run("rules", "--system", "nmjl").stdout
    assert "* any-hand" in text
    assert "numbers" in text
    assert "| `jokerless` |" in run("rules", "--system", "nmjl", "--markdown").stdout


# ---- the notation: rulesets.md §6.4 -------------------------------------------------------------------


def test_the_dialect_reads_suits_aliases_honours_flowers_jokers_and_exposures() -> None:
    hand = read("1c 2d 3b NEWS 0 F J [555mJ]")
    assert str(hand) == "1m 2p 3s N E W S 0 F J [555mJ]"
    assert hand.all_jokers == 2


@pytest.mark.parametrize(
    ("text", "code", "column", "words"),
    [
        ("FFFF 5555m 555pJ 2s 5x", "illegal-character", 22, "'x' is not part of the nmjl notation"),
        ("ffff 5555m 555pJ 2s 5s", "illegal-character", 1, "upper case"),
        ("CCC 5555m 555pJ 2s 5s F", "illegal-character", 1, "R (red), G (green) and 0 (white"),
        ("FFFF 5555m 555pJ 2s 5s|E", "illegal-character", 23, "no situation suffix"),
        ("FFFF 5555m 555pJ 2s 55", "missing-suit", 21, "'55' has no suit letter"),
        ("FF 2000m 111p 2222p 3p", "bad-tile", 5, "0 is the white dragon"),
        ("FFFF 5555m [55p] 2s 5s", "bad-meld", 12, "never a pair"),
        ("FFFF 5555m [55p5sJ] 2s", "bad-meld", 12, "one tile and jokers"),
        ("FFFF 5555m [JJJJ] 2s 5s", "bad-meld", 12, "not only jokers"),
        ("FFFF 5555m [555pJ 2s 5s", "unclosed-meld", 12, "not closed"),
        ("FFFF 5555m [[555pJ] 2s 5s", "unclosed-meld", 13, "an exposure inside an exposure"),
        ("FFFF 5555m 555pJ] 2s 5s", "unclosed-meld", 17, "closes no exposure"),
        ("FFFF 5555m 555pJ 2s", "tile-count", None, "13 tiles: a Mah-jongg hand has 14"),
        ("FFFF 55555m 555pJ 2s", "too-many-copies", 10, "more than 4 × 5m"),
        ("JJJJ JJJJ J 2s 5s 5m", "too-many-copies", 11, "more than 8 × J"),
    ],
)
def test_notation_problems_are_named_with_their_column(text: str, code: str, column: int | None, words: str) -> None:
    with pytest.raises(errors.McrError) as caught:
        read(text)
    problem = next(p for p in caught.value.problems if p.code == code)
    assert problem.column == column
    assert words in problem.message


def test_every_notation_problem_at_once() -> None:
    with pytest.raises(errors.McrError) as caught:
        read("FFFF x 5555 [55p] 2s")
    assert [(p.code, p.column) for p in caught.value.problems] == [
        ("illegal-character", 6),
        ("missing-suit", 8),
        ("bad-meld", 13),
    ]


# ---- card check: every problem with its line, never a traceback ---------------------------------------

MALFORMED = """name = 3
colour = "red"

[[hand]]
id = "a"
pattern = "444a 555a 6666b 777b"
exposed = true
value = 25

[[hand]]
id = "a"
pattern = "11 222a 3333a 44d4a FFb"
exposed = "maybe"
value = 0
extra = 1

[[hand]]
patterns = ["NEWS NEWS NEWS 11a", 7]
numbers = "sometimes"
exposed = "C"
value = 10

[[hand]]
id = "shiftless"
pattern = "1111a 2222a 33a 99a 0000"
numbers = "shift"
exposed = false
value = 10

[[hand]]
id = "pairs"
pattern = "FF 11a 11a 11a 22a 33a 44a"
exposed = false
value = 50
"""


LETTERS = "a, b or c (one per printed colour)"


def test_a_malformed_card_reports_every_problem_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(MALFORMED, encoding="utf-8")
    result = run("card", "check", str(path))
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    heads = re.findall(r"^bad-card: (.*)$", result.stderr, re.M)
    p = str(path)
    assert heads == [
        f"{p}: unknown key 'colour' (the keys are name, values, hand)",
        f"{p}: name is a text, not 3",
        f"{p}:6: hand a: 13 tiles: a hand of the card has 14",
        f"{p}:11: hand a: the same id as the hand at line 4: each line of the card has its own",
        f"{p}:12: hand a: 11 holds numbers or D: it needs its suit letter, {LETTERS} (column 1)",
        f"{p}:12: hand a: 44 holds numbers or D: it needs its suit letter, {LETTERS} (column 15)",
        f"{p}:12: hand a: 'd' is not part of a pattern: numbers 1-9 and 0, F, N E W S, D R G, a suit letter a b c "
        "after the numbers, x = + - × * as decoration, spaces between groups (column 17)",
        f"{p}:12: hand a: FFb: only numbers and D take a suit; F, winds, R, G and 0 have none (column 23)",
        f'{p}:13: hand a: exposed is true (X: may call and expose) or false (C: concealed), or "X" or "C", not "maybe"',
        f"{p}:14: hand a: value is the line's value on the card, a whole number of at least 1, not 0",
        f"{p}:15: hand a: unknown key 'extra' (the keys are id, section, pattern, patterns, numbers, exposed, value)",
        f"{p}:17: hand no. 3: no id",
        f'{p}:18: hand no. 3: patterns is a list of at least one pattern text, not ["NEWS NEWS NEWS 11a", 7]',
        f'{p}:19: hand no. 3: numbers is "fixed" or "shift", not "sometimes"',
        f"{p}:25: hand shiftless: 16 tiles: a hand of the card has 14",
        f'{p}:26: hand shiftless: numbers = "shift", but no shift keeps every number in 1-9 (or there is no '
        'number): write numbers = "fixed"',
        f"{p}:30: hand pairs: no hand of the 152 tiles is this line: 6 × 1m in pairs and singles, where no joker "
        "can stand; there are only 4",
    ]
    data = json.loads(run("card", "check", str(path), "--json").stdout)
    assert data["ok"] is False
    assert len(data["error"]["problems"]) == len(heads)
    assert [(e["file"], e["line"], e.get("column")) for e in data["error"]["problems"][2:5]] == [
        (p, 6, None),
        (p, 11, None),
        (p, 12, 1),
    ]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("name = \n", "not valid TOML"),
        ("name = 'x'\n", "one [[hand]] table per line of the card; there is none"),
        ("hand = 3\n", "there is none"),
        ("[[hand]]\nid = 'a'\nexposed = true\nvalue = 5\n", "either pattern"),
        ("[[hand]]\nid = 'a'\npattern = 'FFFF'\npatterns = ['FFFF']\nexposed = true\nvalue = 5\n", "either pattern"),
        ("[[hand]]\nid = 'a'\npattern = 14\nexposed = true\nvalue = 5\n", "pattern is a text, not 14"),
        ("[[hand]]\nid = 'a'\npattern = '11 a'\nexposed = true\nvalue = 5\n", "right after its group's numbers"),
        ("[[hand]]\nid = 'a'\npattern = 'FFFFFF 1111a 2222a'\nexposed = 1\nvalue = 5\n", "6 alike"),
        ("[[hand]]\nid = 'a'\npattern = 'FFFFFF 1111a 2222a'\nexposed = 1\nvalue = 5\n", "not 1"),
        ("hand = [{id = 'a', pattern = '11a 22a', exposed = true, value = 5}]\n", "hand a: 4 tiles"),
        (
            "[[hand]]\nid = 'a'\npattern = '" + "F " * 101 + "'\nexposed = true\nvalue = 5\n",
            "a card line is at most 200",
        ),
        ("[[hand]]\nid = 'a'\npattern = 'FF'\nexposed = true\nvalue = 5\n" * 501, "501 hands: a card has at most 500"),
        ("[[hand]]\nid = 'a'\npattern = '" + "z" * 30 + "'\nexposed = true\nvalue = 5\n", "'z' is not part"),
    ],
)
def test_card_problems_are_named(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "card.toml"
    path.write_text(content, encoding="utf-8")
    result = run("card", "check", str(path))
    assert result.exit_code == 1
    assert words in result.stderr


def test_a_card_path_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="a card's path is a str"):
        read_card(5)  # type: ignore[arg-type]


def test_an_unreadable_card_is_named(tmp_path: Path) -> None:
    result = run("card", "check", str(tmp_path))
    assert result.exit_code == 1
    assert "bad-card" in result.stderr
    assert "not a regular file" in result.stderr
    result = run("score", JOKERED, "--system", "nmjl", "--card", str(tmp_path / "missing.toml"))
    assert result.exit_code == 1
    assert "cannot read the file" in result.stderr


# Values a card file may hold anywhere: hypothesis writes them as TOML.
_values = st.one_of(
    st.text(alphabet="0123456789FNEWSDRGabcx= JZ-", max_size=30),
    st.text(max_size=10),
    st.integers(-5, 100),
    st.booleans(),
    st.lists(st.text(alphabet="12345FNabc ", max_size=20), max_size=3),
)
_keys = st.sampled_from(["id", "section", "pattern", "patterns", "numbers", "exposed", "value", "other"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hands=st.lists(st.dictionaries(_keys, _values, max_size=7), max_size=4))
def test_card_check_fuzz_never_a_traceback(tmp_path: Path, hands: list[dict[str, Any]]) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_text(card_text(*hands), encoding="utf-8")
    card, problems = read_card(path)
    assert (card is None) == bool(problems)
    for p in problems:
        assert isinstance(p, CardError)
        assert p.message.startswith(str(path))
    if problems:
        result = run("card", "check", str(path))
        assert result.exit_code == 1
        assert result.exception is None or isinstance(result.exception, SystemExit)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40))
def test_hand_notation_fuzz_never_a_traceback(text: str) -> None:
    problems: tuple[errors.McrError, ...] = ()
    try:
        read(text)
    except errors.McrError as e:
        problems = e.problems
    assert all(p.column is None or 1 <= p.column <= len(text) + 1 for p in problems)


# ---- the matcher: by counts, against a search --------------------------------------------------------

_SYMBOLS = "123456789FNEWSRG0D"


@st.composite
def patterns(draw: st.DrawFn) -> str:
    """A pattern of 14 tiles: identical groups of 1 to 5 and a few sets of singles, any symbols."""
    groups: list[str] = []
    left = 14
    while left:
        size = draw(st.integers(1, min(5, left)))
        if size > 1 and draw(st.booleans()) and draw(st.booleans()):
            symbols = "".join(draw(st.lists(st.sampled_from(_SYMBOLS), min_size=size, max_size=size)))
        else:
            symbols = draw(st.sampled_from(_SYMBOLS)) * size
        suited = any(s in "123456789D" for s in symbols)
        groups.append(symbols + (draw(st.sampled_from("abc")) if suited else ""))
        left -= size
    return " ".join(groups)


def _card_of(tmp_path: Path, pattern: str, exposed: bool = True) -> Any:
    card, _ = read_card(write_card(tmp_path, line("l", pattern, exposed=exposed, numbers="fixed")))
    assume(card is not None)
    return card


def _build(draw: st.DrawFn, x: Expansion, expose: bool) -> tuple[list[str], int]:
    """A hand of the expansion, jokers in any pung, kong or quint position (at least where a kind
    runs past its copies), some of those groups exposed; and its jokers."""
    naturals = [len(kinds) if not jokers else draw(st.integers(0, len(kinds))) for kinds, jokers in x.groups]
    used = [0] * KINDS
    for (kinds, _), n in zip(x.groups, naturals, strict=True):
        for k in kinds[:n]:
            used[k] += 1
    for i, (kinds, jokers) in enumerate(x.groups):  # past the copies: a joker instead
        while jokers and naturals[i] and used[kinds[0]] > COPIES[kinds[0]]:
            naturals[i] -= 1
            used[kinds[0]] -= 1
    assume(all(u <= c for u, c in zip(used, COPIES, strict=True)))
    jokers = sum(len(kinds) - n for (kinds, _), n in zip(x.groups, naturals, strict=True))
    assume(jokers <= JOKERS)
    parts = []
    for (kinds, joker_ok), n in zip(x.groups, naturals, strict=True):
        group = write(kinds[:n]) + "J" * (len(kinds) - n)
        parts.append(f"[{group}]" if expose and joker_ok and n and draw(st.booleans()) else group)
    return parts, jokers


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)
@given(pattern=patterns(), data=st.data())
def test_a_hand_built_from_a_line_with_jokers_in_any_pung_kong_or_quint_matches_it(
    tmp_path: Path, pattern: str, data: st.DataObject
) -> None:
    card = _card_of(tmp_path, pattern)
    expansions = card.lines[0].patterns[0].expansions
    x = data.draw(st.sampled_from(expansions))
    parts, jokers = _build(data.draw, x, expose=True)
    text = " ".join(data.draw(st.permutations(parts)))
    found = matches(read(text), card)
    assert [f.line.id for f in found] == ["l"], text
    assert sum(g.count("J") for g in found[0].groups) == jokers


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)
@given(pattern=patterns(), data=st.data())
def test_a_joker_in_a_pair_or_single_never_matches(tmp_path: Path, pattern: str, data: st.DataObject) -> None:
    """A hand of an expansion with a joker for a tile of a pair or single, where no pung, kong or quint
    of that tile can take the joker instead, is not that expansion; and the line matches it only
    if another expansion holds it without such a joker (as a search of every placement finds)."""
    card = _card_of(tmp_path, pattern)
    line_ = card.lines[0]
    x = data.draw(st.sampled_from(line_.patterns[0].expansions))
    melded = {kinds[0] for kinds, jokers in x.groups if jokers}
    strict = [
        (i, pos) for i, (kinds, j) in enumerate(x.groups) if not j for pos, k in enumerate(kinds) if k not in melded
    ]
    assume(strict)
    i, pos = data.draw(st.sampled_from(strict))
    parts, _ = _build(data.draw, x, expose=False)
    parts[i] = write(x.groups[i][0][:pos] + x.groups[i][0][pos + 1 :]) + "J"
    text = " ".join(parts)
    try:
        hand = read(text)
    except errors.McrError:  # a ninth joker
        assume(False)
        return
    assert fit_expansion(hand, line_, 0, x) is None, text
    searched = any(_search(list(hand.concealed), hand.jokers, [], y, True) for y in line_.patterns[0].expansions)
    assert bool(matches(hand, card)) is searched, text


def _search(hand_counts: list[int], jokers: int, exposures: list[tuple[int, int]], x: Expansion, exposed: bool) -> bool:
    """A search, as the matcher must not be: place the exposures on groups, then each group's tiles
    one group at a time, trying every split of naturals and jokers."""
    if exposures and not exposed:
        return False

    def place(groups: list[tuple[tuple[int, ...], bool]], exp: list[tuple[int, int]]) -> bool:
        if exp:
            kind, size = exp[0]
            return any(
                j and kinds[0] == kind and len(kinds) == size and place(groups[:i] + groups[i + 1 :], exp[1:])
                for i, (kinds, j) in enumerate(groups)
            )
        return fill(groups, list(hand_counts), jokers)

    def fill(groups: list[tuple[tuple[int, ...], bool]], left: list[int], jokers_left: int) -> bool:
        if not groups:
            return not any(left) and jokers_left == 0
        (kinds, j), rest = groups[0], groups[1:]
        if not j:
            need = [0] * KINDS
            for k in kinds:
                need[k] += 1
            if any(left[k] < need[k] for k in range(KINDS)):
                return False
            return fill(rest, [a - b for a, b in zip(left, need, strict=True)], jokers_left)
        for n in range(len(kinds) + 1):  # n naturals, the rest jokers
            if left[kinds[0]] >= n and jokers_left >= len(kinds) - n:
                after = list(left)
                after[kinds[0]] -= n
                if fill(rest, after, jokers_left - (len(kinds) - n)):
                    return True
        return False

    return place(list(x.groups), exposures)


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)
@given(pattern=patterns(), exposed=st.booleans(), data=st.data())
def test_counting_agrees_with_a_search(tmp_path: Path, pattern: str, exposed: bool, data: st.DataObject) -> None:
    """Hands near the line (built from it, then a few tiles changed) match exactly when a search of
    every placement says they do."""
    card = _card_of(tmp_path, pattern, exposed)
    x = data.draw(st.sampled_from(card.lines[0].patterns[0].expansions))
    words, _ = _build(data.draw, x, expose=data.draw(st.booleans()))
    for _ in range(data.draw(st.integers(0, 2))):
        i = data.draw(st.integers(0, len(words) - 1))
        if not words[i].startswith("["):
            words[i] = data.draw(st.sampled_from(["J", "F", "5m", "1p", "9s", "R", "0", "N"])) + words[i][1:]
    try:
        hand = read(" ".join(words))
    except errors.McrError:
        assume(False)
        return
    nat = list(hand.concealed)
    exposures = [(e.kind, e.size) for e in hand.exposures]
    searched = any(
        _search(nat, hand.jokers, exposures, y, exposed) for p in card.lines[0].patterns for y in p.expansions
    )
    event(f"a hand of the line: {searched}")
    assert bool(matches(hand, card)) is searched, " ".join(words)


# ---- the system value and its sample -------------------------------------------------------------------


def test_the_system_reads_no_hand_without_its_card() -> None:
    with pytest.raises(errors.McrError) as caught:
        NMJL.read(JOKERED, Situated({}))
    assert caught.value.code == "card-required"
    assert caught.value.exit_code == 2


def test_the_sample_loads_and_every_expansion_is_a_14_tile_hand() -> None:
    card = load_card(SAMPLE)
    for line_ in card.lines:
        for p in line_.patterns:
            assert all(sum(x.need) == 14 for x in p.expansions)
            assert all(NAMES[k] for x in p.expansions for kinds, _ in x.groups for k in kinds)


# ---- what a card holds, bounded before anything is expanded (issue 37) --------------------------------

RUN_OF_THREE = ["FF 123a DDa DDDb DDDDc", "FF 123a DDb DDDa DDDDc", "FF 123a DDb DDDc DDDDa"]
"""The largest line of the 2025 card, FF 123 DD DDD DDDD (any three consecutive numbers in one suit, any
three dragons): three patterns, each 6 suit assignments × 7 shifts."""
WIDEST = "1111a 1111b 111c 11a 1b"  # three letters, one number: 6 × 9 = 54 hands, the most a pattern allows


def _counting(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many patterns the card reader parses and expands."""
    from mcr_score.systems.nmjl import card

    calls = {"parse": 0, "expand": 0}
    parse, expand = card._pattern, card.expand

    def counted_parse(*args: Any) -> Any:
        calls["parse"] += 1
        return parse(*args)

    def counted_expand(*args: Any) -> Any:
        calls["expand"] += 1
        return expand(*args)

    monkeypatch.setattr(card, "_pattern", counted_parse)
    monkeypatch.setattr(card, "expand", counted_expand)
    return calls


def test_the_largest_line_of_a_real_card_is_read(tmp_path: Path) -> None:
    hand = {"id": "dragons", "patterns": RUN_OF_THREE, "numbers": "shift", "exposed": True, "value": 25}
    card = load_card(write_card(tmp_path, hand))
    assert sum(len(p.expansions) for p in card.lines[0].patterns) == 126


def test_a_line_of_twenty_thousand_alternatives_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It cost `card check` 77 s and 1.2 GB: now refused by its count, no pattern parsed."""
    calls = _counting(monkeypatch)
    hand = {"id": "many", "patterns": ["11a 222a 3333a 444a 55a"] * 20_000, "exposed": True, "value": 25}
    path = write_card(tmp_path, hand)
    card, problems = read_card(path)
    assert card is None
    assert [p.message for p in problems] == [
        f"{path}:5: hand many: 20000 patterns: a line of the card prints at most 6 alternatives"
    ]
    assert calls == {"parse": 0, "expand": 0}


def test_a_line_allowing_more_hands_than_a_card_line_is_refused_before_expanding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _counting(monkeypatch)
    hand = {"id": "wide", "patterns": [WIDEST] * 5, "numbers": "shift", "exposed": True, "value": 25}
    path = write_card(tmp_path, hand)
    _, problems = read_card(path)
    assert [p.message for p in problems] == [
        f"{path}:5: hand wide: the line allows more than 252 hands (each pattern as many as the ways to give its "
        "letters suits × its shifts, at most 6 × 9): not expanded"
    ]
    assert calls["expand"] == 4  # 4 × 54 = 216 made; the fifth would pass 252 and is not
    assert load_card(write_card(tmp_path, hand | {"patterns": [WIDEST] * 4})).lines[0].patterns[3].expansions


def test_a_card_of_more_patterns_than_a_card_prints_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    hands = [
        {"id": f"h{k}", "patterns": ["11a 222a 3333a 444a 55a"] * 6, "exposed": True, "value": 25} for k in range(90)
    ]
    path = write_card(tmp_path, *hands)
    _, problems = read_card(path)
    assert [p.message for p in problems] == [
        f"{path}:{5 + 6 * 83}: hand h83: more than 500 patterns in the card (a card prints some 70): this line and "
        "those after it are not read"
    ]
    assert calls["parse"] == 6 * 83


def test_a_card_of_more_hands_than_ten_cards_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _counting(monkeypatch)
    hands = [{"id": f"h{k}", "pattern": WIDEST, "numbers": "shift", "exposed": True, "value": 25} for k in range(300)]
    path = write_card(tmp_path, *hands)
    _, problems = read_card(path)
    # 185 lines of 54 hands are 9,990; the 186th would pass 10,000
    assert [p.message for p in problems] == [
        f"{path}:{5 + 7 * 185}: hand h185: the card allows more than 10,000 hands from this line on (a card allows "
        "some 1,000): this line and those after it are not expanded"
    ]
    assert calls["expand"] == 185
    result = run("card", "check", path)
    assert result.exit_code == 1
    assert "more than 10,000 hands" in result.output
