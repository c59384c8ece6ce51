"""The table: a hand's events played from its deal, one at a time, every tile accounted for; the
winning hand of each Hu rebuilt with the situation the table shows at that moment.

One replay for every format: a reader turns its record into `Event`s and leaves the rest here.
What the replay derives, and from what (docs/record-formats.md §4.1, "Situation flags"):

- the seat wind is the seat (0 East: every format deals to East first); the prevalent wind is the
  record's;
- self-drawn: the Hu names no discarder; the winning tile is then the seat's last draw;
- last copy (和绝张, fan 58): the winner holds no other copy and the other three are in sight, in
  discards still on the table or in exposed melds (a concealed kong lies face down);
- last tile of the wall (fans 44, 45): the wall is empty at the Hu (known when the record gives the
  wall or its size);
- a kong involved (fans 46, 47): robbing the kong when the Hu takes the tile just added to a pung;
  the replacement tile when the winning tile is the one drawn for the winner's own kong
  (GB: 开杠抓进的牌成和牌（不包括补花）: a flower's replacement is not one);
- the flowers: those the winner laid aside.

With the deal unknown (an anonymised record), the table still sees every public act and the wall's
size: the situation is derived the same way and the winning hand is the record's own.

Why the table works on plain ints (issue 26: reading and replaying a record should cost less than
scoring it): a hand is a hundred acts or more, most of them draws and discards, and the reader that
plays its record as it reads it (tziakcha) calls the table once an act. The table keeps a seat's
tiles as counts by tile index (0-33) and the wall as the codes of its pieces (`code_of`: a tile its
index, a flower 34 + its number), and its fast acts (`draw`, `discard`, `flower`, `chow`, `pung`)
take those ints: no event, no tile looked up by its code, nothing made an act; compiled (mypyc),
they are C on C ints. Each plays its act only when it raises no question, and otherwise changes
nothing and answers False: the act is then played by `play`, from its `Event`, which makes every
check and names every problem. So a fast act is never a second copy of a check: it is the case
where every check passes. The acts' values are module constants (`DRAW`...): compiled, an `Act.X`
is a look-up by name through the enum's class on every use.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, TypeVar

from ..errors import McrError
from ..hand import FOUR_SETS, Hand, Meld, Situation, check_hand
from ..messages import Message, count, msg
from ..tiles import INDEX, TILES, WINDS, Tile, starts_chow
from .errors import ReplayError
from .model import SEATS, Act, Deal, Event, Flower, HandRecord, Holding, Piece, RecordedFan, Win

KONG_CAUSE = "kong"
FLOWER_CAUSE = "flower"
DRAW: Final = Act.DRAW
REPLACEMENT: Final = Act.REPLACEMENT
FLOWER: Final = Act.FLOWER
DISCARD: Final = Act.DISCARD
CHOW: Final = Act.CHOW
PUNG: Final = Act.PUNG
KONG: Final = Act.KONG
CONCEALED_KONG: Final = Act.CONCEALED_KONG
ADDED_KONG: Final = Act.ADDED_KONG
PASS: Final = Act.PASS
DECLINE: Final = Act.DECLINE
WIN: Final = Act.WIN
FALSE_WIN: Final = Act.FALSE_WIN
KINDS: Final = len(TILES)  # a tile's code is its index, below this; a flower's this + its number
FLOWERS: Final = tuple(Flower(n) for n in range(9))
# Compiled, a module's `Final` names are C constants, its other names (imported ones too) looked up by
# name on every use: the fast acts use these.
TILE_AT: Final = TILES
N_SEATS: Final = SEATS
FULL: Final = FOUR_SETS.tiles(0)


V = TypeVar("V")
_NEW: Final = object.__new__


def setters(cls: type) -> tuple[Callable[[object, object], None], ...]:
    """What sets each field of a frozen dataclass with slots, in order: its slot's `__set__`."""
    return tuple([getattr(cls, f.name).__set__ for f in dataclasses.fields(cls)])


