"""The notation's spaces and hints (found in issue 22):
spaces read as GB-Mahjong reads them (it ignores every one, so `345 s3pFF5
567p` is `345s3pFF5567p`), with error columns still under the character at fault; winds written in
lower case get a hint; `--seen` is read by the notation's own grammar."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score import errors, format_hand, parse_hand
from mcr_score.notation import read_canonical
from mcr_score.systems.mcr.advice import parse_seen
from tests.support.hand_strategies import hands

PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
HINT = "winds are upper case: E S W N; lower-case letters a-h are flowers"


@pytest.mark.parametrize(
    ("spaced", "plain"),
    [
        ("345 s3pFF5 567pEE E", "345s3pFF5567pEEE"),  # the example, made a hand of 14
        ("1 1 1 2345678999 s 9 s", "1112345678999s9s"),
        ("123 456 789m 123p 5s 5s", "123456789m123p5s5s"),
        ("[1 2 3m 1][4 5 6 s, 2]789m EE 5m 5m", "[123m1][456s2]789mEE5m5m"),
        ("[567m, 2 ]123456789p1s1s", "[567m2]123456789p1s1s"),
        ("1112345678999s9s | E S 1 0 0 0 | 2", "1112345678999s9s|ES1000|2"),
        ("1112345678999s9s|EE0000| a b c", "1112345678999s9s|EE0000|abc"),
        ("1112345678999s\t9s|EE 0000", "1112345678999s9s"),
        ("1 2 (3) 4 5 6 7 8 9m 123p 5s 5s", "12456789m123p5s5s3m"),
    ],
)
def test_spaces_are_read_as_gb_mahjong_reads_them(spaced, plain):
    assert parse_hand(spaced) == parse_hand(plain)


@st.composite
def spaced_forms(draw, text: str) -> str:
    """`text` with spaces and tabs put anywhere, as GB-Mahjong's notation may hold them."""
    out = []
    for ch in text:
        if draw(st.integers(0, 3)) == 0:
            out.append(draw(st.sampled_from([" ", "  ", "\t"])))
        out.append(ch)
    return "".join(out)


@PROPERTY
@given(st.data())
def test_any_canonical_text_with_spaces_anywhere_reads_as_the_same_hand(data):
    h = data.draw(hands())
    spaced = data.draw(spaced_forms(format_hand(h)))
    assert parse_hand(spaced) == h
    if spaced != format_hand(h):
        assert read_canonical(spaced) is None  # the fast path reads canonical text only


@pytest.mark.parametrize(
    ("text", "code", "column"),
    [
        ("1 2 3m 4 5", "missing-suit", 8),  # the run without a suit starts at its first digit
        ("1 2 3m 4 5p x", "illegal-character", 13),  # the x
        ("1 2 3m 8 z", "bad-tile", 8),  # the 8
        ("[1 2 3m 4 ]456s789p11s", "bad-claim", 9),  # the digit 4
        ("123456789m123p5s5s|EE 0x00", "bad-situation", 24),  # the x
        ("123456789m123p5s5s| E E 0 0 0", "bad-situation", 30),  # just after the last flag written
        ("123456789m123p5s5s|EE0000| a a", "flowers", 30),  # the repeated letter
        ("123456789m123p5s5s|EE 0000 x", "bad-situation", 28),
        ("123456789m123p5s5s|EE0000|1 2", "bad-situation", 27),  # the count, from its first digit
    ],
)
def test_error_columns_point_at_the_character(text, code, column):
    with pytest.raises(errors.McrError) as info:
        parse_hand(text)
    first = info.value
    assert (first.code, first.column) == (code, column), first.render()


# Lower-case winds ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("123456789m123p5see", "flowers"),  # ee for EE: the same flower twice
        ("123456789m123p5s5see", "flowers"),
        ("123456789m123pww5s", "illegal-character"),
        ("123456789m123pnn5s", "illegal-character"),
        ("123456789m123p5s5s|ee0000", "bad-situation"),
        ("123456789m123p5s5s|Es0000", "bad-situation"),
        ("123456789m123p5sss", "syntax"),
        ("123456789m12p5se", "tile-count"),  # a tile short: e read as a flower
    ],
)
def test_winds_in_lower_case_get_a_hint(text, code):
    with pytest.raises(errors.McrError) as info:
        parse_hand(text)
    assert info.value.code == code
    assert HINT in info.value.message
    assert "小写字母a-h是花牌" in info.value.render("zh")
    assert "les minuscules a-h sont des fleurs" in info.value.render("fr")


@pytest.mark.parametrize("text", ["123456789m123p5s5sab|EE0000|ab", "123456789m123pxx5s", "123m|EE0000|x"])
def test_no_hint_where_no_wind_was_meant(text):
    with pytest.raises(errors.McrError) as info:
        parse_hand(text)
    assert "winds are upper case" not in info.value.render()


# --seen: the notation's own reader -----------------------------------------------------------------


def test_seen_reads_what_the_notation_reads():
    assert parse_seen("5z 6z7z") == parse_seen("CFP")
    assert parse_seen("🀄🀅 1 2 3m") == parse_seen("CF123m")
    assert parse_seen("") == ()
    assert [t.code for t in parse_seen("3 3 5m, 7p")] == ["3m", "3m", "5m", "7p"]


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("1m\u30002m", 3),  # an ideographic space: not a space of the notation
        ("1m\u00a02m", 3),  # a no-break space
        ("55m 7x", 5),  # 7 has no suit
        ("8z", 1),
        ("[123m]", 1),  # a declared meld is no tile seen
        ("1m a", 4),  # a flower
        ("(5)m", 2),  # a winning-tile marker
        ("1m|EE0000", 3),  # a suffix
    ],
)
def test_seen_refuses_what_the_notation_refuses_with_its_column(text, column):
    with pytest.raises(errors.SeenTilesError) as info:
        parse_seen(text)
    assert info.value.code == "bad-seen"
    assert info.value.column == column
    assert info.value.where == "--seen"
    assert info.value.message.startswith("--seen: ")


def test_a_seen_text_longer_than_the_game_is_refused_unread():
    with pytest.raises(errors.SeenTilesError, match="characters long"):
        parse_seen("1m " * 200)
