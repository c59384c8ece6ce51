"""A card the user supplies (docs/rulesets.md §3.4): a TOML file of card lines, each a pattern read
by `grammar/nmjl-card.lark`, expanded at load into every concrete hand it allows.

The League's card is a yearly, sold publication: the project ships none of it, only a sample made of
the seed's three example patterns (`examples/nmjl/sample-card.toml`). A card is checked whole: every
problem at once, each with its line in the file (and its column in a pattern), never a traceback.

Reading a line (seed 002, « LIRE LA CARTE »):
- colours are suits, any suit per colour, distinct colours distinct suits: suit letters `a b c`;
- « 444 555 6666 777 ... (N'importe quelles 2 couleurs, 4 numéros consécutifs.) »: `numbers = "shift"`
  lets every number move by the same amount, staying in 1-9; otherwise they are fixed;
- X « appelante, ou ouverte », C « une main fermée »: `exposed = true` (or "X"), false (or "C").
"""

from __future__ import annotations

import itertools
import math
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters

from mcr_score import decoding, files
from mcr_score.errors import McrError
from mcr_score.messages import Message, count, msg
from mcr_score.systems.nmjl import grammars
from mcr_score.systems.nmjl.notation import HAND_TILES
from mcr_score.systems.nmjl.tiles import COPIES, INDEX, JOKERS, KINDS, MATCHING_DRAGON, NAMES, SUITS, suited, write

CARD_KEYS = ("name", "values", "hand")
HAND_KEYS = ("id", "section", "pattern", "patterns", "numbers", "exposed", "value")
MAX_LINES = 500  # a card prints some 60 lines; more is not a card
MAX_GROUP = 5  # a quint: « Un « quint » est un quintuple »
# What a card holds, bounded before anything is expanded (docs/rule-systems.md, "the card"). One
# pattern expands to at most 6 assignments of its suit letters × 9 shifts = 54 hands; the 2025 card
# (55 lines, 71 patterns, 1,002 hands as thetrev68/american-mahjong-assistant expands it) prints at
# most two patterns to a line, and its largest line, FF 123 DD DDD DDDD (any three consecutive
# numbers in one suit, any three dragons), is 126 hands: three of our patterns of 42.
MAX_ALTERNATIVES = 6  # patterns of one line: the orders of three suits or dragons, three times the card's most
MAX_LINE_HANDS = 2 * 126  # hands of one line: twice the card's largest
MAX_PATTERNS = 500  # patterns of a card, the alternatives counted: the 2025 card prints 71
MAX_CARD_HANDS = 10_000  # hands of a card: ten times the 2025 card's 1,002
_DIGITS = "123456789"
_SUITED_SYMBOLS = frozenset(_DIGITS + "D")  # the symbols that take the group's suit
_MARKS = {"X": True, "C": False}  # as the card prints them beside the value
_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*(?:hand|\"hand\"|'hand')[ \t]*\]\]")
_KEY = re.compile(r"^[ \t]*(?:\"([^\"]*)\"|'([^']*)'|([A-Za-z0-9_-]+))[ \t]*=")


# The card file's format, as `rules --system nmjl` shows it (docs/rulesets.md §3.4).
# The card file's keys and the pattern's symbols, each with the id of what it means in the catalogues.
CARD_FORMAT: tuple[tuple[str, str], ...] = (
    ("name", "nmjl.format.card.name"),
    ("values", "nmjl.format.card.values"),
    ("[[hand]]", "nmjl.format.card.hand"),
    ("id", "nmjl.format.card.id"),
    ("section", "nmjl.format.card.section"),
    ("pattern", "nmjl.format.card.pattern"),
    ("numbers", "nmjl.format.card.numbers"),
    ("exposed", "nmjl.format.card.exposed"),
    ("value", "nmjl.format.card.value"),
)
PATTERN_FORMAT: tuple[tuple[str, str], ...] = (
    ("1-9", "nmjl.format.pattern.numbers"),
    ("0", "nmjl.format.pattern.zero"),
    ("F", "nmjl.format.pattern.flower"),
    ("N E W S", "nmjl.format.pattern.winds"),
    ("D", "nmjl.format.pattern.dragon"),
    ("R G", "nmjl.format.pattern.red-green"),
    ("a b c", "nmjl.format.pattern.suits"),
    ("x = + -", "nmjl.format.pattern.decoration"),
    ("groups", "nmjl.format.pattern.groups"),
)


