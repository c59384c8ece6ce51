"""Matching a hand against a card's lines by counts, never by a search (docs/rulesets.md §3.4).

For an expansion with `need[t]` tiles of kind t, `strict[t]` of them in pairs and singles, and a
hand with `nat[t]` natural tiles, the hand is that expansion when:
- every exposure is a called pung, kong or quint of the line: a distinct group of the same tile
  and size where jokers may stand (« vous devez exposer le pung ou le kong »), and the line is X
  (« Une main avec un C est une main fermée »);
- for the rest, `strict[t] ≤ nat[t] ≤ need[t]` for every kind: a natural tile fills each pair and
  single (« UN JOKER NE PEUT JAMAIS ÊTRE UTILISÉ POUR COMPLÉTER UNE PAIRE »), no tile lies outside
  the pattern, and the jokers fill what is left, in pungs, kongs and quints only (« pour remplir
  n'importe quel pung, kong ou quint. Un pung, un kong ou un quint peut être entièrement composé de
  jokers »): Σ(need − nat) = the jokers.
Groups of the same tile and size are interchangeable, so counting them decides where exposures go.

A hand that matches no line is measured against each: the fewest tiles it must change for the
nearest expansion, and what is wrong (a tile missing, one too many, a joker where only a natural
tile can stand, a suit short, an exposure on a C line or fitting no group).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mcr_score.systems.nmjl.card import Card, Expansion, Line
from mcr_score.systems.nmjl.notation import Exposure, Hand
from mcr_score.systems.nmjl.tiles import JOKER, KINDS, NAMES, suit_of, write

NEAREST = 3  # the nearest lines shown for a hand that matches none


class Issue(StrEnum):
    """What keeps a hand from a card line."""

    MISSING = "missing"  # tiles the line needs that the hand lacks
    EXTRA = "extra"  # tiles (or jokers) the line has no room for
    JOKER_IN_PAIR = "joker-in-pair"  # a joker where only a natural tile can stand
    SUITS = "suits"  # the hand holds fewer (or more) suits than the line
    EXPOSURE_CONCEALED = "exposure-concealed"  # an exposure on a C line
    EXPOSURE_MISFIT = "exposure-misfit"  # an exposure no pung, kong or quint of the line takes


@dataclass(frozen=True, slots=True)
class Problem:
    issue: Issue
    tiles: tuple[str, ...] = ()
    needs: int = 0  # suits: the line's
    has: int = 0  # suits: the hand's

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": str(self.issue), "tiles": list(self.tiles)}
        if self.issue is Issue.SUITS:
            out |= {"needs": self.needs, "has": self.has}
        return out


@dataclass(frozen=True, slots=True)
class Fit:
    """A card line against the hand, at its best expansion: matched (no problem), or how far."""

    line: Line
    pattern: int  # which of the line's patterns
    expansion: Expansion
    groups: tuple[str, ...]  # each group as the hand fills it, jokers shown (`555pJ`, `[555pJ]`)
    distance: int = 0  # the fewest tiles to change
    problems: tuple[Problem, ...] = ()

    @property
    def matched(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        line = self.line
        out: dict[str, Any] = {
            "line": line.id,
            "matched": self.matched,
            "section": line.section,
            "pattern": line.patterns[self.pattern].text,
            "value": line.value,
            "exposed": line.exposed,
            "suits": dict(self.expansion.suits),
            "shift": self.expansion.shift,
            "groups": list(self.groups),
            "jokers": sum(g.count(JOKER) for g in self.groups) if self.matched else None,
        }
        if not self.matched:
            out |= {"distance": self.distance, "missing": [p.to_dict() for p in self.problems]}
        return out


def matches(hand: Hand, card: Card) -> list[Fit]:
    """Every line the hand matches, in card order (a line once, at its first matching expansion)."""
    out = []
    for line in card.lines:
        fit = next(_line_matches(hand, line), None)
        if fit is not None:
            out.append(fit)
    return out


def _line_matches(hand: Hand, line: Line) -> Iterator[Fit]:
    for n, pattern in enumerate(line.patterns):
        for x in pattern.expansions:
            fit = fit_expansion(hand, line, n, x)
            if fit is not None:
                yield fit


def fit_expansion(hand: Hand, line: Line, n: int, x: Expansion) -> Fit | None:
    """The hand as the expansion `x` of the line's pattern `n`, or None if it is not that hand."""
    if hand.exposures and not line.exposed:
        return None
    fitted = _fit_exposures(hand.exposures, x)
    if fitted is None:
        return None
    need = _need_left(x, hand.exposures)
    nat = hand.concealed
    if all(x.strict[t] <= nat[t] <= need[t] for t in range(KINDS)) and sum(need) - sum(nat) == hand.jokers:
        return Fit(line, n, x, _placed(hand, x, fitted))
    return None


def _fit_exposures(exposures: tuple[Exposure, ...], x: Expansion) -> list[int | None] | None:
    """For each exposure, the group it stands for (the first free one of its tile and size), or
    None if one fits no group: groups alike are interchangeable, so the first is as good as any."""
    taken: set[int] = set()
    out: list[int | None] = []
    for e in exposures:
        free = next(
            (
                i
                for i, (kinds, jokers) in enumerate(x.groups)
                if jokers and i not in taken and kinds[0] == e.kind and len(kinds) == e.size
            ),
            None,
        )
        if free is None:
            return None
        taken.add(free)
        out.append(free)
    return out


