"""Hand notation: what valid strings mean, where invalid ones fail, and round-trip properties.

Expected values come from the notation's definition (the header of `grammar/mcr.lark`): the
last tile written is the winning tile when the hand is complete, a kong without digit is
concealed, meld digits name the claim, `|WWffff` gives prevalent wind, seat wind and the flags
self-drawn, last copy, last wall tile, kong, and `|N` or `|letters` the flowers.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mcr_score
from mcr_score import Hand, HandError, McrError, Meld, NotationError, Situation, Tile, check_hand
from mcr_score.notation import format_hand, parse_hand, parse_located, read_canonical
from tests.support.hand_strategies import hands, written_forms


def ts(spec: str) -> tuple[Tile, ...]:
    """Tiles from space-separated names, so expectations do not go through the parser."""
    return tuple(Tile(c) for c in spec.split())


def hand(melds=(), standing="", winning=None, **situation) -> Hand:
    return Hand(tuple(melds), ts(standing), Tile(winning) if winning else None, Situation(**situation))


def chow(lowest: str, claim: int | None = None) -> Meld:
    return Meld("chow", Tile(lowest), claim=claim)


def pung(tile: str, claim: int | None = None) -> Meld:
    return Meld("pung", Tile(tile), claim=claim)


def kong(tile: str, claim: int | None = None) -> Meld:
    return Meld("kong", Tile(tile), concealed=claim is None, claim=claim)


FOUR_DRAGON_KONGS = hand([kong("E"), kong("C"), kong("F"), kong("P")], "N", "N")
NINE_GATES_S = hand((), "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s", "9s")
THREE_MELDS = hand([chow("1p", 1), chow("3s", 2), pung("9s", 3)], "6m 6p E W", "1m")
ORPHANS = hand((), "1m 9m 1p 9p 1s 9s E S W N C F P", "1m")

VALID = [
    pytest.param("[EEEE][CCCC][FFFF][PPPP]NN", FOUR_DRAGON_KONGS, id="concealed-kongs"),
    pytest.param("1112345678999s9s", NINE_GATES_S, id="suit-letter-shared-last-tile-wins"),
    pytest.param(
        "[WWWW1][444s]45m678pFF6m",
        hand([kong("W", 1), pung("4s")], "4m 5m 6p 7p 8p F F", "6m"),
        id="exposed-kong-and-pung",
    ),
    pytest.param("[123p1][345s2][999s3]6m6pEW1m", THREE_MELDS, id="chow-claim-digits"),
    pytest.param(
        "[567m,2]123m456p789sEE", hand([chow("5m", 2)], "1m 2m 3m 4p 5p 6p 7s 8s 9s E", "E"), id="comma-digit"
    ),
    pytest.param(
        "[567m2]123m456p789sEE", hand([chow("5m", 2)], "1m 2m 3m 4p 5p 6p 7s 8s 9s E", "E"), id="digit-without-comma"
    ),
    pytest.param(
        "11123456789999m|EE1000",
        hand((), "1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m", "9m", self_drawn=True),
        id="self-drawn",
    ),
    pytest.param(
        "[1111s,1][2222m,2][3333p,7][4444p]88s|EE0000|2",
        hand([kong("1s", 1), kong("2m", 2), kong("3p", 7), kong("4p")], "8s", "8s", flowers=2),
        id="kong-claims-promoted-concealed-flower-count",
    ),
    pytest.param(
        "345s3p55p5567p[7777s]4p|EE0100|cbaghdfe",
        hand([kong("7s")], "3p 5p 5p 5p 5p 6p 7p 3s 4s 5s", "4p", last_copy=True, flowers=8, flower_letters="cbaghdfe"),
        id="meld-anywhere-flower-letters",
    ),
    pytest.param("[123p1] [345s2] [999s3] 6m 6p E W 1m", THREE_MELDS, id="spaces-between-groups"),
    pytest.param(
        "1112345678999s 9s |EE1000|2",
        hand((), "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s", "9s", self_drawn=True, flowers=2),
        id="spaces-before-suffix",
    ),
    pytest.param("[1111z][5555z][6666z][7777z]44z", FOUR_DRAGON_KONGS, id="z-honors-5z-red-6z-green-7z-white"),
    pytest.param("19m19p19s1234567z1m", ORPHANS, id="z-honors-run"),
    pytest.param("🀇🀏🀙🀡🀐🀘🀀🀁🀂🀃🀄🀅🀆🀇", ORPHANS, id="unicode-tiles"),
    pytest.param(
        "🀄\ufe0f🀄\ufe0f🀄\ufe0f🀅🀅🀅🀆🀆🀆🀀🀀🀀🀃🀃",
        hand((), "E E E N C C C F F F P P P", "N"),
        id="unicode-with-emoji-selector",
    ),
    pytest.param(
        "[🀇🀈🀉1][🀁🀁🀁🀁2]🀙🀙🀙🀐🀑🀒🀘🀘", hand([chow("1m", 1), kong("S", 2)], "1p 1p 1p 1s 2s 3s 9s", "9s"), id="unicode-melds"
    ),
    pytest.param(
        "1112345678999s9s🀢🀩",
        hand((), "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s", "9s", flowers=2, flower_letters="ah"),
        id="unicode-flowers",
    ),
    pytest.param("1112345678999s", hand((), "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s"), id="waiting-13-tiles"),
    pytest.param("[123p1][345s2][999s3]6m6pEW", hand(THREE_MELDS.melds, "6m 6p E W"), id="waiting-with-melds"),
    pytest.param(
        "ab1112345678999s9s|EE0000|cd",
        hand((), "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s", "9s", flowers=4, flower_letters="abcd"),
        id="inline-flowers-then-suffix-flowers",
    ),
    pytest.param(
        "1112345678999sg9sh",
        hand((), "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s", "9s", flowers=2, flower_letters="gh"),
        id="inline-flowers-after-winning-tile",
    ),
    pytest.param(
        "1112345678999s9s|SW0000",
        hand((), "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s", "9s", prevalent_wind="S", seat_wind="W"),
        id="prevalent-then-seat-wind",
    ),
    pytest.param("1112345678999s9s|EE0000|0", NINE_GATES_S, id="zero-flowers"),
    # GB-Mahjong's forms (issue 12): an empty flower field, a space before the suffix, a space
    # between the digits and their suit letter.
    pytest.param("1112345678999s9s|EE0000|", NINE_GATES_S, id="gb-empty-flower-field"),
    pytest.param("1112345678999s9s |EE0000|", NINE_GATES_S, id="gb-space-then-suffix"),
    pytest.param("111234 s 5678999 s 9 s", NINE_GATES_S, id="space-between-digits-and-suit"),
    pytest.param("1112345678999s |EE0000|", hand((), "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s 9s 9s 9s"), id="gb-waiting-space"),
    pytest.param(
        "[3333p5][4444p6][5555p3]EEE1m1m",
        hand([kong("3p", 5), kong("4p", 6), kong("5p", 3)], "1m E E E", "1m"),
        id="promoted-kongs",
    ),
    pytest.param(
        "123456789m11p23s4s|EE0001",
        hand((), "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 2s 3s", "4s", kong=True),
        id="robbing-the-kong",
    ),
    pytest.param(
        "[1111m]456789m11p23s4s|EE1001",
        hand([kong("1m")], "4m 5m 6m 7m 8m 9m 1p 1p 2s 3s", "4s", self_drawn=True, kong=True),
        id="kong-replacement",
    ),
    pytest.param(
        "123456789m11p23s4s|EE0010",
        hand((), "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 1p 2s 3s", "4s", wall_last=True),
        id="last-wall-discard",
    ),
    pytest.param(
        "[999s3]1112345678s9s|EE0100",
        hand([pung("9s", 3)], "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s", "9s", last_copy=True),
        id="last-copy-others-exposed",
    ),
    pytest.param(
        "[111m1]2345678m99p1s1m", hand([pung("1m", 1)], "2m 3m 4m 5m 6m 7m 8m 9p 9p 1s", "1m"), id="exactly-four-copies"
    ),
    pytest.param(
        "1112345678s9s[999s3]",
        hand([pung("9s", 3)], "1s 1s 1s 2s 3s 4s 5s 6s 7s 8s", "9s"),
        id="meld-after-winning-tile",
    ),
    pytest.param(
        "[1m2m3m]456m789m11p23s4s",
        hand([chow("1m")], "4m 5m 6m 7m 8m 9m 1p 1p 2s 3s", "4s"),
        id="meld-of-single-tile-groups",
    ),
]


@pytest.mark.parametrize(("text", "expected"), VALID)
def test_valid(text, expected):
    assert parse_hand(text) == expected


def test_meld_digits_mean_what_the_notation_says():
    """Kong 7 = promoted from a pung claimed from player 3; no digit = concealed."""
    melds = parse_hand("[1111s,1][2222m,2][3333p,7][4444p]88s|EE0000|2").melds
    assert [(m.claim, m.concealed, m.promoted) for m in melds] == [
        (1, False, False),
        (2, False, False),
        (7, False, True),
        (None, True, False),
    ]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        pytest.param("[123p1] [345s2] [999s3] 6m 6p E W 1m", "[123p1][345s2][999s3]6m6pEW1m|EE0000", id="spaces"),
        pytest.param("[567m,2]123m456p789sEE", "[567m2]123m456p789sEE|EE0000", id="comma"),
        pytest.param(
            "345s3p55p5567p[7777s]4p|EE0100|cbaghdfe",
            "[7777s]3555567p345s4p|EE0100|cbaghdfe",
            id="melds-first-standing-sorted",
        ),
        pytest.param("[1111z][5555z][6666z][7777z]44z", "[EEEE][CCCC][FFFF][PPPP]NN|EE0000", id="honor-letters"),
        pytest.param("🀇🀏🀙🀡🀐🀘🀀🀁🀂🀃🀄🀅🀆🀇", "19m19p19sESWNCFP1m|EE0000", id="unicode"),
        pytest.param("ab1112345678999s9s|EE0000|cd", "1112345678999s9s|EE0000|abcd", id="flowers-in-suffix"),
        pytest.param("11123456789999m|EE1000", "1112345678999m9m|EE1000", id="winning-tile-apart"),
        pytest.param("1112345678999s", "1112345678999s|EE0000", id="waiting"),
        pytest.param(
            "[1111s,1][2222m,2][3333p,7][4444p]88s|EE0000|2",
            "[1111s1][2222m2][3333p7][4444p]8s8s|EE0000|2",
            id="flower-count",
        ),
    ],
)
def test_canonical_form(text, canonical):
    """Canonical: melds in order, sorted standing tiles sharing suit letters, winning tile, full suffix."""
    assert format_hand(parse_hand(text)) == canonical


NOTATION_CODES = {
    "illegal-character",
    "missing-suit",
    "bad-tile",
    "unclosed-meld",
    "bad-meld",
    "bad-claim",
    "win-marker",
    "bad-situation",
    "syntax",
    "upper-case-suit",  # issue 37: one error for suits in upper case (docs/notation.md)
    "full-width",  # and one for full-width characters
}
HAND_CODES = {"too-many-copies", "tile-count", "too-many-melds", "flowers", "impossible-situation"}
NINE_S = "1112345678999s9s"  # columns 1-16; a suffix starts at column 17

INVALID = [
    pytest.param("1112345678999sx9s", [("illegal-character", 15)], id="illegal-character"),
    pytest.param(
        "x1112345678999s9sy", [("illegal-character", 1), ("illegal-character", 18)], id="two-illegal-characters"
    ),
    pytest.param(NINE_S + "0", [("illegal-character", 17)], id="zero-rank"),
    pytest.param("1112345670999s9s", [("illegal-character", 10)], id="zero-inside-digits"),
    pytest.param("123456789m1234EE", [("missing-suit", 11)], id="digits-without-suit"),
    pytest.param("[124m]123m456p789sEE", [("bad-meld", 1)], id="chow-with-gap"),
    pytest.param("[EEF]123m456p789sEE", [("bad-meld", 1)], id="mixed-honor-pung"),
    pytest.param("[ESW]123m456p789sEE", [("bad-meld", 1)], id="chow-of-winds"),
    pytest.param("123m[CFP]456p789sEE", [("bad-meld", 5)], id="chow-of-dragons"),
    pytest.param("[12m]123m456p789sEE", [("bad-meld", 1)], id="meld-of-two"),
    pytest.param("[11111m]123m456p789s", [("bad-meld", 1)], id="meld-of-five"),
    pytest.param("[1234m]123m456p789sEE", [("bad-meld", 1)], id="four-tile-run"),
    pytest.param("123m[576m]456p789sEE", [("bad-meld", 5)], id="chow-not-ascending"),
    pytest.param("[124m][EEF]1112345s", [("bad-meld", 1), ("bad-meld", 7)], id="two-bad-melds"),
    pytest.param("[123m5]123m456p789sEE", [("bad-claim", 6)], id="chow-digit-5"),
    pytest.param("[123m0]123m456p789sEE", [("bad-claim", 6)], id="chow-digit-0"),
    pytest.param("[EEE4]123m456p789sEE", [("bad-claim", 5)], id="pung-digit-4"),
    pytest.param("[EEE0]123m456p789sEE", [("bad-claim", 5)], id="pung-digit-0"),
    pytest.param("[EEEE4]123m456p789sE", [("bad-claim", 6)], id="kong-digit-4"),
    pytest.param("[555m5]123m456p789sEE", [("bad-claim", 6)], id="digit-equal-to-a-rank"),
    pytest.param("[567m,5]123m456p789sEE", [("bad-claim", 7)], id="comma-bad-digit"),
    pytest.param("[123m456p789sEE", [("unclosed-meld", 1)], id="unclosed-meld"),
    pytest.param("123m[456p789sEE", [("unclosed-meld", 5)], id="unclosed-meld-later"),
    pytest.param("[123m456p|EE0000", [("unclosed-meld", 1)], id="unclosed-before-suffix"),
    pytest.param("[12[3m]456p789sEE", [("unclosed-meld", 4)], id="meld-inside-meld"),
    pytest.param("1112345678999s8z", [("bad-tile", 15)], id="8z"),
    pytest.param("1112345678999s9z", [("bad-tile", 15)], id="9z"),
    pytest.param("[111m1]1m2345678p11s1m", [("too-many-copies", 21)], id="five-copies-meld-standing-winning"),
    pytest.param("[1111m]23456789m11p1m", [("too-many-copies", 20)], id="five-copies-kong-winning"),
    pytest.param("1111112345678m9m", [("too-many-copies", 5)], id="six-copies-fifth-is-marked"),
    pytest.param("123456789m123s", [("tile-count", 15)], id="twelve-tiles"),
    pytest.param("123456789m123s|EE0000", [("tile-count", 15)], id="twelve-tiles-with-suffix"),
    pytest.param(NINE_S + "1m", [("tile-count", 19)], id="fifteen-tiles"),
    pytest.param(NINE_S + "9s", [("too-many-copies", 17), ("tile-count", 19)], id="fifteen-tiles-five-copies"),
    pytest.param("[123m][456m][789m][123p] |EE0000", [("tile-count", 25)], id="melds-only"),
    pytest.param("[123m1][123m1][123m1][123m1][456m1]E", [("too-many-melds", 29)], id="five-melds"),
    pytest.param(NINE_S + "|EE0000|9", [("flowers", 25)], id="nine-flowers"),
    pytest.param(NINE_S + "|EE0000|12", [("bad-situation", 25)], id="twelve-flowers"),  # a count is one digit
    pytest.param(NINE_S + "|EE0000|aba", [("flowers", 27)], id="duplicate-flower-letter"),
    pytest.param(NINE_S + "aa", [("flowers", 18)], id="duplicate-inline-flower"),
    pytest.param("a" + NINE_S + "|EE0000|a", [("flowers", 26)], id="inline-flower-repeated-in-suffix"),
    pytest.param("a" + NINE_S + "|EE0000|2", [("flowers", 1)], id="flowers-as-letters-and-count"),
    pytest.param("a" + NINE_S + "|EE0000|0", [("flowers", 1)], id="flowers-as-letters-and-zero-count"),
    pytest.param("a" + NINE_S + "|EE0000|00", [("bad-situation", 26), ("flowers", 1)], id="flowers-as-letters-and-00"),
    pytest.param(NINE_S + "|EE0000|00", [("bad-situation", 25)], id="two-digit-zero-count"),
    pytest.param(NINE_S + "|EE0000|" + "0" * 150, [("bad-situation", 25)], id="huge-flower-count"),
    pytest.param(NINE_S + "|", [("bad-situation", 18)], id="bar-alone"),
    pytest.param("123456789m123p5s5s|", [("bad-situation", 20)], id="bar-alone-after-pair"),
    pytest.param("123456789mEE12p|EE0011", [("impossible-situation", 22)], id="waiting-robbing-last-wall-tile"),
    pytest.param("123456789mEE12p|EE1001", [("impossible-situation", 22)], id="waiting-replacement-without-kong"),
    pytest.param(
        "a1112345678999sx9s|EE0000|2", [("illegal-character", 16), ("flowers", 1)], id="notation-error-comes-first"
    ),
    pytest.param(NINE_S + "|EX0000", [("bad-situation", 19)], id="bad-seat-wind"),
    pytest.param(NINE_S + "|ee0000", [("bad-situation", 18)], id="lowercase-wind"),
    pytest.param(NINE_S + "|EE2000", [("bad-situation", 20)], id="flag-not-0-or-1"),
    pytest.param(NINE_S + "|EE00", [("bad-situation", 22)], id="too-few-flags"),
    pytest.param(NINE_S + "|EE00001", [("bad-situation", 24)], id="too-many-flags"),
    pytest.param(NINE_S + "|EE0000|x", [("bad-situation", 25)], id="bad-flowers"),
    pytest.param(NINE_S + "|EE0001", [("impossible-situation", 23)], id="robbing-kong-copy-standing"),
    pytest.param("[999s3]1112345678s9s|EE0001", [("impossible-situation", 27)], id="robbing-kong-copy-in-meld"),
    pytest.param("123456789m11p23s4s|EE0011", [("impossible-situation", 25)], id="robbing-kong-last-wall-tile"),
    pytest.param(
        "1112345678999s7s|EE0011",
        [("impossible-situation", 23), ("impossible-situation", 23)],
        id="robbing-kong-two-problems",
    ),
    pytest.param(NINE_S + "|EE1001", [("impossible-situation", 23)], id="replacement-without-kong"),
    pytest.param(NINE_S + "|EE0100", [("impossible-situation", 21)], id="last-copy-but-copy-standing"),
]


def caret_block(text: str, column: int) -> str:
    """The input line and the caret line under `column`, as `str(error)` shows them (ASCII input)."""
    return f"  {text}\n  {' ' * (column - 1)}^"


@pytest.mark.parametrize(("text", "problems"), INVALID)
def test_invalid(text, problems):
    with pytest.raises(McrError) as info:
        parse_hand(text)
    e = info.value
    code, column = problems[0]
    assert (e.code, e.column) == (code, column)
    assert [(p.code, p.column) for p in e.problems] == problems
    assert e.problems[0] is e
    assert isinstance(e, ValueError)
    if code in NOTATION_CODES:
        assert isinstance(e, NotationError)
        assert e.exit_code == 2
    else:
        assert code in HAND_CODES
        assert isinstance(e, HandError)
        assert not isinstance(e, NotationError)
        assert e.exit_code == 1
    for p in e.problems:
        assert p.text == text
        assert isinstance(p, NotationError) == (p.code in NOTATION_CODES)
        assert caret_block(text, p.column) in p.describe()
    assert str(e).startswith(f"{code}: ")
    assert caret_block(text, column) in str(e)
    assert all(p.describe() in str(e) for p in e.problems)
    json.dumps(e.to_dict())


def test_caret_under_wide_tiles():
    """🀄 is a wide character (two cells), other tiles are one cell by Unicode; U+FE0F takes none."""
    with pytest.raises(McrError) as info:
        parse_hand("🀄\ufe0f🀇x")
    assert info.value.column == 4
    assert str(info.value).splitlines()[2] == "  " + " " * 3 + "^"


@pytest.mark.parametrize("bad", [None, 123, b"1112345678999s9s"])
def test_non_text_input(bad):
    """A programming error, not bad notation: a TypeError naming the type."""
    with pytest.raises(TypeError, match=type(bad).__name__):
        parse_hand(bad)


# Properties ------------------------------------------------------------------------------------

PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(hands())
def test_round_trip(h):
    """The canonical text of any valid hand parses back to it, and is a fixed point."""
    text = format_hand(h)
    assert parse_hand(text) == h
    assert format_hand(parse_hand(text)) == text


@PROPERTY
@given(st.data())
def test_every_written_form_parses_to_the_hand(data):
    """Tile order, meld position, spaces, 1z-7z, Unicode, commas and inline flowers change nothing."""
    h = data.draw(hands())
    assert parse_hand(data.draw(written_forms(h))) == h


NAMESPACE = {name: getattr(mcr_score, name) for name in mcr_score.__all__}


@PROPERTY
@given(hands())
def test_repr_rebuilds_the_hand(h):
    assert eval(repr(h), dict(NAMESPACE)) == h


FRAGMENTS = [
    "[",
    "]",
    ",",
    "|",
    " ",
    "|EE0000",
    "|SW1001",
    "|2",
    "|9",
    "[123m",
    "1]",
    ",2]",
    "0",
    "8z",
    "🀄\ufe0f",
    "123m",
    "456p",
    "789s",
    "EE",
    "abc",
    "111m",
    "[EEEE]",
    "[1111s1]",
    "9s",
]
ALPHABET = list("0123456789mpszESWNCFPabcdefgh[],| \t") + [chr(c) for c in range(0x1F000, 0x1F02C)] + ["\ufe0f"]
TEXT = st.lists(st.one_of(st.sampled_from(ALPHABET), st.sampled_from(FRAGMENTS), st.characters()), max_size=40).map(
    "".join
)


@st.composite
def mutated_hands(draw) -> str:
    """A valid hand's text with a few characters deleted, replaced or inserted: near misses."""
    h = draw(hands())
    text = list(draw(st.one_of(st.just(format_hand(h)), written_forms(h))))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(("delete", "replace", "insert")))
        if op != "insert" and i < len(text):
            del text[i]
        if op != "delete":
            text.insert(i, draw(st.sampled_from(ALPHABET + FRAGMENTS)))
    return "".join(text)


