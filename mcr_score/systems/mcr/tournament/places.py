"""Table points: 4, 2, 1 and 0 by the session total; tied players share the points of the places
they tie for (two first: 3 each; all four: 7/4 each), so a table always hands out 7. This is the
EMA's MCR tournament practice as issue #15 states it (the Green Book's ch. 10, "Ranking Players
after Competitions", was not read here)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

PLACE_POINTS = (4, 2, 1, 0)


def ranks(totals: Sequence[int]) -> tuple[int, ...]:
    """Each player's place: 1 + the number of players strictly ahead (ties share the place)."""
    return tuple(1 + sum(other > mine for other in totals) for mine in totals)


def table_points(totals: Sequence[int]) -> tuple[Fraction, ...]:
    """Each player's table points, exact (three tied for first get 7/3 each)."""
    out = []
    for mine, place in zip(totals, ranks(totals), strict=True):
        tied = sum(other == mine for other in totals)
        out.append(Fraction(sum(PLACE_POINTS[place - 1 : place - 1 + tied]), tied))
    return tuple(out)


def number(value: Fraction) -> int | float:
    """A JSON number: an int when whole (4, not 4.0), else the nearest float (1.75, 2.333…)."""
    return int(value) if value.denominator == 1 else float(value)
