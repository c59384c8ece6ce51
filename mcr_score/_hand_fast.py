"""`check_hand`'s quick proof that a usual hand is valid, compiled with the engine (issue 30).

Every hand read or scored is checked, and most are valid: this proof costs a fraction of the full
check (`hand._problems`), which names and locates each problem and runs only when the proof fails.
It lives apart from `hand.py`, which imports it: it reads `Hand` as a type only, which is enough for
the compiled build to read a hand's parts as native fields (`hand.py` is compiled too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mcr_score.tiles import COPIES, FLOWER_LETTERS, INDEX, MAX_FLOWERS, WINDS

if TYPE_CHECKING:
    from mcr_score.hand import Hand, Shape

_LETTERS: Final = frozenset(FLOWER_LETTERS)
# Statics of the compiled module, not lookups in its globals (a module's plain names are).
_WINDS: Final = WINDS
_INDEX: Final = INDEX
_COPIES: Final = COPIES
_MAX_FLOWERS: Final = MAX_FLOWERS


def surely_valid(hand: Hand, shape: Shape) -> bool:
    """Whether `check_hand` surely finds nothing in `hand`: the tile count its melds ask for in
    `shape`, at most four copies of a tile, two winds, flowers in range (the letters, if named,
    distinct and as many), and a kong or last-copy claim that the hand allows (its winning
    tile held nowhere else; a replacement tile after a kong, a kong robbed before the last tile).
    False sends the hand to the full check."""
    s = hand.situation
    letters: str = s.flower_letters
    flowers: int = s.flowers
    if (
        (letters and (len(letters) != flowers or len(set(letters)) != flowers or not _LETTERS.issuperset(letters)))
        or not 0 <= flowers <= _MAX_FLOWERS
        or s.seat_wind not in _WINDS
        or s.prevalent_wind not in _WINDS
    ):
        return False
    melds = hand.melds
    k = len(melds)
    if k > shape.sets:
        return False
    standing = hand.standing
    winning = hand.winning
    if len(standing) + 1 != shape.tiles(k):  # the standing tiles and the winning one, held or to come
        return False
    # At most four copies of a kind: counted by index (compiled, a sort of the codes and a
    # comparison through `map` cost several times more).
    counts = [0] * 34
    # `counts[i] = counts[i] + 1`, not `+=`: compiled, an augmented list item is a generic add.
    for t in standing:
        i = _INDEX[t.code]
        counts[i] = counts[i] + 1
    if winning is not None:
        i = _INDEX[winning.code]
        counts[i] = counts[i] + 1
    for m in melds:
        for t in m.tiles:
            i = _INDEX[t.code]
            counts[i] = counts[i] + 1
    if not all(c <= _COPIES for c in counts):
        return False
    if s.kong or s.last_copy:  # the claims' own checks (`hand._check_situation`), kept strict
        if winning is None or counts[_INDEX[winning.code]] > 1:  # the tile robbed or last held elsewhere
            return False
        if s.kong:
            if s.self_drawn:  # a replacement tile: after a kong
                return any(m.kind == "kong" for m in melds)
            return not s.wall_last  # a kong robbed: not on the last tile of the wall
    return True
