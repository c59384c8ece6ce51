"""Issue 37, "what a new user stumbled on": house files of one system used with another, a house
file without `base`, the profiles' names, the project's own words in what commands print.

Expectations come from the rule texts as the docs state them (docs/rule-systems.md: the switch
tables' example hands and their answers) and from the issue's wording rules (brief: "say the rule
and its source in the user's terms, never seed 004, [DEFAULT], rulesets.md §"), never from our
output."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mcr_score.cli import main
from mcr_score.messages import LANGS, catalogue
from tests.support.cli import runner

ROOT = Path(__file__).resolve().parents[1]
MCR_CLUB = str(ROOT / "examples" / "house-rules" / "club.toml")  # base green-book, MCR switches, no system
MAHO_HOUSE = str(ROOT / "examples" / "maho" / "house.toml")  # system = "maho"
HAND = "123m456p789s111z55z"  # an MCR hand
OTHERS = ("six", "hk", "maho", "nmjl")


def run(*args: str) -> Any:
    return runner().invoke(main, list(args))


def error_of(*args: str) -> dict[str, Any]:
    result = run(*args, "--json")
    assert result.exit_code in (1, 2), result.output
    error: dict[str, Any] = json.loads(result.stdout)["error"]
    return error


def _write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# ---- a house file of another system -----------------------------------------------------------


@pytest.mark.parametrize("system", OTHERS)
def test_an_mcr_house_file_with_another_system_says_it_is_mcrs(system: str) -> None:
    """`--rules club.toml --system six` said `unknown base profile 'green-book'` and `unknown switch`
    twice: now one error naming the file's system, whichever order the options come in."""
    for args in (("--rules", MCR_CLUB, "--system", system), ("--system", system, "--rules", MCR_CLUB)):
        result = run("score", HAND, *args)
        assert result.exit_code == 2, result.output
        assert "house file of the mcr system, not of " + system in result.output
        assert 'base = "green-book"' in result.output
        assert "unknown switch" not in result.output
        assert error_of("score", HAND, *args)["code"] == "house-of-another-system"


def test_a_house_file_naming_no_system_is_recognised_by_its_switches(tmp_path: Path) -> None:
    """A Maho! file that forgot `system` used for MCR (no --system): named as Maho!'s, not as a file
    of unknown switches; with --system six, the same."""
    house = _write(tmp_path, "club.toml", 'name = "club"\n[switches]\nrainbow = "forbidden"\n')
    for extra in ((), ("--system", "six")):
        error = error_of("score", HAND, "--rules", house, *extra)
        assert error["code"] == "house-of-another-system"
        assert "house file of the maho system" in error["message"]
        assert 'write system = "maho"' in error["message"]


def test_a_house_file_naming_its_system_with_another_says_both() -> None:
    error = error_of("score", HAND, "--rules", MAHO_HOUSE, "--system", "mcr")
    assert error["code"] == "house-of-another-system"
    assert "house file of the maho system" in error["message"]
    assert "not of mcr" in error["message"]


def test_a_house_file_that_chose_the_system_is_named_when_the_hand_is_refused() -> None:
    """MCR tiles under a Maho! house file (no --system) gave five `card-not-in-deck` lines and no
    word of why the hand was read as cards: the first now says which file chose the system."""
    result = run("score", HAND, "--rules", MAHO_HOUSE)
    assert result.exit_code != 0
    first = result.output.splitlines()[0]
    assert first.startswith("card-not-in-deck:")
    assert "read as one of the maho system" in first
    assert "house.toml" in first
    assert result.output.count("house.toml") == 1  # once, on the first problem
    chosen = run("score", HAND, "--rules", MAHO_HOUSE, "--system", "maho")  # chosen by the user: no hint
    assert "house file" not in chosen.output


def test_a_house_file_of_its_system_with_a_problem_of_its_own_is_not_called_another_systems(tmp_path: Path) -> None:
    house = _write(tmp_path, "six.toml", 'name = "club"\n[switches]\npairs = "sometimes"\n')
    error = error_of("score", "11115599m", "--rules", house, "--system", "six")
    assert error["code"] == "bad-profile-file"
    assert "switch 'pairs' has no option 'sometimes'" in error["message"]


# ---- a house file without base ------------------------------------------------------------------


def test_a_house_file_without_base_starts_from_the_systems_default(tmp_path: Path) -> None:
    """`system = "hk"` and one switch failed with "no option chosen" for the other switch. The rules
    page's examples (docs/rule-systems.md, General Chinese rules): EEE123m456p789s55s is 3 fan with
    double-wind = twice, 2 with once; 123m456m789m55p234p is 0 fan with concealed-on-discard = literal
    (the default), 1 with counts."""
    house = _write(tmp_path, "hk.toml", 'system = "hk"\nname = "one"\n[switches]\ndouble-wind = "once"\n')
    once = json.loads(run("score", "EEE123m456p789s55s", "--rules", house, "--json").stdout)
    assert (once["system"], once["rules"], once["fan"]) == ("hk", "one", 2)
    literal = json.loads(run("score", "123m456m789m55p234p", "--rules", house, "--json").stdout)
    assert literal["fan"] == 0


# ---- the profiles' names ------------------------------------------------------------------------


