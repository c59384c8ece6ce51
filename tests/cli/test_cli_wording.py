"""What the commands say to a new user (issue 37, "what a new user stumbled on"):
house files of one system used with another, a house
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
from tests.support import REPO
from tests.support.cli import runner

ROOT = REPO
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


@pytest.mark.parametrize(
    ("hand", "words"),
    [("123m456p789sRRR55s", "C red"), ("123m,456p,789s,111z,55z", "spaces"), ("123m456p789sEEEz55s", "without z")],
)
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


# ---- wording: shanten, plurals, elision, nested parentheses ------------------------------------


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Shanten 2: 2 tiles from ready."),
        ("fr", "Shanten 2 : à 2 tuiles de l’attente."),
        ("zh", "2向听：还差2张听牌。"),
    ],
)
def test_shanten_says_how_many_tiles_from_ready(lang: str, line: str) -> None:
    """Shanten 2 is two tiles from ready, not "2 useful tiles from ready" (the useful tiles are the
    kinds listed below it, and there are many more)."""
    assert line in run("shanten", "19m19p1sESWNCF5p5s", "--lang", lang).stdout.splitlines()


# English plural nouns after a number placeholder: each such text takes a counted noun
# (`messages.count`) unless its number is never 1, which each entry below says why.
PLURAL = re.compile(
    r"\{(\w+)(?::[^}]*)?\} (files|games|hands|records|tiles|copies|cards|lines|points|flowers|fields|cells|"
    r"columns|scores|discards|players|melds|waits|rounds|items|jokers|suits|sheets|times|characters|bytes|digits)\b"
)
NEVER_ONE = {
    "record.script-large": "the limits, 128 KiB and 2,000",
    "record.session-hands": "more than 16",
    "record.too-many-hands": "more than 1,000",
    "replay.deal-copies": "5 or more",
    "replay.deal-flowers": "9 or more",
    "replay.discard-turn": "a seat, not a number",
    "replay.drawn-flowers": "9 or more",
    "replay.melds": "4 or more",
    "replay.owed.flower": "a seat, not a number",
    "replay.owed.kong": "a seat, not a number",
    "replay.shown-copies": "5 or more",
    "convert.pmn-fan-count": "more than a hand counts, 2 or more",
    "convert.pmn-fan-value": "more than 88",
    "error.batch.expands": "the ratio, 50",
    "error.record.json-digits": "the limit, 4,300",
    "export.claim-fan-count": "more than a hand counts, 2 or more",
    "nmjl.card.hands-max": "the limit, 10,000",
    "nmjl.card.line-hands": "the limit, 252",
    "record.fan-count": "more than a hand counts, 2 or more",
    "record.fans-max": "more than 336",
    "record.points-max": "more than 336",
    "record.rounds-max": "more than 16",
    "review.copies": "5 or more",
    "error.too-many-melds": "more than the most melds",
    "error.too-many-copies": "5 or more",
    "error.flowers.too-many": "9 or more",
    "error.record.notation-long": "over 200 characters",
    "error.line.oversized": "the limit, 10,000",
    "summary.rate": "a rate, hands a second",
    "error.request.too-long": "a field's bound, 8 or 200 characters",
    "error.request.too-large": "the limit, 8 KiB",
    "page.count": "the hand's size, 14",
    "error.hand-size": "13 or 14",
    "error.seen.too-many": "5 or more",
    "session.error.too-many": "more than 16",
    "error.notation.too-long": "over 200 characters",
    "file.too-large": "the limit, 4 MiB",
    "data.number-digits": "the limit, 9",
    "error.claimed.fan-count": "more than the most a hand counts",
    "error.resume.partial": "bytes of a partial line, at least one record long",
    "error.resume.long-line": "the longest record",
    "error.batch.endless-line": "the limit",
    "session.error.points-max": "the most points",
    "session.error.flowers-max": "8",
    "session.error.csv-digits": "the limit, 9",
    "session.note.incomplete": "16",
    "csv.cell-too-long": "the limit",
    "error.flowers.range": "below 0 or over 8",
    "error.seen.too-long": "over the limit",
    "error.seen.too-many-tiles": "144",
    "error.option.digits": "the limit, 9",
    "maho.end.basic": "3",
    "maho.end.standard": "5",
    "maho.end.original": "13",
    "maho.game.rounds": "the limit",
    "nmjl.card.too-many": "over 500",
    "nmjl.card.pattern-long": "over 200",
    "nmjl.card.excess": "8 jokers",
    "record.line-long": "the limit",
    "record.several": "2 or more",
    "sheet.not-a-sheet": "a format's name, not a number",
    "sheet.choose": "2 or more",
    "batch.games.one-file": "2 or more",
    "review.costly-hu": "a Hu's points, left to the review's own fix of its score",
    # issue 41: points written with one decimal ("1.0 points", never a bare 1), or a valid Hu's (8 or more)
    **{
        f"review.reason.{k}": "points with one decimal"
        for k in ("below-minimum", "best", "best-draws", "best-ready", "chance", "chance-draws", "danger")
    },
    **{f"review.reason.{k}": "points with one decimal" for k in ("dead", "slower", "within")},
    "review.reason.hu": "a valid Hu's points, 8 or more",
    "review.reason.missed-hu": "a Hu's points, 8 or more (a missed Hu reaches the minimum)",
    "review.value": "points with two decimals",
}


def test_every_count_in_the_catalogue_takes_its_noun_in_the_right_form() -> None:
    """ "1 files, 1 games": a number that may be 1 is a counted noun (`n.file`: "1 file", "2 files")."""
    found = {k for k, v in catalogue("en").items() if not k.endswith(".other") and PLURAL.search(v)}
    assert found == set(NEVER_ONE), (sorted(found - set(NEVER_ONE)), sorted(set(NEVER_ONE) - found))


def test_the_plural_check_can_fail() -> None:
    assert PLURAL.search("  game records: {files} files, {games} games")


def test_one_file_one_game_one_hand_are_singular() -> None:
    record = str(ROOT / "tests" / "fixtures" / "records" / "pmn" / "example_1.pmn")
    batch = run("batch", record, "--from", "pmn")
    assert "game records: 1 file, 1 game, 1 hand: 1 won (1 winning hand scored)" in batch.stderr
    converted = run("convert", record, "--from", "pmn", "--to", "pmn")
    assert converted.stderr.strip() == "1 hand of 1 game written, 0 not written"
    fr = run("convert", record, "--from", "pmn", "--to", "pmn", "--lang", "fr")
    assert "1 main de 1 partie" in fr.stderr


def test_french_counts_zero_and_one_in_the_singular() -> None:
    from mcr_score.messages import count

    assert count("n.file", 0).text("fr") == "0 fichier"
    assert count("n.file", 1).text("fr") == "1 fichier"
    assert count("n.file", 2).text("fr") == "2 fichiers"
    assert count("n.file", 1).text("en") == "1 file"
    assert count("n.record", 1234, "1 234").text("fr") == "1 234 enregistrements"


def test_french_elides_de_before_a_name_that_begins_with_a_vowel() -> None:
    """« la défausse de Ana » -> « d’Ana » (and « d’Hélène »: a mute h); « de Bo » stays."""
    out = run("session", str(ROOT / "examples" / "session" / "full-16.json"), "--lang", "fr").stdout
    assert "sur la défausse d’Ana" in out
    assert "de Ana" not in out
    assert "sur la défausse de Bo" in out
    six = run("session", str(ROOT / "examples" / "six" / "round.json"), "--system", "six", "--lang", "fr").stdout
    assert six.startswith("Tour d’Ana, Bo")
    assert "1. kong : " in six  # the French colon


def test_no_french_text_writes_de_or_que_before_a_name_beginning_with_a_vowel() -> None:
    """Every French text with a name after `de` or `que`, given names Ann and Hélène: elided."""
    from mcr_score.messages import Name, text

    checked = 0
    for key, template in catalogue("fr").items():
        if not re.search(r"(?<![\w’])(?:de|que) \{\w+\}", template):
            continue
        for name in ("Ann", "Hélène"):
            args = {p: 1 if _numeric(p, template) else Name(name) for p in _fields(template)}
            out = text(key, "fr", **args)
            assert not re.search(rf"(?<![\w’])(?:de|que) {name}", out), (key, out)
            checked += 1
    assert checked > 40


def _numeric(field: str, template: str) -> bool:
    """The field is written as a number (`{n:,}`): it takes a number, not a text."""
    return bool(re.search(r"\{" + field + r":[^}]*[,d]", template))


def _fields(template: str) -> set[str]:
    from mcr_score.messages import placeholders

    return placeholders(template)


def _depth(line: str) -> int:
    depth = most = 0
    for c in line:
        depth += c == "（"
        most = max(most, depth)
        depth -= c == "）"
    return most


def test_chinese_nests_no_full_width_parentheses() -> None:
    """（基本和型（四副一将））: the inner pair is 〔〕, by the catalogue's `i18n.nested-paren`."""
    out = run("score", "123m456p789s111z55z", "--lang", "zh").stdout
    assert "（基本和型〔四副一将〕）" in out
    assert all(_depth(line) <= 1 for line in out.splitlines())


