"""Scoring a hand under seed 003's table: its legal readings, the elements each holds, and the
result "F fan + P points (indicative)" (docs/rulesets.md §4.1).

Readings [SEED]: « 4 combinaisons + 1 paire », and the special hands « 7 paires : 7 paires de tuiles
différentes » and « 13 orphelins », which « doivent obligatoirement être entièrement cachées »: the
engine's arrangements (`arrangements.arrange`, MCR's shapes) minus the shapes the seed does not name
(the knitted ones) and minus seven pairs that repeat a pair. Both special shapes take no declared
meld, so a special hand is fully concealed by construction.

Value: F = the fan of the elements held (a kong's fan only when a house file sets `kong`), P = 4 per
flower; a limit hand (Big Three Dragons, a special hand) is worth the house file's `limit` fan, its
other elements not added (rulesets.md §4.2), or no number when no limit is set. The reading worth
most is taken, the first on a tie; a limit hand without a number outranks every other reading
(« Très élevé (souvent maximum) »).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mcr_score.engine.arrangements import (
    KONG,
    PUNG,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Arrangement,
    arrange,
    counts_of,
    meld_set,
)
from mcr_score.hand import Hand
from mcr_score.systems.hk.rules import ConcealedOnDiscard, DoubleWind, HkRules
from mcr_score.systems.hk.table import TABLE, Element, Kind
from mcr_score.systems.mcr.result import Group, result_groups
from mcr_score.tiles import DRAGONS, INDEX
from mcr_score.vocabulary import Form, Reason

_DRAGONS = frozenset(INDEX[d] for d in DRAGONS)
_BIG_THREE = len(DRAGONS)  # « Pung des 3 Dragons »


# The winning shapes the seed names (the engine's names for them).
_FORMS = frozenset({Form.STANDARD, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS})


class HkReason(StrEnum):
    """Why a hand is not a winning hand, beyond the reasons every system shares (`vocabulary.Reason`:
    waiting, no winning shape)."""

    PAIRS_NOT_DIFFERENT = "pairs-not-different"  # « 7 paires de tuiles différentes »


class NotAdded(StrEnum):
    """Why an element the hand holds adds nothing."""

    UNSET = "unset"  # « Bonus variable »: no house file sets its value
    LIMIT = "limit"  # a limit hand: the other elements are not added


@dataclass(frozen=True, slots=True)
class Hit:
    """An element the reading holds, `count` times."""

    element: Element
    count: int


@dataclass(frozen=True, slots=True)
class Valued:
    """A reading with the elements it holds and what it is worth (`fan` None: a limit without a number)."""

    arrangement: Arrangement
    win_group: int  # the group the winning tile completes (the pair when it can be)
    added: tuple[Hit, ...]
    not_added: tuple[tuple[Hit, NotAdded], ...]
    limit: bool
    fan: int | None
    points: int

    @property
    def form(self) -> Form:
        return self.arrangement.form

    def groups(self) -> list[Group]:
        """The reading as the result's groups (MCR's `Group`: the same JSON for every system)."""
        return list(result_groups(self.arrangement))

    def sort_key(self) -> tuple[float, int, bool]:
        """What a reading is worth, to compare readings: fan (a limit without a number above all), points."""
        return (float("inf") if self.fan is None else self.fan, self.points, self.limit)


@dataclass(frozen=True, slots=True)
class HkScore:
    """The result of scoring a hand under seed 003's table; `to_dict()` is `score --system hk --json`."""

    rules: HkRules
    winning: bool
    reason: Reason | HkReason | None = None
    best: Valued | None = None
    others: tuple[Valued, ...] = ()

    @property
    def fan(self) -> int | None:
        return self.best.fan if self.best is not None else 0

    @property
    def points(self) -> int:
        return self.best.points if self.best is not None else 0

    @property
    def limit(self) -> bool:
        return self.best is not None and self.best.limit

    @property
    def meets_minimum(self) -> bool:
        """A limit hand meets any minimum; other hands need `minimum` fan, flowers apart (they are points)."""
        minimum = self.rules.minimum
        return self.winning and (minimum is None or self.limit or (self.fan or 0) >= minimum)

    @property
    def total(self) -> int:
        """The fan, which the minimum counts (the points are indicative, flowers among them)."""
        return self.fan or 0

    @property
    def minimum(self) -> int | None:
        return self.rules.minimum

    @property
    def valid(self) -> bool:
        """A valid win: a winning hand of at least the house file's minimum fan (none by default)."""
        return self.winning and self.meets_minimum

    @property
    def short_by(self) -> int | None:
        """The fan a winning hand lacks to reach the minimum (a limit hand lacks none)."""
        if not self.winning:
            return None
        return 0 if self.meets_minimum or self.minimum is None else self.minimum - self.total

    def to_dict(self) -> dict[str, Any]:
        best = self.best
        groups = best.groups() if best is not None else None
        return {
            "ok": True,
            "system": "hk",
            "winning": self.winning,
            "reason": None if self.reason is None else str(self.reason),
            "fan": self.fan,
            "points": self.points,
            "limit": self.limit,
            "elements": [hit_dict(h, self.rules) for h in best.added] if best is not None else [],
            "not_added": [{**hit_dict(h, self.rules), "why": str(why)} for h, why in best.not_added]
            if best is not None
            else [],
            "rules": self.rules.name,
            "minimum": self.rules.minimum,
            "meets_minimum": self.meets_minimum,
            "form": str(best.form) if best is not None else None,
            "arrangement": [g.to_dict() for g in groups] if groups is not None else None,
            "win_set": groups[best.win_group].to_dict()["tiles"] if best is not None and groups is not None else None,
            "payments": None,  # the seed turns no fan or points into a payment (rulesets.md §4.2)
        }