def check_outcome(text: str) -> None:
    """Either a valid `Hand` or an `McrError` with located problems; nothing else may escape."""
    try:
        h = parse_hand(text)
    except McrError as raised:
        error = raised
    else:
        assert isinstance(h, Hand)
        assert check_hand(h) == []
        assert parse_hand(format_hand(h)) == h
        return
    assert error.problems
    assert error.problems[0] is error
    for p in error.problems:
        assert isinstance(p.code, str)
        assert p.code in NOTATION_CODES | HAND_CODES
        assert p.column is None or 1 <= p.column <= len(text) + 1
        assert p.exit_code == (2 if isinstance(p, NotationError) else 1)
    assert error.exit_code == max(p.exit_code for p in error.problems)
    assert text in str(error)
    json.dumps(error.to_dict())


@settings(PROPERTY, max_examples=500)
@given(TEXT)
def test_fuzz_random_text(text):
    check_outcome(text)


@settings(PROPERTY, max_examples=300)
@given(mutated_hands())
def test_fuzz_near_misses(text):
    check_outcome(text)


# The fast path for canonical text ---------------------------------------------------------------


def grammar_outcome(text: str) -> Hand | list[tuple[str, int | None, str | None, str]]:
    """What the grammar makes of `text`: the hand, or every problem with its place and message."""
    try:
        return parse_located(text)[0]
    except McrError as e:
        return [(p.code, p.column, p.where, p.message) for p in e.problems]


