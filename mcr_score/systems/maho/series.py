"""Maho!'s series: « Il n'existe que 4 types de séries possibles, toujours composées de 3 cartes (à
l'exception de la paire finale) », and « Les séries argentées sont forcément de type "Triplé pur" ».
What three cards are under a profile's switches, and every way to split the cards still in hand
into the series left to lay and the final pair. docs/rulesets.md §1.1, « Legal series »."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from mcr_score.systems.maho.cards import Card, Deck
from mcr_score.systems.maho.rules import MahoRules, Rainbow, RainbowFamilies, Wrap

SIZE = 3  # « toujours composées de 3 cartes »
PAIR = 2  # « former une paire »


class Kind(StrEnum):
    """The four kinds of series, in the seed's order."""

    PURE_RUN = "pure-run"  # « La Suite pure »
    PURE_TRIPLE = "pure-triple"  # « Le Triplé pur »
    RAINBOW_TRIPLE = "rainbow-triple"  # « Le Triplé arc-en-ciel »
    RAINBOW_RUN = "rainbow-run"  # « La Suite arc-en-ciel »


SEED_NAMES = {
    Kind.PURE_RUN: "La Suite pure",
    Kind.PURE_TRIPLE: "Le Triplé pur",
    Kind.RAINBOW_TRIPLE: "Le Triplé arc-en-ciel",
    Kind.RAINBOW_RUN: "La Suite arc-en-ciel",
}
RAINBOWS = frozenset({Kind.RAINBOW_TRIPLE, Kind.RAINBOW_RUN})


class Reason(StrEnum):
    """Why a hand does not win; the first six also say why a laid group is no series."""

    NOT_THREE = "not-three-cards"
    SILVER_NOT_PURE = "silver-not-pure"
    RAINBOW_FORBIDDEN = "rainbow-forbidden"
    TWO_FAMILIES = "two-families"
    NO_SERIES = "no-series"
    WAITING = "waiting"
    NO_PAIR = "no-pair"
    NO_SPLIT = "no-split"


@dataclass(frozen=True, slots=True)
class Series:
    """A series: its kind, its cards (in the deck's order), whether it was laid (in brackets), and
    whether it is silver (a pure triple of the silver family)."""

    kind: Kind
    cards: tuple[Card, ...]
    laid: bool
    silver: bool


@dataclass(frozen=True, slots=True)
class Split:
    """A winning hand read one way: every series, the laid ones first as written, then the final pair."""

    series: tuple[Series, ...]
    pair: tuple[Card, Card]


def kind_of(cards: Sequence[Card], deck: Deck, rules: MahoRules) -> Kind | Reason:
    """The kind of series the cards are under `rules`, or why they are none."""
    if len(cards) != SIZE:
        return Reason.NOT_THREE
    families = {c.family for c in cards}
    ranks = sorted(c.rank for c in cards)
    same = ranks[0] == ranks[-1]
    if deck.silver in families and not (same and len(families) == 1):
        return Reason.SILVER_NOT_PURE  # « Les séries argentées sont forcément de type "Triplé pur" »
    run = _consecutive(ranks, deck.ranks, rules.runs_wrap is Wrap.YES)
    if not (same or run):
        return Reason.NO_SERIES
    if len(families) == 1:
        return Kind.PURE_TRIPLE if same else Kind.PURE_RUN
    if rules.rainbow_families is RainbowFamilies.DISTINCT and len(families) < SIZE:
        return Reason.TWO_FAMILIES
    if rules.rainbow is Rainbow.FORBIDDEN:
        return Reason.RAINBOW_FORBIDDEN
    return Kind.RAINBOW_TRIPLE if same else Kind.RAINBOW_RUN


def _consecutive(ranks: list[int], highest: int, wrap: bool) -> bool:
    """Three different numbers that follow each other (round from `highest` to 1 when `wrap`)."""
    if len(set(ranks)) != SIZE:
        return False
    starts = range(1, highest + 1) if wrap else range(1, highest - 1)
    return any(sorted((s + i - 1) % highest + 1 for i in range(SIZE)) == ranks for s in starts)


def series_of(cards: Sequence[Card], deck: Deck, rules: MahoRules, laid: bool) -> Series | Reason:
    """The cards as a series (in the deck's order), or why they are none."""
    kind = kind_of(cards, deck, rules)
    if isinstance(kind, Reason):
        return kind
    ordered = tuple(sorted(cards, key=deck.order))
    return Series(kind, ordered, laid, kind is Kind.PURE_TRIPLE and ordered[0].family == deck.silver)


def splits(cards: Sequence[Card], need: int, deck: Deck, rules: MahoRules) -> list[Split]:
    """Every way to make `need` series and the final pair of the cards in hand, each way once."""
    found: dict[tuple[tuple[tuple[Card, ...], ...], Card], Split] = {}
    assert len(cards) == SIZE * need + PAIR  # `notation.read_hand` checked the hand's size
    for series, pair in _splits(tuple(sorted(cards, key=deck.order)), need, None, deck, rules):
        key = (tuple(sorted(s.cards for s in series)), pair)
        found.setdefault(key, Split(series, (pair, pair)))
    return list(found.values())


def _splits(
    cards: tuple[Card, ...], need: int, pair: Card | None, deck: Deck, rules: MahoRules
) -> Iterator[tuple[tuple[Series, ...], Card]]:
    """The splits of `cards` (in the deck's order, as many as `need` series and the pair not yet
    taken make) into `need` series and, unless `pair` was taken, the pair: the first card is
    either in the pair or the first card of a series."""
    if not cards:
        assert pair is not None  # no card left: the pair was taken
        yield (), pair
        return
    first, rest = cards[0], cards[1:]
    if pair is None and first in rest:
        paired = list(rest)
        paired.remove(first)  # « former une paire avec cette carte » : « la carte identique »
        yield from _splits(tuple(paired), need, first, deck, rules)
    tried: set[tuple[Card, Card]] = set()
    for i, j in itertools.combinations(range(len(rest)) if need else (), 2):
        others = (rest[i], rest[j])
        if others in tried:
            continue
        tried.add(others)
        series = series_of((first, *others), deck, rules, laid=False)
        if isinstance(series, Reason):
            continue
        left = tuple(c for k, c in enumerate(rest) if k not in (i, j))
        for more, pair_card in _splits(left, need - 1, pair, deck, rules):
            yield (series, *more), pair_card