def each(element: Element, rules: HkRules) -> tuple[int | None, int]:
    """The fan and points one occurrence of `element` adds under `rules` (fan None: unset)."""
    d = TABLE[element]
    if d.kind is Kind.POINTS:
        return 0, d.value or 0
    if d.kind is Kind.VARIABLE:
        return rules.kong, 0
    if d.kind is Kind.LIMIT:
        return rules.limit, 0
    return d.value, 0


def hit_dict(hit: Hit, rules: HkRules) -> dict[str, Any]:
    """One element as JSON: the fan and points of one occurrence, and how many times it is held."""
    fan, points = each(hit.element, rules)
    return {
        "element": str(hit.element),
        "seed": TABLE[hit.element].seed,
        "count": hit.count,
        "fan": fan,
        "points": points,
    }


def readings(hand: Hand) -> tuple[list[Arrangement], bool]:
    """The hand's readings under the seed (MCR's arrangements of the shapes it names), and whether a
    seven-pairs reading was left out for repeating a pair."""
    counts = tuple(counts_of(hand.concealed_tiles()))
    found = arrange(counts, tuple(meld_set(m) for m in hand.melds))
    kept = [a for a in found if a.form in _FORMS and _different_pairs(a)]
    return kept, any(a.form == SEVEN_PAIRS and not _different_pairs(a) for a in found)


def _different_pairs(arrangement: Arrangement) -> bool:
    """« 7 paires de tuiles différentes »: a seven-pairs reading holds no pair twice (four alike)."""
    return arrangement.form != SEVEN_PAIRS or len(set(arrangement.pairs)) == len(arrangement.pairs)


def hits(hand: Hand, arrangement: Arrangement, rules: HkRules) -> tuple[tuple[Hit, ...], int]:
    """The elements a reading holds, in table order, and the group the winning tile completes."""
    s = hand.situation
    found: dict[Element, int] = {Element.FLOWER: s.flowers}
    assert hand.winning is not None  # `score` reads only a winning hand
    win_group = _win_group(hand.winning.index, arrangement)
    if arrangement.form == STANDARD:
        pungs = [t.tile for t in arrangement.sets if t.kind in (PUNG, KONG)]  # a kong counts as a pung (§4.2)
        dragons = sum(1 for t in pungs if t in _DRAGONS)
        found[Element.DRAGON_PUNG] = dragons
        found[Element.WIND_PUNG] = sum(_wind_roles(t, s.seat_wind, s.prevalent_wind, rules) for t in pungs)
        found[Element.KONG] = sum(1 for t in arrangement.sets if t.kind == KONG)
        found[Element.BIG_THREE_DRAGONS] = int(dragons == _BIG_THREE)
    else:
        found[Element.SPECIAL_HAND] = 1
    found[Element.CONCEALED] = int(_concealed(hand, _in_pair(arrangement, win_group), rules))
    found[Element.SELF_DRAWN] = int(s.self_drawn)
    return tuple(Hit(e, found[e]) for e in TABLE if found.get(e)), win_group


