"""One detector per fan, all with the signature `(Facts) -> list[hit]`.

A hit is the tuple of set positions the fan uses (0-3 the sets, 4 the pair; `()` for a fan
of the whole hand); a fan found twice returns two hits. Detectors only recognise patterns:
what is not counted because of another fan is decided afterwards, as data, by
`exclusions.py`. Definitions follow the 1998 rules' Art. 9 table (R98) and the Green Book
appendix 1; each docstring names the fan.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from mcr_score.engine.arrangements import (
    HONORS_KNITTED,
    KNITTED_STRAIGHT,
    KONG,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    mask_of,
)
from mcr_score.engine.waits import CLOSED, EDGE, PAIR, PAIR_WAIT
from mcr_score.systems.mcr.fans.facts import (
    HAS_FLOWERS,
    HONOR_MASK,
    HONORS,
    LAST_COPY,
    NO_HONORS,
    ON_DISCARD,
    SELF_DRAWN,
    SUITS_0,
    SUITS_1,
    SUITS_2,
    SUITS_3,
    TILE_HOG_SUITS_ONLY,
    UNIQUE_WAIT,
    Facts,
)
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.tiles import GREEN, INDEX, REVERSIBLE, is_terminal
from mcr_score.vocabulary import Form, Wait

Hit = tuple[int, ...]
Detector = Callable[[Facts], list[Hit]]
DETECTORS: Final[dict[Fan, Detector]] = {}


@dataclass(frozen=True, slots=True)
class Needs:
    """What an arrangement must have for a detector to find anything: at least `chows` chows and
    `pungs` pungs or kongs, one of `forms` (None: any form), and some trait of each mask of `traits`
    (`facts.HONORS` ...: honors or none, how many suits, self-drawn or on a discard, flowers, the
    last copy, a unique wait). The scorer skips a detector whose needs an arrangement does not meet
    (`detectors_for`), so each is a necessary condition only."""

    chows: int = 0
    pungs: int = 0
    forms: frozenset[Form] | None = None
    traits: tuple[int, ...] = ()

    def met(self, form: Form, chows: int, pungs: int, traits: int | None = None) -> bool:
        """Whether an arrangement may give the fan (`traits` None: the hand's traits not known)."""
        if chows < self.chows or pungs < self.pungs or (self.forms is not None and form not in self.forms):
            return False
        return traits is None or self.traits_met(traits)

    def traits_met(self, traits: int) -> bool:
        """Whether a hand of these `traits` has some trait of each mask of `self.traits`."""
        return all(traits & t for t in self.traits)


NEEDS: Final[dict[Fan, Needs]] = {}
WHOLE: Final[list[Hit]] = [()]
NONE: Final[list[Hit]] = []

WIND_TILES: Final = range(27, 31)
DRAGONS: Final = range(31, 34)


def detector(
    fan: Fan, chows: int = 0, pungs: int = 0, forms: tuple[Form, ...] | None = None, traits: tuple[int, ...] = ()
) -> Callable[[Detector], Detector]:
    """Register the one detector of `fan`, with what an arrangement needs for it to find anything."""

    def register(fn: Detector) -> Detector:
        if fan in DETECTORS:
            raise RuntimeError(f"two detectors for fan {fan}")
        DETECTORS[fan] = fn
        NEEDS[fan] = Needs(chows, pungs, None if forms is None else frozenset(forms), traits)
        return fn

    return register


def detectors_for(
    fans: Iterable[Fan], form: Form, chows: int, pungs: int, traits: int | None = None
) -> tuple[tuple[Fan, Detector], ...]:
    """The detectors of `fans` (in that order) that can find something in an arrangement of this
    form with this many chows and pungs, in a hand of these `traits`."""
    return tuple([(fan, DETECTORS[fan]) for fan in fans if NEEDS[fan].met(form, chows, pungs, traits)])


def _when(cond: bool) -> list[Hit]:
    return WHOLE if cond else NONE


def _rank(i: int) -> int:
    return i % 9


def _suit(i: int) -> int:
    return i // 9


# Masks of tile kinds for the fans of the whole hand: the hand has that property when its kinds
# (`Facts.kinds`) fall within the mask (`f.kinds & ~MASK == 0`, written `not f.kinds & NOT_MASK`).
ALL_KINDS: Final = (1 << 34) - 1
SUITED_MASK: Final = ALL_KINDS & ~HONOR_MASK
TERMINALS_MASK: Final = mask_of(i for i in range(27) if is_terminal(i))
WINDS_MASK: Final = mask_of(WIND_TILES)
DRAGONS_MASK: Final = mask_of(DRAGONS)
FIVES_MASK: Final = mask_of(i for i in range(27) if _rank(i) == 4)
OUTSIDE_MASK: Final = TERMINALS_MASK | HONOR_MASK


def _ranks_mask(ranks: Iterable[int]) -> int:
    """The suited tiles of these numbers (1-9)."""
    return mask_of(i for i in range(27) if _rank(i) + 1 in set(ranks))


def _outside(mask: int) -> int:
    return ALL_KINDS & ~mask


NOT_GREEN: Final = _outside(mask_of(GREEN))
NOT_REVERSIBLE: Final = _outside(mask_of(REVERSIBLE))
NOT_TERMINALS: Final = _outside(TERMINALS_MASK)
NOT_OUTSIDE: Final = _outside(OUTSIDE_MASK)
NOT_EVEN: Final = _outside(_ranks_mask((2, 4, 6, 8)))
NOT_UPPER: Final = _outside(_ranks_mask((7, 8, 9)))
NOT_MIDDLE: Final = _outside(_ranks_mask((4, 5, 6)))
NOT_LOWER: Final = _outside(_ranks_mask((1, 2, 3)))
NOT_UPPER_FOUR: Final = _outside(_ranks_mask((6, 7, 8, 9)))
NOT_LOWER_FOUR: Final = _outside(_ranks_mask((1, 2, 3, 4)))


def found(hits: list[tuple[int, ...]]) -> list[Hit]:
    """Hits of a combination fan from `Facts` groups (whose positions come in tile order): each
    hit's positions sorted, the hits in position order (one hit, the usual case: no list sorted)."""
    if not hits:
        return NONE
    if len(hits) == 1:
        return [tuple(sorted(hits[0]))]
    return sorted([tuple(sorted(h)) for h in hits])


def _pure_step(starts: tuple[int, ...], step: int) -> bool:
    """Sorted tiles of one suit, each `step` above the one before (a rise within a suit stays in it
    when the first and last tiles share the suit)."""
    for k in range(1, len(starts)):
        if starts[k] - starts[k - 1] != step:
            return False
    return starts[0] // 9 == starts[-1] // 9


def _one_per_suit(tiles: tuple[int, ...]) -> bool:
    """Three sorted tiles of the three suits: the first a character, the second a dot, the third a bamboo."""
    return tiles[0] < 9 and 9 <= tiles[1] < 18 and 18 <= tiles[2] < 27


def _ranks(tiles: tuple[int, ...]) -> int:
    """The numbers of suited tiles, as bits (bit 0: the 1s)."""
    out = 0
    for t in tiles:
        out |= 1 << (t % 9)
    return out


def _shifted_by_one(tiles: tuple[int, ...]) -> bool:
    """Three tiles whose numbers are three consecutive ones, in any order."""
    ranks = _ranks(tiles)
    return ranks == (ranks & -ranks) * 7


def _sets_and_pair_all(f: Facts, mask: int) -> bool:
    """A standard hand whose every set and pair holds a tile of `mask`."""
    if f.form != STANDARD or f.pair is None or not (1 << f.pair) & mask:
        return False
    return not [m for m in f.set_masks if not m & mask]


@detector(Fan.BIG_FOUR_WINDS, pungs=4, traits=(HONORS,))
def big_four_winds(f: Facts) -> list[Hit]:
    """大四喜: pungs or kongs of all four winds."""
    return [f.wind_pungs] if len(f.wind_pungs) == 4 else NONE


@detector(Fan.BIG_THREE_DRAGONS, pungs=3, traits=(HONORS,))
def big_three_dragons(f: Facts) -> list[Hit]:
    """大三元: pungs or kongs of all three dragons."""
    return [f.dragon_pungs] if len(f.dragon_pungs) == 3 else NONE


@detector(Fan.ALL_GREEN, traits=(SUITS_0 | SUITS_1,))
def all_green(f: Facts) -> list[Hit]:
    """绿一色: only 2 3 4 6 8 bamboo and the green dragon."""
    return _when(not f.kinds & NOT_GREEN)


@detector(Fan.NINE_GATES, forms=(STANDARD,))
def nine_gates(f: Facts) -> list[Hit]:
    """九莲宝灯: 1112345678999 of one suit standing, nothing declared, won on a tile of that suit (R98 #4)."""
    if f.declared or f.form != STANDARD or (1 << f.win) & HONOR_MASK:
        return NONE
    base = f.win - f.win % 9
    standing = list(f.counts[base : base + 9])
    standing[f.win - base] -= 1
    return _when(standing == [3, 1, 1, 1, 1, 1, 1, 1, 3])


@detector(Fan.FOUR_KONGS, pungs=4)
def four_kongs(f: Facts) -> list[Hit]:
    """四杠: four kongs."""
    ks = f.kongs_concealed + f.kongs_exposed
    return [tuple(sorted(ks))] if len(ks) == 4 else NONE


@detector(Fan.SEVEN_SHIFTED_PAIRS, forms=(SEVEN_PAIRS,))
def seven_shifted_pairs(f: Facts) -> list[Hit]:
    """连七对: seven pairs of one suit on seven consecutive numbers."""
    p = f.arrangement.pairs
    return _when(f.form == SEVEN_PAIRS and p[0] < 27 and _pure_step(p, 1))


@detector(Fan.THIRTEEN_ORPHANS, forms=(THIRTEEN_ORPHANS,))
def thirteen_orphans(f: Facts) -> list[Hit]:
    """十三幺: the thirteen terminals and honors, one of them twice."""
    return _when(f.form == THIRTEEN_ORPHANS)


@detector(Fan.ALL_TERMINALS, traits=(NO_HONORS,))
def all_terminals(f: Facts) -> list[Hit]:
    """清幺九: only 1s and 9s of the suits."""
    return _when(not f.kinds & NOT_TERMINALS)


@detector(Fan.LITTLE_FOUR_WINDS, pungs=3, traits=(HONORS,))
def little_four_winds(f: Facts) -> list[Hit]:
    """小四喜: pungs of three winds and a pair of the fourth."""
    ps = f.wind_pungs
    return [(*ps, PAIR)] if len(ps) == 3 and f.pair is not None and 27 <= f.pair < 31 else NONE


@detector(Fan.LITTLE_THREE_DRAGONS, pungs=2, traits=(HONORS,))
def little_three_dragons(f: Facts) -> list[Hit]:
    """小三元: pungs of two dragons and a pair of the third."""
    ps = f.dragon_pungs
    return [(*ps, PAIR)] if len(ps) == 2 and f.pair is not None and f.pair >= 31 else NONE


@detector(Fan.ALL_HONORS, traits=(SUITS_0,))
def all_honors(f: Facts) -> list[Hit]:
    """字一色: only winds and dragons."""
    return _when(not f.kinds & SUITED_MASK)


@detector(Fan.FOUR_CONCEALED_PUNGS, pungs=4)
def four_concealed_pungs(f: Facts) -> list[Hit]:
    """四暗刻: four concealed pungs or kongs."""
    return [f.concealed_pungs] if len(f.concealed_pungs) == 4 else NONE


@detector(Fan.PURE_TERMINAL_CHOWS, chows=4)
def pure_terminal_chows(f: Facts) -> list[Hit]:
    """一色双龙会: 123, 123, 789, 789 and a pair of 5, all in one suit."""
    fours = f.chow_groups[4]  # the one group of four chows, its tiles sorted
    if fours and f.pair is not None and f.pair < 27:
        s = f.pair - 4
        if _rank(f.pair) == 4 and fours[0][0] == (s, s, s + 6, s + 6):
            return [(0, 1, 2, 3, PAIR)]
    return NONE


@detector(Fan.QUADRUPLE_CHOW, chows=4)
def quadruple_chow(f: Facts) -> list[Hit]:
    """一色四同顺: four identical chows."""
    return found([p for s, p in f.chow_groups[4] if s[0] == s[3]])


@detector(Fan.FOUR_PURE_SHIFTED_PUNGS, pungs=4)
def four_pure_shifted_pungs(f: Facts) -> list[Hit]:
    """一色四节高: four pungs of one suit on consecutive numbers."""
    return found([p for t, p in f.pung_groups[4] if _pure_step(t, 1)])


@detector(Fan.FOUR_PURE_SHIFTED_CHOWS, chows=4)
def four_pure_shifted_chows(f: Facts) -> list[Hit]:
    """一色四步高: four chows of one suit rising by 1 or by 2."""
    return found([p for s, p in f.chow_groups[4] if _pure_step(s, 1) or _pure_step(s, 2)])


@detector(Fan.THREE_KONGS, pungs=3)
def three_kongs(f: Facts) -> list[Hit]:
    """三杠: three kongs."""
    ks = f.kongs_concealed + f.kongs_exposed
    return [tuple(sorted(ks))] if len(ks) == 3 else NONE


@detector(Fan.ALL_TERMINALS_AND_HONORS)
def all_terminals_and_honors(f: Facts) -> list[Hit]:
    """混幺九: only terminals and honors."""
    return _when(not f.kinds & NOT_OUTSIDE)


@detector(Fan.SEVEN_PAIRS, forms=(SEVEN_PAIRS,))
def seven_pairs(f: Facts) -> list[Hit]:
    """七对: seven pairs."""
    return _when(f.form == SEVEN_PAIRS)


@detector(Fan.GREATER_HONORS_AND_KNITTED_TILES, forms=(HONORS_KNITTED,))
def greater_honors_and_knitted(f: Facts) -> list[Hit]:
    """七星不靠: the seven honors and seven knitted tiles, all single."""
    return _when(f.form == HONORS_KNITTED and f.kinds & HONOR_MASK == HONOR_MASK)


@detector(Fan.ALL_EVEN_PUNGS, pungs=4, traits=(NO_HONORS,))
def all_even_pungs(f: Facts) -> list[Hit]:
    """全双刻: four pungs and a pair, all of even numbers."""
    return _when(f.form == STANDARD and len(f.pungs) == 4 and not f.kinds & NOT_EVEN)


@detector(Fan.FULL_FLUSH, traits=(SUITS_1, NO_HONORS))
def full_flush(f: Facts) -> list[Hit]:
    """清一色: one suit, no honors."""
    return _when(f.suits == 1 and not f.honors)


@detector(Fan.PURE_TRIPLE_CHOW, chows=3)
def pure_triple_chow(f: Facts) -> list[Hit]:
    """一色三同顺: three identical chows."""
    return found([p for s, p in f.chow_groups[3] if s[0] == s[2]])


@detector(Fan.PURE_SHIFTED_PUNGS, pungs=3)
def pure_shifted_pungs(f: Facts) -> list[Hit]:
    """一色三节高: three pungs of one suit on consecutive numbers."""
    return found([p for t, p in f.pung_groups[3] if _pure_step(t, 1)])


@detector(Fan.UPPER_TILES, traits=(NO_HONORS,))
def upper_tiles(f: Facts) -> list[Hit]:
    """全大: only 7, 8 and 9."""
    return _when(not f.kinds & NOT_UPPER)


@detector(Fan.MIDDLE_TILES, traits=(NO_HONORS,))
def middle_tiles(f: Facts) -> list[Hit]:
    """全中: only 4, 5 and 6."""
    return _when(not f.kinds & NOT_MIDDLE)


@detector(Fan.LOWER_TILES, traits=(NO_HONORS,))
def lower_tiles(f: Facts) -> list[Hit]:
    """全小: only 1, 2 and 3."""
    return _when(not f.kinds & NOT_LOWER)


@detector(Fan.PURE_STRAIGHT, chows=3)
def pure_straight(f: Facts) -> list[Hit]:
    """清龙: 123, 456 and 789 of one suit."""
    return found([p for s, p in f.chow_groups[3] if _rank(s[0]) == 0 and _pure_step(s, 3)])


@detector(Fan.THREE_SUITED_TERMINAL_CHOWS, chows=4)
def three_suited_terminal_chows(f: Facts) -> list[Hit]:
    """三色双龙会: 123 and 789 in two suits, a pair of 5 in the third."""
    fours = f.chow_groups[4]  # the one group of four chows, its tiles sorted
    if not fours or f.pair is None or f.pair >= 27 or _rank(f.pair) != 4:
        return NONE
    a, b, c, d = fours[0][0]
    if _rank(a) == 0 and b == a + 6 and _rank(c) == 0 and d == c + 6 and len({_suit(a), _suit(c), _suit(f.pair)}) == 3:
        return [(0, 1, 2, 3, PAIR)]
    return NONE


@detector(Fan.PURE_SHIFTED_CHOWS, chows=3)
def pure_shifted_chows(f: Facts) -> list[Hit]:
    """一色三步高: three chows of one suit rising by 1 or by 2."""
    return found([p for s, p in f.chow_groups[3] if _pure_step(s, 1) or _pure_step(s, 2)])


@detector(Fan.ALL_FIVES, forms=(STANDARD,))
def all_fives(f: Facts) -> list[Hit]:
    """全带五: a 5 in every set and in the pair."""
    return _when(_sets_and_pair_all(f, FIVES_MASK))


@detector(Fan.TRIPLE_PUNG, pungs=3)
def triple_pung(f: Facts) -> list[Hit]:
    """三同刻: pungs of the same number in the three suits."""
    return found([p for t, p in f.pung_groups[3] if _rank(t[0]) == _rank(t[1]) == _rank(t[2])])


@detector(Fan.THREE_CONCEALED_PUNGS, pungs=3)
def three_concealed_pungs(f: Facts) -> list[Hit]:
    """三暗刻: three concealed pungs or kongs."""
    return [f.concealed_pungs] if len(f.concealed_pungs) >= 3 else NONE


@detector(Fan.LESSER_HONORS_AND_KNITTED_TILES, forms=(HONORS_KNITTED,))
def lesser_honors_and_knitted(f: Facts) -> list[Hit]:
    """全不靠: fourteen singles from the honors and one knitted set."""
    return _when(f.form == HONORS_KNITTED)


@detector(Fan.KNITTED_STRAIGHT, forms=(KNITTED_STRAIGHT, HONORS_KNITTED))
def knitted_straight(f: Facts) -> list[Hit]:
    """组合龙: 147, 258, 369 each in its own suit."""
    if f.form == KNITTED_STRAIGHT:
        return WHOLE
    return _when(f.form == HONORS_KNITTED and (f.kinds & SUITED_MASK).bit_count() == 9)


@detector(Fan.UPPER_FOUR, traits=(NO_HONORS,))
def upper_four(f: Facts) -> list[Hit]:
    """大于五: only 6 to 9."""
    return _when(not f.kinds & NOT_UPPER_FOUR)


@detector(Fan.LOWER_FOUR, traits=(NO_HONORS,))
def lower_four(f: Facts) -> list[Hit]:
    """小于五: only 1 to 4."""
    return _when(not f.kinds & NOT_LOWER_FOUR)


@detector(Fan.BIG_THREE_WINDS, pungs=3, traits=(HONORS,))
def big_three_winds(f: Facts) -> list[Hit]:
    """三风刻: pungs of three winds."""
    return [f.wind_pungs] if len(f.wind_pungs) == 3 else NONE


@detector(Fan.MIXED_STRAIGHT, chows=3)
def mixed_straight(f: Facts) -> list[Hit]:
    """花龙: 123, 456 and 789, each in a different suit."""
    return found([p for s, p in f.chow_groups[3] if _one_per_suit(s) and _ranks(s) == 0b1001001])


@detector(Fan.REVERSIBLE_TILES, traits=(SUITS_0 | SUITS_1 | SUITS_2,))
def reversible_tiles(f: Facts) -> list[Hit]:
    """推不倒: only tiles that look the same upside down."""
    return _when(not f.kinds & NOT_REVERSIBLE)


@detector(Fan.MIXED_TRIPLE_CHOW, chows=3)
def mixed_triple_chow(f: Facts) -> list[Hit]:
    """三色三同顺: the same chow in the three suits."""
    return found([p for s, p in f.chow_groups[3] if s[0] + 9 == s[1] == s[2] - 9])


@detector(Fan.MIXED_SHIFTED_PUNGS, pungs=3)
def mixed_shifted_pungs(f: Facts) -> list[Hit]:
    """三色三节高: pungs on three consecutive numbers, one in each suit."""
    return found([p for t, p in f.pung_groups[3] if _one_per_suit(t) and _shifted_by_one(t)])


@detector(Fan.CHICKEN_HAND)
def chicken_hand(f: Facts) -> list[Hit]:
    """无番和: awarded by the scorer when nothing else counts, never detected on its own."""
    return NONE


@detector(Fan.LAST_TILE_DRAW, traits=(SELF_DRAWN,))
def last_tile_draw(f: Facts) -> list[Hit]:
    """妙手回春: self-drawn on the last tile of the wall."""
    return _when(f.self_drawn and f.situation.wall_last)


@detector(Fan.LAST_TILE_CLAIM, traits=(ON_DISCARD,))
def last_tile_claim(f: Facts) -> list[Hit]:
    """海底捞月: won on the discard after the last wall tile."""
    return _when(not f.self_drawn and f.situation.wall_last)


@detector(Fan.OUT_WITH_REPLACEMENT_TILE, traits=(SELF_DRAWN,))
def out_with_replacement_tile(f: Facts) -> list[Hit]:
    """杠上开花: self-drawn on the replacement tile of a kong."""
    return _when(f.self_drawn and f.situation.kong)


@detector(Fan.ROBBING_THE_KONG, traits=(ON_DISCARD,))
def robbing_the_kong(f: Facts) -> list[Hit]:
    """抢杠和: won on the tile another player adds to a pung."""
    return _when(not f.self_drawn and f.situation.kong)


@detector(Fan.TWO_CONCEALED_KONGS, pungs=2)
def two_concealed_kongs(f: Facts) -> list[Hit]:
    """双暗杠: two concealed kongs."""
    return [tuple(f.kongs_concealed)] if len(f.kongs_concealed) == 2 else NONE


@detector(Fan.ALL_PUNGS, pungs=4)
def all_pungs(f: Facts) -> list[Hit]:
    """碰碰和: four pungs or kongs and a pair."""
    return _when(len(f.pungs) == 4)


@detector(Fan.HALF_FLUSH, traits=(SUITS_1, HONORS))
def half_flush(f: Facts) -> list[Hit]:
    """混一色: one suit and honors."""
    return _when(f.suits == 1 and f.honors)


@detector(Fan.MIXED_SHIFTED_CHOWS, chows=3)
def mixed_shifted_chows(f: Facts) -> list[Hit]:
    """三色三步高: chows starting on three consecutive numbers, one in each suit."""
    return found([p for s, p in f.chow_groups[3] if _one_per_suit(s) and _shifted_by_one(s)])


@detector(Fan.ALL_TYPES, traits=(SUITS_3, HONORS))
def all_types(f: Facts) -> list[Hit]:
    """五门齐: characters, dots, bamboo, winds and dragons."""
    return _when(f.suits == 3 and f.kinds & WINDS_MASK != 0 and f.kinds & DRAGONS_MASK != 0)


@detector(Fan.MELDED_HAND, traits=(ON_DISCARD,))
def melded_hand(f: Facts) -> list[Hit]:
    """全求人: four claimed sets, won on a discard that pairs the last tile."""
    return _when(f.exposed_melds == 4 and not f.self_drawn)


@detector(Fan.TWO_DRAGONS_PUNGS, pungs=2, traits=(HONORS,))
def two_dragon_pungs(f: Facts) -> list[Hit]:
    """双箭刻: pungs of two dragons."""
    return [f.dragon_pungs] if len(f.dragon_pungs) == 2 else NONE


@detector(Fan.OUTSIDE_HAND, forms=(STANDARD,))
def outside_hand(f: Facts) -> list[Hit]:
    """全带幺: a terminal or honor in every set and in the pair."""
    return _when(_sets_and_pair_all(f, OUTSIDE_MASK))


@detector(Fan.FULLY_CONCEALED_HAND, traits=(SELF_DRAWN,))
def fully_concealed_hand(f: Facts) -> list[Hit]:
    """不求人: nothing claimed, self-drawn."""
    return _when(f.exposed_melds == 0 and f.self_drawn)


@detector(Fan.TWO_MELDED_KONGS, pungs=2)
def two_melded_kongs(f: Facts) -> list[Hit]:
    """双明杠: two kongs, at least one exposed (the Green Book's fan 57 covers one melded plus one
    concealed kong; the china profile's fan 82 takes that case instead)."""
    ks = f.kongs_concealed + f.kongs_exposed
    return [tuple(sorted(ks))] if len(ks) == 2 and f.kongs_exposed else NONE


@detector(Fan.LAST_TILE, traits=(LAST_COPY,))
def last_tile(f: Facts) -> list[Hit]:
    """和绝张: the last copy of the winning tile."""
    return _when(f.last_copy)


@detector(Fan.DRAGON_PUNG, pungs=1, traits=(HONORS,))
def dragon_pung(f: Facts) -> list[Hit]:
    """箭刻: a pung of a dragon, each."""
    return [(p,) for p in f.dragon_pungs]


@detector(Fan.PREVALENT_WIND, pungs=1, traits=(HONORS,))
def prevalent_wind(f: Facts) -> list[Hit]:
    """圈风刻: a pung of the prevalent wind."""
    wind = INDEX[f.situation.prevalent_wind]
    return [(p,) for p, t in f.pungs if t == wind]


@detector(Fan.SEAT_WIND, pungs=1, traits=(HONORS,))
def seat_wind(f: Facts) -> list[Hit]:
    """门风刻: a pung of the seat wind."""
    wind = INDEX[f.situation.seat_wind]
    return [(p,) for p, t in f.pungs if t == wind]


@detector(Fan.CONCEALED_HAND, traits=(ON_DISCARD,))
def concealed_hand(f: Facts) -> list[Hit]:
    """门前清: nothing claimed, won on a discard."""
    return _when(f.exposed_melds == 0 and not f.self_drawn)


@detector(Fan.ALL_CHOWS, chows=1, forms=(STANDARD, KNITTED_STRAIGHT))
def all_chows(f: Facts) -> list[Hit]:
    """平和: only chows and a suited pair."""
    if f.pair is None or f.pair >= 27 or f.pungs:
        return NONE
    return _when((f.form == STANDARD and len(f.chows) == 4) or (f.form == KNITTED_STRAIGHT and len(f.chows) == 1))


@detector(Fan.TILE_HOG)
def tile_hog(f: Facts) -> list[Hit]:
    """四归一: all four copies of a tile, without a kong of it; each such tile (honors too, unless
    the profile reads the English "a single suit tile" literally)."""
    fours = 0  # the kinds held four times, as bits: only the kinds present are read (`Facts.kinds`)
    kinds = f.kinds
    while kinds:
        low = kinds & -kinds
        i = low.bit_length() - 1
        if f.counts[i] == 4:
            fours |= low
        kinds ^= low
    if not fours:
        return NONE
    kongs = {t for p, t in f.pungs if f.sets[p][0] == KONG}
    suits_only = TILE_HOG_SUITS_ONLY in f.flags
    return [() for i in range(34) if fours >> i & 1 and i not in kongs and not (suits_only and (1 << i) & HONOR_MASK)]


@detector(Fan.DOUBLE_PUNG, pungs=2)
def double_pung(f: Facts) -> list[Hit]:
    """双同刻: pungs of the same number in two suits."""
    return found([p for t, p in f.pung_groups[2] if t[0] % 9 == t[1] % 9])


@detector(Fan.TWO_CONCEALED_PUNGS, pungs=2)
def two_concealed_pungs(f: Facts) -> list[Hit]:
    """双暗刻: two concealed pungs or kongs."""
    return [f.concealed_pungs] if len(f.concealed_pungs) >= 2 else NONE


@detector(Fan.CONCEALED_KONG, pungs=1)
def concealed_kong(f: Facts) -> list[Hit]:
    """暗杠: a concealed kong."""
    return [(p,) for p in f.kongs_concealed]


@detector(Fan.ALL_SIMPLES, traits=(NO_HONORS,))
def all_simples(f: Facts) -> list[Hit]:
    """断幺: no terminals, no honors."""
    return _when(not f.kinds & OUTSIDE_MASK)


@detector(Fan.PURE_DOUBLE_CHOW, chows=2)
def pure_double_chow(f: Facts) -> list[Hit]:
    """一般高: two identical chows."""
    return found([p for s, p in f.chow_groups[2] if s[0] == s[1]])


@detector(Fan.MIXED_DOUBLE_CHOW, chows=2)
def mixed_double_chow(f: Facts) -> list[Hit]:
    """喜相逢: the same chow in two suits."""
    return found([p for s, p in f.chow_groups[2] if s[0] != s[1] and s[0] % 9 == s[1] % 9])


@detector(Fan.SHORT_STRAIGHT, chows=2)
def short_straight(f: Facts) -> list[Hit]:
    """连六: two chows of one suit making six consecutive numbers."""
    return found([p for s, p in f.chow_groups[2] if s[1] - s[0] == 3 and _suit(s[0]) == _suit(s[1])])


@detector(Fan.TWO_TERMINAL_CHOWS, chows=2)
def two_terminal_chows(f: Facts) -> list[Hit]:
    """老少副: 123 and 789 of one suit."""
    return found([p for s, p in f.chow_groups[2] if s[1] - s[0] == 6 and _rank(s[0]) == 0])


@detector(Fan.PUNG_OF_TERMINALS_OR_HONORS, pungs=1)
def pung_of_terminals_or_honors(f: Facts) -> list[Hit]:
    """幺九刻: a pung of terminals or honors, each."""
    return [(p,) for p, t in f.pungs if (1 << t) & OUTSIDE_MASK]


@detector(Fan.MELDED_KONG, pungs=1)
def melded_kong(f: Facts) -> list[Hit]:
    """明杠: an exposed kong."""
    return [(p,) for p in f.kongs_exposed]


@detector(Fan.ONE_VOIDED_SUIT, traits=(SUITS_2,))
def one_voided_suit(f: Facts) -> list[Hit]:
    """缺一门: exactly two of the three suits."""
    return _when(f.suits == 2)


@detector(Fan.NO_HONORS, traits=(NO_HONORS,))
def no_honors(f: Facts) -> list[Hit]:
    """无字: no winds or dragons."""
    return _when(not f.honors)


@detector(Fan.EDGE_WAIT, chows=1, traits=(UNIQUE_WAIT,))
def edge_wait(f: Facts) -> list[Hit]:
    """边张: won on the 3 of 12 or the 7 of 89, the only tile waited on."""
    return _waited(f, EDGE)


@detector(Fan.CLOSED_WAIT, chows=1, traits=(UNIQUE_WAIT,))
def closed_wait(f: Facts) -> list[Hit]:
    """嵌张 (坎张): won on the middle tile of a chow, the only tile waited on."""
    return _waited(f, CLOSED)


@detector(Fan.SINGLE_WAIT, traits=(UNIQUE_WAIT,))
def single_wait(f: Facts) -> list[Hit]:
    """单钓将: won on the tile that pairs a single, the only tile waited on."""
    if f.unique_wait and (f.win in f.arrangement.pairs or (f.form == THIRTEEN_ORPHANS and f.pair == f.win)):
        return WHOLE  # a pair of seven pairs, or the doubled orphan
    return _waited(f, PAIR_WAIT)


def _waited(f: Facts, wait: Wait) -> list[Hit]:
    """The first set the winning tile can complete as `wait`, when the hand waited on that tile only.
    Where it fits several shapes, the wait series (Edge > Closed > Single) keeps one fan."""
    if f.unique_wait:
        for p in f.placements:
            if p.wait is wait:
                return [(p.position,)]
    return NONE


@detector(Fan.SELF_DRAWN, traits=(SELF_DRAWN,))
def self_drawn(f: Facts) -> list[Hit]:
    """自摸: the winner drew the winning tile."""
    return _when(f.self_drawn)


@detector(Fan.FLOWER_TILES, traits=(HAS_FLOWERS,))
def flower_tiles(f: Facts) -> list[Hit]:
    """花牌: one point a flower, outside the 8-point minimum."""
    return [()] * f.flowers


@detector(Fan.CONCEALED_KONG_AND_MELDED_KONG, pungs=2)
def concealed_kong_and_melded_kong(f: Facts) -> list[Hit]:
    """明暗杠 (china profile only): one concealed and one exposed kong."""
    if len(f.kongs_concealed) == 1 and len(f.kongs_exposed) == 1:
        return [tuple(sorted(f.kongs_concealed + f.kongs_exposed))]
    return NONE
