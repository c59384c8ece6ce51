"""Hypothesis strategies for random *valid* hands and for the many ways to write one down.

`hands()` draws any hand the notation can describe, not only winning shapes: declared melds
(chows, pungs, concealed, exposed and promoted kongs, with or without claim digits), sorted
standing tiles, a winning tile or none (waiting), never more than four copies of a tile, and a
situation consistent with `check_hand`. `written_forms(hand)` draws a text for a hand that is
built here from the notation's definition (grammar header), independently of `format_hand`.
"""

from __future__ import annotations

import unicodedata
from collections import Counter

from hypothesis import strategies as st

from mcr_score.hand import Hand, Meld, Situation, check_hand
from mcr_score.tiles import NAMES, Tile

TILES: tuple[Tile, ...] = tuple(Tile(n) for n in NAMES)
CHOW_STARTS = tuple(t for t in TILES if not t.is_honor and t.rank <= 7)
WINDS = "ESWN"
FLOWERS = "abcdefgh"

# Unicode character names, so the test's tile characters do not come from the code under test.
_RANKS = ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE")
_SUITS = {"m": "CHARACTERS", "s": "BAMBOOS", "p": "CIRCLES"}
_HONORS = {
    "E": "EAST WIND",
    "S": "SOUTH WIND",
    "W": "WEST WIND",
    "N": "NORTH WIND",
    "C": "RED DRAGON",
    "F": "GREEN DRAGON",
    "P": "WHITE DRAGON",
}
_FLOWERS = dict(
    zip(FLOWERS, ("PLUM", "ORCHID", "BAMBOO", "CHRYSANTHEMUM", "SPRING", "SUMMER", "AUTUMN", "WINTER"), strict=False)
)
Z_DIGIT = {h: str(i) for i, h in enumerate("ESWNCFP", start=1)}  # 5z red, 6z green, 7z white


def unicode_tile(code: str) -> str:
    """The Unicode Mahjong Tiles character for a tile code (`1m`, `E`) or a flower letter (`a`)."""
    if code in _FLOWERS:
        return unicodedata.lookup(f"MAHJONG TILE {_FLOWERS[code]}")
    if code in _HONORS:
        return unicodedata.lookup(f"MAHJONG TILE {_HONORS[code]}")
    return unicodedata.lookup(f"MAHJONG TILE {_RANKS[int(code[0]) - 1]} OF {_SUITS[code[1]]}")


def melds() -> st.SearchStrategy[Meld]:
    claim = st.sampled_from((None, 1, 2, 3))
    return st.one_of(
        st.builds(Meld, st.just("chow"), st.sampled_from(CHOW_STARTS), claim=claim),
        st.builds(Meld, st.just("pung"), st.sampled_from(TILES), claim=claim),
        st.builds(Meld, st.just("kong"), st.sampled_from(TILES), claim=st.sampled_from((1, 2, 3, 5, 6, 7))),
        st.builds(Meld, st.just("kong"), st.sampled_from(TILES), concealed=st.just(True)),
    )


@st.composite
def hands(draw, waiting: bool | None = None) -> Hand:
    """A valid hand; `waiting` forces a 13-3k tile hand (True) or a winning one (False)."""
    left = Counter(dict.fromkeys(TILES, 4))
    declared: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        meld = draw(melds())
        need = Counter(meld.tiles)
        if all(left[t] >= n for t, n in need.items()):
            left -= need
            declared.append(meld)
    if waiting is None:
        waiting = draw(st.booleans())
    # A few favourite tiles make repeated copies (and so the situation rules) common.
    palette = draw(st.lists(st.sampled_from(TILES), min_size=1, max_size=6, unique=True))
    drawn: list[Tile] = []
    for _ in range(14 - 3 * len(declared) - waiting):
        choices = [t for t in palette if left[t]] or [t for t in TILES if left[t]]
        tile = draw(st.sampled_from(choices))
        left[tile] -= 1
        drawn.append(tile)
    winning = None if waiting else drawn.pop()
    standing = tuple(sorted(drawn))
    hand = Hand(tuple(declared), standing, winning, draw(situations(declared, standing, winning)))
    problems = check_hand(hand)
    assert problems == [], problems
    return hand