def parse_outcome(text: str) -> Hand | list[tuple[str, int | None, str | None, str]]:
    try:
        return parse_hand(text)
    except McrError as e:
        return [(p.code, p.column, p.where, p.message) for p in e.problems]


def assert_fast_path_agrees(text: str) -> None:
    """`read_canonical` gives nothing or exactly the grammar's hand (an impossible one only where
    the grammar refuses it too: `parse_hand` then asks the grammar, which locates the problems),
    and `parse_hand` gives exactly what the grammar gives."""
    grammar = grammar_outcome(text)
    fast = read_canonical(text)
    if fast is not None:
        if isinstance(grammar, Hand):
            assert fast == grammar
        else:
            assert check_hand(fast), text
    assert parse_outcome(text) == grammar


@settings(PROPERTY, max_examples=400)
@given(st.data())
def test_fast_path_gives_the_grammars_hand_or_defers(data):
    """For any spelling of a hand (canonical, without the suffix, respelled, mutated, random),
    `read_canonical` returns nothing or exactly the grammar's hand (an impossible one only where
    the grammar's checks refuse it too), and `parse_hand` gives exactly what the grammar gives."""
    h = data.draw(hands())
    canonical = format_hand(h)
    text = data.draw(
        st.one_of(
            st.just(canonical), st.just(canonical.removesuffix("|EE0000")), written_forms(h), mutated_hands(), TEXT
        )
    )
    assert_fast_path_agrees(text)


