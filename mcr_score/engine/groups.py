"""An arrangement as the groups a result shows: the one definition every system's result reads.

The order is the one `score --json` writes in every system: the sets (declared melds first, as the
arrangement lists them), then the seven pairs, or else the pair; then the loose tiles of the special
forms, in tile order, as one group (knitted tiles for the knitted forms, single tiles for thirteen
orphans, whose doubled orphan is shown as the pair and not again among the singles). A system turns
each group into its result's value (`systems/mcr/result.Group.of`); MCR's scorer reads the same
groups through its memos (`systems/mcr/_scoring_fast.groups`, pinned against this function).
"""

from __future__ import annotations

from dataclasses import dataclass

from mcr_score.engine.arrangements import HONORS_KNITTED, KIND_NAMES, KNITTED_STRAIGHT, THIRTEEN_ORPHANS, Arrangement
from mcr_score.vocabulary import Kind

__all__ = ["GroupShape", "groups_of"]


@dataclass(frozen=True, slots=True)
class GroupShape:
    """One group of an arrangement by its tile indices: a set, a pair, or the loose tiles."""

    kind: Kind
    tiles: tuple[int, ...]
    concealed: bool
    declared: bool = False


def groups_of(arr: Arrangement) -> tuple[GroupShape, ...]:
    """The arrangement's groups, in the order a result shows them (this module's docstring)."""
    groups = [GroupShape(KIND_NAMES[s.kind], s.indices, s.concealed, s.declared) for s in arr.sets]
    if arr.pairs:
        groups += [GroupShape(Kind.PAIR, (t, t), True) for t in arr.pairs]
    elif arr.pair is not None:
        groups.append(GroupShape(Kind.PAIR, (arr.pair, arr.pair), True))
    if arr.singles:
        singles = sorted(arr.singles)
        if arr.form == THIRTEEN_ORPHANS and arr.pair is not None:
            singles.remove(arr.pair)
        kind = Kind.KNITTED if arr.form in (KNITTED_STRAIGHT, HONORS_KNITTED) else Kind.SINGLE
        groups.append(GroupShape(kind, tuple(singles), True))
    return tuple(groups)
