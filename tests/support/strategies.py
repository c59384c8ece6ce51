"""Generators of realistic winning hands, as plain functions of a `random.Random` and as hypothesis strategies.

Uniformly random tiles almost never win and almost never score the big fans, so hands are built
from their parts: sets and a pair (or a special shape), then declared melds, a winning tile and a
situation that could really happen. A weighted mix of *families* does this: one or more per fan
(or fan group), so that every fan 1-82 of `reference.REFERENCE_NAMES` occurs often, plus uniformly
random hands of every shape. Families are plain functions so that `generate(n, seed)` is
deterministic (hypothesis' `example()` is not); the strategies draw their `random.Random` from
hypothesis, which replays it.

A family builds `(shape, hand)` or raises `_Retry` (too many copies of a tile, an impossible
situation, a wait that is not the one aimed at); `run_family` tries again.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from mcr_score.hand import Hand, Meld, Situation, check_hand
from mcr_score.tiles import GREEN, REVERSIBLE, WINDS, Tile

SUIT_BASES = (0, 9, 18)  # index of rank 1 in m, p, s
WIND_IDX = (27, 28, 29, 30)
DRAGON_IDX = (31, 32, 33)
HONOR_IDX = WIND_IDX + DRAGON_IDX
SUITED_IDX = tuple(range(27))
ALL_IDX = tuple(range(34))
TERMINAL_IDX = (0, 8, 9, 17, 18, 26)
ORPHAN_IDX = TERMINAL_IDX + HONOR_IDX
GREEN_IDX = tuple(sorted(GREEN))
REVERSIBLE_IDX = tuple(sorted(REVERSIBLE))
FLOWER_LETTERS = "abcdefgh"


class _Retry(Exception):
    """The draw hit a dead end (e.g. a fifth copy of a tile); the family is run again."""


def ranks(*rs: int, suits: Sequence[int] = SUIT_BASES) -> tuple[int, ...]:
    """Tile indices of the given ranks in the given suits."""
    return tuple(sorted(b + r - 1 for b in suits for r in rs))


def set_tiles(spec: tuple) -> list[int]:
    kind, i = spec[0], spec[1]
    if kind == "chow":
        return [i, i + 1, i + 2]
    return [i] * (4 if kind == "kong" else 3)


def _chow_starts(pool: Sequence[int]) -> list[int]:
    members = frozenset(pool)
    return [i for i in pool if i < 27 and i % 9 <= 6 and i + 1 in members and i + 2 in members]


def pool_set(rng: random.Random, pool: Sequence[int], p_chow: float = 0.5, p_kong: float = 0.08) -> tuple:
    """A chow (if the pool has one), pung or kong made only of pool tiles."""
    starts = _chow_starts(pool)
    if starts and rng.random() < p_chow:
        return ("chow", rng.choice(starts))
    return ("kong" if rng.random() < p_kong else "pung", rng.choice(pool))


def chow(base: int, rank: int, mode: str | None = None) -> tuple:
    return ("chow", base + rank - 1, mode)


def pung(index: int, mode: str | None = None) -> tuple:
    return ("pung", index, mode)


def kong(index: int, mode: str | None = None) -> tuple:
    return ("kong", index, mode)


def three_suits(rng: random.Random) -> list[int]:
    suits = list(SUIT_BASES)
    rng.shuffle(suits)
    return suits


# --- Completeness and waits (our own, to aim at unique waits and to make non-winning hands) ---


def _sets_only(counts: list[int], i: int = 0) -> bool:
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        return True
    if counts[i] >= 3:
        counts[i] -= 3
        ok = _sets_only(counts, i)
        counts[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for j in (i, i + 1, i + 2):
            counts[j] -= 1
        ok = _sets_only(counts, i)
        for j in (i, i + 1, i + 2):
            counts[j] += 1
        return ok
    return False


def _standard(counts: list[int], sets: int) -> bool:
    if sum(counts) != 3 * sets + 2:
        return False
    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            ok = _sets_only(counts)
            counts[p] += 2
            if ok:
                return True
    return False


def _knitted_groups() -> list[list[int]]:
    """The six knitted straights (147, 258, 369 spread over the three suits)."""
    out = []
    for perm in ((0, 9, 18), (0, 18, 9), (9, 0, 18), (9, 18, 0), (18, 0, 9), (18, 9, 0)):
        out.append([perm[k] + r - 1 for k in range(3) for r in (k + 1, k + 4, k + 7)])
    return out


KNITTED = _knitted_groups()


def _honors_knitted(counts: list[int]) -> bool:
    if sum(counts) != 14 or max(counts) > 1:
        return False
    return any(all(counts[i] == 0 or i in group or i >= 27 for i in range(34)) for group in KNITTED)


def is_complete(counts: list[int], n_melds: int) -> bool:
    """Whether these concealed tiles (14 - 3 * n_melds of them) complete a hand of any shape."""
    counts = list(counts)
    if _standard(counts, 4 - n_melds):
        return True
    if n_melds == 0 and sum(counts) == 14:
        if all(c in (0, 2, 4) for c in counts):
            return True
        if all(counts[i] == 0 for i in range(34) if i not in ORPHAN_IDX) and all(counts[i] for i in ORPHAN_IDX):
            return True
        if _honors_knitted(counts):
            return True
    if n_melds <= 1:
        for group in KNITTED:
            if all(counts[i] for i in group):
                for i in group:
                    counts[i] -= 1
                ok = _standard(counts, 1 - n_melds)
                for i in group:
                    counts[i] += 1
                if ok:
                    return True
    return False


def _counts(tiles: Sequence[Tile]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t.index] += 1
    return counts


def is_winning(hand: Hand) -> bool:
    """Whether the 14 tiles of the hand form a winning shape (ignoring the 8-point minimum)."""
    return is_complete(_counts(hand.concealed_tiles()), len(hand.melds))


def waits(hand: Hand) -> list[int]:
    """Tile kinds that complete the standing tiles, formally (a tile all of whose copies are used counts)."""
    counts = _counts(hand.standing)
    out = []
    for t in range(34):
        counts[t] += 1
        if is_complete(counts, len(hand.melds)):
            out.append(t)
        counts[t] -= 1
    return out


# --- Building hands -----------------------------------------------------------------------


def _flowers(rng: random.Random) -> tuple[int, str]:
    if rng.random() < 0.5:
        return 0, ""
    n = rng.randint(1, 8)
    if rng.random() < 0.3:
        return n, "".join(rng.sample(FLOWER_LETTERS, n))
    return n, ""


def situation(rng: random.Random, melds: Sequence[Meld], standing: Sequence[int], win: int, **force) -> Situation:
    """A realistic situation for this hand; `force` fixes any of Situation's flags or winds.

    Forced flags that cannot happen make `check_hand` fail later, and the family is retried.
    """
    held = standing.count(win)
    in_melds = sum(set_tiles((m.kind, m.tile.index)).count(win) for m in melds)
    has_kong = any(m.kind == "kong" for m in melds)
    self_drawn = force.get("self_drawn", rng.random() < 0.5)
    wall_last = force.get("wall_last", rng.random() < 0.06)
    if "kong" in force:
        kong_flag = force["kong"]
    elif self_drawn:
        kong_flag = has_kong and rng.random() < 0.25
    else:
        kong_flag = held == 0 and in_melds == 0 and not wall_last and rng.random() < 0.06
    if "last_copy" in force:
        last_copy = force["last_copy"]
    elif held:
        last_copy = False
    elif in_melds == 3:
        last_copy = rng.random() < 0.85  # the other three copies are in the winner's own melds
    else:
        last_copy = rng.random() < 0.1
    flowers, letters = _flowers(rng)
    return Situation(
        self_drawn=self_drawn,
        last_copy=last_copy,
        wall_last=wall_last,
        kong=kong_flag,
        seat_wind=force.get("seat_wind", rng.choice(WINDS)),
        prevalent_wind=force.get("prevalent_wind", rng.choice(WINDS)),
        flowers=flowers,
        flower_letters=letters,
    )


def _finish(rng: random.Random, melds: list[Meld], concealed: list[int], win, shape: str, **sit) -> tuple[str, Hand]:
    """Pick the winning tile among the concealed tiles, add a situation, and check the result."""
    if callable(win):
        candidates = win(concealed)
        if not candidates:
            raise _Retry
        win = rng.choice(candidates)
    elif win is None:
        win = rng.choice(concealed)
    if win not in concealed:
        raise _Retry
    standing = list(concealed)
    standing.remove(win)
    hand = Hand(
        tuple(melds),
        tuple(Tile.from_index(i) for i in sorted(standing)),
        Tile.from_index(win),
        situation(rng, melds, standing, win, **sit),
    )
    if check_hand(hand):
        raise _Retry
    return shape, hand


def _shape(form: str, melds: Sequence[Meld]) -> str:
    return f"{form}, {len(melds)} meld{'s' * (len(melds) != 1)}"


def _declare(rng: random.Random, spec: tuple, mode: str) -> Meld:
    kind, i = spec[0], spec[1]
    tile = Tile.from_index(i)
    if kind == "kong":
        if mode == "x":
            mode = rng.choice("ep")
        if mode == "c":
            return Meld("kong", tile, concealed=True)
        return Meld("kong", tile, claim=rng.choice((1, 2, 3)) + (4 if mode == "p" else 0))
    claim = rng.choice((1, 2, 3, 1, 2, 3, None))
    return Meld(kind, tile, claim=claim)


EXPOSED_WEIGHTS = (35, 20, 18, 15, 12)


def regular(
    rng: random.Random, sets: Sequence[tuple], pair: int, *, exposed: int | None = None, win=None, **sit
) -> tuple[str, Hand]:
    """Four sets and a pair. A set is (kind, index) or (kind, index, mode).

    Modes: chows and pungs "c" concealed or "e" declared; kongs (always declared) "c" concealed,
    "e" exposed, "p" promoted, "x" exposed or promoted. Sets without a mode: kongs get a random
    kind, and `exposed` of the chows and pungs (random when None) are declared.
    `win` is the winning tile's index, a function of the concealed tiles giving candidates, or None.
    """
    sets = [s if len(s) == 3 else (s[0], s[1], None) for s in sets]
    assert len(sets) == 4
    if max(Counter([t for s in sets for t in set_tiles(s)] + [pair, pair]).values()) > 4:
        raise _Retry
    free = [k for k, s in enumerate(sets) if s[2] is None and s[0] != "kong"]
    if exposed is None:
        exposed = rng.choices(range(5), weights=EXPOSED_WEIGHTS)[0]
    declared = set(rng.sample(free, min(exposed, len(free))))
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    for k, s in enumerate(sets):
        mode = s[2]
        if s[0] == "kong":
            melds.append(_declare(rng, s, mode or rng.choice("cep")))
        elif mode == "e" or (mode is None and k in declared):
            melds.append(_declare(rng, s, "e"))
        else:
            concealed.extend(set_tiles(s))
    rng.shuffle(melds)
    return _finish(rng, melds, concealed, win, _shape("regular", melds), **sit)


def concealed_shape(rng: random.Random, tiles: list[int], shape: str, win=None, **sit) -> tuple[str, Hand]:
    """A 14-tile hand with no declared meld (special shapes)."""
    if max(Counter(tiles).values()) > 4:
        raise _Retry
    return _finish(rng, [], list(tiles), win, shape, **sit)


def seven_pairs(rng: random.Random, pool: Sequence[int] = ALL_IDX, quad_p: float = 0.15, **sit) -> tuple[str, Hand]:
    """Seven pairs from the pool; sometimes a tile held four times counts as two pairs."""
    quads = max(7 - len(pool), 1 if rng.random() < quad_p else 0)
    kinds = rng.sample(list(pool), 7 - quads)
    doubled = rng.sample(kinds, quads)
    shape = "seven pairs with a quad" if quads else "seven pairs"
    return concealed_shape(rng, kinds * 2 + doubled * 2, shape, **sit)


def thirteen_orphans(rng: random.Random, **sit) -> tuple[str, Hand]:
    return concealed_shape(rng, [*list(ORPHAN_IDX), rng.choice(ORPHAN_IDX)], "thirteen orphans", **sit)


def honors_knitted(rng: random.Random, honors: int | None = None, **sit) -> tuple[str, Hand]:
    """Fourteen singles: `honors` (5-7) honors, the rest from one knitted straight."""
    honors = honors or rng.choice((5, 6, 7))
    tiles = rng.sample(HONOR_IDX, honors) + rng.sample(rng.choice(KNITTED), 14 - honors)
    shape = "greater honors and knitted" if honors == 7 else "lesser honors and knitted"
    return concealed_shape(rng, tiles, shape, **sit)


def knitted_straight(rng: random.Random, **sit) -> tuple[str, Hand]:
    """The knitted straight (9 tiles) plus one set and a pair; the set may be a declared meld."""
    extra = pool_set(rng, ALL_IDX, 0.5, 0.1)
    pair = rng.randrange(34)
    tiles = [*rng.choice(KNITTED), pair, pair]
    melds = []
    if extra[0] == "kong" or rng.random() < 0.4:
        melds.append(_declare(rng, extra, rng.choice("cep") if extra[0] == "kong" else "e"))
    else:
        tiles += set_tiles(extra)
    if max(Counter(tiles + [t for m in melds for t in set_tiles((m.kind, m.tile.index))]).values()) > 4:
        raise _Retry
    return _finish(rng, melds, tiles, None, _shape("knitted straight", melds), **sit)


def nine_gates(rng: random.Random, **sit) -> tuple[str, Hand]:
    """1112345678999 of one suit, won on any tile of that suit (a true nine-sided wait)."""
    b = rng.choice(SUIT_BASES)
    standing = [b, b, b] + [b + r for r in range(1, 8)] + [b + 8] * 3
    win = b + rng.randrange(9)
    return concealed_shape(rng, [*standing, win], "nine gates", win=win, **sit)


def rset(rng: random.Random, p_chow: float = 0.55, p_kong: float = 0.08) -> tuple:
    return pool_set(rng, ALL_IDX, p_chow, p_kong)


def pool_hand(
    rng: random.Random, pool: Sequence[int], p_chow: float = 0.5, p_kong: float = 0.08, pairs_p: float = 0.0, **kw
) -> tuple[str, Hand]:
    """A regular hand (or, with probability pairs_p, seven pairs) made only of pool tiles."""
    if rng.random() < pairs_p:
        return seven_pairs(rng, pool)
    return regular(rng, [pool_set(rng, pool, p_chow, p_kong) for _ in range(4)], rng.choice(pool), **kw)


# --- Families -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Family:
    """A generator of hands aimed at `target` (a fan id, or None for uniformly random hands)."""

    name: str
    weight: float
    target: int | None
    build: Callable[[random.Random], tuple[str, Hand]]


FAMILIES: dict[str, Family] = {}


def family(name: str, target: int | None, weight: float = 1.0):
    def register(build):
        FAMILIES[name] = Family(name, weight, target, build)
        return build

    return register


def _with_wait(build: Callable[[], tuple[str, Hand]]) -> tuple[str, Hand]:
    """Keep a hand only if it waits on exactly one tile kind (the reference's rule for 77-79)."""
    shape, hand = build()
    if len(waits(hand)) != 1:
        raise _Retry
    return shape, hand


# Uniformly random hands of every shape.


@family("random regular", None, weight=14)
def _random_regular(rng):
    return regular(rng, [rset(rng) for _ in range(4)], rng.randrange(34))


@family("random seven pairs", 19, weight=2)
def _random_seven_pairs(rng):
    return seven_pairs(rng)


@family("random thirteen orphans", 7, weight=0.7)
def _random_thirteen(rng):
    return thirteen_orphans(rng)


@family("random honors and knitted", 34, weight=1.2)
def _random_honors_knitted(rng):
    return honors_knitted(rng)


@family("random knitted straight", 35, weight=1.5)
def _random_knitted_straight(rng):
    return knitted_straight(rng)


# 88 points.


@family("big four winds", 1)
def _big_four_winds(rng):
    return regular(rng, [(rng.choice(("pung", "pung", "kong")), w) for w in WIND_IDX], rng.randrange(34))


@family("big three dragons", 2)
def _big_three_dragons(rng):
    return regular(
        rng, [(rng.choice(("pung", "pung", "kong")), d) for d in DRAGON_IDX] + [rset(rng)], rng.randrange(34)
    )


@family("all green", 3)
def _all_green(rng):
    return pool_hand(rng, GREEN_IDX, p_chow=0.4, pairs_p=0.2)


@family("nine gates", 4)
def _nine_gates(rng):
    return nine_gates(rng)


@family("four kongs", 5)
def _four_kongs(rng):
    tiles = rng.sample(ALL_IDX, 4)
    return regular(rng, [kong(t) for t in tiles], rng.randrange(34))


@family("seven shifted pairs", 6)
def _seven_shifted_pairs(rng):
    b, start = rng.choice(SUIT_BASES), rng.randrange(3)
    return concealed_shape(rng, [b + start + k for k in range(7)] * 2, "seven pairs")


@family("thirteen orphans", 7)
def _thirteen_orphans(rng):
    return thirteen_orphans(rng)


# 64 points.


@family("all terminals", 8)
def _all_terminals(rng):
    return pool_hand(rng, TERMINAL_IDX, pairs_p=0.25)


@family("little four winds", 9)
def _little_four_winds(rng):
    winds = list(WIND_IDX)
    rng.shuffle(winds)
    return regular(rng, [pung(w) for w in winds[:3]] + [rset(rng)], winds[3])


@family("little three dragons", 10)
def _little_three_dragons(rng):
    d = list(DRAGON_IDX)
    rng.shuffle(d)
    return regular(rng, [pung(d[0]), pung(d[1]), rset(rng), rset(rng)], d[2])


@family("all honors", 11)
def _all_honors(rng):
    return pool_hand(rng, HONOR_IDX, pairs_p=0.25)


def _concealed_pungs(rng, n: int):
    """n concealed pungs (or concealed kongs); on a discard the winning tile is not one of them."""
    tiles = rng.sample(ALL_IDX, n)
    sets = [kong(t, "c") if rng.random() < 0.15 else pung(t, "c") for t in tiles]
    sets += [rset(rng, p_chow=0.8, p_kong=0.0) for _ in range(4 - n)]
    self_drawn = rng.random() < 0.5
    protected = frozenset(tiles)
    win = None if self_drawn else (lambda concealed: [t for t in concealed if t not in protected])
    return regular(rng, sets, rng.randrange(34), win=win, self_drawn=self_drawn)


@family("four concealed pungs", 12)
def _four_concealed_pungs(rng):
    return _concealed_pungs(rng, 4)


@family("pure terminal chows", 13)
def _pure_terminal_chows(rng):
    b = rng.choice(SUIT_BASES)
    return regular(rng, [chow(b, 1), chow(b, 1), chow(b, 7), chow(b, 7)], b + 4)


# 48 and 32 points.


@family("quadruple chow", 14)
def _quadruple_chow(rng):
    b, r = rng.choice(SUIT_BASES), rng.randint(1, 7)
    return regular(rng, [chow(b, r)] * 4, rng.randrange(34))


@family("four pure shifted pungs", 15)
def _four_pure_shifted_pungs(rng):
    b, r = rng.choice(SUIT_BASES), rng.randint(1, 6)
    return regular(rng, [(rng.choice(("pung", "pung", "kong")), b + r - 1 + k) for k in range(4)], rng.randrange(34))


@family("four pure shifted chows", 16)
def _four_pure_shifted_chows(rng):
    b, step = rng.choice(SUIT_BASES), rng.choice((1, 2))
    r = rng.randint(1, 7 - 3 * step)
    return regular(rng, [chow(b, r + k * step) for k in range(4)], rng.randrange(34))


@family("three kongs", 17)
def _three_kongs(rng):
    tiles = rng.sample(ALL_IDX, 3)
    return regular(rng, [kong(t) for t in tiles] + [rset(rng, p_kong=0)], rng.randrange(34))


@family("all terminals and honors", 18)
def _all_terminals_and_honors(rng):
    return pool_hand(rng, ORPHAN_IDX, pairs_p=0.2)


# 24 points.


@family("seven pairs", 19)
def _seven_pairs(rng):
    return seven_pairs(rng, quad_p=0.3)


@family("greater honors and knitted", 20)
def _greater_honors_knitted(rng):
    return honors_knitted(rng, 7)


@family("all even pungs", 21)
def _all_even_pungs(rng):
    return pool_hand(rng, ranks(2, 4, 6, 8), p_kong=0.1)


@family("full flush", 22)
def _full_flush(rng):
    return pool_hand(rng, ranks(*range(1, 10), suits=[rng.choice(SUIT_BASES)]), p_chow=0.6, pairs_p=0.15)


@family("pure triple chow", 23)
def _pure_triple_chow(rng):
    b, r = rng.choice(SUIT_BASES), rng.randint(1, 7)
    return regular(rng, [chow(b, r)] * 3 + [rset(rng)], rng.randrange(34))


@family("pure shifted pungs", 24)
def _pure_shifted_pungs(rng):
    b, r = rng.choice(SUIT_BASES), rng.randint(1, 7)
    return regular(rng, [pung(b + r - 1 + k) for k in range(3)] + [rset(rng)], rng.randrange(34))


@family("upper tiles", 25)
def _upper_tiles(rng):
    return pool_hand(rng, ranks(7, 8, 9), pairs_p=0.15)


@family("middle tiles", 26)
def _middle_tiles(rng):
    return pool_hand(rng, ranks(4, 5, 6), pairs_p=0.15)


@family("lower tiles", 27)
def _lower_tiles(rng):
    return pool_hand(rng, ranks(1, 2, 3), pairs_p=0.15)


# 16 and 12 points.


@family("pure straight", 28)
def _pure_straight(rng):
    b = rng.choice(SUIT_BASES)
    return regular(rng, [chow(b, 1), chow(b, 4), chow(b, 7), rset(rng)], rng.randrange(34))


@family("three-suited terminal chows", 29)
def _three_suited_terminal_chows(rng):
    a, b, c = three_suits(rng)
    return regular(rng, [chow(a, 1), chow(a, 7), chow(b, 1), chow(b, 7)], c + 4)


@family("pure shifted chows", 30)
def _pure_shifted_chows(rng):
    b, step = rng.choice(SUIT_BASES), rng.choice((1, 2))
    r = rng.randint(1, 7 - 2 * step)
    return regular(rng, [chow(b, r + k * step) for k in range(3)] + [rset(rng)], rng.randrange(34))


@family("all fives", 31)
def _all_fives(rng):
    def five_set():
        b = rng.choice(SUIT_BASES)
        return pung(b + 4) if rng.random() < 0.3 else chow(b, rng.choice((3, 4, 5)))

    return regular(rng, [five_set() for _ in range(4)], rng.choice(SUIT_BASES) + 4)


@family("triple pung", 32)
def _triple_pung(rng):
    r = rng.randint(1, 9)
    return regular(
        rng, [(rng.choice(("pung", "pung", "kong")), b + r - 1) for b in SUIT_BASES] + [rset(rng)], rng.randrange(34)
    )


@family("three concealed pungs", 33)
def _three_concealed_pungs(rng):
    return _concealed_pungs(rng, 3)


@family("lesser honors and knitted", 34)
def _lesser_honors_knitted(rng):
    return honors_knitted(rng, rng.choice((5, 6)))


@family("knitted straight", 35)
def _knitted_straight(rng):
    return knitted_straight(rng)


@family("upper four", 36)
def _upper_four(rng):
    return pool_hand(rng, ranks(6, 7, 8, 9), pairs_p=0.1)


@family("lower four", 37)
def _lower_four(rng):
    return pool_hand(rng, ranks(1, 2, 3, 4), pairs_p=0.1)


@family("big three winds", 38)
def _big_three_winds(rng):
    winds = rng.sample(WIND_IDX, 3)
    pair = rng.choice([t for t in ALL_IDX if t not in WIND_IDX])
    return regular(rng, [(rng.choice(("pung", "pung", "kong")), w) for w in winds] + [rset(rng)], pair)


# 8 points.


@family("mixed straight", 39)
def _mixed_straight(rng):
    a, b, c = three_suits(rng)
    return regular(rng, [chow(a, 1), chow(b, 4), chow(c, 7), rset(rng)], rng.randrange(34))


@family("reversible tiles", 40)
def _reversible(rng):
    return pool_hand(rng, REVERSIBLE_IDX, pairs_p=0.15)


@family("mixed triple chow", 41)
def _mixed_triple_chow(rng):
    r = rng.randint(1, 7)
    return regular(rng, [chow(b, r) for b in SUIT_BASES] + [rset(rng)], rng.randrange(34))


@family("mixed shifted pungs", 42)
def _mixed_shifted_pungs(rng):
    r = rng.randint(1, 7)
    return regular(rng, [pung(b + r - 1 + k) for k, b in enumerate(three_suits(rng))] + [rset(rng)], rng.randrange(34))


@family("chicken hand", 43, weight=2)
def _chicken_hand(rng):
    """Nothing scores: three suits, an honor pair, unrelated chows and simple pungs, a two-sided wait."""
    suits = [*list(SUIT_BASES), rng.choice(SUIT_BASES)]
    rng.shuffle(suits)
    sets = [chow(b, rng.randint(1, 7)) if rng.random() < 0.6 else pung(b + rng.randint(1, 7)) for b in suits]
    chow_starts = [s[1] for s in sets if s[0] == "chow"]
    pung_ranks = [s[1] % 9 for s in sets if s[0] == "pung"]
    if len(set(pung_ranks)) < len(pung_ranks) or len({c % 9 for c in chow_starts}) < len(chow_starts):
        raise _Retry
    if any(a // 9 == b // 9 and abs(a - b) in (1, 2, 3, 6) for a in chow_starts for b in chow_starts):
        raise _Retry
    two_sided = [k for k, s in enumerate(sets) if s[0] == "chow" and 2 <= s[1] % 9 + 1 <= 6]
    if not two_sided:
        raise _Retry
    k = rng.choice(two_sided)
    others = [j for j in range(4) if j != k]
    n_exposed = rng.randint(1, 3)
    exposed = rng.sample(others, n_exposed)
    modes = ["e" if j in exposed else "c" for j in range(4)]
    sets = [(s[0], s[1], modes[j]) for j, s in enumerate(sets)]
    low = sets[k][1]
    win = rng.choice((low, low + 2))
    shape, hand = regular(
        rng, sets, rng.choice(HONOR_IDX), win=win, self_drawn=False, last_copy=False, wall_last=False, kong=False
    )
    if len(waits(hand)) < 2 or max(Counter(hand.concealed_tiles()).values()) == 4:
        raise _Retry
    return shape, hand


@family("last tile draw", 44)
def _last_tile_draw(rng):
    return regular(rng, [rset(rng) for _ in range(4)], rng.randrange(34), self_drawn=True, wall_last=True)


@family("last tile claim", 45)
def _last_tile_claim(rng):
    return regular(rng, [rset(rng) for _ in range(4)], rng.randrange(34), self_drawn=False, wall_last=True, kong=False)


@family("out with replacement tile", 46)
def _replacement(rng):
    sets = [kong(rng.randrange(34))] + [rset(rng) for _ in range(3)]
    return regular(rng, sets, rng.randrange(34), self_drawn=True, kong=True)


def _unheld(concealed: list[int]) -> list[int]:
    return [t for t in concealed if concealed.count(t) == 1]


@family("robbing the kong", 47)
def _robbing_the_kong(rng):
    sets = [rset(rng, p_chow=0.8) for _ in range(4)]
    used = Counter(t for s in sets for t in set_tiles(s))
    return regular(
        rng,
        sets,
        rng.randrange(34),
        win=lambda c: [t for t in _unheld(c) if used[t] == 1],
        self_drawn=False,
        kong=True,
        wall_last=False,
    )


@family("two concealed kongs", 48)
def _two_concealed_kongs(rng):
    a, b = rng.sample(ALL_IDX, 2)
    return regular(rng, [kong(a, "c"), kong(b, "c"), rset(rng, p_kong=0), rset(rng, p_kong=0)], rng.randrange(34))


# 6 points.


@family("all pungs", 49)
def _all_pungs(rng):
    return pool_hand(rng, ALL_IDX, p_chow=0.0, p_kong=0.1)


@family("half flush", 50)
def _half_flush(rng):
    pool = ranks(*range(1, 10), suits=[rng.choice(SUIT_BASES)]) + HONOR_IDX
    return pool_hand(rng, pool, p_chow=0.6, pairs_p=0.15)


@family("mixed shifted chows", 51)
def _mixed_shifted_chows(rng):
    r = rng.randint(1, 5)
    return regular(rng, [chow(b, r + k) for k, b in enumerate(three_suits(rng))] + [rset(rng)], rng.randrange(34))


@family("all types", 52)
def _all_types(rng):
    parts = [("suit", b) for b in SUIT_BASES] + [("honor", WIND_IDX), ("honor", DRAGON_IDX)]
    rng.shuffle(parts)
    sets = []
    for kind, where in parts[:4]:
        if kind == "suit":
            sets.append(pool_set(rng, ranks(*range(1, 10), suits=[where]), 0.6))
        else:
            sets.append(pung(rng.choice(where)))
    kind, where = parts[4]
    pair = where + rng.randrange(9) if kind == "suit" else rng.choice(where)
    return regular(rng, sets, pair)


@family("melded hand", 53)
def _melded_hand(rng):
    sets = [(s[0], s[1], "x" if s[0] == "kong" else "e") for s in (rset(rng) for _ in range(4))]
    return regular(rng, sets, rng.randrange(34), self_drawn=False)


@family("two dragon pungs", 54)
def _two_dragon_pungs(rng):
    d = rng.sample(DRAGON_IDX, 2)
    pair = rng.choice([t for t in ALL_IDX if t not in DRAGON_IDX])
    return regular(rng, [pung(d[0]), pung(d[1]), rset(rng), rset(rng)], pair)


# 4 points.


@family("outside hand", 55)
def _outside_hand(rng):
    def outside_set():
        if rng.random() < 0.65:
            return chow(rng.choice(SUIT_BASES), rng.choice((1, 7)))
        return pung(rng.choice(ORPHAN_IDX))

    return regular(rng, [outside_set() for _ in range(4)], rng.choice(ORPHAN_IDX))


@family("fully concealed hand", 56)
def _fully_concealed(rng):
    return regular(rng, [rset(rng, p_kong=0) for _ in range(4)], rng.randrange(34), exposed=0, self_drawn=True)


@family("two melded kongs", 57)
def _two_melded_kongs(rng):
    a, b = rng.sample(ALL_IDX, 2)
    return regular(rng, [kong(a, "x"), kong(b, "x"), rset(rng, p_kong=0), rset(rng, p_kong=0)], rng.randrange(34))


@family("last tile", 58)
def _last_tile(rng):
    return regular(rng, [rset(rng) for _ in range(4)], rng.randrange(34), win=_unheld, last_copy=True)


# 2 points.


@family("dragon pung", 59)
def _dragon_pung(rng):
    return regular(rng, [pung(rng.choice(DRAGON_IDX))] + [rset(rng) for _ in range(3)], rng.randrange(34))


@family("wind pungs", 60)
def _wind_pungs(rng):
    w = rng.choice(WIND_IDX)
    letter = WINDS[w - 27]
    which = rng.choice(("seat_wind", "prevalent_wind", "both"))
    winds = {"seat_wind": letter, "prevalent_wind": letter} if which == "both" else {which: letter}
    return regular(rng, [pung(w)] + [rset(rng) for _ in range(3)], rng.randrange(34), **winds)


@family("concealed hand", 62)
def _concealed_hand(rng):
    return regular(rng, [rset(rng) for _ in range(4)], rng.randrange(34), exposed=0, self_drawn=False)


@family("all chows", 63)
def _all_chows(rng):
    return regular(rng, [rset(rng, p_chow=1.0) for _ in range(4)], rng.randrange(27))


@family("tile hog", 64)
def _tile_hog(rng):
    b, r = rng.choice(SUIT_BASES), rng.randint(1, 9)
    x = b + r - 1
    starts = [s for s in (r - 2, r - 1, r) if 1 <= s <= 7]
    c = chow(b, rng.choice(starts))
    if rng.random() < 0.5:
        return regular(rng, [pung(x), c, rset(rng), rset(rng)], rng.randrange(34))
    c2 = chow(b, rng.choice(starts))
    return regular(rng, [c, c2, rset(rng), rset(rng)], x)


@family("double pung", 65)
def _double_pung(rng):
    r = rng.randint(1, 9)
    a, b, _ = three_suits(rng)
    return regular(rng, [pung(a + r - 1), pung(b + r - 1), rset(rng), rset(rng)], rng.randrange(34))


@family("two concealed pungs", 66)
def _two_concealed_pungs(rng):
    return _concealed_pungs(rng, 2)


@family("concealed kong", 67)
def _concealed_kong(rng):
    return regular(rng, [kong(rng.randrange(34), "c")] + [rset(rng, p_kong=0) for _ in range(3)], rng.randrange(34))


@family("all simples", 68)
def _all_simples(rng):
    return pool_hand(rng, ranks(*range(2, 9)), p_chow=0.6, pairs_p=0.1)


# 1 point.


@family("pure double chow", 69)
def _pure_double_chow(rng):
    c = chow(rng.choice(SUIT_BASES), rng.randint(1, 7))
    return regular(rng, [c, c, rset(rng), rset(rng)], rng.randrange(34))


@family("mixed double chow", 70)
def _mixed_double_chow(rng):
    r = rng.randint(1, 7)
    a, b, _ = three_suits(rng)
    return regular(rng, [chow(a, r), chow(b, r), rset(rng), rset(rng)], rng.randrange(34))


@family("short straight", 71)
def _short_straight(rng):
    b, r = rng.choice(SUIT_BASES), rng.randint(1, 4)
    return regular(rng, [chow(b, r), chow(b, r + 3), rset(rng), rset(rng)], rng.randrange(34))


@family("two terminal chows", 72)
def _two_terminal_chows(rng):
    b = rng.choice(SUIT_BASES)
    return regular(rng, [chow(b, 1), chow(b, 7), rset(rng), rset(rng)], rng.randrange(34))


@family("pung of terminals or honors", 73)
def _terminal_pung(rng):
    return regular(rng, [pung(rng.choice(ORPHAN_IDX))] + [rset(rng) for _ in range(3)], rng.randrange(34))


@family("melded kong", 74)
def _melded_kong(rng):
    return regular(rng, [kong(rng.randrange(34), "x")] + [rset(rng, p_kong=0) for _ in range(3)], rng.randrange(34))


@family("one voided suit", 75)
def _one_voided_suit(rng):
    a, b, _ = three_suits(rng)
    pool = ranks(*range(1, 10), suits=[a, b]) + (HONOR_IDX if rng.random() < 0.5 else ())
    return pool_hand(rng, pool, p_chow=0.6, pairs_p=0.1)


@family("no honors", 76)
def _no_honors(rng):
    return pool_hand(rng, SUITED_IDX, p_chow=0.6, pairs_p=0.1)


def _waiting_sets(rng: random.Random, first: tuple) -> list[tuple]:
    """`first` concealed, the others mostly declared, so the wait is easier to make unique."""
    return [first] + [(s[0], s[1], "e" if rng.random() < 0.6 else "c") for s in (rset(rng) for _ in range(3))]


@family("edge wait", 77, weight=1.5)
def _edge_wait(rng):
    b, r = rng.choice(SUIT_BASES), rng.choice((1, 7))
    win = b + (2 if r == 1 else 6)
    return _with_wait(lambda: regular(rng, _waiting_sets(rng, chow(b, r, "c")), rng.randrange(34), win=win))


@family("closed wait", 78, weight=1.5)
def _closed_wait(rng):
    b, r = rng.choice(SUIT_BASES), rng.randint(1, 7)
    win = b + r
    return _with_wait(lambda: regular(rng, _waiting_sets(rng, chow(b, r, "c")), rng.randrange(34), win=win))


@family("single wait", 79, weight=1.5)
def _single_wait(rng):
    pair = rng.randrange(34)
    sets = _waiting_sets(rng, rset(rng, p_kong=0))
    return _with_wait(lambda: regular(rng, sets, pair, win=pair))


@family("concealed kong and melded kong", 82)
def _concealed_and_melded_kong(rng):
    a, b = rng.sample(ALL_IDX, 2)
    return regular(rng, [kong(a, "c"), kong(b, "x"), rset(rng, p_kong=0), rset(rng, p_kong=0)], rng.randrange(34))


# --- Drawing ------------------------------------------------------------------------------

_NAMES = list(FAMILIES)
_WEIGHTS = [FAMILIES[n].weight for n in _NAMES]


def run_family(name: str, rng: random.Random) -> tuple[str, Hand]:
    """(shape, hand) from one family, retrying its dead ends."""
    build = FAMILIES[name].build
    for _ in range(1000):
        try:
            return build(rng)
        except _Retry:
            continue
    raise RuntimeError(f"family {name!r} found no hand in 1000 tries")


def draw_tagged(rng: random.Random) -> tuple[str, str, Hand]:
    """(family, shape, hand) for one winning hand drawn from the weighted mix of families."""
    name = rng.choices(_NAMES, weights=_WEIGHTS)[0]
    return (name, *run_family(name, rng))


def draw_winning_hand(rng: random.Random) -> Hand:
    return draw_tagged(rng)[2]


def draw_non_winning_hand(rng: random.Random) -> Hand:
    """A near miss: a winning hand with one concealed tile swapped, which no longer wins."""
    while True:
        hand = draw_winning_hand(rng)
        concealed = [t.index for t in hand.concealed_tiles()]
        concealed[rng.randrange(len(concealed))] = rng.randrange(34)
        in_melds = Counter(t.index for m in hand.melds for t in m.tiles)
        counts = Counter(concealed)
        if any(c + in_melds[t] > 4 for t, c in counts.items()):
            continue
        if is_complete([counts[t] for t in range(34)], len(hand.melds)):
            continue
        win = concealed.pop()
        standing = sorted(concealed)
        candidate = Hand(
            hand.melds,
            tuple(Tile.from_index(i) for i in standing),
            Tile.from_index(win),
            situation(rng, list(hand.melds), standing, win),
        )
        if not check_hand(candidate):
            return candidate


def draw_hand(rng: random.Random, non_winning_p: float = 0.1) -> Hand:
    """Mostly winning hands, sometimes a 14-tile hand that does not win."""
    if rng.random() < non_winning_p:
        return draw_non_winning_hand(rng)
    return draw_winning_hand(rng)


def generate(n: int, seed: int) -> list[Hand]:
    """n winning hands, the same for the same seed (for differential tests and benchmarks)."""
    rng = random.Random(seed)
    return [draw_winning_hand(rng) for _ in range(n)]


# --- Hypothesis strategies ----------------------------------------------------------------


def _randoms() -> st.SearchStrategy[random.Random]:
    return st.randoms(use_true_random=True, note_method_calls=False)


def winning_hands(family: str | None = None) -> st.SearchStrategy[Hand]:
    """Winning hands from the weighted mix, or from one named family of `FAMILIES`."""
    if family is None:
        return _randoms().map(draw_winning_hand)
    if family not in FAMILIES:
        raise ValueError(f"no family {family!r}; the families are {', '.join(FAMILIES)}")
    return _randoms().map(lambda rng: run_family(family, rng)[1])


def non_winning_hands() -> st.SearchStrategy[Hand]:
    """Valid 14-tile hands (melds, situation and all) that do not form a winning shape."""
    return _randoms().map(draw_non_winning_hand)


def hands() -> st.SearchStrategy[Hand]:
    """Winning hands plus, now and then, a non-winning 14-tile hand."""
    return _randoms().map(draw_hand)


def longest_int(value: object) -> int:
    """The most digits of an integer in a decoded JSON document (booleans are not numbers there)."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return len(str(abs(value)))
    if isinstance(value, list):
        return max(map(longest_int, value), default=0)
    if isinstance(value, dict):
        return max(map(longest_int, value.values()), default=0)
    return 0
