"""The game model every record reader produces: players, hands, every event in order, the final
hands and the results the record itself gives (docs/record-formats.md §1, "decisions", "final
hand", "fans").

Seats are this hand's seats, 0 East (the dealer) to 3 North, as every format numbers them; the
game's players (`Game.players`, the seats of hand 1) sit at `HandRecord.order` in a later hand. An
event keeps what the record says happened, in the record's order, with where it stands in the
source (`at`), so that a reviewer can replay the hand and see what each player saw
(`Event.seen_by`). Values are frozen; nothing here knows a format.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, overload

from mcr_score.errors import McrError
from mcr_score.hand import Hand, Meld
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.tiles import Tile

SEATS = 4
Four = tuple[int, int, int, int]
Names = tuple[str, str, str, str]


class RecordFormat(StrEnum):
    """The record formats read (docs/record-formats.md §1); the value is the `--from` name."""

    TZIAKCHA = "tziakcha"
    SALASASA = "salasasa"
    BOTZONE = "botzone"
    PMN = "pmn"
    GBHELPER = "gbhelper"
    MAHJONGSCORING2 = "mahjongscoring2"


SHEET_FORMATS = (RecordFormat.GBHELPER, RecordFormat.MAHJONGSCORING2)
"""The score sheets: a session's hands and results (国标小助手 may hold a winning hand's tiles too)."""
HAND_FORMATS = tuple(f for f in RecordFormat if f is not RecordFormat.MAHJONGSCORING2)
"""The formats whose records can hold winning hands: what `batch --from` reads."""
AUTO = "auto"
"""The `--from` name for "tell the format from the content" (the readers' `format=None`)."""


def format_names(formats: Sequence[RecordFormat]) -> tuple[str, ...]:
    """A command's `--from` choices: `auto`, then these formats by name."""
    return (AUTO, *(f.value for f in formats))


@dataclass(frozen=True, slots=True)
class Flower:
    """A flower or season tile, numbered 1-8 as the source numbers them (0: the source does not say
    which). Only their count scores (fan 81)."""

    number: int


Piece = Tile | Flower
"""What a wall holds: a tile, or a flower."""


class Act(StrEnum):
    """What a player did, one event of a hand."""

    DRAW = "draw"  # a tile from the front of the wall
    REPLACEMENT = "replacement"  # a tile from the back of the wall, after a flower or a kong
    FLOWER = "flower"  # a flower laid aside
    DISCARD = "discard"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"  # on a discard (明杠)
    CONCEALED_KONG = "concealed-kong"  # 暗杠
    ADDED_KONG = "added-kong"  # a drawn tile added to an exposed pung (加杠): it can be robbed
    PASS = "pass"  # a claim declined (the records that keep passes: tziakcha)
    DECLINE = "decline"  # tziakcha's 弃, a win not taken (its meaning is not documented)
    WIN = "win"  # a Hu declared and accepted
    FALSE_WIN = "false-win"  # a Hu declared that the record marks wrong (错和)


CLAIMS = frozenset({Act.CHOW, Act.PUNG, Act.KONG})
"""The acts that take the last discard."""
HIDDEN_TILE = frozenset({Act.DRAW, Act.REPLACEMENT, Act.CONCEALED_KONG})
"""The acts whose tile only the player who made them sees (a concealed kong lies face down)."""


class Event(NamedTuple):
    """One act of one seat. `tile`: the tile drawn, discarded or claimed, the kong's tile, the
    winning tile; `flower`: the flower drawn or laid aside; `meld`: the tiles of a chow, pung or
    kong, lowest first; `source`: the seat the tile came from (a claim, a win on a discard or on a
    robbed kong); `hand_cut`: a discard from the hand (True) or of the tile just drawn (False),
    None when the record does not say; `at`: where the event stands in the source.

    Immutable as the other values, but a `NamedTuple`: a hand has a hundred events or more, and a
    tuple is made three times faster than a frozen dataclass."""

    seat: int
    act: Act
    tile: Tile | None = None
    flower: Flower | None = None
    meld: tuple[Tile, ...] = ()
    source: int | None = None
    hand_cut: bool | None = None
    time_ms: int | None = None
    at: str = ""

    def seen_by(self, seat: int) -> Event:
        """The event as `seat` saw it: another player's draws and concealed kongs without their
        tiles (a flower drawn is shown at once, as it is laid aside)."""
        if seat == self.seat or self.act not in HIDDEN_TILE:
            return self
        if self.act is Act.CONCEALED_KONG:
            return self._replace(tile=None, meld=())
        return self._replace(tile=None) if self.flower is None else self


class Events(Sequence[Event]):
    """A hand's events made on first use, by `make` (which must not fail: the reader checked what it
    reads). A batch of records reads the outcome of the replay, never the events: a reader that plays
    its record as it reads it (tziakcha) makes none of its hundred events a hand unless asked.
    Equal, hashed, shown and pickled as the tuple of the events."""

    __slots__ = ("_events", "_make")

    def __init__(self, make: Callable[[], tuple[Event, ...]]) -> None:
        self._make: Callable[[], tuple[Event, ...]] | None = make
        self._events: tuple[Event, ...] = ()

    def all(self) -> tuple[Event, ...]:
        if self._make is not None:
            self._events, self._make = self._make(), None
        return self._events

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        return self.all()[index]

    def __len__(self) -> int:
        return len(self.all())

    def __iter__(self) -> Iterator[Event]:
        return iter(self.all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Events):
            other = other.all()
        return isinstance(other, tuple) and self.all() == other

    def __hash__(self) -> int:
        return hash(self.all())

    def __repr__(self) -> str:
        return repr(self.all())

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self.all(),))