@pytest.mark.parametrize(("system", "old"), [("six", "seed"), ("maho", "seed"), ("nmjl", "seed"), ("hk", "indicative")])
def test_the_former_profile_names_are_refused_with_the_new_one(system: str, old: str, tmp_path: Path) -> None:
    """`seed` and `indicative` were the project's words; the profile is `standard`, and the old name
    is refused saying so (never a silent alias)."""
    error = error_of("score", HAND, "--system", system, "--rules", old)
    assert error["code"] == "renamed-profile"
    assert f"'{old}' is now called 'standard'" in error["message"]
    rules = json.loads(run("rules", "--system", system, "--json").stdout)
    assert list(rules["profiles"]) == ["standard"]
    house = _write(tmp_path, "old.toml", f'system = "{system}"\nname = "club"\nbase = "{old}"\n')
    error = error_of("score", HAND, "--rules", house)
    assert error["code"] == "bad-profile-file"
    assert 'write base = "standard"' in error["message"]


def test_a_former_name_without_a_system_is_refused_with_the_new_one() -> None:
    assert error_of("score", HAND, "--rules", "seed")["code"] == "renamed-profile"


# ---- the project's own words --------------------------------------------------------------------

PROJECT_WORDS = re.compile(r"seed|graine|种子|rulesets\.md|\[DEFAULT|§|(?:source|来源|原文) ?00[0-4]", re.IGNORECASE)


def _words(value: str) -> str:
    return re.sub(r"\{[^{}]*\}", "", value)  # the placeholders' names are no words of the output


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalogue_text_names_the_projects_own_files(lang: str) -> None:
    """No text says "seed 004", "[DEFAULT, rulesets.md §2.2]" or a seed's number: the seeds ship
    nowhere, and a user reads the rules' name and this program's choice instead."""
    found = {k: v for k, v in catalogue(lang).items() if PROJECT_WORDS.search(_words(v))}
    assert not found


def test_the_word_check_can_fail() -> None:
    assert PROJECT_WORDS.search("the six-player table (seed 004)")
    assert PROJECT_WORDS.search("[DEFAULT, rulesets.md §2.2 G3]")
    assert PROJECT_WORDS.search("来源003的表")
    assert not PROJECT_WORDS.search(_words("  {name:<28} « {seed} »"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system", OTHERS)
def test_the_other_systems_pages_name_no_project_file(system: str, lang: str) -> None:
    """What `rules`, `fans` and `--help` print for the four other systems, in every language."""
    outputs = [run("rules", "--system", system, "--lang", lang).output, run("--help").output]
    if system != "nmjl":
        outputs.append(run("fans", "--system", system, "--lang", lang).output)
    for output in outputs:
        assert not PROJECT_WORDS.search(output), output
        assert "(G2)" not in output  # a gap's number in the project's notes


# ---- slips in the notation ----------------------------------------------------------------------


def _problems(hand: str, *args: str) -> list[dict[str, Any]]:
    problems: list[dict[str, Any]] = error_of("parse", hand, *args)["problems"]
    return problems


def test_upper_case_suits_are_one_error_saying_suits_are_lower_case() -> None:
    """`123456789M123P5S5S` gave five errors (M illegal, P and S read as the white dragon and South,
    digits without suit) and no word of case: one error, at the first upper-case suit."""
    problems = _problems("123456789M123P5S5S")
    assert [(p["code"], p["column"]) for p in problems] == [("upper-case-suit", 10)]
    assert "suits are lower case" in problems[0]["message"]
    assert "123456789m123p5s5s" in problems[0]["message"]
    result = run("score", "123456789M123P5S5S")
    assert result.exit_code == 2  # refused, not fixed up
    assert "^" in result.output


def test_an_upper_case_suit_keeps_the_texts_other_problems_at_their_columns() -> None:
    problems = _problems("[123M]456p789s111z55q")
    assert [(p["code"], p["column"]) for p in problems] == [
        ("upper-case-suit", 5),
        ("missing-suit", 19),
        ("illegal-character", 21),
    ]


def test_full_width_characters_are_one_error() -> None:
    """An input method's full-width digits gave an error for each digit and one for the suit."""
    problems = _problems("１２３m456p789s111z55z")
    assert [(p["code"], p["column"]) for p in problems] == [("full-width", 1)]
    assert "'1'" in problems[0]["message"]
    both = _problems("123ｍ456p789s111z55Ｍ")
    assert [(p["code"], p["column"]) for p in both] == [("full-width", 4), ("upper-case-suit", 19)]


def test_seen_tiles_name_the_same_slip() -> None:
    result = run("waits", "1234567m123p555s", "--seen", "12M", "--json")
    assert result.exit_code == 2, result.output
    assert "suits are lower case" in result.output


@pytest.mark.parametrize(("hand", "words"), [("123m456p789sRRR55s", "C red"), ("123m,456p,789s,111z,55z", "spaces")])
def test_other_notations_letters_get_a_hint_once(hand: str, words: str) -> None:
    messages = [p["message"] for p in _problems(hand)]
    assert sum(words in m for m in messages) == 1
    assert words in messages[0]


def test_what_reads_is_not_touched() -> None:
    """A text that reads is read as it is: `P` and `S` after letters are the dragon and South."""
    ok = json.loads(run("parse", "123m456p789sPPPSS", "--json").stdout)
    assert ok["ok"] is True
    assert ok["standing"][-4:] == ["S", "P", "P", "P"]
    assert ok["winning"] == "S"
