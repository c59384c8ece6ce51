"""How far a hand is from ready: the shanten number of each winning form and the tiles that lower it.

Shanten is the number of tiles still to draw (each replacing a useless one) before the hand is
ready; 0 is ready, -1 a complete hand. The five forms (Art. 8 of the 1998 rules):
- standard, four sets and a pair: `2n - 2m - min(t, n - m) - p` for the `n` sets the standing
  tiles must still make, `m` complete sets, `t` partial sets (two tiles of a chow, or a pair) and
  `p` = 1 when a pair is kept as the eyes. The best (m, t, p) of each suit is found by searching its
  nine counts once, kept in a table keyed by those counts, and the four groups are combined;
- seven pairs: `6 - pairs` (four of a kind are two pairs in MCR);
- thirteen orphans: `13 - kinds of orphans - (1 if one is paired)`;
- honors and knitted tiles: `13 - distinct tiles of one knitted straight's nine plus the honors`;
- knitted straight: the knitted tiles still missing plus the standard shanten of the rest, the
  knit counting as three sets.
A tile is useful when drawing it lowers the number. A kind the concealed hand holds all four of is
never useful: a fifth copy cannot be drawn (the reference calculator, PyMahjongGB, still lists it
when the hand is ready; see tests/systems/mcr/test_advice_reference.py).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from mcr_score.engine.arrangements import KNIT_TILES, KNITTED_MELDS, ORPHANS, SPECIAL_MELDS
from mcr_score.tiles import COPIES
from mcr_score.vocabulary import Form

FORMS = tuple(Form)  # the order of `shanten`'s answer

Counts = tuple[int, ...]
# One group's best shapes: (p, m, t) = eyes kept (0/1), complete sets, the most partial sets with them;
# only the shapes no other one beats on all three are kept.
Shapes = tuple[tuple[int, int, int], ...]

HONOR_KINDS = tuple(range(27, 34))
# The four groups of kinds, each (first, end, whether chows are made in it): the suits, the honours.
GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


@dataclass(frozen=True, slots=True)
class FormReading:
    """One form's shanten and the tile kinds (indices 0-33) that lower it."""

    form: Form
    shanten: int
    useful: tuple[int, ...]


@functools.lru_cache(maxsize=1 << 17)
def _shapes(c: Counts, chows: bool) -> Shapes:
    """Every undominated (p, m, t) one group's counts can be split into (the first tile left is
    either a set, the eyes, a partial set, or left over)."""
    i = next((r for r, n in enumerate(c) if n), None)
    if i is None:
        return ((0, 0, 0),)
    found: set[tuple[int, int, int]] = set()

    def take(delta: dict[int, int], dp: int, dm: int, dt: int) -> None:
        rest = list(c)
        for k, d in delta.items():
            rest[k] -= d
        for p, m, t in _shapes(tuple(rest), chows):
            if p + dp <= 1:
                found.add((p + dp, m + dm, t + dt))

    take({i: 1}, 0, 0, 0)
    if c[i] >= 2:
        take({i: 2}, 1, 0, 0)
        take({i: 2}, 0, 0, 1)
    if c[i] >= 3:
        take({i: 3}, 0, 1, 0)
    if chows:
        if i + 2 < len(c) and c[i + 1] and c[i + 2]:
            take({i: 1, i + 1: 1, i + 2: 1}, 0, 1, 0)
        if i + 1 < len(c) and c[i + 1]:
            take({i: 1, i + 1: 1}, 0, 0, 1)
        if i + 2 < len(c) and c[i + 2]:
            take({i: 1, i + 2: 1}, 0, 0, 1)
    return _undominated(found)


def _undominated(found: set[tuple[int, int, int]]) -> Shapes:
    """Drop a shape another beats or equals on eyes, sets and partials (more of each never hurts)."""
    ordered = sorted(found, reverse=True)
    kept: list[tuple[int, int, int]] = []
    for s in ordered:
        if not any(k[0] >= s[0] and k[1] >= s[1] and k[2] >= s[2] for k in kept):
            kept.append(s)
    return tuple(kept)


def _group_shapes(counts: Sequence[int]) -> list[Shapes]:
    return [_shapes(tuple(counts[a:b]), chows) for a, b, chows in GROUPS]


@functools.lru_cache(maxsize=1 << 16)
def _join(a: Shapes, b: Shapes, n: int) -> Shapes:
    """The undominated shapes of two groups together, for a hand that needs `n` sets: sets beyond
    `n`, and partial sets beyond the sets still missing, are worth nothing and are capped."""
    best: dict[tuple[int, int], int] = {}
    for pa, ma, ta in a:
        for pb, mb, tb in b:
            p = pa + pb
            if p > 1:
                continue
            m = ma + mb
            if m > n:
                m = n
            t = ta + tb
            if t > n - m:
                t = n - m
            if best.get((p, m), -1) < t:
                best[(p, m)] = t
    return _undominated({(p, m, t) for (p, m), t in best.items()})


def _value(front: Shapes, shapes: Shapes, n: int) -> int:
    """The highest `2m + min(t, n - m) + p` of `front` joined with one more group's `shapes`."""
    return max(2 * m + t + p for p, m, t in _join(front, shapes, n))


def _front(groups: Sequence[Shapes], n: int) -> Shapes:
    out: Shapes = ((0, 0, 0),)
    for g in groups:
        out = _join(out, g, n)
    return out


def standard_shanten(counts: Sequence[int], n: int) -> int:
    """Standard-form shanten of concealed `counts` that must still make `n` sets and a pair."""
    groups = _group_shapes(counts)
    return 2 * n - _value(_front(groups[:3], n), groups[3], n)


