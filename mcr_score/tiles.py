"""The 34 tile kinds of MCR and their properties.

Tiles are values (`Tile('5m')`); the engine works on their index 0-33, in the order
1-9m, 1-9p, 1-9s, E S W N, C F P, so that a chow is three consecutive indices in one suit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mcr_score.values import reduce


class Wind(StrEnum):
    """The four winds in turn order, as the notation writes them (a seat, the prevalent wind, a tile)."""

    E = "E"
    S = "S"
    W = "W"
    N = "N"


SUITS = "mps"
# The winds as a tuple, not a text: `"" in WINDS` and `"ES" in WINDS` are False (a text holds both).
WINDS: tuple[str, ...] = tuple(Wind)
DRAGONS = "CFP"  # red 中, green 發, white 白
HONORS = "".join(WINDS) + DRAGONS

NAMES: tuple[str, ...] = tuple(f"{r}{s}" for s in SUITS for r in range(1, 10)) + tuple(HONORS)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}

# Honors as 1z-7z in the Chinese order used by MCR tools: 5z red, 6z green, 7z white.
# Riichi tools put white first (5z white, 7z red); this notation does not follow them.
Z_HONORS = HONORS

# Unicode Mahjong Tiles block: winds, dragons (red, green, white), then characters, bamboo, dots.
_UNICODE_ORDER = (
    tuple(HONORS)
    + tuple(f"{r}m" for r in range(1, 10))
    + tuple(f"{r}s" for r in range(1, 10))
    + tuple(f"{r}p" for r in range(1, 10))
)
UNICODE: dict[str, str] = {chr(0x1F000 + i): name for i, name in enumerate(_UNICODE_ORDER)}
TO_UNICODE: dict[str, str] = {name: ch for ch, name in UNICODE.items()}
# Flowers (plum, orchid, bamboo, chrysanthemum: 梅兰竹菊) and seasons (春夏秋冬) as the letters a-h.
UNICODE_FLOWERS: dict[str, str] = {chr(0x1F022 + i): "abcdefgh"[i] for i in range(8)}
FLOWER_LETTERS = "abcdefgh"
MAX_FLOWERS = 8  # four flowers and four seasons (R98 #81)
COPIES = 4
"""Each of the 34 tile kinds is in the set four times: a hand holds at most four of one."""
LAST_COPY_SEEN = COPIES - 1
"""The copies of the winning tile in sight that make the win the last copy (和绝张, Last Tile, fan 58:
the other three already shown, R98 #58): the one place the engine, the advice, the referee and the
replay read it."""

GREEN = frozenset(INDEX[n] for n in ("2s", "3s", "4s", "6s", "8s", "F"))
REVERSIBLE = frozenset(
    INDEX[n] for n in ("1p", "2p", "3p", "4p", "5p", "8p", "9p", "2s", "4s", "5s", "6s", "8s", "9s", "P")
)


def suit_of(index: int) -> int:
    """0 characters, 1 dots, 2 bamboo, 3 honors."""
    return index // 9 if index < 27 else 3


def rank_of(index: int) -> int:
    """1-9 for suited tiles, 0 for honors."""
    return index % 9 + 1 if index < 27 else 0


def is_honor(index: int) -> bool:
    return index >= 27


def is_terminal(index: int) -> bool:
    return index < 27 and index % 9 in (0, 8)


def is_terminal_or_honor(index: int) -> bool:
    return index >= 27 or index % 9 in (0, 8)


def starts_chow(index: int) -> bool:
    """Whether a chow can run from this tile: a suited tile of rank 1-7 (its three ranks stay in its suit)."""
    return index < 27 and index % 9 <= 6


def chow_partners(index: int) -> tuple[tuple[int, int], ...]:
    """The pairs of kinds that make a chow with this tile: the two below it, one on either side, the
    two above it, as far as its suit goes; none for an honour."""
    if index >= 27:
        return ()
    r = index % 9
    return tuple((index + a, index + b) for a, b in ((-2, -1), (-1, 1), (1, 2)) if r + a >= 0 and r + b <= 8)


@dataclass(frozen=True, slots=True, init=False)
class Tile:
    """One tile kind, named as in the notation: `1m`-`9m`, `1p`-`9p`, `1s`-`9s`, `E S W N`, `C F P`."""

    code: str

    # Written out, not generated, and typed `object`: mypyc compiles it, and the code is checked
    # before it is set, so a wrong type is this named `TypeError` in both builds (compiled, a typed
    # parameter or field would raise mypyc's own). Pinned by tests/core/test_value_classes.py.
    def __init__(self, code: object) -> None:
        if code not in INDEX:
            if not isinstance(code, str):
                raise TypeError(f"Tile takes a tile's code (str), not {type(code).__name__}")
            from mcr_score.errors import BadTileError  # here: only a bad code needs it
            from mcr_score.messages import msg

            raise BadTileError(msg("error.tile.code", code=repr(code)), where="code")
        object.__setattr__(self, "code", code)

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce(self)

    # Written out: the dataclass's own, which compiled code would not get beside `__lt__`.
    def __eq__(self, other: object) -> bool:
        if type(other) is not Tile:
            return NotImplemented
        return self.code == other.code

    def __hash__(self) -> int:
        return hash((self.code,))

    @classmethod
    def from_index(cls, index: int) -> Tile:
        return TILES[index]

    @property
    def index(self) -> int:
        return INDEX[self.code]

    @property
    def suit(self) -> str:
        """`m`, `p`, `s`, or `z` for honors."""
        return self.code[1] if len(self.code) == 2 else "z"

    @property
    def rank(self) -> int:
        return rank_of(self.index)

    @property
    def is_honor(self) -> bool:
        return len(self.code) == 1

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __str__(self) -> str:
        return self.code


# The 34 tiles by index: `TILES[i]` is `Tile.from_index(i)` without the method call (hot paths).
TILES: tuple[Tile, ...] = tuple(Tile(n) for n in NAMES)
