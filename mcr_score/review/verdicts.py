"""A decision's verdict, loss and reason from its ranked choices' values (`systems.mcr.valuation`).

The loss is the expected score change given up against the best choice (points, never below 0).
The verdict is `worse` only where that loss exceeds the tolerance the two estimates' errors allow
(`valuation.tolerance`); within it the choice is `equal-best`. The reason says, in the player's
words, what settles it: a ready hand under the minimum, a 1-shanten with no good draw, the danger,
the distance from ready, or the chance of a valid Hu.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from mcr_score.messages import Message, msg
from mcr_score.systems.mcr.valuation import Value, tolerance
from mcr_score.vocabulary import Method, Verdict


class Ranked(Protocol):
    """A choice among those of a decision (a `Discard`, a review `Option`)."""

    @property
    def shanten(self) -> int: ...

    @property
    def value(self) -> Value | None: ...


@dataclass(frozen=True, slots=True)
class Judgement:
    """A choice judged against the best one: the verdict, the shanten and copies of useful tiles
    lost, the points lost, and the reason in words."""

    verdict: Verdict
    shanten_lost: int
    useful_lost: int
    loss: float
    reason: Message


def percent(x: float) -> str:
    return f"{100 * x:.0f}%"


def points(x: float) -> str:
    return f"{x:+.1f}"


def judge(ranking: Sequence[Ranked], chosen: Ranked, labels: Sequence[str], useful: Sequence[int]) -> Judgement:
    """`chosen` among `ranking` (best first; `labels`, `useful`: each choice's name and copies of
    useful tiles left, in the same order)."""
    i = next(k for k, c in enumerate(ranking) if c is chosen)
    best, bv, cv = ranking[0], ranking[0].value, chosen.value
    assert bv is not None
    assert cv is not None
    loss = max(0.0, bv.expected - cv.expected)
    tol = tolerance(bv, cv)
    lost = max(0, chosen.shanten - best.shanten)  # the best may be further from ready (a dead ready hand broken)
    fewer = max(0, useful[0] - useful[i])
    args = {
        "choice": labels[i],
        "best": labels[0],
        "chance": percent(cv.valid_chance),
        "best_chance": percent(bv.valid_chance),
        "expected": points(cv.expected),
        "best_expected": points(bv.expected),
        "danger": percent(cv.danger),
        "best_danger": percent(bv.danger),
        "loss": f"{loss:.1f}",
        "tolerance": f"{tol:.1f}",
        "good": cv.good_draws if cv.good_draws is not None else "-",
        "best_good": bv.good_draws if bv.good_draws is not None else "-",
        "dead": cv.dead_draws if cv.dead_draws is not None else "-",
    }
    if i == 0:
        return Judgement(Verdict.BEST, 0, 0, 0.0, msg(_best_reason(cv), **args))
    if loss <= tol:
        return Judgement(Verdict.EQUAL_BEST, 0, 0, loss, msg("review.reason.within", **args))
    return Judgement(Verdict.WORSE, lost, fewer, loss, msg(_worse_reason(best, chosen, bv, cv), **args))


def _best_reason(v: Value) -> str:
    if v.method is Method.READY:
        return "review.reason.best-ready"
    if v.method is Method.ONE_SHANTEN:
        return "review.reason.best-draws"
    return "review.reason.best"


def _worse_reason(best: Ranked, chosen: Ranked, bv: Value, cv: Value) -> str:
    """What settles a worse choice, the first that applies: a ready hand whose waits all fall short
    while the best keeps a valid route; a 1-shanten with no good draw while the best has some; a
    tile more dangerous by more than the chance part of the loss; a hand further from ready; else
    the chance of a valid Hu."""
    chance_part = bv.valid_chance * bv.win - cv.valid_chance * cv.win
    danger_part = cv.danger * cv.deal_in - bv.danger * bv.deal_in
    if chosen.shanten == 0 and cv.good_draws == 0 and cv.dead_draws and bv.valid_chance > cv.valid_chance:
        return "review.reason.below-minimum"  # every wait left has copies, and none reaches the minimum
    if chosen.shanten == 1 and cv.good_draws == 0 and (bv.good_draws or 0) > 0:
        return "review.reason.dead"
    if danger_part > chance_part:
        return "review.reason.danger"
    if chosen.shanten > best.shanten:
        return "review.reason.slower"
    if cv.good_draws is not None and bv.good_draws is not None:
        return "review.reason.chance-draws"
    return "review.reason.chance"
