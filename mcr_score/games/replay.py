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
from collections.abc import Sequence
from typing import Final, NamedTuple

from mcr_score.errors import McrError
from mcr_score.games._replay_fast import made, setters
from mcr_score.games.errors import GameRecordError, ReplayError
from mcr_score.games.fan_names import is_blessing
from mcr_score.games.model import SEATS, Act, Deal, Event, Flower, HandRecord, Holding, Piece, RecordedFan, Win
from mcr_score.hand import FOUR_SETS, Hand, Meld, Situation, check_hand, promoted_claim
from mcr_score.messages import Message, count, msg
from mcr_score.systems.mcr.limits import MAX_POINTS
from mcr_score.tiles import INDEX, LAST_COPY_SEEN, TILES, WINDS, Tile, starts_chow

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
PIECE_CODES: Final = KINDS + len(FLOWERS)  # the codes of the pieces: the tiles, a flower of unknown number, flowers 1-8
COPIES: Final = 4  # of each tile (R98 Art. 2: 136 tiles, 4 of each of 34)
FLOWER_PIECES: Final = 8  # flowers and seasons, each once
ALL_PIECES: Final = KINDS * COPIES + FLOWER_PIECES  # 144
DEALT_TILES: Final = 13  # a seat's deal, flowers replaced; the dealer's 14th dealt or drawn first
TILE_CODES: Final = bytes(range(KINDS))  # deleted from a deal's codes by `bytes.translate`: its flowers are left


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
    """The replay cannot go on: the problem, and the event it stopped at (`deal`: at none, the deal
    itself is the problem)."""

    def __init__(self, problem: Message, event: Event | None = None, deal: bool = False) -> None:
        super().__init__(problem.text())
        self.problem = problem
        self.event = event
        self.deal = deal


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


def _deal_problem(codes: list[list[int]], wall_given: bool, wall_size: int) -> Message | None:
    """What the deal and the wall hold that the game cannot deal, or None: more pieces than the
    game has (144: R98 Art. 2), a fifth copy of a tile, a flower twice or a ninth, a seat dealt
    other than 13 tiles (the dealer 14, or 13 and a first draw), its flowers apart (each dealt is
    replaced; Botzone's judge deals them on top of 13 tiles). `wall_size` -1: not known. The
    pieces are counted as bytes (`bytes.count`, C loops: a loop of the 144 codes in Python cost a
    tenth of a hand's reading)."""
    dealt = 0
    every: list[int] = []
    for k in range(N_SEATS + 1 if wall_given and len(codes) > N_SEATS else N_SEATS):
        every += codes[k]
        if k < N_SEATS:
            dealt += len(codes[k])
    if wall_size >= 0 and dealt + wall_size > ALL_PIECES:
        return msg("replay.deal-pieces", n=dealt + wall_size, most=ALL_PIECES)
    if every and max(every) >= PIECE_CODES:  # no piece a reader makes: a `Deal` made in Python
        return msg("replay.deal-flower-number", number=max(every) - KINDS)
    pieces = bytes(every)
    for kind in range(KINDS):
        n = pieces.count(kind)
        if n > COPIES:
            return msg("replay.deal-copies", n=n, tile=TILE_AT[kind].code, most=COPIES)
    flowers = len(pieces.translate(None, TILE_CODES))
    for code in range(KINDS + 1, PIECE_CODES):
        if pieces.count(code) > 1:
            return msg("replay.deal-flower", number=code - KINDS)
    if flowers > FLOWER_PIECES:
        return msg("replay.deal-flowers", n=flowers, most=FLOWER_PIECES)
    for seat_no in range(N_SEATS):
        held = len(codes[seat_no])
        tiles = held - len(bytes(codes[seat_no]).translate(None, TILE_CODES))
        most = DEALT_TILES + (1 if seat_no == 0 else 0)
        if tiles > most or held < DEALT_TILES:
            return msg(
                "replay.deal-size",
                seat=WINDS[seat_no],
                tiles=count("n.tile", tiles),
                flowers=count("n.flower-tile", held - tiles),
            )
    return None


