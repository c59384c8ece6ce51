"""Scoring an American mah-jongg hand on a card: every line it matches, the best value, jokerless,
and who pays what (seed 002, « FAIRE DU MAH-JONGG »; docs/rulesets.md §3.1).

Value: « À côté de chaque main se trouve un nombre, qui indique combien la main vaut »; a hand that
matches several lines is worth the highest [DEFAULT, rulesets.md §3.2], the first on the card on a tie.

Payments [DERIVED, rulesets.md §3.1], V the value:
    pay(loser) = V × (2 if self-drawn or the loser discarded) × (2 if jokerless) × (2 if bet on)
- « Si vous faites du mah-jongg sur une défausse, vous êtes payé la valeur de la main. Ce défausseur
  paie le double »;
- « Si vous piochez votre tuile mah-jong, vous êtes payé le double de la valeur de la main »;
- « Les mains sans joker rapportent le double » (switch `jokerless`);
- « Si vous faites du mah-jong sur un écart et que vous avez été parié, vous obtenez le double, et
  vous partagez vos gains équitablement avec le parieur »: the winner gives the bettor half.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mcr_score.systems.base import NoMinimum
from mcr_score.systems.nmjl.card import Card
from mcr_score.systems.nmjl.match import Fit, every_line, matches, nearest
from mcr_score.systems.nmjl.notation import Hand
from mcr_score.systems.nmjl.rules import Jokerless, NmjlRules

NAME = "nmjl"  # the system's name, in the registry and in its JSON
PLAYERS = 4  # four at the table: « chaque joueur fait un mur devant son casier » (a bettor sits out)


class Reason(StrEnum):
    """Why a hand is not a winning hand."""

    NO_LINE = "no-card-line"  # it is no line of the card


class Role(StrEnum):
    """Who pays or is paid."""

    DISCARDER = "discarder"
    OTHER = "other"  # on a discard, each player at the table who did not discard
    EACH = "each"  # self-drawn: each other player at the table
    WINNER = "winner"
    BETTOR = "bettor"


@dataclass(frozen=True, slots=True)
class Win:
    """How the hand was won: self-drawn or on a discard, and whether a bettor bet on the winner."""

    self_drawn: bool = False
    bet: bool = False


@dataclass(frozen=True, slots=True)
class Payment:
    """`players` players of role `payer` each pay `amount` to `payee`."""

    payer: Role
    payee: Role
    players: int
    amount: int

    def to_dict(self) -> dict[str, Any]:
        return {"payer": str(self.payer), "payee": str(self.payee), "players": self.players, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class NmjlScore(NoMinimum):
    """The result of scoring a hand on a card; `to_dict()` is `score --system nmjl --json`."""

    rules: NmjlRules
    card: Card
    win: Win
    winning: bool
    jokerless: bool  # no joker anywhere in the hand
    doubled: bool  # the jokerless double applies (switch `jokerless`)
    matches: tuple[Fit, ...] = ()  # every line matched, in card order
    best: Fit | None = None
    nearest: tuple[Fit, ...] = ()  # a hand that matches no line: the nearest lines
    payments: tuple[Payment, ...] = ()

    @property
    def reason(self) -> Reason | None:
        return None if self.winning else Reason.NO_LINE

    @property
    def total(self) -> int:
        """The hand's value on the card (0 when it wins nothing)."""
        return self.best.line.value if self.best is not None else 0

    def to_dict(self) -> dict[str, Any]:
        fits = self.matches if self.winning else self.nearest
        return {
            "ok": True,
            "system": NAME,
            "winning": self.winning,
            "reason": None if self.reason is None else str(self.reason),
            "total": self.total,
            "line": self.best.line.id if self.best is not None else None,
            "jokerless": self.jokerless,
            "matches": [f.to_dict() for f in fits],
            "payments": [p.to_dict() for p in self.payments],
        }


def doubles(rules: NmjlRules, hand: Hand, fit: Fit) -> bool:
    """Whether « Les mains sans joker rapportent le double » pays this hand on this line."""
    if hand.all_jokers:
        return False
    return rules.jokerless is Jokerless.ANY_HAND or fit.line.jokers


def payments(value: int, win: Win, doubled: bool) -> tuple[Payment, ...]:
    """Each loser's payment by the seed's rule, and the bettor's half of what the winner receives."""
    factor = (2 if doubled else 1) * (2 if win.bet else 1)
    if win.self_drawn:
        out = [Payment(Role.EACH, Role.WINNER, PLAYERS - 1, value * 2 * factor)]
    else:
        out = [
            Payment(Role.DISCARDER, Role.WINNER, 1, value * 2 * factor),
            Payment(Role.OTHER, Role.WINNER, PLAYERS - 2, value * factor),
        ]
    if win.bet:
        received = sum(p.players * p.amount for p in out)
        out.append(Payment(Role.WINNER, Role.BETTOR, 1, received // 2))  # even: the bet doubled it
    return tuple(out)


def score(hand: Hand, card: Card, rules: NmjlRules, win: Win) -> NmjlScore:
    """Every line the hand matches and the best; a hand that matches none, its nearest lines."""
    found = matches(hand, card)
    jokerless = hand.all_jokers == 0
    if not found:
        return NmjlScore(rules, card, win, False, jokerless, False, nearest=tuple(nearest(hand, card)))
    best = max(found, key=lambda f: (f.line.value, doubles(rules, hand, f)))  # max keeps the first of equals
    doubled = doubles(rules, hand, best)
    paid = payments(best.line.value, win, doubled)
    return NmjlScore(rules, card, win, True, jokerless, doubled, tuple(found), best, (), paid)


def explain(hand: Hand, card: Card, rules: NmjlRules, win: Win) -> tuple[NmjlScore, list[Fit]]:
    """The score, and every line of the card against the hand (matched, or its nearest miss)."""
    return score(hand, card, rules, win), every_line(hand, card)
