"""An American mah-jongg hand in the nmjl dialect (`grammar/nmjl.lark`, docs/rulesets.md §6.4):
its tiles, its jokers and its exposures, and every problem of the text at once, each with its column.

A hand is data only: whether it wins is a question for a card (`match`). Its checks are those of
the tile set: 14 tiles (« Lorsque les treize tuiles correspondent à une main sur la carte, et que
... vous piochez la 14e tuile »), no more copies of a kind than exist, exposures that are a called
pung, kong or quint (« vous pouvez appeler la tuile pour compléter un pung, un kong, un quint »).
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from mcr_score import errors
from mcr_score.messages import Message, count, msg
from mcr_score.notation import check_text
from mcr_score.systems.nmjl import grammars
from mcr_score.systems.nmjl.tiles import (
    COPIES,
    DRAGONS,
    INDEX,
    JOKER,
    JOKERS,
    KINDS,
    NAMES,
    SUIT_ALIASES,
    suited,
    write,
)

HAND_TILES = 14  # « la 14e tuile »: kongs and quints draw no replacement, so a win is 14 tiles
EXPOSED = (3, 4, 5)  # a pung, kong or quint: « Une tuile ne peut pas être appelée pour former une paire »
# Characters the dialect does not have, and what the writer most likely meant.
_HINTS = {
    **dict.fromkeys("newrgfj", "nmjl.notation.hint.upper"),
    **dict.fromkeys("CPz", "nmjl.notation.hint.dragons"),
    "|": "nmjl.notation.hint.suffix",
}


@dataclass(frozen=True, slots=True)
class Exposure:
    """An exposed group: `naturals` copies of `kind` and `jokers` jokers standing for it."""

    kind: int
    naturals: int
    jokers: int

    @property
    def size(self) -> int:
        return self.naturals + self.jokers

    def __str__(self) -> str:
        return f"[{write([self.kind] * self.naturals)}{JOKER * self.jokers}]"


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand: the natural tiles not exposed (a count per kind of `tiles.NAMES`), the jokers among
    them, and the exposures."""

    concealed: tuple[int, ...]
    jokers: int = 0
    exposures: tuple[Exposure, ...] = ()

    @property
    def all_jokers(self) -> int:
        """Every joker of the hand, concealed or exposed (« Les mains sans joker rapportent le double »)."""
        return self.jokers + sum(e.jokers for e in self.exposures)

    def naturals(self) -> list[int]:
        """Every natural tile, exposed or not, as a count per kind."""
        counts = list(self.concealed)
        for e in self.exposures:
            counts[e.kind] += e.naturals
        return counts

    def __str__(self) -> str:
        """The hand as the dialect writes it, canonically: a group per kind in the order of
        `tiles.NAMES`, then the jokers, then the exposures (`5555m 2s 5s FFFF J [555pJ]`)."""
        parts = [write([kind] * n) for kind, n in enumerate(self.concealed) if n]
        if self.jokers:
            parts.append(JOKER * self.jokers)
        parts.extend(str(e) for e in self.exposures)
        return " ".join(parts)


_Placed = tuple[int | None, int]  # a kind (None: a joker) and its column


UPPER_CASE_SUITS = frozenset("MPSCDB")  # m p s and their aliases c d b, in upper case


def read(text: str) -> Hand:
    """The hand `text` writes; every problem of the notation (exit 2), then of the tiles (exit 1),
    raised together, each with its column. Suit letters in upper case after digits (`111M222P`)
    are one `upper-case-suit` problem, then the problems of the text as it reads without them, at
    the same columns (not a `missing-suit` at every group and an unknown `M`): a hint, never a fix."""
    check_text(text)
    fixed, first = _lower_case_suits(text)
    if first is not None:
        message = msg("nmjl.notation.upper-case-suit", char=repr(text[first - 1]), fixed=fixed)
        problems: list[errors.McrError] = [errors.UpperCaseSuitError(message, text=text, column=first)]
        try:
            _read(fixed)
        except errors.McrError as e:
            for p in e.problems or (e,):
                p.text = text  # the same columns in the text as written
                problems.append(p)
        errors.raise_all(problems)
    return _read(text)


def _lower_case_suits(text: str) -> tuple[str, int | None]:
    """The text with each upper-case suit letter right after a number made lower case, and the
    column of the first (None: none). After soaps alone (`000S`: three white dragons and South) a
    letter is a tile of its own."""
    chars = list(text)
    first = None
    for i in range(1, len(chars)):
        if chars[i] not in UPPER_CASE_SUITS or not chars[i - 1].isdigit():
            continue
        start = i
        while start > 0 and chars[start - 1].isdigit():
            start -= 1
        if set(chars[start:i]) != {"0"}:
            chars[i] = chars[i].lower()
            first = i + 1 if first is None else first
    return "".join(chars), first


