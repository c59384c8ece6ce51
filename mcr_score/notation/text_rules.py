"""The rules of notation text that both of its readers apply: the canonical reader (`notation`) and
the grammar's hand builder (`parser`). Both import them from here, so neither imports the other for
them (`notation` loads `parser` only for text outside the canonical form).

What is here: the limits (the longest text read, the most problems listed), the characters skipped
between and inside tokens, the meld a group of tiles makes, the situation a suffix writes, and the
slips a user makes that cost many errors and have one cause: winds in lower case, suits in upper
case, full-width characters (an input method's), the dragons or separators of other notations.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcr_score import errors
from mcr_score.hand import Situation
from mcr_score.messages import Message, msg
from mcr_score.tiles import HONORS, Tile
from mcr_score.vocabulary import Kind

MAX_PROBLEMS = 20
# What the grammar's `%ignore` skips between tokens, and its terminals of several characters
# (a run's digits, the suffix's winds and flags) between their characters, as GB-Mahjong does.
IGNORED = " \t\ufe0f"
# Winds written in lower case: `e` reads as a flower, `s`, `w`, `n` are no part of the notation.
LOWER_CASE_WINDS = "eswn"
# Suit letters in upper case after digits (`123M`): `M` and `Z` are no part of the notation, `P` and
# `S` read as the white dragon and South, so one slip gives an error at every suit.
UPPER_CASE_SUITS = "MPSZ"
DIGITS = "0123456789"
# The full-width forms of ASCII's printable characters (U+FF01-U+FF5E: `１`, `ｍ`, `［`, `｜`), as
# Chinese and Japanese input methods type them; each is its ASCII character plus this offset.
FULL_WIDTH = range(0xFF01, 0xFF5F)
FULL_WIDTH_OFFSET = 0xFEE0
# The honours' letters, which take no suit letter (`EEE`, not `EEEz`; `1z`-`7z` is the other spelling).
HONOUR_LETTERS = HONORS
# Characters of other notations, each with the hint that says how this one writes it: the dragons
# as letters (red, green; D for "dragon") and separators between tiles.
OTHER_NOTATIONS = {"R": "error.hint.dragons", "G": "error.hint.dragons", "D": "error.hint.dragons"} | dict.fromkeys(
    ",;/+", "error.hint.separator"
)
# The longest notation read (by `parse_hand`, the CLI and batch alike). A hand is at most 18 tiles:
# canonically under 60 characters, some 150 with spaces and Unicode tiles. Longer text is refused
# before it is read, so that garbage is answered at once (error recovery costs more per problem).
MAX_NOTATION = 200


def check_text(text: object) -> None:
    """A programming error (not text) is a TypeError; text too long for a hand is an `OversizedNotationError`."""
    if not isinstance(text, str):
        raise TypeError(msg("error.notation.not-text", type=type(text).__name__).text())
    if len(text) > MAX_NOTATION:
        raise errors.OversizedNotationError(msg("error.notation.too-long", n=len(text), max=MAX_NOTATION))


def meld_kind(tiles: list[Tile]) -> str | None:
    """`pung` or `kong` for three or four of one tile, `chow` for three in a row of one suit
    (ascending), None for any other group of tiles: a `Kind`'s text, as `hand.Meld` keeps it."""
    if len(tiles) in (3, 4) and len(set(tiles)) == 1:
        return Kind.PUNG.value if len(tiles) == 3 else Kind.KONG.value
    first = tiles[0] if tiles else None
    if (
        first is not None
        and len(tiles) == 3
        and not first.is_honor
        and all(t.suit == first.suit and t.rank == first.rank + i for i, t in enumerate(tiles))
    ):
        return Kind.CHOW.value
    return None


def situation_of(winds: str, flags: str, flowers: int, letters: str) -> Situation:
    """The suffix `|WWffff` (prevalent and seat wind, then the four 0/1 flags) with its flowers."""
    return Situation(
        self_drawn=flags[0] == "1",
        last_copy=flags[1] == "1",
        wall_last=flags[2] == "1",
        kong=flags[3] == "1",
        prevalent_wind=winds[0],
        seat_wind=winds[1],
        flowers=flowers,
        flower_letters=letters,
    )


@dataclass(frozen=True, slots=True)
class Slips:
    """A text's slips of case and width: the text as it was meant (`fixed`, of the same length, so
    columns stay), and the columns of its full-width characters and of its upper-case suits."""

    fixed: str
    full_width: tuple[int, ...]
    upper_case: tuple[int, ...]


def slips(text: str) -> Slips:
    """Full-width characters made ASCII, then, before the suffix's bar, a suit letter in upper case
    right after a digit made lower case. Only for text that does not read: a hint, never a fix-up."""
    chars = [chr(ord(c) - FULL_WIDTH_OFFSET) if ord(c) in FULL_WIDTH else c for c in text]
    wide = tuple(i + 1 for i, c in enumerate(text) if ord(c) in FULL_WIDTH)
    bar = chars.index("|") if "|" in chars else len(chars)
    upper = tuple(i + 1 for i in range(1, bar) if chars[i] in UPPER_CASE_SUITS and chars[i - 1] in DIGITS)
    for column in upper:
        chars[column - 1] = chars[column - 1].lower()
    return Slips("".join(chars), wide, upper)


def slip_problems(text: str, found: Slips) -> list[errors.McrError]:
    """One problem for the full-width characters and one for the upper-case suits of `text`, each
    at its first column, with the text as it reads without them."""
    out: list[errors.McrError] = []
    if found.full_width:
        at = found.full_width[0] - 1
        message = msg("error.notation.full-width", char=repr(text[at]), ascii=repr(found.fixed[at]), fixed=found.fixed)
        out.append(errors.FullWidthError(message, text=text, column=at + 1))
    if found.upper_case:
        at = found.upper_case[0] - 1
        message = msg("error.notation.upper-case-suit", char=repr(found.fixed[at].upper()), fixed=found.fixed)
        out.append(errors.UpperCaseSuitError(message, text=text, column=at + 1))
    return out


def lower_case_wind_hint(message: Message, written: str) -> Message:
    """`message`, with a hint when what was written holds only winds in lower case (`ee`, `s`)."""
    letters = [c for c in written if c not in IGNORED]
    if letters and all(c in LOWER_CASE_WINDS for c in letters):
        return msg("error.hint.lower-case-winds", message=message)
    return message