def _wind_roles(tile: int, seat: str, prevalent: str, rules: HkRules) -> int:
    """« Pung de Vent du joueur ou du tour »: 1 for the seat wind, 1 for the round wind; a pung of
    the wind that is both, 2 or 1 (`double-wind`)."""
    roles = (tile == INDEX[seat]) + (tile == INDEX[prevalent])
    return min(roles, 1) if rules.double_wind is DoubleWind.ONCE else roles


def _concealed(hand: Hand, win_in_pair: bool, rules: HkRules) -> bool:
    """« Main tout caché » — « Aucune combinaison exposée »: no meld declared exposed (a concealed
    kong is « face cachée »); and under `literal`, a tile taken from an opponent (a discard, or a
    robbed kong's) exposes the combination it completes, so on it the element holds only when the
    tile completes the pair."""
    if any(not m.concealed for m in hand.melds):
        return False
    return hand.situation.self_drawn or rules.concealed_on_discard is ConcealedOnDiscard.COUNTS or win_in_pair


def _in_pair(arrangement: Arrangement, win_group: int) -> bool:
    """Whether the winning tile completes a pair (every group of seven pairs is one)."""
    if arrangement.form == SEVEN_PAIRS:
        return True
    pair_group = 0 if arrangement.form == THIRTEEN_ORPHANS else len(arrangement.sets)
    return win_group == pair_group


def _win_group(w: int, arrangement: Arrangement) -> int:
    """The group (index in `Valued.groups`) winning tile `w` completes: the pair when it can be, the
    reading the player would show, else the first concealed set holding it."""
    if arrangement.form == SEVEN_PAIRS:
        return arrangement.pairs.index(w)
    if arrangement.form == THIRTEEN_ORPHANS:
        return 0 if arrangement.pair == w else 1
    if arrangement.pair == w:
        return len(arrangement.sets)
    return next(i for i, t in enumerate(arrangement.sets) if not t.declared and w in t.indices)


def value(hand: Hand, arrangement: Arrangement, rules: HkRules) -> Valued:
    """A reading's elements and worth: a limit hand is worth `limit` (its other elements not added);
    else F = the fan rows (and `kong` fan per kong when set), P = the points rows."""
    held, win_group = hits(hand, arrangement, rules)
    limit = any(TABLE[h.element].kind is Kind.LIMIT for h in held)
    if limit:
        added = tuple(h for h in held if TABLE[h.element].kind is Kind.LIMIT)
        rest = tuple((h, NotAdded.LIMIT) for h in held if h not in added)
        return Valued(arrangement, win_group, added, rest, True, rules.limit, 0)
    added = tuple(h for h in held if each(h.element, rules)[0] is not None)
    unset = tuple((h, NotAdded.UNSET) for h in held if h not in added)
    fan = sum((each(h.element, rules)[0] or 0) * h.count for h in added)
    points = sum(each(h.element, rules)[1] * h.count for h in added)
    return Valued(arrangement, win_group, added, unset, False, fan, points)


def score(hand: Hand, rules: HkRules) -> HkScore:
    """The best reading of a checked hand (`HkScore.winning` False with a reason when there is none)."""
    if hand.winning is None:
        return HkScore(rules, False, Reason.WAITING)
    found, repeated = readings(hand)
    if not found:
        return HkScore(rules, False, HkReason.PAIRS_NOT_DIFFERENT if repeated else Reason.NO_SHAPE)
    valued = [value(hand, a, rules) for a in found]
    best = max(valued, key=Valued.sort_key)  # max keeps the first of equal values
    return HkScore(rules, True, None, best, tuple(v for v in valued if v is not best))