def _read(text: str) -> Hand:
    tree, unexpected = grammars.parse(grammars.HAND, text)
    problems: list[errors.McrError] = [_syntax_problem(text, e) for e in unexpected]
    if tree is None:
        errors.raise_all(problems)
    assert tree is not None
    loose: list[_Placed] = []
    exposures: list[tuple[int, list[_Placed]]] = []
    for child in tree.children:
        if isinstance(child, Tree):  # an exposure: OPEN tiles CLOSE
            tokens = [t for t in child.children if isinstance(t, Token)]
            placed = [p for t in tokens[1:-1] for p in _tiles(t, text, problems)]
            exposures.append((_column(tokens[0]), placed))
        else:
            loose.extend(_tiles(child, text, problems))
    built = [_exposure(column, placed, text, problems) for column, placed in exposures]
    everything = loose + [p for _, placed in exposures for p in placed]
    if not problems:
        _check_tiles(everything, text, problems)
    errors.raise_all(problems)
    counts = [0] * KINDS
    for kind, _ in loose:
        if kind is not None:
            counts[kind] += 1
    jokers = sum(1 for kind, _ in loose if kind is None)
    return Hand(tuple(counts), jokers, tuple(e for e in built if e is not None))


def _column(tok: Token) -> int:
    assert tok.start_pos is not None
    return tok.start_pos + 1


def _tiles(tok: Token, text: str, problems: list[errors.McrError]) -> list[_Placed]:
    """The tiles of one token, each with its column; a malformed group is a problem."""
    start = _column(tok)
    value = tok.value
    if tok.type == "JOKER":
        return [(None, start)]
    if tok.type == "HONOR":
        return [(INDEX[value], start)]
    if tok.type == "SUIT":
        problems.append(errors.MissingSuitError(msg("nmjl.notation.stray-suit", suit=value), text=text, column=start))
        return []
    if tok.type == "BARE":
        if set(value) == {"0"}:
            return [(INDEX[DRAGONS[2]], start + i) for i in range(len(value))]
        problems.append(errors.MissingSuitError(msg("nmjl.notation.no-suit", digits=value), text=text, column=start))
        return []
    suit = SUIT_ALIASES.get(value[-1], value[-1])  # RUN: digits and a suit letter
    out: list[_Placed] = []
    for i, digit in enumerate(value[:-1]):
        if digit == "0":
            message = msg("nmjl.notation.zero-in-run", run=value)
            problems.append(errors.BadTileError(message, text=text, column=start + i))
        else:
            out.append((suited(suit, int(digit)), start + i))
    return out


def _exposure(column: int, placed: list[_Placed], text: str, problems: list[errors.McrError]) -> Exposure | None:
    """An exposure: one kind of natural tile, at least one (the called tile), jokers for the
    rest, 3 to 5 tiles in all (« Une fois que vous appelez une tuile, vous devez exposer le pung ou
    le kong »)."""
    kinds = {kind for kind, _ in placed if kind is not None}
    jokers = sum(1 for kind, _ in placed if kind is None)
    problem: Message | None = None
    if len(kinds) > 1:
        problem = msg("nmjl.exposure.mixed", tiles=" ".join(NAMES[k] for k in sorted(kinds)))
    elif not kinds:
        problem = msg("nmjl.exposure.no-natural")
    elif len(placed) not in EXPOSED:
        problem = msg("nmjl.exposure.size", n=count("n.tile", len(placed)))
    if problem is not None:
        problems.append(errors.BadMeldError(problem, text=text, column=column))
        return None
    (kind,) = kinds
    return Exposure(kind, len(placed) - jokers, jokers)


def _check_tiles(placed: list[_Placed], text: str, problems: list[errors.McrError]) -> None:
    """No kind beyond its copies (4, 8 flowers), no more than 8 jokers, 14 tiles in all."""
    seen: dict[int | None, int] = {}
    for kind, column in sorted(placed, key=lambda p: p[1]):
        seen[kind] = seen.get(kind, 0) + 1
        most = JOKERS if kind is None else COPIES[kind]
        if seen[kind] == most + 1:
            name = JOKER if kind is None else NAMES[kind]
            message = msg("nmjl.hand.copies", tile=name, most=most)
            problems.append(errors.TooManyCopiesError(message, text=text, column=column))
    if len(placed) != HAND_TILES:
        problems.append(
            errors.TileCountError(msg("nmjl.hand.size", n=count("n.tile", len(placed)), size=HAND_TILES), text=text)
        )


def _syntax_problem(text: str, e: UnexpectedInput) -> errors.McrError:
    """A character or token the grammar could not take, named as a player would."""
    column = grammars.column(e, text)
    if isinstance(e, UnexpectedCharacters):
        char = text[column - 1]
        message = msg("nmjl.notation.character", char=repr(char))
        if char in _HINTS:
            message = msg("nmjl.notation.hinted", problem=message, hint=msg(_HINTS[char]))
        return errors.IllegalCharacterError(message, text=text, column=column)
    assert isinstance(e, UnexpectedToken)
    if e.token.type == "OPEN":
        return errors.UnclosedMeldError(msg("nmjl.notation.nested"), text=text, column=column)
    if e.token.type == "$END":
        return errors.UnclosedMeldError(msg("nmjl.notation.unclosed"), text=text, column=text.rfind("[") + 1)
    return errors.UnclosedMeldError(msg("nmjl.notation.stray-close"), text=text, column=column)


__all__ = ["HAND_TILES", "Exposure", "Hand", "read"]