def test_no_chinese_text_nests_parentheses_whatever_it_is_given() -> None:
    from mcr_score.messages import text

    for key, template in catalogue("zh").items():
        args = {p: 1 if _numeric(p, template) else "甲（乙）" for p in _fields(template)}
        try:
            out = text(key, "zh", **args)
        except (ValueError, TypeError):  # a number's format given text: not this check's concern
            continue
        assert _depth(out) <= 1, (key, out)


# ---- the service's words -------------------------------------------------------------------------

PYDANTIC = ("Value error", "Extra inputs", "Input should", "Field required", "String should", "valid integer")


@pytest.fixture(scope="module")
def client() -> Any:
    from fastapi.testclient import TestClient

    from mcr_score.web import api

    return TestClient(api.create_app())


@pytest.mark.parametrize(
    ("query", "where", "words"),
    [
        ({"hand": HAND, "rules": "seed"}, "query.rules", "unknown rule profile"),
        ({"hand": HAND, "colour": "1"}, "query.colour", "not a field of this request"),
        ({"hand": HAND, "seat": "Q"}, "query.seat", '"Q" is not one of E, S, W, N'),
        ({"hand": HAND, "flowers": "9"}, "query.flowers", "9 is more than 8"),
        ({"seat": "E"}, "query.hand", "missing"),
        ({"hand": ""}, "query.hand", "empty"),
    ],
)
def test_the_service_says_its_own_words_not_pydantics(
    client: Any, query: dict[str, str], where: str, words: str
) -> None:
    answer = client.get("/api/score", params=query)
    assert answer.status_code == 422
    problems = answer.json()["error"]["problems"]
    assert [p["where"] for p in problems] == [where]
    assert words in problems[0]["message"]
    assert not any(w in answer.text for w in PYDANTIC), answer.text