def made(cls: type[V], fields: tuple[Callable[[object, object], None], ...], values: tuple[object, ...]) -> V:
    """A value of the frozen dataclass `cls` (slotted, no `__post_init__`) from all its fields in
    order, each set in its slot, as its `__init__` sets it: the values a hand's reading makes (a
    `HandRecord`, its `Deal`, its `Win`s and `Holding`s) made by the dataclasses' own `__init__`,
    interpreted code called from compiled code, cost some 1.2k instructions a field, a fifth of a
    hand's reading (issue 26); so, about 300. `fields`: `setters(cls)`; a test pins each use."""
    value = _NEW(cls)
    for i in range(len(fields)):
        fields[i](value, values[i])
    return value


WIN_FIELDS: Final = setters(Win)
HOLDING_FIELDS: Final = setters(Holding)


CHOW_KIND: Final = "chow"
PUNG_KIND: Final = "pung"
_CLAIMED: Final[dict[int, Meld]] = {}


def _claimed(kind: str, index: int, claim: int) -> Meld:
    """A chow (from the tile of `index`) or a pung claimed, made once for each of the few there are
    (a `Meld` checks itself as it is made: a tenth of a hand's replay); frozen, so shared."""
    key = index * 8 + claim + (0 if kind == CHOW_KIND else 4)  # claims 1-3
    meld = _CLAIMED.get(key)
    if meld is None:
        meld = _CLAIMED[key] = Meld(kind, TILE_AT[index], claim=claim)
    return meld


def code_of(piece: Piece) -> int:
    """A piece as the table compares it: a tile its index (0-33), a flower `KINDS` + its number."""
    if isinstance(piece, Flower):
        return KINDS + piece.number
    return INDEX[piece.code]


def flower_of(number: int) -> Flower:
    """The flower of `number`, one value each (what a flower's code, `code_of`, stands for)."""
    return FLOWERS[number] if 0 <= number < len(FLOWERS) else Flower(number)


class _Stop(Exception):
    """The replay cannot go on: the problem, and the event it stopped at."""

    def __init__(self, problem: Message, event: Event | None = None) -> None:
        super().__init__(problem.text())
        self.problem = problem
        self.event = event


def describe(event: Event) -> str:
    """An event in a few words, the same in every language: `S discard 5m`, `E pung 9p from N`."""
    words = [WINDS[event.seat] if 0 <= event.seat < len(WINDS) else str(event.seat), event.act.value]
    if event.meld:
        words.append("".join(t.code for t in event.meld))
    elif event.tile is not None:
        words.append(event.tile.code)
    elif event.flower is not None:
        words.append(f"flower {event.flower.number}" if event.flower.number else "flower")
    if event.source is not None and 0 <= event.source < len(WINDS):
        words.append(f"from {WINDS[event.source]}")
    return " ".join(words)