class CardError(McrError):
    """A card file that cannot be used: every problem, each naming the file and its line (in the
    message, and as `file` and `line` in the JSON)."""

    code = "bad-card"
    file: str | None = None
    line: int | None = None

    def _own_dict(self) -> dict[str, Any]:
        return {**super()._own_dict(), "file": self.file, "line": self.line}


class CardRequiredError(McrError):
    """A hand of a system whose hands are card lines, scored without the card: a usage error."""

    code = "card-required"
    exit_code = 2


class Numbers(StrEnum):
    """Whether a line's numbers are the ones printed, or any shifted alike."""

    FIXED = "fixed"
    SHIFT = "shift"


@dataclass(frozen=True, slots=True)
class Group:
    """A group of a pattern as written: its symbols, its suit letter, its column in the pattern."""

    symbols: str
    letter: str | None
    column: int

    @property
    def identical(self) -> bool:
        """A pair, pung, kong or quint (« Un pung est un brelan, un kong est un carré »); else singles."""
        return len(set(self.symbols)) == 1

    @property
    def jokers(self) -> bool:
        """Jokers may stand in it: « Un joker peut être utilisé ... pour remplir n'importe quel
        pung, kong ou quint ... UN JOKER NE PEUT JAMAIS ÊTRE UTILISÉ POUR COMPLÉTER UNE PAIRE »."""
        return self.identical and len(self.symbols) >= 3

    def __str__(self) -> str:
        return self.symbols + (self.letter or "")


@dataclass(frozen=True, slots=True)
class Expansion:
    """One concrete hand a pattern allows: the suit of each letter, the shift, and each group's
    tiles; with the counts the matcher reads (rulesets.md §3.4): `need` the tiles of each kind,
    `strict` those in pairs and singles (no joker there), `melds` the (kind, size) of each group
    jokers may fill."""

    suits: tuple[tuple[str, str], ...]  # letter -> suit
    shift: int
    groups: tuple[tuple[tuple[int, ...], bool], ...]  # each group's kinds, and whether jokers may fill it
    need: tuple[int, ...]
    strict: tuple[int, ...]
    melds: tuple[tuple[int, int], ...]

    def impossible(self) -> Message | None:
        """Why no hand of 152 tiles can be this one, or None: a kind beyond its copies in pairs and
        singles, or more excess than the 8 jokers can fill."""
        for kind in range(KINDS):
            if self.strict[kind] > COPIES[kind]:
                return msg("nmjl.card.strict", tile=NAMES[kind], n=self.strict[kind], most=COPIES[kind])
        excess = sum(max(0, n - most) for n, most in zip(self.need, COPIES, strict=True))
        if excess > JOKERS:
            return msg("nmjl.card.excess", n=count("n.tile", excess), most=JOKERS)
        return None

    def written(self) -> str:
        """The expansion as the nmjl notation writes its tiles, a group at a time."""
        return " ".join(write(kinds) for kinds, _ in self.groups)


@dataclass(frozen=True, slots=True)
class Pattern:
    """A pattern as written, its groups (decoration left out) and the hands it allows."""

    text: str
    groups: tuple[Group, ...]
    expansions: tuple[Expansion, ...] = ()
    impossible: int = 0  # expansions no set of tiles can make (left out of `expansions`)

    @property
    def tiles(self) -> int:
        return sum(len(g.symbols) for g in self.groups)

    @property
    def jokers(self) -> bool:
        """Whether a joker can stand anywhere in it (Singles and Pairs hands cannot hold one)."""
        return any(g.jokers for g in self.groups)