@st.composite
def situations(draw, declared: list[Meld], standing: tuple[Tile, ...], winning: Tile | None) -> Situation:
    """Random flags, winds and flowers, then dropped where `check_hand` forbids the combination."""
    self_drawn, last_copy, wall_last, kong = (draw(st.booleans()) for _ in range(4))
    if kong and not self_drawn:  # robbing the kong: the other three copies are in the robbed kong
        if winning is not None and (winning in standing or any(winning in m.tiles for m in declared)):
            kong = False
        elif wall_last:
            wall_last = False
    if kong and self_drawn and not any(m.kind == "kong" for m in declared):
        kong = False
    if winning is not None and last_copy and winning in standing:
        last_copy = False
    letters = draw(st.one_of(st.just(""), st.lists(st.sampled_from(FLOWERS), min_size=1, unique=True).map("".join)))
    count = len(letters) if letters else draw(st.integers(0, 8))
    return Situation(
        self_drawn=self_drawn,
        last_copy=last_copy,
        wall_last=wall_last,
        kong=kong,
        seat_wind=draw(st.sampled_from(WINDS)),
        prevalent_wind=draw(st.sampled_from(WINDS)),
        flowers=count,
        flower_letters=letters,
    )


@st.composite
def written_forms(draw, hand: Hand) -> str:
    """Some text that must parse to `hand`: standing tiles in any order with the winning tile written
    last, melds anywhere, each tile as `5m`/`E`, `1z`-`7z` or Unicode, spaces between groups or not,
    `,` before claim digits or not, flower letters inline or in the suffix, no suffix when default."""
    sep = draw(st.sampled_from(("", " ")))

    def tile(t: Tile) -> str:
        styles = ["plain", "unicode"] + (["z"] if t.is_honor else [])
        style = draw(st.sampled_from(styles))
        if style == "unicode":
            return unicode_tile(t.code) + ("\ufe0f" if t.code == "C" and draw(st.booleans()) else "")
        if style == "z":
            return Z_DIGIT[t.code] + "z"
        return t.code

    def meld(m: Meld) -> str:
        claim = "" if m.claim is None else draw(st.sampled_from(("", ","))) + str(m.claim)
        return "[" + sep.join(tile(t) for t in m.tiles) + claim + "]"

    groups = [tile(t) for t in draw(st.permutations(hand.standing))]
    if hand.winning is not None:
        groups.append(tile(hand.winning))

    def scatter(items: list[str]) -> None:
        """Insert items among the groups anywhere, keeping their order (melds and flowers are ordered)."""
        positions = sorted(draw(st.lists(st.integers(0, len(groups)), min_size=len(items), max_size=len(items))))
        for item, position in reversed(list(zip(items, positions, strict=False))):
            groups.insert(position, item)

    scatter([meld(m) for m in hand.melds])
    s = hand.situation
    inline = draw(st.integers(0, len(s.flower_letters)))
    scatter([unicode_tile(f) if draw(st.booleans()) else f for f in s.flower_letters[:inline]])
    text = sep.join(groups)
    flags = "".join("1" if f else "0" for f in (s.self_drawn, s.last_copy, s.wall_last, s.kong))
    suffix = f"|{s.prevalent_wind}{s.seat_wind}{flags}"
    rest = s.flower_letters[inline:]
    if rest:
        suffix += "|" + rest
    elif s.flowers and not s.flower_letters:
        suffix += f"|{s.flowers}"
    if suffix == "|EE0000" and not rest and draw(st.booleans()):
        suffix = ""
    return text + sep + suffix
