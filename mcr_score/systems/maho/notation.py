"""Maho!'s card notation read: `grammar/maho.lark` is its one definition; this module turns a text
into a `MahoHand` of a deck and a mode, every problem reported at once with its column.

`[123a][555b][7a7b7c][3a4b5c]9c9c`: the series laid in brackets, the cards still in hand outside
(the final pair, or more cards to split into series). What the text can be checked for without the
switches is checked here (the cards are in the deck, no more copies than it has, the hand's size,
no joker); whether each laid group is a series under the switches is the scorer's verdict.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from mcr_score import errors
from mcr_score.messages import Message, count, msg
from mcr_score.notation import MAX_PROBLEMS, check_text
from mcr_score.systems.maho.cards import Card, Deck
from mcr_score.systems.maho.modes import MODES, Mode
from mcr_score.systems.maho.series import SIZE

GRAMMAR_NAME = "maho.lark"


class MissingFamilyError(errors.NotationError):
    """Numbers written with no family letter after them."""

    code = "missing-family"


class UnclosedSeriesError(errors.NotationError):
    """A `[` with no `]`, or a series opened inside another."""

    code = "unclosed-series"


class CardNotInDeckError(errors.HandError):
    """A family or a number the deck has not (in Basic mode, a silver card)."""

    code = "card-not-in-deck"


class JokerError(errors.HandError):
    """A joker, whose rule the seed does not give (switch `jokers`)."""

    code = "joker-refused"


class CardCountError(errors.HandError):
    """A hand of neither the winning size of its mode nor one card short of it."""

    code = "card-count"


class TooManySeriesError(errors.HandError):
    """More series laid than the mode lays before the pair."""

    code = "too-many-series"


@dataclass(frozen=True, slots=True)
class MahoHand:
    """A hand as written: each laid group (the cards in brackets, in the deck's order), the cards
    still in hand (in the deck's order), the deck and the mode it is read for."""

    laid: tuple[tuple[Card, ...], ...]
    cards: tuple[Card, ...]
    deck: Deck
    mode: Mode

    @property
    def need(self) -> int:
        """The series the mode lays before the pair."""
        return MODES[self.mode].series

    @property
    def waiting(self) -> bool:
        """One card short of the pair: « il est alors en position d'attente »."""
        return sum(map(len, self.laid)) + len(self.cards) == SIZE * self.need + 1


def format_cards(cards: tuple[Card, ...]) -> str:
    """Cards in the notation, the numbers before one family letter sharing it: `123a`, `7a7b7c`."""
    out: list[str] = []
    for i, card in enumerate(cards):
        out.append(str(card.rank))
        if i + 1 == len(cards) or cards[i + 1].family != card.family:
            out.append(card.family)
    return "".join(out)


def format_hand(hand: MahoHand) -> str:
    """The canonical text: the laid series as written, in brackets, then the cards in hand."""
    return "".join(f"[{format_cards(g)}]" for g in hand.laid) + format_cards(hand.cards)


@functools.cache
def _parser() -> Lark:
    from mcr_score.notation.parser import grammar_path  # the one place the grammars are found

    return Lark(grammar_path(GRAMMAR_NAME).read_text(encoding="utf-8"), parser="lalr", cache=True)


def read_hand(text: str, deck: Deck, mode: Mode) -> MahoHand:
    """The hand `text` writes, of `deck` in `mode`; raise every problem, each with its column."""
    check_text(text)
    reader = _Reader(text, deck, mode)
    tree = reader.parse()
    if tree is not None:
        reader.walk(tree)
    errors.raise_all(reader.problems)
    reader.check_hand()
    errors.raise_all(reader.problems)
    laid = tuple(tuple(sorted((c for c, _ in g), key=deck.order)) for g, _ in reader.laid)
    cards = tuple(sorted((c for c, _ in reader.loose), key=deck.order))
    return MahoHand(laid, cards, deck, mode)


_Placed = tuple[Card, int]  # a card and its column


class _Reader:
    """One text read: the problems found, the laid groups (each with the column of its `[`) and
    the cards in hand, each card with its column."""

    def __init__(self, text: str, deck: Deck, mode: Mode) -> None:
        self.text = text
        self.deck = deck
        self.mode = mode
        self.problems: list[errors.McrError] = []
        self.laid: list[tuple[list[_Placed], int]] = []
        self.loose: list[_Placed] = []

    def problem(self, cls: type[errors.McrError], message: Message, column: int) -> None:
        self.problems.append(cls(message, text=self.text, column=column))

    def letters(self) -> str:
        """The deck's family letters, for messages."""
        silver = msg("maho.deck.silver-letter", letter=self.deck.silver) if self.deck.silver else ""
        return ", ".join(self.deck.families) + (f", {silver}" if silver else "")

    def parse(self) -> Tree[Token] | None:
        """The parse tree (None when the text cannot be read to its end); syntax problems recorded."""

        seen: list[UnexpectedInput] = []  # what `recover` was shown

        def recover(e: UnexpectedInput) -> bool:
            seen.append(e)
            stop = self.syntax_problem(e)
            return not stop and len(self.problems) < MAX_PROBLEMS

        try:
            return _parser().parse(self.text, on_error=recover)
        except UnexpectedInput as e:
            given_up = any(e is s for s in seen)  # Lark raises what `recover` gave up on, recorded there
            assert given_up
            return None

    def syntax_problem(self, e: UnexpectedInput) -> bool:
        """Record the problem of a character or token the grammar cannot take; whether to stop."""
        pos = _position(self.text, e)
        if isinstance(e, UnexpectedCharacters):
            char = repr(self.text[pos])
            self.problem(
                errors.IllegalCharacterError, msg("maho.error.character", char=char, families=self.letters()), pos + 1
            )
            return False
        assert isinstance(e, UnexpectedToken)
        token = e.token
        if token.type == "$END":
            pos = len(self.text)  # Lark places the end at the last token
        opened = self.text.rfind("[", 0, pos)
        inside = opened > self.text.rfind("]", 0, pos)
        # The grammar takes numbers and a joker anywhere and any text may end outside a series:
        # what it cannot take is the end or a [ inside a series, a ] outside one, a lone letter.
        if token.type in ("$END", "OPEN"):
            assert inside
            key = "maho.error.unclosed" if token.type == "$END" else "maho.error.nested"
            self.problem(UnclosedSeriesError, msg(key), opened + 1)
            return True
        if token.type == "CLOSE":
            self.problem(errors.SyntaxProblemError, msg("maho.error.stray-close"), pos + 1)
            return False
        assert token.type == "FAMILY"
        self.problem(errors.SyntaxProblemError, msg("maho.error.lone-family", letter=repr(token.value)), pos + 1)
        return False

    def walk(self, tree: Tree[Token]) -> None:
        for item in tree.children:
            assert isinstance(item, Tree)
            if item.data == "series":
                opening = item.children[0]
                assert isinstance(opening, Token)
                group: list[_Placed] = []
                for child in item.children[1:-1]:
                    assert isinstance(child, Tree)
                    group.extend(self.group(child))
                self.laid.append((group, _column(opening)))
            else:
                self.loose.extend(self.group(item))

    def group(self, tree: Tree[Token]) -> list[_Placed]:
        """The cards of `123a`, `J` or bare numbers, each checked against the deck and the mode."""
        tokens = [t for t in tree.children if isinstance(t, Token)]
        if tree.data == "joker":
            self.problem(JokerError, msg("maho.error.joker"), _column(tokens[0]))
            return []
        numbers = tokens[0]
        if tree.data == "bare_numbers":
            self.problem(MissingFamilyError, msg("maho.error.no-family", digits=repr(numbers.value)), _column(numbers))
            return []
        family = tokens[1]
        letter = family.value
        if letter != self.deck.silver and letter not in self.deck.families:
            message = msg("maho.error.family", letter=repr(letter), families=self.letters())
            self.problem(CardNotInDeckError, message, _column(family))
            return []
        if letter == self.deck.silver and not MODES[self.mode].silver:
            self.problem(CardNotInDeckError, msg("maho.error.no-silver", letter=letter), _column(family))
            return []
        out: list[_Placed] = []
        for offset, digit in enumerate(numbers.value):
            rank = int(digit)
            column = _column(numbers) + offset
            if not 1 <= rank <= self.deck.ranks:
                self.problem(CardNotInDeckError, msg("maho.error.rank", rank=rank, ranks=self.deck.ranks), column)
                continue
            out.append((Card(rank, letter), column))
        return out

    def check_hand(self) -> None:
        """The hand's size in its mode, the series laid, the copies of each card the deck has."""
        need = MODES[self.mode].series
        for _, column in self.laid[need:]:
            self.problem(TooManySeriesError, msg("maho.error.too-many-series", n=len(self.laid), need=need), column)
        placed = [p for g, _ in self.laid for p in g] + self.loose
        if len(placed) not in (SIZE * need + 1, SIZE * need + 2):
            message = msg(
                "maho.error.card-count",
                n=count("n.card", len(placed)),
                win=SIZE * need + 2,
                need=need,
                mode=str(self.mode),
            )
            self.problem(CardCountError, message, len(self.text.rstrip(" \t")) + 1)
        if self.deck.copies is not None:
            seen: Counter[Card] = Counter()
            for card, column in sorted(placed, key=lambda p: p[1]):
                seen[card] += 1
                if seen[card] == self.deck.copies + 1:
                    message = msg("maho.error.copies", card=str(card), copies=self.deck.copies)
                    self.problem(errors.TooManyCopiesError, message, column)


def _column(token: Token) -> int:
    assert token.start_pos is not None  # the lexer always sets it
    return token.start_pos + 1


def _position(text: str, e: UnexpectedInput) -> int:
    return e.pos_in_stream if e.pos_in_stream is not None else len(text)
