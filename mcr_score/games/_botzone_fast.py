"""The fast path of Botzone's text reader (`botzone._match`): a match's lines scanned on `str.split`
and a few dict look-ups, no regex a line, the events made positionally.

It reads only what is plainly well formed, and answers None at the first line it does not: the
readable reader (`botzone.py`) then reads the whole match again and says what is wrong, where, in the
very words it always did. So this path never raises and never words an error; what it reads equals
what the readable reader reads (tests/games/test_botzone_fast.py, on every fixture and generated
matches, wrong ones included).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from mcr_score.games.model import Act, Event, Piece, Win
from mcr_score.tiles import Tile

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


@dataclass(frozen=True, slots=True)
class Scan:
    """What a match's lines say, before the fans are named and the hand replayed (`botzone._match`
    finishes both paths alike). `wins`: each Hu, its total and fans not yet read."""

    wind: int
    hands: list[list[Piece]]
    events: list[Event]
    wins: list[Win]
    total: int | None
    fans: str | None
    scores: tuple[int, int, int, int] | None
    drawn: bool


def _score(word: str) -> int | None:
    """A Score word as `botzone._int` reads it (`-?\\d{1,6}`, ASCII digits), None when it is not one."""
    digits = word[1:] if word.startswith("-") else word
    if not 1 <= len(digits) <= 6 or not digits.isascii() or not digits.isdigit():
        return None
    return int(word)


def scan(
    block: Sequence[tuple[int, str, int]],
    acts: Mapping[str, Act],
    tiles: Mapping[str, Tile],
    pieces: Mapping[str, Piece],
) -> Scan | None:
    """The lines after `Match` read on the fast path, or None at the first that is not plainly well
    formed. `acts`: the verbs of the text and their acts; `tiles`, `pieces`: every code and what it
    names (`botzone.tile`, `botzone.piece`)."""
    wind = 0
    hands: list[list[Piece]] = [[], [], [], []]
    events: list[Event] = []
    wins: list[Win] = []
    total: int | None = None
    fans: str | None = None
    scores: tuple[int, int, int, int] | None = None
    drawn = False
    ended = False
    last_kong = [False, False, False, False]
    dealt = [False, False, False, False]
    last_discard: Tile | None = None
    last_other: Event | None = None  # the last event that is no pass (a Hu's source)
    for number, line, _indent in block[1:]:
        at = f"line {number}"
        parts = line.split(" ")
        if parts[0] == "Player":
            if ended or len(parts) < 3:
                return None
            seat = _SEATS.get(parts[1], -1)
            if seat < 0:
                return None
            verb = parts[2]
            if verb == "Deal":
                if dealt[seat] or events:
                    return None
                dealt[seat] = True
                hand: list[Piece] = []
                for code in parts[3:]:
                    p = pieces.get(code)
                    if p is None:
                        return None
                    hand.append(p)
                hands[seat] = hand
                continue
            act = acts.get(verb)
            n = len(parts)
            if act is None or n < 4 or (n - 4) % 5:
                return None
            t = tiles.get(parts[3])
            if t is None:
                return None
            if act is _DRAW and last_kong[seat]:
                act = _REPLACEMENT
            last_kong[seat] = False
            if act is _CHOW:
                low = Tile.from_index(t.index - 1)
                e = Event(seat, act, last_discard, None, (low, t, Tile.from_index(t.index + 1)), None, None, None, at)
            elif act is _PUNG:
                e = Event(seat, act, t, None, (t, t, t), None, None, None, at)
            elif act is _KONG or act is _CONCEALED_KONG or act is _ADDED_KONG:
                e = Event(seat, act, t, None, (t, t, t, t), None, None, None, at)
                last_kong[seat] = True
            elif act is _WIN:
                source = None if last_other is None or last_other.seat == seat else last_other.seat
                e = Event(seat, act, t, None, (), source, None, None, at)
                wins.append(Win(seat, source, None, None))
            else:
                e = Event(seat, act, t, None, (), None, None, None, at)
                if act is _DISCARD:
                    last_discard = t
            events.append(e)
            last_other = e
            k = 4
            while k < n:  # `Ignore Player <j> <claim> <tile>`: the claims that lost, passes
                j = _SEATS.get(parts[k + 2], -1)
                claimed = tiles.get(parts[k + 4])
                claim = parts[k + 3]
                if parts[k] != "Ignore" or parts[k + 1] != "Player" or j < 0 or claimed is None or claim not in acts:
                    return None
                events.append(Event(j, _PASS, claimed, None, (), None, None, None, f"{at} (ignored {claim})"))
                k += 5
            continue
        words = line.split()
        head = words[0]
        if head == "Wind" and len(words) == 2 and words[1] in _SEATS:
            wind = _SEATS[words[1]]
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
    return Scan(wind, hands, events, wins, total, fans, scores, drawn)