class _Wall:
    """The wall left after the deal: drawn from the front, replacements from the back. `codes` the
    codes of its pieces (`code_of`), which a draw compares; `size` -1 when not known."""

    __slots__ = ("back", "codes", "front", "pairs", "pieces", "size")

    def __init__(self, deal: Deal | None, codes: list[int] | None) -> None:
        self.pieces = deal.wall if deal is not None else None
        if codes is None and self.pieces is not None:
            codes = [code_of(p) for p in self.pieces]
        self.codes = codes
        size = len(self.pieces) if self.pieces is not None else (deal.wall_size if deal is not None else None)
        self.size: int = -1 if size is None else size
        self.pairs: bool = deal.back_pairs if deal is not None else True
        self.front = 0
        self.back = 0

    def left(self) -> int | None:
        return None if self.size < 0 else self.size - self.front - self.back

    def _position(self, from_back: bool) -> int:
        """Where the next draw takes its piece: the front, or the back a stack at a time."""
        if not from_back:
            return self.front
        k = self.back
        if not self.pairs:
            return self.size - 1 - k
        position = self.size - 2 - 2 * (k // 2) + k % 2
        return self.front if position < self.front else position  # the last stack split: one tile left

    def next_code(self, from_back: bool) -> int:
        """The code of the piece the next draw takes; -1 when the wall is not known or is empty."""
        codes = self.codes
        if codes is None or self.front + self.back >= self.size:
            return -1
        return codes[self._position(True) if from_back else self.front]  # the front: a draw, most of them

    def take(self, piece: Piece, from_back: bool) -> None:
        left = self.left()
        if left is not None and left <= 0:
            raise _Stop(msg("replay.wall-empty"))
        if self.pieces is not None and self.codes is not None:
            position = self._position(from_back)
            if self.codes[position] != code_of(piece):
                raise _Stop(msg("replay.wall", expected=_piece(self.pieces[position]), given=_piece(piece)))
        if from_back:
            self.back += 1
        else:
            self.front += 1


def _piece(piece: Piece | None) -> str:
    if isinstance(piece, Flower):
        return f"flower {piece.number}" if piece.number else "a flower"
    return piece.code if piece is not None else "?"


class _Seat:
    """A seat's tiles as counts by tile index (the engine's 0-33), and what it laid aside."""

    __slots__ = (
        "count",
        "discards",
        "flowers",
        "flowers_held",
        "full",
        "last_cause",
        "last_draw",
        "melds",
        "owed",
        "tiles",
    )

    def __init__(self) -> None:
        self.tiles = [0] * KINDS
        self.count = 0  # the concealed tiles, flowers apart
        self.full = FULL  # the concealed tiles before a discard, with the melds declared
        self.flowers_held: list[Flower] = []
        self.melds: list[Meld] = []
        self.flowers: list[Flower] = []
        self.discards: list[Tile | None] = []  # None: claimed by another seat
        self.owed: list[str] = []  # replacements due, by cause
        self.last_draw: Piece | None = None
        self.last_cause: str | None = None  # the cause of the replacement that was the last draw; None: a draw

    def meld(self, meld: Meld) -> None:
        self.melds.append(meld)
        self.full = FOUR_SETS.tiles(len(self.melds))

    def add(self, tile: Tile) -> None:
        self.tiles[INDEX[tile.code]] += 1
        self.count += 1

    def drawn(self, code: int, cause: str | None) -> None:
        """The piece of `code` drawn (a replacement for `cause`)."""
        if code < KINDS:
            tiles = self.tiles
            tiles[code] = tiles[code] + 1  # compiled, `tiles[code] += 1` is a generic in-place add
            self.count += 1
            self.last_draw = TILE_AT[code]
        else:
            flower = flower_of(code - KINDS)
            self.flowers_held.append(flower)
            self.last_draw = flower
        self.last_cause = cause

    def held(self) -> int:
        return self.count

    def concealed(self, minus: Tile | None = None) -> tuple[Tile, ...]:
        """The concealed tiles, sorted; one `minus` left out."""
        counts = self.tiles
        if minus is not None:
            counts = list(counts)
            counts[INDEX[minus.code]] -= 1
        out: list[Tile] = []
        for i, n in enumerate(counts):
            if n:
                tile = TILE_AT[i]
                for _ in range(n):
                    out.append(tile)
        return tuple(out)


class Table:
    """The state of one hand: every seat's tiles, melds, flowers and discards, and the wall."""

    def __init__(self, deal: Deal | None, prevalent: str, codes: list[list[int]] | None = None) -> None:
        """`codes`: the codes (`code_of`) of the pieces dealt to each seat, then of the wall's, when
        the reader has them."""
        self.prevalent = prevalent
        self.known = deal is not None and len(deal.hands) == len(WINDS)
        self.seats = [_Seat() for _ in WINDS]
        if deal is not None and self.known:
            if codes is None:
                codes = [[code_of(p) for p in pieces] for pieces in (*deal.hands, deal.wall or ())]
            for seat_no in range(N_SEATS):
                seat = self.seats[seat_no]
                tiles = seat.tiles
                for code in codes[seat_no]:
                    if code < KINDS:
                        tiles[code] = tiles[code] + 1
                        seat.count += 1
                    else:
                        seat.flowers_held.append(flower_of(code - KINDS))
        self.wall = _Wall(deal, codes[N_SEATS] if codes is not None and deal is not None and deal.wall else None)
        # The last discard still on the table: its seat (-1: none), its tile's index, its place in the seat's discards.
        self.discarder = -1
        self.discarded = 0
        self.discard_place = 0
        self.robbable: tuple[int, Tile] | None = None
        self.hands: dict[int, Hand] = {}
        self.wins: dict[int, Event] = {}  # each winner's first Hu, which a problem of its hand names

    @property
    def last_discard(self) -> tuple[int, Tile, int] | None:
        """The last discard still on the table: its seat, its tile, its place in the seat's discards."""
        return None if self.discarder < 0 else (self.discarder, TILES[self.discarded], self.discard_place)

    # -- the acts -----------------------------------------------------------------------------

    def run(self, events: Sequence[Event]) -> None:
        """Play a hand's events in order: the draws and discards, most of a hand, by `draw` and
        `discard`; an event they leave, and any other, by `play`, which names its problem."""
        for event in events:
            seat, act, tile = event[0], event[1], event[2]
            if tile is not None and (
                (act is DISCARD and self.discard(seat, INDEX[tile.code]))
                or (act is DRAW and self.draw(seat, INDEX[tile.code]))
            ):
                continue
            if (act is PASS or act is DECLINE) and 0 <= seat < SEATS:
                continue
            try:
                self.play(event)
            except _Stop as stop:
                raise _Stop(stop.problem, stop.event or event) from None

    # The fast acts: each plays its act when every check of `play` would pass, else changes nothing
    # and answers False (the act is then `play`ed from its event, which names the problem).

    def discard(self, seat_no: int, index: int) -> bool:
        """`seat_no` discards the tile of `index`."""
        if not self.known or not 0 <= seat_no < N_SEATS:
            return False
        seat = self.seats[seat_no]
        tiles = seat.tiles
        held = tiles[index]
        if not held or seat.count != seat.full:
            return False
        tiles[index] = held - 1
        seat.count -= 1
        seat.discards.append(TILE_AT[index])
        self.discarder = seat_no
        self.discarded = index
        self.discard_place = len(seat.discards) - 1
        self.robbable = None
        return True

    def draw(self, seat_no: int, code: int) -> bool:
        """`seat_no` draws the piece of `code` (a tile or a flower) from the front of the wall."""
        if not self.known or not 0 <= seat_no < N_SEATS or self.wall.next_code(False) != code:
            return False
        self.wall.front += 1
        self.seats[seat_no].drawn(code, None)
        self.robbable = None
        return True

    def flower(self, seat_no: int, number: int, code: int) -> bool:
        """`seat_no` lays aside flower `number` (1 or more), which it holds, and draws the piece of
        `code` from the back of the wall."""
        if not self.known or not 0 <= seat_no < N_SEATS or number <= 0 or self.wall.next_code(True) != code:
            return False
        seat = self.seats[seat_no]
        held = seat.flowers_held
        at = -1
        for i in range(len(held)):
            n = held[i].number
            if n == 0 or n == number:
                at = i
                break
        if at < 0:
            return False
        del held[at]
        seat.flowers.append(flower_of(number))
        seat.owed.append(FLOWER_CAUSE)
        self.wall.back += 1
        seat.drawn(code, seat.owed.pop(0))
        self.robbable = None
        return True

    def chow(self, seat_no: int, low: int) -> bool:
        """`seat_no` chows the last discard, from the seat before it, into the run from tile `low`."""
        source = self.discarder
        if not self.known or not 0 <= seat_no < N_SEATS or source != (seat_no - 1) % N_SEATS:  # -1: no discard
            return False
        taken = self.discarded
        if not (starts_chow(low) and low <= taken <= low + 2):
            return False
        seat = self.seats[seat_no]
        tiles = seat.tiles
        for i in range(low, low + 3):
            if i != taken and not tiles[i]:
                return False
        for i in range(low, low + 3):
            if i != taken:
                tiles[i] = tiles[i] - 1
        seat.count -= 2
        self._take()
        seat.meld(_claimed(CHOW_KIND, low, taken - low + 1))
        return True

    def pung(self, seat_no: int, index: int, source: int) -> bool:
        """`seat_no` pungs the last discard, the tile of `index`, from seat `source` (-1: not said)."""
        discarder = self.discarder
        if (
            not self.known
            or not 0 <= seat_no < N_SEATS
            or discarder < 0
            or discarder == seat_no
            or (source >= 0 and source != discarder)
            or self.discarded != index
        ):
            return False
        seat = self.seats[seat_no]
        tiles = seat.tiles
        held = tiles[index]
        if held < 2:
            return False
        tiles[index] = held - 2
        seat.count -= 2
        self._take()
        seat.meld(_claimed(PUNG_KIND, index, (seat_no - discarder) % N_SEATS))
        return True

    def _take(self) -> None:
        """The last discard taken by a claim: no longer among its seat's discards."""
        self.seats[self.discarder].discards[self.discard_place] = None
        self.discarder = -1
        self.robbable = None

    def play(self, event: Event) -> None:
        act = event.act
        if not 0 <= event.seat < len(WINDS):
            raise _Stop(msg("replay.seat", seat=event.seat), event)
        if act is PASS or act is DECLINE or act is FALSE_WIN:
            return
        if act is WIN:
            self.wins.setdefault(event.seat, event)
            self.hands[event.seat] = self._win(event)
            return
        self.robbable = None
        seat = self.seats[event.seat]
        if act is DRAW or act is REPLACEMENT:
            self._draw(event, seat)
        elif act is FLOWER:
            self._flower(event, seat)
        elif act is DISCARD:
            self._discard(event, seat)
        elif act is CONCEALED_KONG:
            tile = self._tile(event)
            self._remove(event, seat, tile, 4)
            seat.meld(Meld("kong", tile, concealed=True))
            seat.owed.append(KONG_CAUSE)
        elif act is ADDED_KONG:
            self._added_kong(event, seat)
        else:
            self._claim(event, seat)

    def _tile(self, event: Event) -> Tile:
        if event.tile is None:
            raise _Stop(msg("replay.no-tile"), event)
        return event.tile

    def _remove(self, event: Event, seat: _Seat, tile: Tile, n: int) -> None:
        if not self.known:
            return
        i = INDEX[tile.code]
        if seat.tiles[i] < n:
            raise _Stop(msg("replay.not-held", seat=WINDS[event.seat], tile=tile.code, n=n, held=seat.tiles[i]), event)
        seat.tiles[i] -= n
        seat.count -= n

    def _draw(self, event: Event, seat: _Seat) -> None:
        piece: Piece | None = event.flower if event.flower is not None else event.tile
        if piece is None:
            raise _Stop(msg("replay.no-tile"), event)
        back = event.act is REPLACEMENT
        cause = None
        if back:
            if not seat.owed:
                raise _Stop(msg("replay.no-replacement"), event)
            cause = seat.owed.pop(0)
        try:
            self.wall.take(piece, back)
        except _Stop as stop:
            raise _Stop(stop.problem, event) from None
        if isinstance(piece, Flower):
            seat.flowers_held.append(piece)
        else:
            seat.add(piece)
        seat.last_draw = piece
        seat.last_cause = cause

    def _flower(self, event: Event, seat: _Seat) -> None:
        flower = event.flower or Flower(0)
        match = next(
            (f for f in seat.flowers_held if 0 in (flower.number, f.number) or f.number == flower.number), None
        )
        if match is not None:
            seat.flowers_held.remove(match)
            flower = flower if flower.number else match
        elif self.known:  # with the deal unknown, a flower dealt was never seen drawn
            raise _Stop(msg("replay.no-flower", seat=WINDS[event.seat]), event)
        seat.flowers.append(flower)
        seat.owed.append(FLOWER_CAUSE)

    def _discard(self, event: Event, seat: _Seat) -> None:
        tile = self._tile(event)
        self._remove(event, seat, tile, 1)
        if self.known:
            held = seat.held() + 3 * len(seat.melds)
            if held != 13:
                raise _Stop(msg("replay.after-discard", seat=WINDS[event.seat], n=count("n.tile", held)), event)
        seat.discards.append(tile)
        self.discarder = event.seat
        self.discarded = INDEX[tile.code]
        self.discard_place = len(seat.discards) - 1

    def _taken(self, event: Event) -> tuple[int, Tile]:
        """The last discard, taken by a claim: its seat and tile (no longer among the discards)."""
        if self.discarder < 0:
            raise _Stop(msg("replay.no-discard"), event)
        source, tile = self.discarder, TILES[self.discarded]
        if event.source is not None and event.source != source:
            raise _Stop(msg("replay.claim-source", source=WINDS[source], given=WINDS[event.source]), event)
        if source == event.seat:
            raise _Stop(msg("replay.own-discard"), event)
        self._take()
        return source, tile

    def _claim(self, event: Event, seat: _Seat) -> None:
        source, tile = self._taken(event)
        digit = (event.seat - source) % len(WINDS)
        if event.act is CHOW:
            meld = tuple(sorted(event.meld, key=lambda t: INDEX[t.code]))
            if len(meld) != 3 or tile not in meld:
                raise _Stop(msg("replay.bad-chow", tile=tile.code), event)
            if digit != 1:
                raise _Stop(msg("replay.chow-source", source=WINDS[source]), event)
            rest = list(meld)
            rest.remove(tile)
            for t in rest:
                self._remove(event, seat, t, 1)
            try:
                seat.meld(Meld("chow", meld[0], claim=meld.index(tile) + 1))
            except McrError:
                raise _Stop(msg("replay.bad-chow", tile=tile.code), event) from None
            return
        if event.tile is not None and event.tile != tile:
            raise _Stop(msg("replay.claim-tile", tile=tile.code, given=event.tile.code), event)
        if event.act is PUNG:
            self._remove(event, seat, tile, 2)
            seat.meld(Meld("pung", tile, claim=digit))
        else:
            self._remove(event, seat, tile, 3)
            seat.meld(Meld("kong", tile, claim=digit))
            seat.owed.append(KONG_CAUSE)

    def _added_kong(self, event: Event, seat: _Seat) -> None:
        tile = self._tile(event)
        at = next((i for i, m in enumerate(seat.melds) if m.kind == "pung" and m.tile == tile), None)
        if at is None:
            raise _Stop(msg("replay.no-pung", seat=WINDS[event.seat], tile=tile.code), event)
        self._remove(event, seat, tile, 1)
        pung = seat.melds[at]
        seat.melds[at] = Meld("kong", tile, claim=(pung.claim or 1) + 4)
        seat.owed.append(KONG_CAUSE)
        self.robbable = (event.seat, tile)

    # -- the Hu -------------------------------------------------------------------------------

    def _win(self, event: Event) -> Hand:
        seat = self.seats[event.seat]
        robbing = False
        if event.source is None:  # self-drawn: on the last tile drawn
            if not isinstance(seat.last_draw, Tile):
                raise _Stop(msg("replay.no-draw"), event)
            tile = seat.last_draw
            if event.tile is not None and event.tile != tile:
                raise _Stop(msg("replay.win-tile", tile=tile.code, given=event.tile.code), event)
            tiles = seat.concealed(minus=tile if self.known else None)
        else:
            if self.robbable is not None and self.robbable[0] == event.source:
                tile, robbing = self.robbable[1], True
            elif self.discarder >= 0 and self.discarder == event.source:
                tile = TILES[self.discarded]
            else:
                raise _Stop(msg("replay.no-discard-win", source=WINDS[event.source]), event)
            if event.tile is not None and event.tile != tile:
                raise _Stop(msg("replay.win-tile", tile=tile.code, given=event.tile.code), event)
            tiles = seat.concealed()
        visible = self._visible(tile) - (0 if event.source is None else 1)
        situation = shared_situation(
            event.source is None,
            visible == 3 and not (self.known and tile in tiles),
            self.wall.left() == 0,
            robbing or (event.source is None and seat.last_cause == KONG_CAUSE),
            WINDS[event.seat],
            self.prevalent,
            len(seat.flowers) + len(seat.flowers_held),  # a flower not yet laid aside is one too
        )
        hand = Hand(tuple(seat.melds), tiles, tile, situation)
        if self.known:
            want = FOUR_SETS.tiles(len(seat.melds))
            if len(tiles) + 1 != want:
                raise _Stop(
                    msg("replay.win-size", seat=WINDS[event.seat], n=count("n.tile", len(tiles) + 1), want=want), event
                )
        return hand

    def _visible(self, tile: Tile) -> int:
        """The copies of `tile` in sight: discards on the table and exposed melds."""
        n = 0
        code = tile.code
        for seat in self.seats:  # loops, not sums of generators: compiled, a generator is an object
            for t in seat.discards:
                if t is not None and t.code == code:
                    n += 1
            for m in seat.melds:
                if not m.concealed:
                    for t in m.tiles:
                        if t.code == code:
                            n += 1
        return n

    def holdings(self) -> tuple[Holding, ...]:
        return tuple(
            [made(Holding, HOLDING_FIELDS, (s.concealed(), tuple(s.melds), tuple(s.flowers))) for s in self.seats]
        )


_SITUATIONS: Final[dict[tuple[bool, bool, bool, bool, str, str, int], Situation]] = {}
"""The situations of the Hu met before: a few hundred in all (the flags, the winds, the flowers),
each made once (a `Situation` made a Hu cost a fiftieth of a hand's reading); frozen, so shared."""


def shared_situation(
    self_drawn: bool, last_copy: bool, wall_last: bool, kong: bool, seat_wind: str, prevalent_wind: str, flowers: int
) -> Situation:
    key = (self_drawn, last_copy, wall_last, kong, seat_wind, prevalent_wind, flowers)
    situation = _SITUATIONS.get(key)
    if situation is None:
        situation = Situation(
            self_drawn=self_drawn,
            last_copy=last_copy,
            wall_last=wall_last,
            kong=kong,
            seat_wind=seat_wind,
            prevalent_wind=prevalent_wind,
            flowers=flowers,
        )
        if len(_SITUATIONS) < 4096:
            _SITUATIONS[key] = situation
    return situation


def replay(record: HandRecord, game: str, table: Table | None = None) -> HandRecord:
    """The hand with its wins rebuilt (`Win.hand`), its final holdings, or the problem that stopped
    the replay (a `ReplayError` naming the game, the hand and the action; the wins keep no hand).
    `table`: the hand already played to its end, by a reader that plays its record as it reads it."""
    if table is None:
        table = Table(record.deal, record.prevalent)
        try:
            table.run(record.events)
        except _Stop as stop:
            stopped = _error(game, record.number, stop)
            return dataclasses.replace(record, wins=_stopped(record.wins, stopped), problem=stopped)
    wins, final, problem = replayed(record.wins, table, game, record.number)
    return dataclasses.replace(record, wins=wins, final=record.final if final is None else final, problem=problem)


class WinRead(NamedTuple):
    """A Hu as a reader reads it, before the replay: `Win`'s first fields, `hand` the record's own
    hand (None: the record gives none). A reader that plays its record as it reads it (tziakcha)
    gives these to `replayed`, which makes each `Win` once, with its hand: a `Win`, made by
    interpreted code, costs some thirty times this tuple."""

    seat: int
    discarder: int | None
    total: int | None
    fans: tuple[RecordedFan, ...] | None
    hand: Hand | None


def replayed(
    wins: Sequence[Win | WinRead], table: Table, game: str, number: int
) -> tuple[tuple[Win, ...], tuple[Holding, ...] | None, McrError | None]:
    """What `replay` sets in hand `number`'s record, from the table that played it: the wins
    rebuilt, the final holdings (None: not known), the problem. For a reader that plays its record
    as it reads it and makes the hand's record once, after the play."""
    try:
        rebuilt = tuple([_rebuilt(win, table, game, number) for win in wins])
    except _Stop as stop:
        problem = _error(game, number, stop)
        return _stopped(wins, problem), None, problem
    problems = [w.problem for w in rebuilt if w.problem is not None]
    return rebuilt, table.holdings() if table.known else None, problems[0] if problems else None


def _stopped(wins: Sequence[Win | WinRead], problem: McrError) -> tuple[Win, ...]:
    return tuple([win_of(w, None, problem) for w in wins])


def _rebuilt(win: Win | WinRead, table: Table, game: str, number: int) -> Win:
    """A win with the hand the table played, checked (`check_hand`). The record's own hand, when it
    gives one, must hold the same concealed tiles and winning tile; without a known deal it is the
    hand: its concealed tiles, the melds the table saw declared, the situation the table saw."""
    played = table.hands.get(win.seat)
    event = table.wins.get(win.seat)
    if played is None or event is None:
        raise _Stop(msg("replay.no-win", seat=WINDS[win.seat]))
    own = win.hand
    if table.known:
        if own is not None and not _same_concealed(own, played):
            raise _Stop(
                msg("replay.record-hand", seat=WINDS[win.seat], recorded=_tiles_text(own), played=_tiles_text(played)),
                event,
            )
        hand = played
    else:
        if own is None or own.winning is None:
            raise _Stop(msg("replay.no-hand", seat=WINDS[win.seat]), event)
        if own.winning != played.winning:
            raise _Stop(msg("replay.win-tile", tile=_piece(played.winning), given=_piece(own.winning)), event)
        situation = dataclasses.replace(
            played.situation, last_copy=played.situation.last_copy and own.winning not in own.standing
        )
        hand = Hand(played.melds, own.standing, own.winning, situation)
        want = FOUR_SETS.tiles(len(hand.melds))
        if len(hand.standing) + 1 != want:
            raise _Stop(
                msg("replay.win-size", seat=WINDS[win.seat], n=count("n.tile", len(hand.standing) + 1), want=want),
                event,
            )
    problems = check_hand(hand)
    if problems:
        return win_of(win, None, _error(game, number, _Stop(msg("replay.check", problem=problems[0].msg), event)))
    return win_of(win, hand, None)


def win_of(win: Win | WinRead, hand: Hand | None, problem: McrError | None) -> Win:
    """The win with its hand rebuilt, or its problem (`dataclasses.replace` is a tenth of a hand's
    reading, compiled); a test pins `Win`'s fields to these six."""
    return made(Win, WIN_FIELDS, (win.seat, win.discarder, win.total, win.fans, hand, problem))


def _same_concealed(own: Hand, played: Hand) -> bool:
    """The record's own hand holds the concealed tiles played, and wins on the same tile. The same
    standing tiles in the same order say so at once (a reader that sorts its own hand as the table
    does: tziakcha); else the tiles are compared as counts."""
    if own.winning == played.winning and own.standing == played.standing:
        return True
    return _concealed(own) == _concealed(played)


def _concealed(hand: Hand) -> tuple[object, ...]:
    return (sorted(t.index for t in hand.concealed_tiles()), hand.winning)


def _tiles_text(hand: Hand) -> str:
    from ..notation import format_tiles

    return format_tiles(hand.standing) + " " + _piece(hand.winning)


def _error(game: str, number: int, stop: _Stop) -> ReplayError:
    event = stop.event
    return ReplayError(
        msg(
            "replay.at",
            game=game,
            hand=number,
            at=(event.at or "?") if event is not None else "end",
            act=describe(event) if event is not None else "-",
            problem=stop.problem,
        ),
        where=f"{game}/{number}" + (f" {event.at}" if event is not None and event.at else ""),
    )