def _need_left(x: Expansion, exposures: tuple[Exposure, ...]) -> list[int]:
    need = list(x.need)
    for e in exposures:
        need[e.kind] -= e.size
    return need


def _placed(hand: Hand, x: Expansion, fitted: list[int | None]) -> tuple[str, ...]:
    """Each group as the hand fills it: natural tiles first in pairs and singles, then in the
    pungs, kongs and quints in pattern order; a joker for each place left (`555pJ`). An exposed
    group is written as exposed."""
    exposed = {i: e for i, e in zip(fitted, hand.exposures, strict=True) if i is not None}
    left = list(hand.concealed)
    out: list[str | None] = [None] * len(x.groups)
    for i, (kinds, jokers) in enumerate(x.groups):
        if i not in exposed and not jokers:
            for k in kinds:
                left[k] -= 1
            out[i] = write(kinds)
    for i, (kinds, jokers) in enumerate(x.groups):
        if i in exposed:
            out[i] = str(exposed[i])
        elif jokers:
            n = min(left[kinds[0]], len(kinds))
            left[kinds[0]] -= n
            out[i] = write(kinds[:n]) + JOKER * (len(kinds) - n)
    return tuple(g for g in out if g is not None)


# ---- the nearest lines --------------------------------------------------------------------------


def nearest(hand: Hand, card: Card, most: int = NEAREST) -> list[Fit]:
    """The lines nearest the hand (fewest tiles to change, then card order), each at its nearest
    expansion with what is wrong; at most `most` of them, all those at the least distance first."""
    fits = [min(_misses(hand, line), key=lambda f: f.distance) for line in card.lines]
    order = sorted(range(len(fits)), key=lambda i: (fits[i].distance, i))
    return [fits[i] for i in order[:most]]


def every_line(hand: Hand, card: Card) -> list[Fit]:
    """Each line of the card against the hand, in card order: its match, or its nearest miss."""
    out = []
    for line in card.lines:
        fit = next(_line_matches(hand, line), None)
        out.append(fit if fit is not None else min(_misses(hand, line), key=lambda f: f.distance))
    return out


def _misses(hand: Hand, line: Line) -> Iterator[Fit]:
    for n, pattern in enumerate(line.patterns):
        for x in pattern.expansions:
            yield _miss(hand, line, n, x)


def _miss(hand: Hand, line: Line, n: int, x: Expansion) -> Fit:
    """How far the hand is from the expansion, and why (rulesets.md §3.4, counted as in `matches`)."""
    problems: list[Problem] = []
    free = Counter(x.melds)
    need = list(x.need)
    loose = list(hand.concealed)
    jokers = hand.jokers
    for e in hand.exposures:
        if line.exposed and free[(e.kind, e.size)] > 0:
            free[(e.kind, e.size)] -= 1
            need[e.kind] -= e.size
            continue
        issue = Issue.EXPOSURE_MISFIT if line.exposed else Issue.EXPOSURE_CONCEALED
        problems.append(Problem(issue, (str(e),)))
        loose[e.kind] += e.naturals  # its tiles, had they not been exposed
        jokers += e.jokers
    placed = [min(loose[t], need[t]) for t in range(KINDS)]
    short = [max(0, x.strict[t] - placed[t]) for t in range(KINDS)]  # pairs and singles unfilled
    room = [need[t] - max(placed[t], x.strict[t]) for t in range(KINDS)]  # places a joker may fill
    used = min(jokers, sum(room))
    distance = sum(loose) + jokers - sum(placed) - used
    unfilled = [t for t in range(KINDS) for _ in range(room[t])][used:]
    strict_short = [t for t in range(KINDS) for _ in range(short[t])]
    extra = [t for t in range(KINDS) for _ in range(loose[t] - placed[t])]
    paired = min(jokers - used, len(strict_short))  # jokers standing where only a natural tile can
    if paired:
        problems.append(Problem(Issue.JOKER_IN_PAIR, _names(strict_short[:paired])))
    if strict_short[paired:] or unfilled:
        problems.append(Problem(Issue.MISSING, _names(sorted(strict_short[paired:] + unfilled))))
    if extra or jokers - used - paired:
        problems.append(Problem(Issue.EXTRA, _names(extra) + (JOKER,) * (jokers - used - paired)))
    needs = {suit_of(t) for t in range(KINDS) if x.need[t]} - {None}
    has = {suit_of(t) for t, c in enumerate(hand.naturals()) if c} - {None}
    if len(has) != len(needs):
        problems.append(Problem(Issue.SUITS, needs=len(needs), has=len(has)))
    groups = tuple(write(kinds) for kinds, _ in x.groups)
    return Fit(line, n, x, groups, max(distance, 1 if problems else 0), tuple(problems))


def _names(kinds: list[int]) -> tuple[str, ...]:
    return tuple(NAMES[t] for t in kinds)
