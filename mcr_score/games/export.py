"""A game's winning hands as the records `mcr-score batch` reads: one per Hu, with the id
`game/hand/seat`, the rebuilt hand in the notation, and the record's own total and fans as the
claim. `batch --from` scores them; `convert --to jsonl|notation` writes them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mcr_score.errors import McrError
from mcr_score.games.errors import GameRecordError
from mcr_score.games.model import Game, HandRecord, Outcome, Win
from mcr_score.games.replay import claim_bound
from mcr_score.notation import _format_fast, format_hand
from mcr_score.tiles import WINDS
from mcr_score.values import reduce


class Ending(StrEnum):
    """How a hand ended, for the counts of a run."""

    WON = "won"
    DRAW = "draw"
    UNFINISHED = "unfinished"
    UNREPLAYABLE = "unreplayable"


@dataclass(frozen=True, slots=True)
class HandOut:
    """One winning hand as a batch record (`notation` None: `problem` says why it has none, or the
    record holds no tiles for it: a score sheet's Hu)."""

    id: str
    notation: str | None
    total: int | None
    fans: tuple[int, ...] | None
    problem: McrError | None

    def record(self) -> dict[str, Any]:
        """The JSON-lines record of `mcr-score batch` (`claimed_*` only where the record gives them)."""
        out: dict[str, Any] = {"id": self.id, "notation": self.notation}
        if self.total is not None:
            out["claimed_total"] = self.total
        if self.fans:
            out["claimed_fans"] = list(self.fans)
        return out

    def jsonl(self) -> str:
        return json.dumps(self.record(), ensure_ascii=False)

    def text(self) -> str:
        """The text line of `mcr-score batch`: id, hand, then the claimed total and fans (`69x2`)."""
        fields = [self.id, self.notation or ""]
        if self.total is not None or self.fans:
            fields.append("" if self.total is None else str(self.total))
        if self.fans:
            counts: dict[int, int] = {}
            for fan in self.fans:
                counts[fan] = counts.get(fan, 0) + 1
            fields.append(" ".join(str(f) if n == 1 else f"{f}x{n}" for f, n in counts.items()))
        return "\t".join(fields)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its fields (`values.reduce`): compiled, pickle's default cannot rebuild it."""
        return reduce(self)


def ending(hand: HandRecord) -> Ending:
    if hand.wins:
        return Ending.WON
    if hand.problem is not None:
        return Ending.UNREPLAYABLE
    return Ending.DRAW if hand.outcome is Outcome.DRAW else Ending.UNFINISHED


def hand_outs(game: Game, hand: HandRecord) -> Iterator[HandOut]:
    """The winning hands of a hand, in seat order of their Hu; a hand the replay stopped before any
    Hu gives one `HandOut` carrying the problem, with the hand's id `game/hand`."""
    base = f"{game.id}/{hand.number}"
    if not hand.wins:
        if hand.problem is not None:
            yield HandOut(base, None, None, None, hand.problem)
        return
    for win in hand.wins:
        rid = f"{base}/{WINDS[win.seat]}"
        problem = win.problem or _claim_problem(win, rid)
        fans = None
        if win.fans is not None and problem is None:  # counts bounded: expanded one id a time
            fans = tuple(int(f.fan) for f in win.fans if f.fan is not None for _ in range(f.count))
        notation = None
        if win.hand is not None:  # None: a situation the notation cannot write, which `format_hand` names
            notation = _format_fast.hand_text(win.hand) or format_hand(win.hand)
        yield HandOut(rid, notation, win.total, fans, problem)


def _claim_problem(win: Win, rid: str) -> McrError | None:
    """What no hand can claim in the record's result (`replay.claim_bound`), for a Hu the replay did
    not rebuild (a score sheet's); a claim `batch` would refuse in a record of hands is refused in a
    game record too."""
    bound = claim_bound(win)
    return GameRecordError(bound, where=rid) if bound is not None else None