def test_a_body_of_wrong_types_is_said_in_the_services_words(client: Any) -> None:
    answer = client.post("/api/score", json={"hand": 5, "flowers": "2", "x": 1})
    messages = {p["where"]: p["message"] for p in answer.json()["error"]["problems"]}
    assert messages["body.hand"] == "body.hand: a string is expected, not a number"
    assert messages["body.flowers"] == "body.flowers: a whole number is expected, not a string"
    assert messages["body.x"].startswith("body.x: not a field of this request; it takes ")
    assert not any(w in answer.text for w in PYDANTIC)


def test_an_http_answer_names_the_field_not_the_cli_option(client: Any) -> None:
    """`"where": "--from"` in an HTTP answer: the request sent `from`, not `--from`."""
    hand = "123456789m123p5s5s"
    got = client.get("/api/explain", params={"hand": hand, "from": "E"}).json()["error"]
    assert got["where"] == "query.from"
    posted = client.post("/api/explain", json={"hand": hand, "from": "E"}).json()["error"]
    assert posted["where"] == "body.from"
    seen = client.get("/api/waits", params={"hand": "1234567m123p555s", "seen": "12M"}).json()["error"]
    assert seen["where"] == "query.seen"


# ---- canonical forms ---------------------------------------------------------------------------------


def test_the_six_player_canonical_form_is_what_six_reads() -> None:
    """It was written with MCR's suffix |EE0000, which offers winds that `--seat` then refuses."""
    data = json.loads(run("parse", "11115599m", "--system", "six", "--json").stdout)
    assert data["canonical"] == "1111559m9m"
    text = run("parse", "11115599m", "--system", "six").stdout
    assert "wind" not in text
    assert "flowers" not in text
    again = json.loads(run("parse", data["canonical"], "--system", "six", "--json").stdout)
    assert again["canonical"] == data["canonical"]
    drawn = json.loads(run("parse", "11115599m", "--system", "six", "--self-drawn", "--json").stdout)
    assert json.loads(run("parse", drawn["canonical"], "--system", "six", "--json").stdout)["situation"]["self_drawn"]
    assert run("score", "11115599m", "--system", "six").stdout.startswith("1111559m9m  (system: six")


def test_the_maho_canonical_form_says_how_it_writes_the_series() -> None:
    out = run("parse", "[123a]456a789a[7a7b7c]99c", "--system", "maho").stdout
    assert "canonical: [123a][7a7b7c]456789a99c" in out
    assert "laid series first, in the order laid" in out
    assert json.loads(run("parse", "[123a][7a7b7c]456789a99c", "--system", "maho", "--json").stdout)["ok"]


def test_a_house_file_that_fits_several_systems_names_them(tmp_path: Path) -> None:
    """Only a former profile name, `base = "seed"`, no system: a file of one of the other systems."""
    house = _write(tmp_path, "club.toml", 'name = "club"\nbase = "seed"\n')
    error = error_of("score", HAND, "--rules", house)
    assert error["code"] == "house-of-another-system"
    assert "another system than mcr" in error["message"]
    assert "six" in error["message"]
    assert "maho" in error["message"]


def test_a_field_too_long_is_said_with_its_bound(client: Any) -> None:
    answer = client.get("/api/score", params={"hand": "1" * 201})
    (problem,) = answer.json()["error"]["problems"]
    assert problem["message"] == "query.hand: longer than 200 characters"


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