@dataclass(frozen=True, slots=True)
class Line:
    """A line of the card: one hand, possibly printed as alternatives (`patterns`)."""

    id: str
    section: str
    patterns: tuple[Pattern, ...]
    numbers: Numbers
    exposed: bool  # X: may call and expose; C: concealed
    value: int
    at: int | None  # its [[hand]] line in the file

    @property
    def jokers(self) -> bool:
        """Whether a joker can stand anywhere in the line (not in a line of pairs and singles)."""
        return any(p.jokers for p in self.patterns)


@dataclass(frozen=True, slots=True)
class Card:
    path: str
    name: str
    values: str | None  # what the card says of its values ("illustrative")
    lines: tuple[Line, ...]


# ---- reading ------------------------------------------------------------------------------------


class _Places:
    """The line of each [[hand]] header and of each key under it, found in the source (tomllib
    gives no positions). When the headers found are not as many as the hands (an inline array of
    tables), a hand is named by its number instead."""

    def __init__(self, source: str, hands: int) -> None:
        lines = source.splitlines()
        self.headers = [n for n, line in enumerate(lines, 1) if _HEADER.match(line)]
        self.keys: list[dict[str, int]] = []
        if len(self.headers) != hands:
            self.headers = []
            return
        ends = [*self.headers[1:], len(lines) + 1]
        for start, end in zip(self.headers, ends, strict=True):
            found: dict[str, int] = {}
            for n in range(start + 1, end):
                m = _KEY.match(lines[n - 1])
                if m:
                    found.setdefault(next(g for g in m.groups() if g is not None), n)
            self.keys.append(found)

    def of(self, hand: int, key: str | None = None) -> int | None:
        if not self.headers:
            return None
        return self.keys[hand].get(key, self.headers[hand]) if key else self.headers[hand]