@PROPERTY
@given(hands())
def test_fast_path_reads_every_canonical_text(h):
    """It really is taken: every canonical text, with or without the default suffix."""
    text = format_hand(h)
    assert read_canonical(text) == h
    if text.endswith("|EE0000"):
        assert read_canonical(text.removesuffix("|EE0000")) == h


# Only the characters of canonical text: an edit of it mostly stays within what the fast path reads.
CANONICAL_ALPHABET = list("0123456789mpsESWNCFPabch[]|")


@st.composite
def near_canonical(draw) -> str:
    """A canonical text (with or without the default suffix) with one or two characters deleted,
    replaced, inserted or swapped with the next: texts the fast path parses far before it defers."""
    text = list(format_hand(draw(hands())).removesuffix(draw(st.sampled_from(("", "|EE0000")))))
    for _ in range(draw(st.integers(1, 2))):
        i = draw(st.integers(0, max(len(text) - 2, 0)))
        op = draw(st.sampled_from(("delete", "replace", "insert", "swap")))
        if op == "swap":
            text[i : i + 2] = text[i : i + 2][::-1]
            continue
        if op != "insert" and text:
            del text[i]
        if op != "delete":
            text.insert(i, draw(st.sampled_from(CANONICAL_ALPHABET)))
    return "".join(text)


