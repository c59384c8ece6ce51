"""The message catalogues: every id in the three languages with the same placeholders, and every
id the code names exists (a message is named by id; its text lives only in `locales/*.toml`).
Errors render in any language, while the English text (the JSON `message`) stays as it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mcr_score import batch, errors
from mcr_score.batch import tally
from mcr_score.cli import main
from mcr_score.messages import LANGS, Message, catalogue, msg, placeholders, text
from mcr_score.notation.record import hand_from_record
from tests.support import REPO
from tests.support.cli import runner

PACKAGE = REPO / "mcr_score"
EN = catalogue("en")


@pytest.mark.parametrize("lang", LANGS)
def test_every_id_exists_in_every_language(lang: str) -> None:
    assert set(catalogue(lang)) == set(EN)


@pytest.mark.parametrize("message_id", sorted(EN))
def test_the_three_languages_take_the_same_placeholders(message_id: str) -> None:
    fields = {lang: placeholders(catalogue(lang)[message_id]) for lang in LANGS}
    assert fields["fr"] == fields["en"] == fields["zh"], fields
    assert all(catalogue(lang)[message_id].strip() for lang in LANGS)


def test_every_id_named_in_the_code_is_in_the_catalogue() -> None:
    named = set()
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        named |= set(re.findall(r'(?<![.\w])(?:msg|text)\(\s*"([a-z0-9_.-]+)"', source))
        # an option's help is its id; a command's, the prefix of its ids (`help.score`: help.score.summary...)
        helps = re.findall(r'\bhelp="([a-z0-9_.-]+)"', source)
        named |= {h if h in EN else f"{h}.summary" for h in helps}
    assert named, "the scan found no message ids"
    assert "help.opt.seat-wind" in named  # the scan sees the helps
    assert "help.score.summary" in named
    assert named <= set(EN), sorted(named - set(EN))


def test_messages_render_in_each_language_with_nested_messages() -> None:
    inner = msg("error.wind-name.seat_wind")
    outer = msg("error.wind", name=inner, value="X")
    assert outer.text("en") == "seat wind 'X' is not E, S, W or N"
    assert outer.text("fr") == "vent du joueur 'X' : ni E, ni S, ni W, ni N"
    assert outer.text("zh") == "门风'X'不是E、S、W或N"
    assert text("and", "fr") == " et "


def test_an_unknown_id_fails_at_once() -> None:
    with pytest.raises(KeyError):
        msg("no.such.message")
    with pytest.raises(ValueError, match="unknown language"):
        catalogue("de")


def test_errors_carry_an_id_and_render_in_any_language() -> None:
    error = errors.TooManyCopiesError(msg("error.too-many-copies", n=5, tile="1m"), text="11111m", column=5)
    assert isinstance(error.msg, Message)
    assert error.msg.id == "error.too-many-copies"
    assert error.message == "5 copies of 1m; there are only 4"
    assert error.render("fr").startswith("too-many-copies: 5 exemplaires de 1m ; il n’y en a que 4 (colonne 5)")
    assert error.head("zh") == "牌张超过4张"
    assert error.head("en") == "too-many-copies"
    assert error.to_dict()["message"] == error.message


def _error_classes(cls: type[errors.McrError]) -> list[type[errors.McrError]]:
    return [cls, *(c for sub in cls.__subclasses__() for c in _error_classes(sub))]


def test_every_error_code_has_a_label_in_every_language() -> None:
    """`head` names any error's code (notation, hand, profile, record, batch) in each language."""
    loaded = batch.BatchError  # a lazily loaded name: load it before walking the subclasses
    classes = _error_classes(errors.McrError)
    assert loaded in classes
    assert {c.code for c in classes} >= {"bad-json", "bad-field", "internal-error", "batch"}
    for cls in classes:
        assert all(catalogue(lang)[f"head.{cls.code}"].strip() for lang in LANGS), cls.code


def test_a_record_error_renders_in_french_and_keeps_its_english_message() -> None:
    out = batch.score_line(json.dumps({"id": "r1", "notation": "[124m]x1m"}), "jsonl", line=3)
    assert out["error"]["message"] == (
        "[124m] is not a chow, pung or kong: a chow is three consecutive tiles of one suit, in ascending order"
    )
    assert [p["message"] for p in out["error"]["problems"]][1] == "'x' is not part of the hand notation"
    problems = hand_from_record({"melds": [{"type": "kong", "tile": "1m", "claim": 9}], "hand": "x"}).problems
    assert [p.message for p in problems] == [
        "claim 9 does not fit a kong: 1-3 from whom, 5-7 promoted from a pung claimed from 1-3",
        "hand must be a list of tiles, not a string",
        'no winning tile: give it as "win" ("hand" holds the standing tiles without it; '
        '"win": null for a waiting hand of 13 tiles)',
    ]
    assert problems[0].msg.text("fr") == (
        "le chiffre de prise 9 ne convient pas à un kong : de 1 à 3 selon le joueur à qui il est pris, "
        "de 5 à 7 s’il prolonge un pung pris à 1-3"
    )
    assert problems[1].msg.text("zh") == "hand必须是牌的列表，而不是字符串"


def test_a_line_the_reader_refuses_keeps_its_english_message() -> None:
    out = batch.score_line("x" * (batch.MAX_LINE + 1), "jsonl", line=1)
    alone = {"code": "oversized", "message": "line longer than 10,000 characters: not parsed"}
    assert out["error"] == {**alone, "problems": [alone]}


def test_a_batch_error_is_an_error_with_a_message(tmp_path: Path) -> None:
    """A run problem: exit 2, `Error: <English>` from the CLI whatever LANG says, any language by `render`."""
    source = tmp_path / "sheet.csv"
    source.write_text("id,hand\na,123m\n", encoding="utf-8")
    with pytest.raises(batch.BatchError) as info:
        batch.run(str(source), None)
    error = info.value
    assert isinstance(error, errors.McrError)
    assert error.exit_code == 2
    english = "the CSV header 'id,hand' has no 'notation' column (expected id,notation[,claimed_total][,claimed_fans])"
    assert error.message == english
    assert error.msg.text("fr").startswith("l’en-tête CSV 'id,hand' n’a pas de colonne 'notation'")
    result = runner().invoke(main, ["batch", str(source)], env={"LANG": "fr_FR.UTF-8"})
    assert result.exit_code == 2
    assert result.stderr == f"Error: {english}\n"


def test_the_batch_summary_comes_from_the_catalogue() -> None:
    counts = tally.Tally()
    for _ in range(1234):
        counts.add(True, True, True, 9, None, None)
    counts.add(False, False, False, 0, "bad-json", None)
    outcome = tally.Outcome(counts, 1235, 2.5, 2, "china", resumed_from=0)
    english = tally.summary_text(outcome).splitlines()
    assert english[0] == "mcr-score batch: 1,235 records, 1,235 scored in 2.5 s (494 hands/s, 2 processes, rules china)"
    assert english[1] == "  winning hands              1,234"
    assert english[-1] == "  totals              8-11: 1,234"
    french = tally.summary_text(outcome, "fr").splitlines()
    assert french[0].startswith("mcr-score batch : 1\u202f235 enregistrements, 1\u202f235 calculés en 2,5 s")
    assert french[1] == "  mains gagnantes            1\u202f234"
    assert tally.summary_text(outcome, "zh").splitlines()[1] == "  和牌                       1,234"
