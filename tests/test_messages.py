"""The message catalogues: every id in the three languages with the same placeholders, and every
id the code names exists (a message is named by id; its text lives only in `locales/*.toml`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mcr_score import errors
from mcr_score.messages import LANGS, Message, catalogue, msg, placeholders, text

PACKAGE = Path(__file__).resolve().parents[1] / "mcr_score"
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
        named |= set(re.findall(r'\bmsg\(\s*"([a-z0-9_.-]+)"', source))
    assert named, "the scan found no message ids"
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