class Table:
    """The state of one hand: every seat's tiles, melds, flowers and discards, the wall, and whose
    turn it is.

    The rules of the play checked here, once for every format (R98 Art. 5-7; Green Book §1.2):
    the deal (13 tiles a seat, the dealer 14 or a first draw; every piece once: 4 copies of each of
    the 34 tiles and 8 flowers, 144 pieces with the wall); the turn (the dealer plays first; after a
    discard the next seat draws unless a player claims it: a chow only the next seat, a pung, a kong
    or a Hu any other; a claimer discards, a kong and a flower are replaced from the back, a seat
    discards only with 14 tiles and no replacement owed, lays a flower aside only on its turn (to
    play, or to draw: a flower dealt, laid aside when the seat's turn comes) or before the first
    discard, and wins self-drawn only on the tile it just drew); the end (after a
    Hu, only another Hu on the same tile); and where the record gives no wall, every copy drawn or
    in sight counted against the 4 of its tile (the wall's size bounds the draws where it is known).
    `turn` and `actor` say whose turn it is: the seat to draw from the front (-1: none) and the seat
    to play, its tile drawn or claimed (-1: none); at the start both are East, who deals itself 14
    or draws its 14th (Botzone's text)."""

    def __init__(
        self, deal: Deal | None, prevalent: str, codes: list[list[int]] | None = None, dealt: bool = False
    ) -> None:
        """`codes`: the codes (`code_of`) of the pieces dealt to each seat, then of the wall's, when
        the reader has them; `dealt`: the reader dealt them itself from every piece of the game
        once, by the rules (tziakcha's wall, the 144 tile ids), which the deal's check would find
        so (a test pins it); the check is not made again."""
        self.prevalent = prevalent
        self.known = deal is not None and len(deal.hands) == len(WINDS)
        self.seats = [_Seat() for _ in WINDS]
        self.fault: _Stop | None = None  # the deal's problem: every act stops at it
        self.turn = 0
        self.actor = 0
        self.started = False  # a discard made: a flower is laid aside only on its seat's turn from then on
        self.over = False  # a Hu declared: only another Hu on the same tile follows
        self.won_on = -1  # the seat whose discard or kong the first Hu took (-1: self-drawn)
        self.seen = [0] * PIECE_CODES  # the copies dealt and drawn, where the wall is not given
        self.shown = [0] * KINDS  # the copies in sight, where the deal is not known
        if deal is not None and self.known:
            if codes is None:
                codes = [[code_of(p) for p in pieces] for pieces in (*deal.hands, deal.wall or ())]
            size = deal.wall_size if deal.wall is None else len(deal.wall)
            problem = None if dealt else _deal_problem(codes, deal.wall is not None, -1 if size is None else size)
            if problem is not None:
                self.fault = _Stop(problem, deal=True)
                self.known = False
                codes = None
            elif deal.wall is None:
                seen = self.seen
                for seat_no in range(N_SEATS):
                    for code in codes[seat_no]:
                        seen[code] += 1
        if codes is not None and self.known:
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
                if stop.deal or stop.event is not None:
                    raise
                raise _Stop(stop.problem, event) from None

    # The fast acts: each plays its act when every check of `play` would pass, else changes nothing
    # and answers False (the act is then `play`ed from its event, which names the problem).

    def discard(self, seat_no: int, index: int) -> bool:
        """`seat_no` discards the tile of `index`."""
        if not self.known or seat_no != self.actor or not 0 <= seat_no < N_SEATS:
            return False
        seat = self.seats[seat_no]
        tiles = seat.tiles
        held = tiles[index]
        if not held or seat.count != seat.full or seat.owed:
            return False
        tiles[index] = held - 1
        seat.count -= 1
        seat.discards.append(TILE_AT[index])
        seat.last_draw = None
        self.discarder = seat_no
        self.discarded = index
        self.discard_place = len(seat.discards) - 1
        self.robbable = None
        self.actor = -1  # `_passes`, written out: a call costs a fast act a tenth of its time, pure
        self.turn = (seat_no + 1) % N_SEATS
        self.started = True
        return True

    def _passes(self, seat_no: int) -> None:
        """The turn after `seat_no`'s discard: the next seat's draw, unless a claim comes first."""
        self.actor = -1
        self.turn = (seat_no + 1) % N_SEATS
        self.started = True

    def draw(self, seat_no: int, code: int) -> bool:
        """`seat_no` draws the piece of `code` (a tile or a flower) from the front of the wall; a
        wall not given (Botzone's text), a tile, counted against the 4 copies (`_count`)."""
        if not self.known or seat_no != self.turn or not 0 <= seat_no < N_SEATS:
            return False
        wall = self.wall
        if wall.codes is None:
            seen = self.seen
            if not 0 <= code < KINDS or 0 <= wall.size <= wall.front + wall.back or seen[code] >= COPIES:
                return False
            seen[code] = seen[code] + 1
        elif wall.next_code(False) != code:
            return False
        wall.front += 1
        self.seats[seat_no].drawn(code, None)
        self.robbable = None
        self.actor = seat_no  # `_drew`, written out (as in `discard`)
        self.turn = -1
        self.discarder = -1
        return True

    def _drew(self, seat_no: int) -> None:
        """`seat_no` drew from the front: its turn to play; the discard before is no longer to claim."""
        self.actor = seat_no
        self.turn = -1
        self.discarder = -1

    def flower(self, seat_no: int, number: int, code: int) -> bool:
        """`seat_no` lays aside flower `number` (1 or more), which it holds, and draws the piece of
        `code` from the back of the wall."""
        if (
            not self.known
            or self.over
            or (self.started and seat_no != self.actor and seat_no != self.turn)
            or not 0 <= seat_no < N_SEATS
            or number <= 0
            or self.wall.next_code(True) != code
        ):
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
        if (
            not self.known or self.over or not 0 <= seat_no < N_SEATS or source != (seat_no - 1) % N_SEATS
        ):  # -1: no discard
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
        self.actor = seat_no  # `_claims`, written out (as in `discard`)
        self.turn = -1
        seat.last_draw = None
        return True

    def pung(self, seat_no: int, index: int, source: int) -> bool:
        """`seat_no` pungs the last discard, the tile of `index`, from seat `source` (-1: not said)."""
        discarder = self.discarder
        if (
            not self.known
            or self.over
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
        self.actor = seat_no  # `_claims`, written out
        self.turn = -1
        seat.last_draw = None
        return True

    def _claims(self, seat_no: int) -> None:
        """`seat_no` claimed the last discard: its turn to play (it drew nothing)."""
        self.actor = seat_no
        self.turn = -1
        self.seats[seat_no].last_draw = None

    def _take(self) -> None:
        """The last discard taken by a claim: no longer among its seat's discards."""
        self.seats[self.discarder].discards[self.discard_place] = None
        self.discarder = -1
        self.robbable = None

    def play(self, event: Event) -> None:
        """Play one event, every rule checked (the class's): a `_Stop` names the first one broken."""
        act = event.act
        if self.fault is not None:
            raise self.fault
        if not 0 <= event.seat < len(WINDS):
            raise _Stop(msg("replay.seat", seat=event.seat), event)
        if act is PASS or act is DECLINE or act is FALSE_WIN:
            return
        if act is WIN:
            self._declared(event)
            self.wins[event.seat] = event
            self.hands[event.seat] = self._win(event)
            if not self.over:
                self.over, self.won_on = True, -1 if event.source is None else event.source
            self.actor = self.turn = -1
            return
        if self.over:
            raise _Stop(self._ended(), event)
        self.robbable = None
        seat = self.seats[event.seat]
        if act is DRAW or act is REPLACEMENT:
            self._draw(event, seat)
        elif act is FLOWER:
            if self.started and event.seat != self.actor and event.seat != self.turn:
                raise _Stop(msg("replay.flower-turn", seat=WINDS[event.seat], turn=self._whose()), event)
            self._flower(event, seat)
        elif act is DISCARD:
            self._discard(event, seat)
        elif act is CONCEALED_KONG:
            self._own_turn(event, "replay.kong-turn")
            tile = self._tile(event)
            self._remove(event, seat, tile, 4)
            self._meld_room(event, seat)
            self._show(event, tile, 4)
            seat.meld(Meld("kong", tile, concealed=True))
            seat.owed.append(KONG_CAUSE)
        elif act is ADDED_KONG:
            self._own_turn(event, "replay.kong-turn")
            self._added_kong(event, seat)
        else:
            self._claim(event, seat)
            self._claims(event.seat)

    # -- the turn -------------------------------------------------------------------------------

    def _whose(self) -> Message:
        """Whose turn it is, for a problem's message (before the Hu: a seat is to play or to draw)."""
        if self.actor >= 0 and self.turn >= 0:
            return msg("replay.turn.start", seat=WINDS[self.actor])
        if self.actor >= 0:
            return msg("replay.turn.play", seat=WINDS[self.actor])
        return msg("replay.turn.draw", seat=WINDS[self.turn], discarder=WINDS[(self.turn - 1) % N_SEATS])

    def _own_turn(self, event: Event, problem: str) -> None:
        """An act only the seat to play makes (a discard, a kong of its own, a self-drawn Hu)."""
        if event.seat != self.actor:
            raise _Stop(msg(problem, seat=WINDS[event.seat], turn=self._whose()), event)

    def _ended(self) -> Message:
        first = next(iter(self.wins.values()))
        return msg("replay.after-hu", seat=WINDS[first.seat], at=first.at or "?")

    def _declared(self, event: Event) -> None:
        """A Hu declared when one may be: once a seat; self-drawn by the seat to play; after a Hu,
        only another on the same discard or robbed kong (several winners, duplicate MCR)."""
        if event.seat in self.hands:
            raise _Stop(msg("replay.won-twice", seat=WINDS[event.seat]), event)
        if self.over and (event.source is None or event.source != self.won_on or self.won_on < 0):
            raise _Stop(self._ended(), event)
        if event.source is None:
            self._own_turn(event, "replay.win-turn")

    def _meld_room(self, event: Event, seat: _Seat) -> None:
        """A seat declares four melds at most (a hand is four sets and a pair)."""
        if len(seat.melds) >= FOUR_SETS.sets:
            raise _Stop(msg("replay.melds", seat=WINDS[event.seat], n=len(seat.melds)), event)

    def _show(self, event: Event, tile: Tile, n: int) -> None:
        """`n` more copies of `tile` in sight (discarded or declared): with the deal not known, the
        copies in sight are counted against the 4 of the tile (a known deal's counts bound them)."""
        if self.known:
            return
        shown = self.shown
        i = INDEX[tile.code]
        shown[i] += n
        if shown[i] > COPIES:
            raise _Stop(msg("replay.shown-copies", n=shown[i], tile=tile.code, most=COPIES), event)

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
        elif event.seat != self.turn:
            raise _Stop(msg("replay.draw-turn", seat=WINDS[event.seat], turn=self._whose()), event)
        try:
            self.wall.take(piece, back)
        except _Stop as stop:
            raise _Stop(stop.problem, event) from None
        if self.wall.codes is None:
            self._count(event, code_of(piece))
        if not back:
            self._drew(event.seat)
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

    def _count(self, event: Event, code: int) -> None:
        """A piece drawn where the wall is not given: every copy out of the wall or dealt is counted
        against what the game has (4 of a tile, each flower once, 8 flowers)."""
        seen = self.seen
        if code >= PIECE_CODES:
            raise _Stop(msg("replay.deal-flower-number", number=code - KINDS), event)
        seen[code] += 1
        if code < KINDS:
            if seen[code] > COPIES:
                raise _Stop(msg("replay.drawn-copies", n=seen[code], tile=TILE_AT[code].code, most=COPIES), event)
            return
        flowers = 0
        for k in range(KINDS, PIECE_CODES):
            flowers += seen[k]
        if code > KINDS and seen[code] > 1:
            raise _Stop(msg("replay.drawn-flower", number=code - KINDS), event)
        if flowers > FLOWER_PIECES:
            raise _Stop(msg("replay.drawn-flowers", n=flowers, most=FLOWER_PIECES), event)

    def _discard(self, event: Event, seat: _Seat) -> None:
        tile = self._tile(event)
        self._own_turn(event, "replay.discard-turn")
        if seat.owed:
            raise _Stop(msg(f"replay.owed.{seat.owed[0]}", seat=WINDS[event.seat]), event)
        self._remove(event, seat, tile, 1)
        if self.known:
            held = seat.held() + 3 * len(seat.melds)
            if held != 13:
                raise _Stop(msg("replay.after-discard", seat=WINDS[event.seat], n=count("n.tile", held)), event)
        self._show(event, tile, 1)
        seat.discards.append(tile)
        seat.last_draw = None
        self.discarder = event.seat
        self.discarded = INDEX[tile.code]
        self.discard_place = len(seat.discards) - 1
        self._passes(event.seat)

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
            self._meld_room(event, seat)
            for t in rest:
                self._show(event, t, 1)
            try:
                seat.meld(Meld("chow", meld[0], claim=meld.index(tile) + 1))
            except McrError:
                raise _Stop(msg("replay.bad-chow", tile=tile.code), event) from None
            return
        if event.tile is not None and event.tile != tile:
            raise _Stop(msg("replay.claim-tile", tile=tile.code, given=event.tile.code), event)
        n = 2 if event.act is PUNG else 3
        self._remove(event, seat, tile, n)
        self._meld_room(event, seat)
        self._show(event, tile, n)
        if event.act is PUNG:
            seat.meld(Meld("pung", tile, claim=digit))
        else:
            seat.meld(Meld("kong", tile, claim=digit))
            seat.owed.append(KONG_CAUSE)

    def _added_kong(self, event: Event, seat: _Seat) -> None:
        tile = self._tile(event)
        at = next((i for i, m in enumerate(seat.melds) if m.kind == "pung" and m.tile == tile), None)
        if at is None:
            raise _Stop(msg("replay.no-pung", seat=WINDS[event.seat], tile=tile.code), event)
        self._remove(event, seat, tile, 1)
        self._show(event, tile, 1)
        pung = seat.melds[at]
        seat.melds[at] = Meld("kong", tile, claim=promoted_claim(pung.claim or 1))
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
            visible == LAST_COPY_SEEN and not (self.known and tile in tiles),
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
            if table.fault is not None:
                raise table.fault
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
        if table.fault is not None:
            raise table.fault
        rebuilt = tuple([_rebuilt(win, table, game, number) for win in _each_seat_once(wins)])
    except _Stop as stop:
        problem = _error(game, number, stop)
        return _stopped(wins, problem), None, problem
    problems = [w.problem for w in rebuilt if isinstance(w.problem, ReplayError)]  # a claim's own problem is its win's
    return rebuilt, table.holdings() if table.known else None, problems[0] if problems else None


def _stopped(wins: Sequence[Win | WinRead], problem: McrError) -> tuple[Win, ...]:
    return tuple([win_of(w, None, problem) for w in _each_seat_once(wins)])


def _each_seat_once(wins: Sequence[Win | WinRead]) -> Sequence[Win | WinRead]:
    """A seat's first Hu of the record (a second Hu of the seat is the replay's problem,
    `replay.won-twice`, named at its act): one win a seat, so one record a seat, never two of one id."""
    if len({w.seat for w in wins}) == len(wins):
        return wins
    return [w for k, w in enumerate(wins) if all(v.seat != w.seat for v in wins[:k])]


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
    if win.fans is not None:
        unknown = _unknown_fans(win.fans)
        if unknown:
            stop = _Stop(msg("replay.unknown-fans", seat=WINDS[win.seat], names=", ".join(unknown)), event)
            return win_of(win, None, _error(game, number, stop, GameRecordError))
    bound = claim_bound(win)
    if bound is not None:  # named where the Hu stands in the record, as every problem of a Hu is
        return win_of(win, None, _error(game, number, _Stop(bound, event), GameRecordError))
    return win_of(win, hand, None)


def claim_bound(win: Win | WinRead) -> Message | None:
    """What no hand can claim in a Hu's recorded result (`claims`' bounds: a total above the highest
    hand with its flowers, a fan counted more often than one hand counts it), found before its fans
    are expanded: by the replay, which names the Hu's place in the record, and by `export` for a Hu
    no replay rebuilt (a score sheet's)."""
    seat = WINDS[win.seat]
    if win.total is not None and not 0 <= win.total <= MAX_POINTS:
        return msg("export.claim-total", seat=seat, total=win.total, most=MAX_POINTS)
    counts: dict[int, int] = {}
    for f in win.fans or ():
        if f.fan is None:
            continue
        n = counts[f.fan] = counts.get(f.fan, 0) + f.count
        if f.count < 1 or (n > 1 and n > _most(f.fan)):  # every fan counts once at least
            return msg("export.claim-fan-count", seat=seat, fan=int(f.fan), count=n, most=_most(f.fan))
    return None


def _most(fan: int) -> int:
    from mcr_score.systems.mcr.claims import (
        most,  # the claims reader's bound (it imports the scorer: only when counted twice)
    )

    return most(fan)


def _unknown_fans(fans: tuple[RecordedFan, ...]) -> list[str]:
    """The names of the fans a record claims that no table of ours knows (a blessing, 天和..., is
    known: no rulebook fan, its points kept in the total): such a claim cannot be compared."""
    out: list[str] = []
    for fan in fans:
        if fan.fan is None and not is_blessing(fan.name):
            out.append(fan.name)
    return out


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
    from mcr_score.notation import format_tiles

    return format_tiles(hand.standing) + " " + _piece(hand.winning)


def _error(game: str, number: int, stop: _Stop, kind: type[McrError] = ReplayError) -> McrError:
    """The problem of hand `number` of `game`, naming where it stopped (`kind`: an unreplayable hand;
    a claim that cannot be read, `GameRecordError`)."""
    event = stop.event
    if stop.deal:
        return kind(msg("replay.at-deal", game=game, hand=number, problem=stop.problem), where=f"{game}/{number} deal")
    return kind(
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
