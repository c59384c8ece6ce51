"""The American tile set of seed 002 (docs/rulesets.md §3.1): 152 tiles, each kind an index.

« dix-neuf tuiles de long et deux tuiles de profondeur »: 4 × 19 × 2 = 152, that is three suits of
1-9 (craks `m`, dots `p`, bams `s`), four winds, three dragons (red `R`, green `G`, white `0`,
« Savon »), eight flowers `F` (« Les fleurs n'appartiennent à aucune couleur ») and « 8 JOKERS »
[DERIVED]. A joker is no kind: it stands for one (`Hand.jokers`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

SUITS = "mps"  # craks, dots, bams: MCR's letters
SUIT_ALIASES: Mapping[str, str] = MappingProxyType({"c": "m", "d": "p", "b": "s"})  # crak, dot, bam
WINDS = "NEWS"
DRAGONS = "RG0"  # red, green, white (soap, the zero)
FLOWER = "F"
JOKER = "J"
JOKERS = 8  # « 8 JOKERS »

SUITED = 27
NAMES: tuple[str, ...] = (
    *(f"{rank}{suit}" for suit in SUITS for rank in range(1, 10)),
    *WINDS,
    *DRAGONS,
    FLOWER,
)
KINDS = len(NAMES)
INDEX: Mapping[str, int] = MappingProxyType({name: i for i, name in enumerate(NAMES)})
F = INDEX[FLOWER]
COPIES: tuple[int, ...] = tuple(8 if i == F else 4 for i in range(KINDS))  # 4 of each, 8 flowers
# « Les cracks s'accordent avec les DRAGONS ROUGES ; Les béliers ... VERTS ... Les points ... BLANCS »
MATCHING_DRAGON: Mapping[str, int] = MappingProxyType({"m": INDEX["R"], "s": INDEX["G"], "p": INDEX["0"]})


def suited(suit: str, rank: int) -> int:
    return SUITS.index(suit) * 9 + rank - 1


def suit_of(kind: int) -> str | None:
    """A suited kind's suit letter; None for winds, dragons and flowers."""
    return SUITS[kind // 9] if kind < SUITED else None


def rank_of(kind: int) -> int:
    return kind % 9 + 1


def write(kinds: Iterable[int]) -> str:
    """Tiles as the nmjl notation writes them, in the order given: suited runs share their suit
    letter (`25s`, `2m000`, `NEWS`), so that the text reads back as the same tiles (a space keeps a
    white dragon from the numbers after it: `0 1p`)."""
    out: list[str] = []
    run: list[str] = []
    suit: str | None = None
    for kind in kinds:
        s = suit_of(kind)
        if s is not None and s == suit:
            run.append(str(rank_of(kind)))
            continue
        if suit is not None:
            out.append("".join(run) + suit)
        run, suit = [], s
        if s is not None:
            run.append(str(rank_of(kind)))
        else:
            out.append(NAMES[kind])
    if suit is not None:
        out.append("".join(run) + suit)
    return "".join(
        f" {part}" if i and out[i - 1].endswith("0") and part[0] in "123456789" else part for i, part in enumerate(out)
    )
