"""The table at a decision as the player saw it, seat by seat: each seat's discards in the order they
were made (a discard another seat claimed is kept in its place, as `None`: it lies in the claimer's
meld) and, for the other seats, their exposed melds. The same tiles as the review's `View.seen`,
told by seat, for the viewer (`review --html`) to lay out as a table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mcr_score.hand import Meld
from mcr_score.tiles import WINDS, Tile

if TYPE_CHECKING:
    from mcr_score.games.replay import Table


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as another sees it: its wind, its discards (None: claimed) and its exposed melds
    (none for the player's own seat, whose melds are in the position)."""

    seat: str
    discards: tuple[Tile | None, ...]
    melds: tuple[Meld, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "discards": [t.code if t is not None else None for t in self.discards],
            "melds": [{"kind": m.kind, "tiles": [t.code for t in m.tiles]} for m in self.melds],
        }


def seat_views(table: Table, seat: int) -> tuple[SeatView, ...]:
    """Every seat of `table` from East, as `seat` sees it: only what lies face up."""
    return tuple(
        SeatView(
            WINDS[s],
            tuple(other.discards),
            () if s == seat else tuple(m for m in other.melds if not m.concealed),
        )
        for s, other in enumerate(table.seats)
    )