@settings(PROPERTY, max_examples=600)
@given(near_canonical())
def test_fast_path_agrees_with_the_grammar_near_canonical_text(text):
    """One or two edits away from canonical text, `read_canonical` still gives the grammar's hand
    (or an impossible hand the grammar refuses too) or defers, and `parse_hand` is the grammar."""
    assert_fast_path_agrees(text)


@pytest.mark.parametrize(
    "text",
    [
        "111122223mCCCE",
        "111122223mECCC",
        "CCC111122223mE",
        "CCC111122223m",
        "1111112345678m9m",
        "[1111m][123m]1234m5m",
        "[124m]123m456p789sEE",
        "[123m5]123m456p789sEE",
        "[EEEE4]123m456p789sE",
        "1112345678999s9s|EE0000|0",
    ],
)
def test_fast_path_cases(text):
    """Waiting hands written out of tile order (the grammar sorts them), impossible hands, bad melds."""
    fast = read_canonical(text)
    assert fast is None or fast == grammar_outcome(text) or check_hand(fast)
    assert parse_outcome(text) == grammar_outcome(text)


@pytest.mark.parametrize(
    "text",
    ["a" * 100_000 + NINE_S, NINE_S + "|EE0000|" + "b" * 100_000, "🀢" * 100_000, NINE_S + "|EE0000|" + "0" * 5000],
    ids=["flower-letters-before", "flower-letters-after", "unicode-flowers", "huge-count"],
)
def test_text_longer_than_any_hand_is_refused_unread(text):
    """Issue 12: these took 20 s (quadratic) or crashed on Python's int-digit limit."""
    from mcr_score.errors import OversizedNotationError
    from mcr_score.notation import MAX_NOTATION

    with pytest.raises(OversizedNotationError) as info:
        parse_hand(text)
    assert info.value.code == "oversized"
    assert info.value.exit_code == 2
    assert f"at most {MAX_NOTATION}" in str(info.value)
    parse_hand(NINE_S + " " * (MAX_NOTATION - len(NINE_S)))  # the limit itself is read


def test_garbage_stops_after_a_bounded_number_of_problems():
    """Error recovery reads on only while the text can still be a hand (MAX_PROBLEMS)."""
    from mcr_score.notation import MAX_NOTATION, MAX_PROBLEMS

    with pytest.raises(NotationError) as info:
        parse_hand("x" * MAX_NOTATION)
    assert MAX_PROBLEMS <= len(info.value.problems) <= MAX_PROBLEMS + 1
    assert all(p.code == "illegal-character" for p in info.value.problems)


def test_a_hand_without_winning_tile_must_have_thirteen_tiles():
    codes = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5s", "5s"]
    hand = Hand((), tuple(Tile(c) for c in codes), None)
    assert [p.code for p in check_hand(hand)] == ["tile-count"]