@dataclass(frozen=True, slots=True)
class Deal:
    """The tiles dealt to each seat (the dealer, East, has 14) and the wall left to draw from, front
    first, when the record keeps it (`wall` None: only its size, `wall_size`, when known).
    `back_pairs`: replacement tiles come from the back a stack at a time, its top tile first
    (positions n-2, n-1, n-4, n-3, ...; tziakcha and Salasasa), else one at a time from the end."""

    hands: tuple[tuple[Piece, ...], ...]
    wall: tuple[Piece, ...] | None = None
    wall_size: int | None = None
    back_pairs: bool = True


@dataclass(frozen=True, slots=True)
class RecordedFan:
    """A fan as the record writes it: `fan` our number (None when our table has no such fan:
    tziakcha's 天和, 地和, 人和), `name` the record's own name or id, the value of one and the count."""

    fan: Fan | None
    name: str
    points: int | None
    count: int


@dataclass(frozen=True, slots=True)
class Holding:
    """A seat's tiles: concealed (sorted, the winning tile apart in a `Win`), declared melds in the
    notation's terms (claim digits), flowers laid aside."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    flowers: tuple[Flower, ...]


@dataclass(frozen=True, slots=True)
class Win:
    """A Hu of the hand: the record's own result (`total`, flowers included; `fans`, None when the
    record names none) and the winning hand rebuilt by the replay, with its situation (`hand`; None
    when the hand could not be replayed, `problem` saying why)."""

    seat: int
    discarder: int | None  # None: self-drawn
    total: int | None
    fans: tuple[RecordedFan, ...] | None
    hand: Hand | None = None
    problem: McrError | None = None


class Outcome(StrEnum):
    """How a hand ended."""

    WIN = "win"  # one Hu or more
    DRAW = "draw"  # the wall ran out (荒庄)
    UNKNOWN = "unknown"  # the record does not say (a sheet without the hand, a hand cut short)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand of a game (a board of duplicate MCR). `number` counts from 1 in the game (a PMN
    board its board number); `prevalent` the round wind; `players` the names by seat; `order` the
    index in `Game.players` of the player at each seat; `events` every act in order; `wins` the Hu
    of the hand (several on one discard in duplicate MCR); `false_wins` the seats whose Hu was
    wrong; `scores` the score change the record gives, by seat; `penalties` likewise; `final` each
    seat's tiles at the end; `problem` why the replay stopped (then the wins have no hand)."""

    number: int
    prevalent: str
    players: Names
    order: Four
    deal: Deal | None
    events: Sequence[Event]  # a tuple, or `Events` made on first use
    wins: tuple[Win, ...]
    outcome: Outcome
    false_wins: tuple[int, ...] = ()
    scores: Four | None = None
    penalties: Four | None = None
    final: tuple[Holding, ...] | None = None
    problem: McrError | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """A game as one record file holds it: its format, its id (the source's, else the file's name),
    its title, the players in the order of hand 1's seats (East, South, West, North), the hands, and
    the date and link the record gives."""

    format: RecordFormat
    id: str
    title: str
    players: Names
    hands: tuple[HandRecord, ...]
    date: str = ""
    site: str = ""