class _Reader:
    """Collects every problem of a card, each located."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.problems: list[McrError] = []
        self.places: list[tuple[int, int]] = []  # each problem's line (0: the card's own) and column
        self.patterns = 0  # patterns read so far, and the hands they allow at most (`hands`)
        self.hands = 0
        self.full = False  # past a bound of the card: what follows is not read (the card is refused)

    def add(
        self,
        message: Message,
        line: int | None = None,
        hand: str | None = None,
        text: str | None = None,
        column: int | None = None,
    ) -> None:
        place = self.path if line is None else f"{self.path}:{line}"
        if hand is not None:
            message = msg("nmjl.card.in-hand", hand=hand, problem=message)
        error = CardError(msg("nmjl.card.at", place=place, problem=message), text=text, column=column)
        error.file, error.line = self.path, line
        self.problems.append(error)
        self.places.append((line or 0, column or 0))

    def found(self) -> list[McrError]:
        """The problems in the order of their lines in the file (the card's own first), then of
        their columns in a pattern."""
        return [p for _, p in sorted(zip(self.places, self.problems, strict=True), key=lambda pp: pp[0])]


def read_card(path: str | os.PathLike[str]) -> tuple[Card | None, list[McrError]]:
    """The card of a file and every problem of it (the card is None when there is any)."""
    where = files.user_path(path, "a card's path")
    reader = _Reader(files.shown_name(where))
    try:
        source = files.read_text(path)
        data = decoding.loads_toml(source)
    except McrError as e:  # files' and decoding's own messages, the file named here
        reader.add(e.msg)
        return None, reader.found()
    for key in data:
        if key not in CARD_KEYS:
            reader.add(msg("nmjl.card.unknown-key", key=key, keys=", ".join(CARD_KEYS)))
    name = data.get("name", "")
    values = data.get("values")
    for key, value in (("name", name), ("values", values)):
        if value is not None and not isinstance(value, str):
            reader.add(msg("nmjl.card.text", key=key, value=decoding.shown(value)))
    hands = data.get("hand")
    if not isinstance(hands, list) or not hands or not all(isinstance(h, dict) for h in hands):
        reader.add(msg("nmjl.card.no-hands"))
        return None, reader.found()
    if len(hands) > MAX_LINES:
        reader.add(msg("nmjl.card.too-many", n=len(hands), most=MAX_LINES))
        return None, reader.found()
    places = _Places(source, len(hands))
    lines = [_line(reader, places, i, h) for i, h in enumerate(hands)]
    ids: dict[str, int] = {}
    for i, h in enumerate(hands):
        ident = h.get("id")
        if not isinstance(ident, str):
            continue
        if ident in ids:
            at = places.of(ids[ident])
            first = msg("nmjl.card.line", n=at) if at is not None else msg("nmjl.card.hand-number", n=ids[ident] + 1)
            reader.add(msg("nmjl.card.duplicate", first=first), places.of(i, "id"), ident)
        ids.setdefault(ident, i)
    if reader.problems:
        return None, reader.found()
    kept = tuple(line for line in lines if line is not None)
    return Card(where, name if isinstance(name, str) else "", values if isinstance(values, str) else None, kept), []


def load_card(path: str | os.PathLike[str]) -> Card:
    """The card of a file, or a `CardError` carrying every problem."""
    card, problems = read_card(path)
    if problems:
        first = problems[0]
        first.problems = tuple(problems)
        raise first
    assert card is not None
    return card


def _line(reader: _Reader, places: _Places, i: int, data: Mapping[str, Any]) -> Line | None:
    """One [[hand]]: its fields checked, its patterns read and expanded; None after a problem."""
    before = len(reader.problems)
    raw_id = data.get("id")
    ident = raw_id if isinstance(raw_id, str) and raw_id.strip() else None
    label = ident if ident is not None else msg("nmjl.card.hand-number", n=i + 1).text()

    def add(message: Message, key: str | None = None) -> None:
        reader.add(message, places.of(i, key), label)

    def bad(key: str, message_id: str) -> None:
        """A key missing, or its value refused by the message `message_id`."""
        add(msg(message_id, value=decoding.shown(data[key])) if key in data else msg("nmjl.card.missing", key=key), key)

    for key in data:
        if key not in HAND_KEYS:
            add(msg("nmjl.card.unknown-key", key=key, keys=", ".join(HAND_KEYS)), key)
    if ident is None:
        bad("id", "nmjl.card.id")
    section = data.get("section", "")
    if not isinstance(section, str):
        add(msg("nmjl.card.text", key="section", value=decoding.shown(section)), "section")
    numbers = data.get("numbers", Numbers.FIXED)
    if numbers not in tuple(Numbers):
        add(msg("nmjl.card.numbers", value=decoding.shown(numbers)), "numbers")
    raw = data.get("exposed")
    exposed = raw if isinstance(raw, bool) else _MARKS.get(raw) if isinstance(raw, str) else None
    if exposed is None:
        bad("exposed", "nmjl.card.exposed")
    value = data.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        bad("value", "nmjl.card.value")
    texts = _pattern_texts(data, add)
    key = "patterns" if "patterns" in data else "pattern"
    patterns = []
    if texts and not reader.full and reader.patterns + len(texts) > MAX_PATTERNS:
        add(msg("nmjl.card.patterns-max", most=MAX_PATTERNS), key)
        reader.full = True
    reader.patterns += len(texts)
    hands = 0  # the most hands the line's patterns allow, counted before any is expanded
    for text in texts if not reader.full else ():
        found = len(reader.problems)
        pattern = _pattern(reader, places.of(i, key), label, text)
        if pattern is None:
            continue
        shifts = _shifts(pattern, numbers == Numbers.SHIFT)
        most = _most(pattern, shifts)
        hands += most
        if hands > MAX_LINE_HANDS:
            add(msg("nmjl.card.line-hands", most=MAX_LINE_HANDS), key)
            break
        if reader.hands + most > MAX_CARD_HANDS:
            add(msg("nmjl.card.hands-max", most=MAX_CARD_HANDS), key)
            reader.full = True
            break
        reader.hands += most
        at = places.of(i, "numbers" if "numbers" in data else None)
        whole = len(reader.problems) == found  # not 14 tiles, a group too large: no hand of it to make
        patterns.append(_expanded(reader, at, label, pattern, numbers, shifts, whole))
    if len(reader.problems) > before:
        return None
    assert ident is not None
    assert isinstance(value, int)
    assert exposed is not None
    return Line(ident, str(section), tuple(patterns), Numbers(numbers), exposed, value, places.of(i))


def _pattern_texts(data: Mapping[str, Any], add: Any) -> list[str]:
    """The pattern, or the alternatives (`patterns = [...]`): exactly one of the two keys."""
    if ("pattern" in data) == ("patterns" in data):
        add(msg("nmjl.card.pattern-keys"), "patterns" if "patterns" in data else None)
        return []
    if "pattern" in data:
        if not isinstance(data["pattern"], str):
            add(msg("nmjl.card.pattern-text", value=decoding.shown(data["pattern"])), "pattern")
            return []
        return [data["pattern"]]
    alternatives = data["patterns"]
    if isinstance(alternatives, list) and len(alternatives) > MAX_ALTERNATIVES:  # refused unread
        add(msg("nmjl.card.alternatives", n=len(alternatives), most=MAX_ALTERNATIVES), "patterns")
        return []
    if not isinstance(alternatives, list) or not alternatives or not all(isinstance(p, str) for p in alternatives):
        add(msg("nmjl.card.patterns", value=decoding.shown(alternatives)), "patterns")
        return []
    return list(alternatives)


def _pattern(reader: _Reader, line: int | None, label: str, text: str) -> Pattern | None:
    """A pattern read by its grammar: every problem with its column in the pattern; None when its
    groups cannot be expanded (a syntax error, a suit letter missing or misplaced)."""
    before = len(reader.problems)

    def add(message: Message, column: int | None = None) -> None:
        reader.add(message, line, label, text, column)

    if len(text) > 200:
        add(msg("nmjl.card.pattern-long", n=len(text), most=200))
        return None
    tree, unexpected = grammars.parse(grammars.CARD, text)
    for e in unexpected:
        column = grammars.column(e, text)
        if isinstance(e, UnexpectedCharacters):
            add(msg("nmjl.pattern.character", char=repr(text[column - 1])), column)
        else:
            add(msg("nmjl.pattern.letter-alone"), column)
    if tree is None:
        return None
    groups: list[Group] = []
    for node in tree.children:
        assert isinstance(node, Tree)
        tokens = [t for t in node.children if isinstance(t, Token)]
        if tokens[0].type == "DECO":
            continue
        symbols = tokens[0].value
        assert tokens[0].start_pos is not None
        group = Group(symbols, tokens[1].value if len(tokens) > 1 else None, tokens[0].start_pos + 1)
        takes_suit = bool(_SUITED_SYMBOLS & set(symbols))
        if takes_suit and group.letter is None:
            add(msg("nmjl.pattern.needs-letter", group=symbols), group.column)
        elif group.letter is not None and not takes_suit:
            add(msg("nmjl.pattern.no-letter", group=str(group)), group.column + len(symbols))
        groups.append(group)
    if len(reader.problems) > before:
        return None  # a group without its suit, or with one it cannot take: no hand can be made of it
    for group in groups:
        if group.identical and len(group.symbols) > MAX_GROUP:
            add(msg("nmjl.pattern.group-size", group=str(group), n=len(group.symbols), most=MAX_GROUP), group.column)
    pattern = Pattern(text, tuple(groups))
    if pattern.tiles != HAND_TILES:
        add(msg("nmjl.pattern.tiles", n=count("n.tile", pattern.tiles), size=HAND_TILES))
    return pattern


def _expanded(
    reader: _Reader,
    line: int | None,
    label: str,
    pattern: Pattern,
    numbers: object,
    shifts: list[int],
    whole: bool = True,
) -> Pattern:
    """The pattern with its expansions (`shifts`: its `_shifts`); a problem when it allows no other
    numbers under `shift`, or when no expansion can be made of the 152 tiles. A pattern that is not
    `whole` (a problem of its own: not 14 tiles) is not expanded: no hand is made of it, and the card
    scores nothing (500 patterns of 40 groups each cost `card check` 2 s expanded)."""
    if numbers == Numbers.SHIFT and shifts == [0]:
        reader.add(msg("nmjl.pattern.no-shift"), line, label, pattern.text)
    if not whole:
        return pattern
    made = expand(pattern, shifts)
    possible = tuple(x for x in made if x.impossible() is None)
    if made and not possible:
        why = made[0].impossible()
        assert why is not None
        reader.add(msg("nmjl.pattern.impossible", why=why), line, label, pattern.text)
    return Pattern(pattern.text, pattern.groups, possible, len(made) - len(possible))


def _most(pattern: Pattern, shifts: Sequence[int]) -> int:
    """The most hands `expand` can make of the pattern, counted without making them: each
    assignment of its letters to distinct suits times each shift (before the repeats are dropped)."""
    letters = len({g.letter for g in pattern.groups if g.letter is not None})
    return math.perm(len(SUITS), letters) * len(shifts)


def _shifts(pattern: Pattern, shift: bool) -> list[int]:
    """The amounts every number may move by: 0, or each keeping every number in 1-9 (`0` is the
    white dragon and never moves)."""
    digits = [int(s) for g in pattern.groups for s in g.symbols if s in _DIGITS]
    if not shift or not digits:
        return [0]
    return list(range(1 - min(digits), 9 - max(digits) + 1))


def expand(pattern: Pattern, shifts: Sequence[int] = (0,)) -> list[Expansion]:
    """Every concrete hand of the pattern, once each: each assignment of its letters to distinct
    suits (at most 6) times each shift (at most 9). Two that hold the same groups are one (in
    `FFFF 5555a x 5555b = 25c`, a and b may swap)."""
    letters = sorted({g.letter for g in pattern.groups if g.letter is not None})
    seen: set[tuple[tuple[tuple[int, ...], bool], ...]] = set()
    out = []
    for suits in itertools.permutations(SUITS, len(letters)):
        chosen = dict(zip(letters, suits, strict=True))
        for shift in shifts:
            groups = tuple(
                (tuple(_kind(s, chosen.get(g.letter or ""), shift) for s in g.symbols), g.jokers)
                for g in pattern.groups
            )
            key = tuple(sorted(groups))
            if key in seen:
                continue
            seen.add(key)
            out.append(_counted(tuple(chosen.items()), shift, groups))
    return out


def _kind(symbol: str, suit: str | None, shift: int) -> int:
    if symbol in _DIGITS:
        assert suit is not None
        return suited(suit, int(symbol) + shift)
    if symbol == "D":
        assert suit is not None
        return MATCHING_DRAGON[suit]
    return INDEX[symbol]  # F, winds, R, G and 0: no suit, never shifted


def _counted(
    suits: tuple[tuple[str, str], ...], shift: int, groups: tuple[tuple[tuple[int, ...], bool], ...]
) -> Expansion:
    need = [0] * KINDS
    strict = [0] * KINDS
    melds = []
    for kinds, jokers in groups:
        for kind in kinds:
            need[kind] += 1
            if not jokers:
                strict[kind] += 1
        if jokers:
            melds.append((kinds[0], len(kinds)))
    return Expansion(suits, shift, groups, tuple(need), tuple(strict), tuple(melds))
