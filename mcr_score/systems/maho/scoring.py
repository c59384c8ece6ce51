"""A Maho! hand scored: its laid groups judged as series under the switches, every split of the
cards still in hand into the series left and the final pair, and what the round is worth in its
mode (modes.py): Basic, the round itself; Standard, « 1 point de base +1point supplémentaire pour
chaque série argentée que son jeu contiendrait »; Original, the rows of a bonus file (bonus.py).
Only the winner scores: there are no payments between players (docs/rulesets.md §1.1)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mcr_score.systems.base import NoMinimum
from mcr_score.systems.maho.bonus import Bonus, BonusRow, Special
from mcr_score.systems.maho.cards import Card
from mcr_score.systems.maho.modes import BASE, MODES, PER_SILVER, Scoring
from mcr_score.systems.maho.notation import MahoHand, format_cards, format_hand
from mcr_score.systems.maho.rules import NAME, MahoRules, SilverPair
from mcr_score.systems.maho.series import PAIR, SEED_NAMES, Kind, Reason, Series, Split, series_of, splits


class Element(StrEnum):
    """What a round's points are made of."""

    ROUND = "round"  # the round won: Basic counts it, Standard's « 1 point de base »
    SILVER_SERIES = "silver-series"  # Standard: « +1point supplémentaire pour chaque série argentée »
    BONUS = "bonus"  # Original: a row of the bonus file


@dataclass(frozen=True, slots=True)
class Points:
    element: Element
    count: int
    points: int
    row: BonusRow | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"element": str(self.element), "count": self.count, "points": self.points}
        if self.row is not None:
            out |= {"when": str(self.row.when), "at-least": self.row.at_least, "row-points": self.row.points}
        return out


@dataclass(frozen=True, slots=True)
class Reading:
    """A split of the hand with what it is worth."""

    split: Split
    points: tuple[Points, ...]

    @property
    def total(self) -> int:
        return sum(p.points for p in self.points)


@dataclass(frozen=True, slots=True)
class MahoScore(NoMinimum):
    """The result of scoring a hand; `to_dict()` is `score --system maho --json`. `laid` is each laid
    group as a series or why it is none; `best` the split worth most, `others` the rest."""

    rules: str
    hand: MahoHand
    winning: bool
    reason: Reason | None
    laid: tuple[Series | Reason, ...]
    best: Reading | None = None
    others: tuple[Reading, ...] = ()

    @property
    def total(self) -> int:
        return self.best.total if self.best is not None else 0

    def to_dict(self) -> dict[str, Any]:
        if self.best is not None:
            shown = [series_dict(s) for s in self.best.split.series]
            pair: list[str] | None = [str(c) for c in self.best.split.pair]
        else:
            shown = [
                series_dict(s) if isinstance(s, Series) else _bad_dict(g, s)
                for s, g in zip(self.laid, self.hand.laid, strict=True)
            ]
            pair = None
        return {
            "ok": True,
            "system": NAME,
            "winning": self.winning,
            "reason": None if self.reason is None else str(self.reason),
            "total": self.total,
            "series": shown,
            "pair": pair,
            "points": [p.to_dict() for p in self.best.points] if self.best is not None else [],
            "mode": str(self.hand.mode),
            "rules": self.rules,
            "hand": format_hand(self.hand),
            "deck": self.hand.deck.to_dict(),
        }


def series_dict(s: Series) -> dict[str, Any]:
    return {
        "kind": str(s.kind),
        "seed": SEED_NAMES[s.kind],
        "cards": [str(c) for c in s.cards],
        "text": format_cards(s.cards),
        "laid": s.laid,
        "silver": s.silver,
        "why": None,
    }


def _bad_dict(cards: tuple[Card, ...], why: Reason) -> dict[str, Any]:
    """A laid group that is no series, and why."""
    return {
        "kind": None,
        "seed": None,
        "cards": [str(c) for c in cards],
        "text": format_cards(cards),
        "laid": True,
        "silver": False,
        "why": str(why),
    }


def silver_count(split: Split, hand: MahoHand, rules: MahoRules) -> int:
    """The « séries argentées » of a split: its silver pure triples, and a silver final pair when
    `silver-pair-counts = yes`."""
    pair = int(split.pair[0].family == hand.deck.silver and rules.silver_pair is SilverPair.YES)
    return sum(s.silver for s in split.series) + pair


def value(split: Split, hand: MahoHand, rules: MahoRules, bonus: Bonus | None) -> Reading:
    """What the round won with this split is worth in the hand's mode."""
    scoring = MODES[hand.mode].scoring
    if scoring is Scoring.ROUND:
        return Reading(split, (Points(Element.ROUND, 1, 1),))
    silver = silver_count(split, hand, rules)
    if scoring is Scoring.BASE_AND_SILVER:
        points = [Points(Element.ROUND, 1, BASE)]
        if silver:
            points.append(Points(Element.SILVER_SERIES, silver, silver * PER_SILVER))
        return Reading(split, tuple(points))
    assert bonus is not None  # the Original mode is refused without its table (systems.maho.bonus_for)
    counts = {str(k): sum(s.kind is k for s in split.series) for k in Kind}
    counts |= {
        Special.ROUND: 1,
        Special.SILVER_SERIES: silver,
        Special.SILVER_PAIR: int(split.pair[0].family == hand.deck.silver),
    }
    rows = []
    for row in bonus.rows:
        given = row.score(counts)
        if given:
            rows.append(Points(Element.BONUS, counts.get(str(row.when), 0), given, row))
    return Reading(split, tuple(rows))


def score(hand: MahoHand, rules: MahoRules, bonus: Bonus | None = None) -> MahoScore:
    """The hand judged and valued: the split worth most (the first of equal ones), or why none wins."""
    laid = tuple(series_of(g, hand.deck, rules, laid=True) for g in hand.laid)
    bad = next((s for s in laid if isinstance(s, Reason)), None)
    if bad is not None:
        return MahoScore(rules.name, hand, False, bad, laid)
    if hand.waiting:
        return MahoScore(rules.name, hand, False, Reason.WAITING, laid)
    series = tuple(s for s in laid if isinstance(s, Series))
    found = splits(hand.cards, hand.need - len(series), hand.deck, rules)
    if not found:
        reason = Reason.NO_PAIR if len(hand.cards) == PAIR else Reason.NO_SPLIT
        return MahoScore(rules.name, hand, False, reason, laid)
    readings = [value(Split(series + s.series, s.pair), hand, rules, bonus) for s in found]
    best = max(readings, key=lambda r: r.total)
    return MahoScore(rules.name, hand, True, None, laid, best, tuple(r for r in readings if r is not best))
