"""Waiting and not-yet-ready hands for the waits, shanten and discards tests, and the reference's
answers about them (PyMahjongGB's shanten functions and its fan calculator, tile by tile).

`draw_waiting(rng)` takes a winning hand from the generators of `strategies.py` (every form, with
and without melds), removes one concealed tile, and swaps up to four more for random tiles, so the
hands range from ready to several tiles away, in every form.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import MahjongGB

from mcr_score.hand import Hand, Situation, check_hand
from mcr_score.systems.mcr.advice import shanten, waits
from mcr_score.tiles import Tile
from tests.support.reference import pack, reference_raw, tile_code
from tests.support.strategies import draw_winning_hand

FORM_FUNCTIONS = {
    "standard": MahjongGB.RegularShanten,
    "seven-pairs": MahjongGB.SevenPairsShanten,
    "thirteen-orphans": MahjongGB.ThirteenOrphansShanten,
    "honors-and-knitted": MahjongGB.HonorsAndKnittedTilesShanten,
    "knitted-straight": MahjongGB.KnittedStraightShanten,
}
_FROM_CODE = {tile_code(Tile.from_index(i)): Tile.from_index(i).code for i in range(34)}


def draw_waiting(rng: random.Random, swaps: int | None = None) -> Hand:
    """A valid 13-tile hand (melds counting 3): a winning hand less one concealed tile, with
    `swaps` (default 0-4, ready hands most often) other concealed tiles replaced at random."""
    if swaps is None:
        swaps = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
    while True:
        hand = draw_winning_hand(rng)
        concealed = [t.index for t in hand.concealed_tiles()]
        concealed.pop(rng.randrange(len(concealed)))
        for _ in range(swaps):
            concealed[rng.randrange(len(concealed))] = rng.randrange(34)
        held = Counter(concealed) + Counter(t.index for m in hand.melds for t in m.tiles)
        if max(held.values()) > 4:
            continue
        s = hand.situation
        candidate = Hand(
            hand.melds,
            tuple(Tile.from_index(i) for i in sorted(concealed)),
            None,
            Situation(seat_wind=s.seat_wind, prevalent_wind=s.prevalent_wind, flowers=s.flowers),
        )
        if not check_hand(candidate):
            return candidate


def reference_forms(hand: Hand) -> dict[str, tuple[int, list[str]] | None]:
    """Each form's (shanten, useful tile codes) by the reference; None where it does not apply."""
    standing = tuple(tile_code(t) for t in hand.standing)
    out: dict[str, tuple[int, list[str]] | None] = {}
    for form, function in FORM_FUNCTIONS.items():
        try:
            shanten, useful = function(hand=standing)
        except TypeError:
            out[form] = None
            continue
        out[form] = (shanten, sorted((_FROM_CODE[c] for c in useful), key=lambda c: Tile(c).index))
    return out


def reference_shanten(hand: Hand) -> int:
    """The reference's MahjongShanten: the least over the forms the melds allow."""
    return MahjongGB.MahjongShanten(
        pack=tuple(pack(m) for m in hand.melds), hand=tuple(tile_code(t) for t in hand.standing)
    )


def reference_waits(hand: Hand, seen: Counter[Tile] | None = None) -> dict[str, tuple[int, int]]:
    """{tile code: (total on a discard, total self-drawn)} for every kind the hand holds fewer
    than four of that completes it, by the reference's fan calculator. A tile whose other three
    copies are visible (in the melds or `seen`) while the hand holds none is won as the last copy."""
    seen = seen or Counter()
    standing = Counter(hand.standing)
    in_melds = Counter(t for m in hand.melds for t in m.tiles)
    out: dict[str, tuple[int, int]] = {}
    for i in range(34):
        tile = Tile.from_index(i)
        if standing[tile] + in_melds[tile] >= 4:
            continue
        last = hand.situation.last_copy or (in_melds[tile] + seen[tile] == 3)
        totals = []
        for self_drawn in (False, True):
            sit = replace(hand.situation, self_drawn=self_drawn, last_copy=last and not standing[tile])
            raw = reference_raw(Hand(hand.melds, hand.standing, tile, sit))
            if raw is None:
                break
            totals.append(sum(p * c for p, c, _zh, _en in raw))
        if len(totals) == 2:
            out[tile.code] = (totals[0], totals[1])
    return out


def compare(hand: Hand, counts: Counter[str]) -> list[str]:
    """The disagreements on one hand, each as a line; `counts` tallies what was compared."""
    problems = []
    ours = shanten(hand)
    held = Counter(t.code for t in hand.standing) + Counter(t.code for m in hand.melds for t in m.tiles)
    for name, ref in reference_forms(hand).items():
        form = ours.form(name)
        if form is None:
            continue
        counts[f"form {name}"] += 1
        mine = (form.shanten, [t.code for t in form.useful])
        theirs = (ref[0], [c for c in ref[1] if held[c] < 4]) if ref else None
        if mine != theirs:
            problems.append(f"{name}: ours {mine}, reference {theirs}")
    counts["overall"] += 1
    if ours.shanten != reference_shanten(hand):
        problems.append(f"overall: ours {ours.shanten}, reference {reference_shanten(hand)}")
    if ours.shanten == 0:
        counts["ready (waits compared)"] += 1
        result = waits(hand, "china")
        mine_w = {w.tile.code: (w.discard.total, w.self_drawn.total) for w in result.waits}
        ref_w = reference_waits(hand)
        counts["wait tiles"] += len(ref_w)
        if mine_w != ref_w:
            problems.append(f"waits: ours {mine_w}, reference {ref_w}")
    return problems
