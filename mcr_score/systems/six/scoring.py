"""Scoring a six-player hand (seed 004): its legal readings, the patterns each matches, the
multipliers, and the best value.

Readings [DERIVED, rulesets.md §2.1 « Legal winning shapes »]: two sets (chow, pung or kong) and a
pair, 8 tiles plus one per kong, or four pairs. Points = the pattern value (G2: the highest, or the
product of those no composite covers) × 2 per kong × 2 per other four of a kind × 2 on a kong's
replacement tile × 4 on the first discard; the reading worth most is taken, the first on a tie.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mcr_score.engine.arrangements import (
    CHOW,
    KONG,
    STANDARD,
    Arrangement,
    Set,
    counts_of,
    meld_set,
    standard_splits,
)
from mcr_score.hand import Hand
from mcr_score.systems.base import NoMinimum
from mcr_score.systems.mcr.result import Group, result_groups
from mcr_score.systems.six.rules import Pairs, SixRules, Terminals, TwoFiveEight, Unlisted
from mcr_score.systems.six.table import TABLE, Row
from mcr_score.tiles import COPIES, TILES, rank_of, suit_of
from mcr_score.vocabulary import Reason

PLAYERS = 6  # « un mur de 9 tuiles » each: 6 × 18 = 108 tiles (seed 004, PIOCHE)
SETS = 2  # two sets and a pair: 8 tiles [DERIVED, rulesets.md §2.1]
MAX_SUITS = 2  # « Une main ne peut pas comporter les 3 familles mais seulement 1 ou 2 »
_TERMINAL_RANKS = frozenset({1, 9})
_258 = frozenset({2, 5, 8})


class Form(StrEnum):
    SETS_AND_PAIR = "sets-and-pair"
    FOUR_PAIRS = "four-pairs"


class SixReason(StrEnum):
    """Why a hand is not a winning hand, beyond the reasons every system shares (`vocabulary.Reason`:
    waiting, no winning shape)."""

    THREE_SUITS = "three-suits"


@dataclass(frozen=True, slots=True)
class Win:
    """How the hand was won: self-drawn or on a discard, on a kong's replacement tile, on the
    round's first discard, and the winner's order k (1-5) among the round's winners."""

    self_drawn: bool = False
    replacement: bool = False
    first_discard: bool = False
    order: int = 1


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read the tiles: two sets and a pair, or four pairs (`pairs`)."""

    form: Form
    sets: tuple[Set, ...] = ()
    pair: int | None = None
    pairs: tuple[int, ...] = ()

    def groups(self) -> list[tuple[int, ...]]:
        """Each set's and pair's tiles."""
        if self.form is Form.FOUR_PAIRS:
            return [(t, t) for t in self.pairs]
        assert self.pair is not None
        return [s.indices for s in self.sets] + [(self.pair, self.pair)]

    def to_groups(self) -> list[Group]:
        """The reading as the result's groups (MCR's `Group`: the same JSON for every system)."""
        return list(result_groups(Arrangement(STANDARD, self.sets, self.pair, pairs=self.pairs)))


@dataclass(frozen=True, slots=True)
class Multiplier:
    row: Row
    factor: int
    count: int

    def to_dict(self) -> dict[str, Any]:
        return {"row": str(self.row), "factor": self.factor, "count": self.count}


@dataclass(frozen=True, slots=True)
class Valued:
    """A reading with what it matches and is worth."""

    reading: Reading
    patterns: tuple[Row, ...]  # every matching pattern, in table order
    counted: tuple[Row, ...]  # those the value is made of (the highest; or the product's factors)
    value: int
    multipliers: tuple[Multiplier, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment of a win: `payer` a role (`discarder`, `each-still-in`), paid by `players` players."""

    payer: str
    players: int
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"payer": self.payer, "players": self.players, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class SixScore(NoMinimum):
    """The result of scoring a six-player hand; `to_dict()` is `score --system six --json`."""

    rules: str
    winning: bool
    reason: Reason | SixReason | None = None
    best: Valued | None = None
    others: tuple[Valued, ...] = ()
    win: Win = Win()
    payments: tuple[Payment, ...] = ()

    @property
    def total(self) -> int:
        return self.best.points if self.best is not None else 0

    def to_dict(self) -> dict[str, Any]:
        best = self.best
        pattern = None
        if best is not None:
            top = max(best.counted, key=lambda r: TABLE[r].value)
            pattern = {
                "row": str(top),
                "seed": TABLE[top].seed,
                "value": best.value,
                "counted": [str(r) for r in best.counted],
                "matching": [{"row": str(r), "seed": TABLE[r].seed, "value": TABLE[r].value} for r in best.patterns],
            }
        return {
            "ok": True,
            "system": "six",
            "rules": self.rules,
            "winning": self.winning,
            "reason": None if self.reason is None else str(self.reason),
            "total": self.total,
            "pattern": pattern,
            "multipliers": [m.to_dict() for m in best.multipliers] if best is not None else [],
            "form": str(best.reading.form) if best is not None else None,
            "arrangement": [g.to_dict() for g in best.reading.to_groups()] if best is not None else None,
            "win": {
                "self_drawn": self.win.self_drawn,
                "replacement": self.win.replacement,
                "first_discard": self.win.first_discard,
                "order": self.win.order,
            },
            "payments": [p.to_dict() for p in self.payments],
            "receives": sum(p.players * p.amount for p in self.payments),
        }


