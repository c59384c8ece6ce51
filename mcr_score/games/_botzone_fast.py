"""The fast path of Botzone's text reader (`botzone._match`): a match's lines scanned on `str.split`
and a few dict look-ups, no regex a line, the events made positionally.

It reads only what is plainly well formed, and answers None at the first line it does not: the
readable reader (`botzone.py`) then reads the whole match again and says what is wrong, where, in the
very words it always did. So this path never raises and never words an error; what it reads equals
what the readable reader reads (tests/games/test_botzone_fast.py, on every fixture and generated
matches, wrong ones included).

Played as read (`play=True`, what `botzone._match` asks): the hand is played on the replay's table as
its lines are read, as tziakcha's reader plays its record (`replay` on plain ints): a draw, a discard,
a chow or a pung the table plays at once (`Table.draw`, `discard`, `chow`, `pung`), and a pass, make
no event; any other act is played from its event; the first problem of the replay drops the table
(`Scan.table` None: the replay of the events then names it). The record's events are made on first
use (`model.Events`), by this scan again without the play: a batch never reads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mcr_score.games._replay_fast import made, setters
from mcr_score.games.model import Act, Deal, Event, HandRecord, Names, Outcome, Piece, RecordedFan, Win
from mcr_score.games.replay import (
    COPIES,
    DEALT_TILES,
    KINDS,
    N_SEATS,
    Table,
    WinRead,
    _Stop,
    replay,
    replayed,
)
from mcr_score.tiles import WINDS, Tile

# The acts the text's lines are read into, bound once, here for both readers (`botzone.py` imports
# them): compiled, a name declared Final is a constant of the module, where `Act.DRAW` is an attribute
# looked up on the enum class at each use (3.11's `EnumType` answers through its `__getattr__` hook:
# some 4% of a match's reading, perf).
_DRAW: Final = Act.DRAW
_REPLACEMENT: Final = Act.REPLACEMENT
_DISCARD: Final = Act.DISCARD
_CHOW: Final = Act.CHOW
_PUNG: Final = Act.PUNG
_KONG: Final = Act.KONG
_WIN: Final = Act.WIN
_PASS: Final = Act.PASS
_CONCEALED_KONG: Final = Act.CONCEALED_KONG
_ADDED_KONG: Final = Act.ADDED_KONG
_SEATS: Final[dict[str, int]] = {"0": 0, "1": 1, "2": 2, "3": 3}
new_event: Final = tuple.__new__  # an `Event`, made as the tuple it is (a `NamedTuple`: its `__new__` is interpreted)
new_read: Final = tuple.__new__  # a `WinRead`, likewise
HAND_FIELDS: Final = setters(HandRecord)
DEAL_FIELDS: Final = setters(Deal)
ORDER: Final = (0, 1, 2, 3)  # a match's seats in its players' order


@dataclass(frozen=True, slots=True)
class Scan:
    """What a match's lines say, before the fans are named and the hand replayed (`botzone._match`
    finishes both paths alike). `wins`: each Hu, its total, fans and hand not yet read. Played as
    read: `events` empty, `table` the hand played to its end (None: the play met a problem, or the
    prevalent wind was given after the first act, which the table was dealt without)."""

    wind: int
    hands: list[list[Piece]]
    events: list[Event]
    wins: list[WinRead]
    total: int | None
    fans: str | None
    scores: tuple[int, int, int, int] | None
    drawn: bool
    table: Table | None = None
    deal: Deal | None = None


@dataclass(frozen=True, slots=True)
class Action:
    """What a line `Player <seat> <verb> <tile>` says (`scan`'s `actions`): the act before the play
    (a draw, not yet a replacement), its tile and the tile's code on the table."""

    seat: int
    act: Act
    tile: Tile
    index: int


MAX_ACTIONS_KEPT: Final = 8192  # 4 seats, 8 verbs, 34 tiles: 1,088 such lines
_NO_PARTS: Final[list[str]] = []  # a line read before has no `Ignore` parts


def _score(word: str) -> int | None:
    """A Score word as `botzone._int` reads it (`-?\\d{1,6}`, ASCII digits), None when it is not one."""
    digits = word[1:] if word.startswith("-") else word
    if not 1 <= len(digits) <= 6 or not digits.isascii() or not digits.isdigit():
        return None
    return int(word)


def scan(
    block: Sequence[tuple[int, str, int]],
    acts: dict[str, Act],
    tiles: dict[str, Tile],
    pieces: dict[str, Piece],
    codes: dict[str, int],
    actions: dict[str, Action],
    prevalent: Sequence[str] = WINDS,
    play: bool = False,
) -> Scan | None:
    """The lines after `Match` read on the fast path, or None at the first that is not plainly well
    formed. `acts`: the verbs of the text and their acts; `tiles`, `pieces`: every code and what it
    names (`botzone.tile`, `botzone.piece`); `codes`: every code and its piece's code on the table
    (`replay.code_of`); dicts, not mappings: compiled, a dict's look-up is a call into C, a mapping's
    a method called by name. `actions`: the lines `Player <seat> <verb> <tile>` read so far and what
    they say, kept by the caller for these tables (a thousand such lines there are; one look-up
    instead of a split and four), at most `MAX_ACTIONS_KEPT` of them. `play`: the hand played as
    read, on a table dealt the Deal lines (the module's docstring); `prevalent` the winds, by the
    Wind line's number."""
    wind = 0
    hands: list[list[Piece]] = [[], [], [], []]
    dealt_codes: list[list[int]] = [[], [], [], []]
    events: list[Event] = []
    wins: list[WinRead] = []
    total: int | None = None
    fans: str | None = None
    scores: tuple[int, int, int, int] | None = None
    drawn = False
    ended = False
    acted = False  # an act read: no Deal line follows
    last_kong = [False, False, False, False]
    dealt = [False, False, False, False]
    last_discard: Tile | None = None
    last_seat = -1  # the seat of the last event that is no pass (a Hu's source)
    deal: Deal | None = None
    table: Table | None = None
    for number, line, _indent in block[1:]:
        known = actions.get(line)  # a line `Player <seat> <verb> <tile>` read before
        if known is not None:
            if ended:
                return None
            seat, act, t, index = known.seat, known.act, known.tile, known.index
            parts = _NO_PARTS
            n = 4
        else:
            parts = line.split(" ")
            if parts[0] != "Player":
                words = line.split()
                head = words[0]
                if head == "Wind" and len(words) == 2 and words[1] in _SEATS:
                    wind = _SEATS[words[1]]
                    if acted:  # the table was dealt with the wind before: the replay of the events plays it
                        table = None
                elif head == "Fan" and len(words) >= 2 and words[1].isascii() and words[1].isdigit():
                    total = int(words[1])
                    fans = " ".join(words[2:])
                    ended = True
                elif head == "Score" and len(words) == 5:
                    a, b, c, d = _score(words[1]), _score(words[2]), _score(words[3]), _score(words[4])
                    if a is None or b is None or c is None or d is None:
                        return None
                    scores = (a, b, c, d)
                    ended = True
                elif head == "Huang":
                    drawn = True
                    ended = True
                else:
                    return None
                continue
            if ended or len(parts) < 3:
                return None
            seat = _SEATS.get(parts[1], -1)
            if seat < 0:
                return None
            verb = parts[2]
            if verb == "Deal":
                if dealt[seat] or acted:
                    return None
                dealt[seat] = True
                hand: list[Piece] = []
                seat_codes: list[int] = []
                for code in parts[3:]:
                    index = codes.get(code, -1)
                    if index < 0:
                        return None
                    hand.append(pieces[code])
                    seat_codes.append(index)
                hands[seat] = hand
                dealt_codes[seat] = seat_codes
                continue
            found = acts.get(verb)
            n = len(parts)
            if found is None or n < 4 or (n - 4) % 5:
                return None
            act = found
            tile = tiles.get(parts[3])
            if tile is None:
                return None
            t = tile
            index = codes[parts[3]]
            if n == 4 and len(actions) < MAX_ACTIONS_KEPT:
                actions[line] = Action(seat, act, t, index)
        if play and not acted:  # the deal is whole: the table dealt it
            deal = deal_of(hands)
            table = Table(deal, prevalent[wind], dealt_codes, plain_deal(dealt_codes))
        acted = True
        if act is _DRAW and last_kong[seat]:
            act = _REPLACEMENT
        last_kong[seat] = False
        source = None if last_seat < 0 or last_seat == seat else last_seat  # of a Hu
        if table is None or not (  # the acts the table plays on ints, without an event
            (act is _DRAW and table.draw(seat, index))
            or (act is _DISCARD and table.discard(seat, index))
            or (act is _CHOW and table.chow(seat, index - 1))
            or (act is _PUNG and table.pung(seat, index, -1))
        ):
            at = f"line {number}"
            if act is _CHOW:
                meld = (Tile.from_index(index - 1), t, Tile.from_index(index + 1))
                e = new_event(Event, (seat, act, last_discard, None, meld, None, None, None, at))
            elif act is _PUNG:
                e = new_event(Event, (seat, act, t, None, (t, t, t), None, None, None, at))
            elif act is _KONG or act is _CONCEALED_KONG or act is _ADDED_KONG:
                e = new_event(Event, (seat, act, t, None, (t, t, t, t), None, None, None, at))
            elif act is _WIN:
                e = new_event(Event, (seat, act, t, None, (), source, None, None, at))
            else:
                e = new_event(Event, (seat, act, t, None, (), None, None, None, at))
            if not play:
                events.append(e)
            elif table is not None:
                try:
                    table.play(e)
                except _Stop:
                    table = None
        if act is _KONG or act is _CONCEALED_KONG or act is _ADDED_KONG:
            last_kong[seat] = True
        elif act is _WIN:
            wins.append(new_read(WinRead, (seat, source, None, None, None)))
        elif act is _DISCARD:
            last_discard = t
        last_seat = seat
        k = 4
        while k < n:  # `Ignore Player <j> <claim> <tile>`: the claims that lost, passes
            j = _SEATS.get(parts[k + 2], -1)
            claimed = tiles.get(parts[k + 4])
            claim = parts[k + 3]
            if parts[k] != "Ignore" or parts[k + 1] != "Player" or j < 0 or claimed is None or claim not in acts:
                return None
            if not play:  # a pass: nothing on the table
                at = f"line {number} (ignored {claim})"
                events.append(new_event(Event, (j, _PASS, claimed, None, (), None, None, None, at)))
            k += 5
    if play and not acted:  # a match of no act: the table dealt all the same
        deal = deal_of(hands)
        table = Table(deal, prevalent[wind], dealt_codes, plain_deal(dealt_codes))
    return Scan(wind, hands, events, wins, total, fans, scores, drawn, table, deal)


def deal_of(hands: list[list[Piece]]) -> Deal:
    """The `Deal` of a match's Deal lines (no wall: Botzone's text gives none), made by `made`."""
    return made(Deal, DEAL_FIELDS, (tuple([tuple(h) for h in hands]), None, None, True))


def plain_deal(codes: list[list[int]]) -> bool:
    """A deal of four seats whose check (`replay._deal_problem`) plainly finds nothing: 13 tiles a
    seat (the dealer 13 or 14), no flower, no tile more than 4 times; the table is then told so
    (`Table(..., dealt=True)`) and skips the check, 42 counts of the pieces (5% of a hand, compiled).
    Any other deal is checked by the table, which names its problem."""
    if len(codes) != N_SEATS:
        return False
    counts = [0] * KINDS
    for seat in range(N_SEATS):
        dealt = codes[seat]
        if not (len(dealt) == DEALT_TILES or (seat == 0 and len(dealt) == DEALT_TILES + 1)):
            return False
        for code in dealt:
            if not 0 <= code < KINDS:
                return False
            n = counts[code] + 1
            if n > COPIES:
                return False
            counts[code] = n
    return True


def record(
    s: Scan, fans: tuple[RecordedFan, ...] | None, events: Sequence[Event], game: str, names: Names
) -> HandRecord:
    """The hand of a match read as `scan` read it, replayed: made once, with what the play gives
    (`Scan.table`); a play that met a problem (no table), replayed from its `events`. As
    `botzone._record` makes it, then `replay.replay`."""
    prevalent = WINDS[s.wind]
    deal = s.deal if s.deal is not None else deal_of(s.hands)
    outcome = Outcome.WIN if s.wins else (Outcome.DRAW if s.drawn else Outcome.UNKNOWN)
    table = s.table
    # The fields of `HandRecord` in order (`made`): number prevalent players order deal events wins
    # outcome false_wins scores penalties final problem.
    if table is None:
        wins = tuple([Win(w.seat, w.discarder, s.total, fans) for w in s.wins])
        unplayed = (1, prevalent, names, ORDER, deal, events, wins, outcome, (), s.scores, None, None, None)
        return replay(made(HandRecord, HAND_FIELDS, unplayed), game)
    reads = [new_read(WinRead, (w.seat, w.discarder, s.total, fans, None)) for w in s.wins]
    rebuilt, final, problem = replayed(reads, table, game, 1)
    fields = (1, prevalent, names, ORDER, deal, events, rebuilt, outcome, (), s.scores, None, final, problem)
    return made(HandRecord, HAND_FIELDS, fields)
