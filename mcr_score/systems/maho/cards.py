"""Maho!'s cards and its deck: « on joue avec les 4 familles », one of them « la famille argentée »,
and jokers whose number is agreed before play (« nombre de Jokers utilisés »). The seed's card
pictures are missing, so its numbers, family names and copies per card are not known: the deck is
data, by default the placeholder of docs/rulesets.md §1.2 (families `a b c`, silver `x`, numbers
1-9, copies not checked), else a deck file the user supplies.

A deck file (TOML), every key but `families` optional:
    families = ["a", "b", "c"]   # the coloured families, one lower-case letter each
    silver = "x"                 # the silver family's letter (none if absent)
    ranks = 9                    # the numbers are 1 to ranks (3-9: a number is written with one digit)
    copies = 4                   # copies of each card; a hand holding more is refused (unchecked if absent)
    jokers = 2                   # jokers in the deck (a joker in a hand is refused all the same: rules.py)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from mcr_score import decoding, files
from mcr_score.errors import McrError, raise_all
from mcr_score.messages import Message, msg

LETTERS = "abcdefghijklmnopqrstuvwxyz"  # what the grammar's FAMILY takes
MIN_RANKS = 3  # a run is three consecutive numbers
MAX_RANKS = 9  # the notation writes a number with one digit
MAX_COPIES = 99  # a bound on the input, not a rule: no card game prints a card a hundred times
DECK_KEYS = ("families", "silver", "ranks", "copies", "jokers")


class DeckFileError(McrError):
    """A deck file that cannot be read, or whose keys or values are not a deck."""

    code = "bad-deck-file"


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card: a number and a family letter, written `5a`."""

    rank: int
    family: str

    def __str__(self) -> str:
        return f"{self.rank}{self.family}"


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards the game is played with: `source` is the deck file, None for the placeholder."""

    families: tuple[str, ...]
    silver: str | None
    ranks: int
    copies: int | None = None
    jokers: int = 0
    source: str | None = None

    def order(self, card: Card) -> tuple[int, int]:
        """Where a card sorts: by family as the deck lists them (silver last), then by number."""
        letters = (*self.families, self.silver)
        return letters.index(card.family), card.rank

    def to_dict(self) -> dict[str, Any]:
        return {
            "families": list(self.families),
            "silver": self.silver,
            "ranks": [1, self.ranks],
            "copies": self.copies,
            "jokers": self.jokers,
            "source": self.source,
        }


PLACEHOLDER = Deck(("a", "b", "c"), "x", 9)
"""rulesets.md §1.2 [DEFAULT]: three coloured families `a b c`, silver `x`, numbers 1-9, copies not checked."""


def file_where(path: str | os.PathLike[str]) -> str:
    """A user's file as messages name it (as house files are named: a NUL shown, an empty name quoted)."""
    return files.shown_name(files.user_path(path))


def read_deck(path: str | os.PathLike[str]) -> Deck:
    """A deck file, read as every user file is; every problem at once, each naming its key."""
    where = file_where(path)
    try:
        data = decoding.loads_toml(files.read_text(path))
    except McrError as e:  # the readers' own messages, the file named here
        raise DeckFileError(e.msg, where=where) from None
    problems: list[McrError] = []

    def problem(message: Message, key: str) -> None:
        problems.append(DeckFileError(message, where=f"{where}: {key}"))

    for key in data:
        if key not in DECK_KEYS:
            problem(msg("maho.deck.unknown-key", key=key, keys=", ".join(DECK_KEYS)), key)
    families = data.get("families")
    if not (
        isinstance(families, list)
        and families
        and all(isinstance(f, str) and len(f) == 1 and f in LETTERS for f in families)
        and len(set(families)) == len(families)
    ):
        problem(msg("maho.deck.families"), "families")
        families = []
    silver = data.get("silver")
    if silver is not None and not (isinstance(silver, str) and len(silver) == 1 and silver in LETTERS):
        problem(msg("maho.deck.silver"), "silver")
        silver = None
    elif silver is not None and silver in families:
        problem(msg("maho.deck.silver-family", letter=silver), "silver")
    ranks = _number(data, "ranks", MIN_RANKS, MAX_RANKS, problem, default=MAX_RANKS)
    copies = _number(data, "copies", 1, MAX_COPIES, problem, default=None)
    jokers = _number(data, "jokers", 0, MAX_COPIES, problem, default=0)
    raise_all(problems)
    assert ranks is not None  # it has a default
    assert jokers is not None
    return Deck(tuple(families), silver, ranks, copies, jokers, where)


def _number(data: dict[str, Any], key: str, low: int, high: int, problem: Any, default: int | None) -> int | None:
    """A whole number from `low` to `high` under `key`, or `default` when the key is absent."""
    if key not in data:
        return default
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        problem(msg("maho.deck.number", key=key, low=low, high=high), key)
        return default
    return value