def _near(counts: Sequence[int]) -> list[int]:
    """Kinds that can join a set with the tiles held: a held kind, or a suited kind within two of one."""
    out = []
    for i in range(34):
        if counts[i]:
            out.append(i)
        elif i < 27:
            r = i % 9
            if any(counts[j] for j in range(i - min(r, 2), i + min(8 - r, 2) + 1)):
                out.append(i)
    return out


def _standard_useful(counts: Sequence[int], n: int, held: Sequence[int], base: int) -> list[int]:
    """Kinds (drawable: fewer than four in `held`) that lower the standard shanten `base` of `counts`."""
    groups = _group_shapes(counts)
    others: dict[int, Shapes] = {}
    out = []
    for t in _near(counts):
        if held[t] >= COPIES:
            continue
        g = 3 if t >= 27 else t // 9
        if g not in others:
            others[g] = _front([s for k, s in enumerate(groups) if k != g], n)
        a, b, chows = GROUPS[g]
        more = list(counts[a:b])
        more[t - a] += 1
        if 2 * n - _value(others[g], _shapes(tuple(more), chows), n) < base:
            out.append(t)
    return out


def _standard(counts: Counts, n_melds: int, held: Counts) -> FormReading:
    n = 4 - n_melds
    base = standard_shanten(counts, n)
    return FormReading(Form.STANDARD, base, tuple(_standard_useful(counts, n, held, base)))


def _seven_pairs(counts: Counts) -> FormReading:
    pairs = sum(c // 2 for c in counts)
    return FormReading(Form.SEVEN_PAIRS, 6 - pairs, tuple(i for i, c in enumerate(counts) if c % 2))


def _thirteen_orphans(counts: Counts) -> FormReading:
    kinds = sum(1 for i in ORPHANS if counts[i])
    paired = any(counts[i] >= 2 for i in ORPHANS)
    useful = tuple(i for i in ORPHANS if not counts[i] or not paired)
    return FormReading(Form.THIRTEEN_ORPHANS, 13 - kinds - paired, useful)


def _honors_and_knitted(counts: Counts) -> FormReading:
    best, useful = 99, set()
    for tiles in KNIT_TILES:
        allowed = tiles + HONOR_KINDS
        shanten = 13 - sum(1 for i in allowed if counts[i])
        missing = {i for i in allowed if not counts[i]}
        if shanten < best:
            best, useful = shanten, missing
        elif shanten == best:
            useful |= missing
    return FormReading(Form.HONORS_AND_KNITTED, best, tuple(sorted(useful)))


def _knitted_straight(counts: Counts, n_melds: int, held: Counts | None = None) -> FormReading:
    n = KNITTED_MELDS - n_melds  # the knit stands for three of the four sets
    readings = []
    for tiles in KNIT_TILES:
        rest = list(counts)
        missing = []
        for i in tiles:
            if rest[i]:
                rest[i] -= 1
            else:
                missing.append(i)
        rest_shanten = standard_shanten(rest, n)
        readings.append((len(missing) + rest_shanten, missing, rest, rest_shanten))
    best = min(r[0] for r in readings)
    useful: set[int] = set()
    if held is not None:  # the useful tiles of the knits at the least shanten only: the others lower nothing
        for shanten, missing, rest, rest_shanten in readings:
            if shanten == best:
                useful |= {i for i in missing if held[i] < COPIES} | set(_standard_useful(rest, n, held, rest_shanten))
    return FormReading(Form.KNITTED_STRAIGHT, best, tuple(sorted(useful)))


def form_readings(
    counts: Sequence[int], n_melds: int, in_melds: Sequence[int] | None = None
) -> dict[Form, FormReading | None]:
    """Each form's reading of concealed `counts` (13 tiles, melds counting 3), None where the
    declared melds rule the form out (`arrangements.SPECIAL_MELDS`, `KNITTED_MELDS`). `in_melds`
    counts the melds' tiles: a kind held four times between them and the standing tiles is not
    useful."""
    c = tuple(counts)
    held = c if in_melds is None else tuple(a + b for a, b in zip(c, in_melds, strict=True))
    return {
        Form.STANDARD: _standard(c, n_melds, held),
        Form.SEVEN_PAIRS: _seven_pairs(c) if n_melds <= SPECIAL_MELDS else None,
        Form.THIRTEEN_ORPHANS: _thirteen_orphans(c) if n_melds <= SPECIAL_MELDS else None,
        Form.HONORS_AND_KNITTED: _honors_and_knitted(c) if n_melds <= SPECIAL_MELDS else None,
        Form.KNITTED_STRAIGHT: _knitted_straight(c, n_melds, held) if n_melds <= KNITTED_MELDS else None,
    }


def overall(readings: dict[Form, FormReading | None]) -> tuple[int, tuple[int, ...]]:
    """The least shanten over the forms, and the tiles that lower it (those of the forms at that least)."""
    present = [r for r in readings.values() if r is not None]
    least = min(r.shanten for r in present)
    useful = sorted({t for r in present if r.shanten == least for t in r.useful})
    return least, tuple(useful)


def shanten_number(counts: Sequence[int], n_melds: int) -> int:
    """The least shanten of a 13-tile hand over every form the melds allow, without the useful
    tiles (the knitted straight is tried only when the others leave the hand short of ready)."""
    c = tuple(counts)
    best = standard_shanten(c, 4 - n_melds)
    if n_melds <= SPECIAL_MELDS:
        best = min(
            best,
            _seven_pairs(c).shanten,
            _thirteen_orphans(c).shanten,
            13 - max(sum(1 for i in tiles + HONOR_KINDS if c[i]) for tiles in KNIT_TILES),
        )
    if n_melds <= KNITTED_MELDS and best > 0:
        best = min(best, _knitted_straight(c, n_melds).shanten)
    return best