def readings(hand: Hand, rules: SixRules) -> list[Reading]:
    """Every legal reading of a complete hand: the standard splits, then four pairs."""
    counts = tuple(counts_of(hand.concealed_tiles()))
    melds = tuple(meld_set(m) for m in hand.melds)
    out = [Reading(Form.SETS_AND_PAIR, melds + sets, pair) for sets, pair in standard_splits(counts, SETS - len(melds))]
    if not melds and sum(counts) == 2 * 4:
        allowed = (0, 2) if rules.pairs is Pairs.DISTINCT else (0, 2, 4)
        if all(c in allowed for c in counts):
            out.append(Reading(Form.FOUR_PAIRS, pairs=tuple(t for t, c in enumerate(counts) for _ in range(c // 2))))
    return out


def patterns(reading: Reading, rules: SixRules) -> tuple[Row, ...]:
    """The table's patterns this reading matches, in table order (rulesets.md §2.1, each row's reading)."""
    groups = reading.groups()
    tiles = [t for g in groups for t in g]
    ranks = {rank_of(t) for t in tiles}
    pure = len({suit_of(t) for t in tiles}) == 1
    standard = reading.form is Form.SETS_AND_PAIR
    all_pungs = standard and all(s.kind != CHOW for s in reading.sets)
    on_258 = all_pungs and ranks <= _258 and (rules.two_five_eight is TwoFiveEight.ALL_TILES or ranks == _258)
    if rules.terminals is Terminals.STRICT:
        terminal = ranks <= _TERMINAL_RANKS
    else:
        terminal = all(any(rank_of(t) in _TERMINAL_RANKS for t in g) for g in groups)
    found = {
        Row.CHOWS: standard and not all_pungs,
        Row.FOUR_PAIRS: reading.form is Form.FOUR_PAIRS,
        Row.PURE: pure,
        Row.PUNGS_258: on_258,
        Row.PURE_PUNGS_258: on_258 and pure,
        Row.PURE_TERMINALS: pure and terminal,
        Row.ALL_PUNGS: all_pungs,
        Row.TERMINAL_PUNGS: all_pungs and all(rank_of(g[0]) in _TERMINAL_RANKS for g in groups),
        Row.PURE_PUNGS: all_pungs and pure,
    }
    return tuple(r for r in TABLE if found.get(r, False))


def counted(found: Sequence[Row], rules: SixRules) -> tuple[tuple[Row, ...], int]:
    """The rows the value is made of, and the value (G2): a composite row replaces its components;
    then the highest, or the product of what is left."""
    covered = set().union(*(TABLE[r].components for r in found))
    left = tuple(r for r in found if r not in covered)
    if rules.unlisted is Unlisted.MULTIPLY:
        return left, math.prod(TABLE[r].value for r in left)
    top = max(left, key=lambda r: TABLE[r].value)
    return (top,), TABLE[top].value


def multipliers(hand: Hand, reading: Reading, win: Win) -> tuple[Multiplier, ...]:
    """× 2 per kong, × 2 per other four of a kind (G6: a kong is not also « 4 identiques »),
    × 2 on a kong's replacement tile (G8), × 4 on the round's first discard (G7)."""
    kongs = [s.tile for s in reading.sets if s.kind == KONG]
    counts = counts_of(t for m in hand.melds for t in m.tiles)
    for t in hand.concealed_tiles():
        counts[t.index] += 1
    alike = sum(1 for t, c in enumerate(counts) if c == COPIES and t not in kongs)
    out = []
    for row, n in (
        (Row.KONG, len(kongs)),
        (Row.FOUR_ALIKE, alike),
        (Row.REPLACEMENT, int(win.replacement)),
        (Row.FIRST_DISCARD, int(win.first_discard)),
    ):
        if n:
            out.append(Multiplier(row, TABLE[row].value, n))
    return tuple(out)


def value(hand: Hand, reading: Reading, rules: SixRules, win: Win) -> Valued:
    found = patterns(reading, rules)
    rows, base = counted(found, rules)
    factors = multipliers(hand, reading, win)
    points = base * math.prod(m.factor**m.count for m in factors)
    return Valued(reading, found, rows, base, factors, points)


def win_payments(points: int, win: Win) -> tuple[Payment, ...]:
    """Ron: « c'est le joueur qui a défaussé la tuile gagnante qui perd des points »; tsumo: the k-th
    winner « prend » from each of the 6 − k players who have not won [DERIVED from the seed's list]."""
    if win.self_drawn:
        return (Payment("each-still-in", PLAYERS - win.order, points),)
    return (Payment("discarder", 1, points),)


def score(hand: Hand, rules: SixRules, win: Win) -> SixScore:
    """The best reading of a checked hand and the payments of this win."""
    if hand.winning is None:
        return SixScore(rules.name, False, Reason.WAITING, win=win)
    tiles = [*hand.concealed_tiles(), *(t for m in hand.melds for t in m.tiles)]
    if len({suit_of(t.index) for t in tiles}) > MAX_SUITS:
        return SixScore(rules.name, False, SixReason.THREE_SUITS, win=win)
    valued = [value(hand, r, rules, win) for r in readings(hand, rules)]
    if not valued:
        return SixScore(rules.name, False, Reason.NO_SHAPE, win=win)
    best = max(valued, key=lambda v: v.points)  # max keeps the first of equal values
    others = tuple(v for v in valued if v is not best)
    return SixScore(rules.name, True, None, best, others, win, win_payments(best.points, win))


def ready(hand: Hand, rules: SixRules) -> bool | None:
    """Whether a waiting hand is ready (« tenpai »): None if no tile completes it into a winning
    hand; else True when some winning tile completes it as all pungs (G11), False otherwise."""
    held = counts_of(t for m in hand.melds for t in m.tiles)
    for t in hand.standing:
        held[t.index] += 1
    found: bool | None = None
    for index in range(27):  # the suited tiles: the system has no others
        if held[index] >= COPIES:
            continue  # a fifth copy cannot come
        result = score(dataclasses.replace(hand, winning=TILES[index]), rules, Win())
        if result.winning:
            pungs = any(Row.ALL_PUNGS in v.patterns for v in (result.best, *result.others) if v is not None)
            found = found or pungs
    return found
