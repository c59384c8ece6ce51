"""The fan table: the 81 MCR fans in Green Book order, plus the private fan no. 82.

One `FanDef` per fan, transcribed from the project's research notes, `docs/fan-table.md` §3. French
names and numbering come from the French list of the official rules (« Règles Officielles du
Mah-Jong », §V: the project's seed text, not shipped here; fan-table.md §3 gives the numbering).

Profiles:
- "green-book": the 2006 WMO Green Book points (the "GB 2006" column, corroborated by Sloper
  S340-S342; the GB text itself was not read).
- "china": Chinese 1998 practice (the "CN 1998" column: R98 and summerinsects' calculator, A),
  plus the private 5-point fan 明暗杠 (no. 82) of A and PyMahjongGB.
- "wmo-2014": the 2014 WMO Chinese edition 《麻将竞赛规则》 (北京现代出版社, Dec. 2014): the
  Green Book's points, Two Concealed Kongs at 8 (its 第八条 table p.11 and 附件八 p.14, as quoted by
  SkyEye-FAST/mcr-mahjong RULES_REVIEW.md; the text itself was not read here).
The columns differ only on no. 48 (8 vs 6) and on no. 82 (china only). The engine reads these
numbers (`profiles.build`, through the switches that choose a column): the pages print what it uses.

Exclusions follow Chinese practice: `excludes` is the "98:" list plus the "A+:" list of the
"Does not count with it" column, entries marked "(code)" included. Entries marked "(own)" go to
`excludes_own` (only the sets that make up this fan lose the excluded fan). The "73×1" of no. 4
and the notes that are not exclusions (kong-series rule, "A allows ...", "self-drawn win scores
80 only", "at most one of 77-79") are kept out of both sets and, where useful, noted in `cite`.
The same exclusions are used in every profile: the Green Book's own "not combined" notes are
unverified (fan-table.md Appendix F). Where a profile reads a fan differently, a switch of
`profiles.py` changes that fan's row data, by `Fan` name.

Every other fact about a fan is here too: `combination` (the combination principles choose its
instances), `series` and `series_excludes` (only the highest of the kong fans, of the
concealed-pung fans, of the wait fans counts: MIL table; A#5, A#12, A#17, A#33, A#77-79 notes),
`tie_break` (the reference calculator prefers an arrangement with it on a tie) and `example` (a
hand that counts the fan in every profile that has it, confirmed with the reference calculator
by tests/test_harness.py; `mcr-score fan N` scores it).

Citation codes (fan-table.md §1): R98 = the 1998 rulebook, number and printed page (R98 numbers
our 49-53 as #48-#52 and our 48 as #53); A#k = summerinsects score_definition.xml entry k;
A-code = its fan_calculator.h/.cpp; S340-S342 etc. = Tom Sloper's columns; F = jkrothschild-bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from .ids import Fan

PROFILES = ("green-book", "china", "wmo-2014")

# A family of fans of which only the highest present counts: the kong series (MIL table, A#5 and
# A#17 notes), the concealed-pung series (A#12, A#33) and the wait fans (A#77-79: at most one).
Series = Literal["kong", "concealed-pung", "wait"]


@dataclass(frozen=True, slots=True)
class FanDef:
    """Every fact about one fan. `points` lists only the profiles that have the fan; a profile
    switch may change a fan's points or exclusions, and names the fan it changes."""

    fan: Fan
    en: str  # English name
    zh: str  # Chinese (simplified)
    fr: str  # French name as in the seed list
    points: Mapping[str, int] = field(hash=False)  # built-in profile -> points; absent = no such fan
    excludes: frozenset[Fan]  # never counted together with this fan (whole hand)
    excludes_own: frozenset[Fan]  # removed only for the sets this fan itself uses
    repeatable: bool  # may be counted more than once in one hand
    definition: str  # one-sentence English paraphrase
    cite: str  # rulebook citation
    example: str  # a hand that counts this fan in every profile that has it
    combination: bool = False  # made of several sets: the combination principles choose its instances
    series: Series | None = None  # its family, when only the family's highest fan counts
    series_excludes: frozenset[Fan] = frozenset()  # the lower fans of its series, not counted with it
    tie_break: bool = False  # an arrangement with this fan wins a tie on points (the reference's choice)

    def __post_init__(self) -> None:
        unknown = set(self.points) - set(PROFILES)
        if unknown:
            raise ValueError(f"fan {self.fan}: unknown profile(s) {sorted(unknown)}")
        # Freeze the containers so that a FanDef cannot be changed through them.
        object.__setattr__(self, "points", MappingProxyType(dict(self.points)))
        object.__setattr__(self, "excludes", frozenset(self.excludes))
        object.__setattr__(self, "excludes_own", frozenset(self.excludes_own))

    @property
    def id(self) -> int:
        return int(self.fan)

    @property
    def key(self) -> str:
        """UPPER_SNAKE English identifier: the `Fan` member's name."""
        return self.fan.name

    @property
    def names(self) -> dict[str, str]:
        return {"en": self.en, "fr": self.fr, "zh": self.zh}


_ROWS = (
    # ---- 88 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.BIG_FOUR_WINDS,
        en="Big Four Winds",
        zh="大四喜",
        fr="Quatre grands vents",
        points={"green-book": 88, "china": 88, "wmo-2014": 88},
        excludes=frozenset(
            {Fan.BIG_THREE_WINDS, Fan.ALL_PUNGS, Fan.PREVALENT_WIND, Fan.SEAT_WIND, Fan.PUNG_OF_TERMINALS_OR_HONORS}
        ),  # 98: 38, 49, 60, 61 · A+: 73
        excludes_own=frozenset(),
        repeatable=False,
        definition="Four pungs or kongs, one of each wind, plus any pair.",
        cite="R98 #1 p.23; A#1; GB fan 1 (Sloper S342)",
        example="[WWW3][EEE2]44mSSSNNN|WN0000",
    ),
    FanDef(
        fan=Fan.BIG_THREE_DRAGONS,
        en="Big Three Dragons",
        zh="大三元",
        fr="Trois grands dragons",
        points={"green-book": 88, "china": 88, "wmo-2014": 88},
        excludes=frozenset({Fan.TWO_DRAGONS_PUNGS, Fan.DRAGON_PUNG}),  # 98: 59 · A+: 54
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        definition="A pung or kong of each of the three dragons, plus any set and a pair.",
        cite="R98 #2 p.23; A#2; GB fan 2 (Sloper S342)",
        example="[FFF2]44p123sCCCPPP|SS0000",
    ),
    FanDef(
        fan=Fan.ALL_GREEN,
        en="All Green",
        zh="绿一色",
        fr="Main verte",
        points={"green-book": 88, "china": 88, "wmo-2014": 88},
        excludes=frozenset({Fan.HALF_FLUSH, Fan.ONE_VOIDED_SUIT}),  # 98: 50 · A+: 75 (code)
        excludes_own=frozenset(),
        repeatable=False,
        definition="Every tile is bamboo 2, 3, 4, 6, 8 or the Green Dragon (A also accepts seven pairs).",
        cite="R98 #3 p.23; A#3; GB fan 3 (Sloper S342); 22 may be added when there is no Green Dragon (R98, A)",
        example="[234s1]22333444sFF2s|WN0000",
    ),
    FanDef(
        fan=Fan.NINE_GATES,
        en="Nine Gates",
        zh="九莲宝灯",
        fr="Neuf portes",
        points={"green-book": 88, "china": 88, "wmo-2014": 88},
        excludes=frozenset(
            {Fan.FULL_FLUSH, Fan.FULLY_CONCEALED_HAND, Fan.CONCEALED_HAND, Fan.NO_HONORS}
        ),  # 98: 22 · A+: 56, 62, 76 (73×1: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        definition="A concealed 1112345678999 of one suit won on any tile of that suit (A requires a true nine-sided wait).",
        cite="R98 #4 p.23; A#4 (pts: fan_calculator.h); GB fan 4 (Sloper S342); A+: 73×1 (one Pung of Terminals or Honors fewer)",
        example="1112345678999m4m|SN0000",
    ),
    FanDef(
        fan=Fan.FOUR_KONGS,
        en="Four Kongs",
        zh="四杠",
        fr="Quatre kongs",
        points={"green-book": 88, "china": 88, "wmo-2014": 88},
        excludes=frozenset({Fan.ALL_PUNGS, Fan.SINGLE_WAIT}),  # 98: — · A+: 49, 79
        excludes_own=frozenset(),
        repeatable=False,
        definition="Four kongs, exposed or concealed, plus a pair.",
        cite="R98 #5 p.23; A#5; GB fan 5 (Sloper S342); A: kong-series rule (one kong fan; MIL table)",
        example="[8888p2][2222s][6666s1][5555m]PP|SE0000",
        series="kong",
        series_excludes=frozenset(
            {
                Fan.THREE_KONGS,
                Fan.TWO_CONCEALED_KONGS,
                Fan.TWO_MELDED_KONGS,
                Fan.CONCEALED_KONG,
                Fan.MELDED_KONG,
                Fan.CONCEALED_KONG_AND_MELDED_KONG,
            }
        ),
    ),
    FanDef(
        fan=Fan.SEVEN_SHIFTED_PAIRS,
        en="Seven Shifted Pairs",
        zh="连七对",
        fr="Sept paires pures consécutives",
        points={"green-book": 88, "china": 88, "wmo-2014": 88},
        excludes=frozenset(
            {
                Fan.SEVEN_PAIRS,
                Fan.FULL_FLUSH,
                Fan.FULLY_CONCEALED_HAND,
                Fan.CONCEALED_HAND,
                Fan.NO_HONORS,
                Fan.SINGLE_WAIT,
            }
        ),  # 98: 22, 56, 79 · A+: 19, 62, 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="Seven pairs of one suit on seven consecutive numbers.",
        cite="R98 #6 p.23; A#6; GB fan 6 (Sloper S342)",
        example="3344556677899m8m|NS0000",
    ),
    FanDef(
        fan=Fan.THIRTEEN_ORPHANS,
        en="Thirteen Orphans",
        zh="十三幺",
        fr="Les treize lanternes merveilleuses",
        points={"green-book": 88, "china": 88, "wmo-2014": 88},
        excludes=frozenset(
            {Fan.ALL_TERMINALS_AND_HONORS, Fan.ALL_TYPES, Fan.FULLY_CONCEALED_HAND, Fan.CONCEALED_HAND, Fan.SINGLE_WAIT}
        ),  # 98: 52, 56, 79 · A+: 18, 62
        excludes_own=frozenset(),
        repeatable=False,
        definition="One each of the six suit terminals and the seven honors, plus a second copy of any one of them.",
        cite="R98 #7 p.23; A#7; GB fan 7 (Sloper S342)",
        example="19m199p19sESWCFPN|NN0000",
    ),
    # ---- 64 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.ALL_TERMINALS,
        en="All Terminals",
        zh="清幺九",
        fr="Tout extrémité",
        points={"green-book": 64, "china": 64, "wmo-2014": 64},
        excludes=frozenset(
            {
                Fan.ALL_TERMINALS_AND_HONORS,
                Fan.ALL_PUNGS,
                Fan.OUTSIDE_HAND,
                Fan.DOUBLE_PUNG,
                Fan.PUNG_OF_TERMINALS_OR_HONORS,
                Fan.NO_HONORS,
            }
        ),  # 98: 49, 65, 76 · A+: 18, 55, 73
        excludes_own=frozenset(),
        repeatable=False,
        definition="Only suit 1s and 9s (R98: pungs plus a pair; A also accepts seven pairs).",
        cite="R98 #8 p.23 (同刻 read as 65); A#8 (keeps 32); GB fan 8 (Sloper S342)",
        example="[999m3][111p1]99p11999s1s|WE0000",
    ),
    FanDef(
        fan=Fan.LITTLE_FOUR_WINDS,
        en="Little Four Winds",
        zh="小四喜",
        fr="Quatre petits vents",
        points={"green-book": 64, "china": 64, "wmo-2014": 64},
        excludes=frozenset({Fan.BIG_THREE_WINDS}),  # 98: 38
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        definition="Pungs or kongs of three winds plus a pair of the fourth wind.",
        cite="R98 #9 p.23; A#9; GB fan 9 (Sloper S342)",
        example="[NNN1]678sEESSSWWW|EE0000",
    ),
    FanDef(
        fan=Fan.LITTLE_THREE_DRAGONS,
        en="Little Three Dragons",
        zh="小三元",
        fr="Trois petits dragons",
        points={"green-book": 64, "china": 64, "wmo-2014": 64},
        excludes=frozenset({Fan.TWO_DRAGONS_PUNGS, Fan.DRAGON_PUNG}),  # 98: 59 · A+: 54
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        definition="Pungs or kongs of two dragons plus a pair of the third dragon.",
        cite="R98 #10 p.23; A#10; GB fan 10 (Sloper S342)",
        example="[456p]123sCCFFFPPC|WN0000",
    ),
    FanDef(
        fan=Fan.ALL_HONORS,
        en="All Honors",
        zh="字一色",
        fr="Tout Honneur",
        points={"green-book": 64, "china": 64, "wmo-2014": 64},
        excludes=frozenset(
            {
                Fan.ALL_TERMINALS_AND_HONORS,
                Fan.ALL_PUNGS,
                Fan.OUTSIDE_HAND,
                Fan.PUNG_OF_TERMINALS_OR_HONORS,
                Fan.ONE_VOIDED_SUIT,
            }
        ),  # 98: 49 · A+: 18, 55, 73, 75 (code)
        excludes_own=frozenset(),
        repeatable=False,
        definition="Only winds and dragons (R98: honor pungs plus a pair; A also accepts seven pairs).",
        cite="R98 #11 p.23; A#11; GB fan 11 (Sloper S342)",
        example="ESSWWNNCCFFPPE|WS0000",
    ),
    FanDef(
        fan=Fan.FOUR_CONCEALED_PUNGS,
        en="Four Concealed Pungs",
        zh="四暗刻",
        fr="Quatre pungs cachés",
        points={"green-book": 64, "china": 64, "wmo-2014": 64},
        excludes=frozenset({Fan.ALL_PUNGS, Fan.FULLY_CONCEALED_HAND, Fan.CONCEALED_HAND}),  # 98: 49, 62 · A+: 56
        excludes_own=frozenset(),
        repeatable=False,
        definition="Four concealed pungs (concealed kongs count) plus a pair.",
        cite="R98 #12 p.23; A#12; GB fan 12 (Sloper S342)",
        example="888m4445666p555s5p|SS0000",
        series="concealed-pung",
        series_excludes=frozenset({Fan.THREE_CONCEALED_PUNGS, Fan.TWO_CONCEALED_PUNGS}),
    ),
    FanDef(
        fan=Fan.PURE_TERMINAL_CHOWS,
        en="Pure Terminal Chows",
        zh="一色双龙会",
        fr="Deux dragons dans une famille",
        points={"green-book": 64, "china": 64, "wmo-2014": 64},
        excludes=frozenset(
            {
                Fan.SEVEN_PAIRS,
                Fan.FULL_FLUSH,
                Fan.ALL_CHOWS,
                Fan.PURE_DOUBLE_CHOW,
                Fan.TWO_TERMINAL_CHOWS,
                Fan.NO_HONORS,
            }
        ),  # 98: 19, 22, 63 · A+: 69, 72, 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="One suit only: 1-2-3 twice, 7-8-9 twice and a pair of that suit's 5.",
        cite="R98 #13 p.23; A#13; GB fan 13 (Sloper S342)",
        example="[123m3]2355778899m1m|WS0000",
        combination=True,
    ),
    # ---- 48 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.QUADRUPLE_CHOW,
        en="Quadruple Chow",
        zh="一色四同顺",
        fr="Quadruple chows purs",
        points={"green-book": 48, "china": 48, "wmo-2014": 48},
        excludes=frozenset(
            {Fan.SEVEN_PAIRS, Fan.PURE_TRIPLE_CHOW, Fan.PURE_SHIFTED_PUNGS, Fan.TILE_HOG, Fan.PURE_DOUBLE_CHOW}
        ),  # 98: 24, 64, 69 · A+: 19, 23
        excludes_own=frozenset(),
        repeatable=False,
        definition="Four identical chows in one suit.",
        cite="R98 #14 p.24; A#14; GB fan 14 (Sloper S341)",
        example="[456p]44555666pFF4p|EN0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.FOUR_PURE_SHIFTED_PUNGS,
        en="Four Pure Shifted Pungs",
        zh="一色四节高",
        fr="Quatre pungs purs consécutifs",
        points={"green-book": 48, "china": 48, "wmo-2014": 48},
        excludes=frozenset({Fan.PURE_TRIPLE_CHOW, Fan.PURE_SHIFTED_PUNGS, Fan.ALL_PUNGS}),  # 98: 23, 49 · A+: 24
        excludes_own=frozenset(),
        repeatable=False,
        definition="Four pungs or kongs of one suit on four consecutive numbers.",
        cite="R98 #15 p.24; A#15; GB fan 15 (Sloper S341)",
        example="[444s2][333s2][666s1]55sSS5s|NW0000",
        combination=True,
    ),
    # ---- 32 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.FOUR_PURE_SHIFTED_CHOWS,
        en="Four Pure Shifted Chows",
        zh="一色四步高",
        fr="Quatre chows purs superposés",
        points={"green-book": 32, "china": 32, "wmo-2014": 32},
        excludes=frozenset(
            {Fan.PURE_SHIFTED_CHOWS, Fan.SHORT_STRAIGHT, Fan.TWO_TERMINAL_CHOWS}
        ),  # 98: — · A+: 30, 71, 72
        excludes_own=frozenset(),
        repeatable=False,
        definition="Four chows of one suit whose first numbers rise by 1 each time, or by 2 each time.",
        cite="R98 #16 p.24; A#16; GB fan 16 (Sloper S341)",
        example="[345s]23567789sFF1s|EE0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.THREE_KONGS,
        en="Three Kongs",
        zh="三杠",
        fr="Trois kongs",
        points={"green-book": 32, "china": 32, "wmo-2014": 32},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Three kongs, exposed or concealed.",
        cite="R98 #17 p.24; A#17; GB fan 17 (Sloper S341); A: kong-series rule (one kong fan; MIL table)",
        example="[4444s][678s3][3333p2][6666m3]WW|SN0000",
        series="kong",
        series_excludes=frozenset(
            {
                Fan.TWO_CONCEALED_KONGS,
                Fan.TWO_MELDED_KONGS,
                Fan.CONCEALED_KONG,
                Fan.MELDED_KONG,
                Fan.CONCEALED_KONG_AND_MELDED_KONG,
            }
        ),
    ),
    FanDef(
        fan=Fan.ALL_TERMINALS_AND_HONORS,
        en="All Terminals and Honors",
        zh="混幺九",
        fr="Tout honneur et extrémité",
        points={"green-book": 32, "china": 32, "wmo-2014": 32},
        excludes=frozenset({Fan.ALL_PUNGS, Fan.OUTSIDE_HAND, Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # 98: 49 · A+: 55, 73
        excludes_own=frozenset(),
        repeatable=False,
        definition="Only suit 1s and 9s and honors (R98: pungs plus a pair; A also accepts seven pairs).",
        cite="R98 #18 p.24; A#18; GB fan 18 (Sloper S341)",
        example="1199m99p9sEEWWNN9s|EW0000",
    ),
    # ---- 24 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.SEVEN_PAIRS,
        en="Seven Pairs",
        zh="七对",
        fr="Sept paires",
        points={"green-book": 24, "china": 24, "wmo-2014": 24},
        excludes=frozenset({Fan.FULLY_CONCEALED_HAND, Fan.CONCEALED_HAND, Fan.SINGLE_WAIT}),  # 98: 56, 79 · A+: 62
        excludes_own=frozenset(),
        repeatable=False,
        definition="The whole hand is seven pairs (A: four identical tiles may serve as two pairs).",
        cite="R98 #19 p.24; A#19; GB fan 19 (Sloper S341)",
        example="55m99p66778899sWW|NE0000",
    ),
    FanDef(
        fan=Fan.GREATER_HONORS_AND_KNITTED_TILES,
        en="Greater Honors and Knitted Tiles",
        zh="七星不靠",
        fr="Grand serpentin",
        points={"green-book": 24, "china": 24, "wmo-2014": 24},
        excludes=frozenset(
            {
                Fan.LESSER_HONORS_AND_KNITTED_TILES,
                Fan.ALL_TYPES,
                Fan.FULLY_CONCEALED_HAND,
                Fan.CONCEALED_HAND,
                Fan.SINGLE_WAIT,
            }
        ),  # 98: 52, 56, 79 · A+: 34, 62
        excludes_own=frozenset(),
        repeatable=False,
        definition="All seven honors as singles plus seven singles from 1-4-7, 2-5-8 and 3-6-9, each group in its own suit, with no pair.",
        cite="R98 #20 p.24; A#20; GB fan 20 (Sloper S341)",
        example="8m369p147sSWNCFPE|WS0000",
    ),
    FanDef(
        fan=Fan.ALL_EVEN_PUNGS,
        en="All Even Pungs",
        zh="全双刻",
        fr="Tout pung pair",
        points={"green-book": 24, "china": 24, "wmo-2014": 24},
        excludes=frozenset({Fan.ALL_PUNGS, Fan.ALL_SIMPLES, Fan.NO_HONORS}),  # 98: 49, 68 · A+: 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="Four pungs or kongs and a pair, all of even suit tiles 2, 4, 6, 8 (A: not in seven-pairs form).",
        cite="R98 #21 p.24; A#21; GB fan 21 (Sloper S341)",
        example="[666m1]88p22244466s8p|NE0000",
    ),
    FanDef(
        fan=Fan.FULL_FLUSH,
        en="Full Flush",
        zh="清一色",
        fr="Main pure",
        points={"green-book": 24, "china": 24, "wmo-2014": 24},
        excludes=frozenset({Fan.NO_HONORS}),  # 98: 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="Every tile is from one suit, with no honors.",
        cite="R98 #22 p.24; A#22; GB fan 22 (Sloper S341)",
        example="1123344667788s2s|SW0000",
    ),
    FanDef(
        fan=Fan.PURE_TRIPLE_CHOW,
        en="Pure Triple Chow",
        zh="一色三同顺",
        fr="Triple chows purs",
        points={"green-book": 24, "china": 24, "wmo-2014": 24},
        excludes=frozenset({Fan.PURE_SHIFTED_PUNGS, Fan.PURE_DOUBLE_CHOW}),  # 98: 24 · A+: 69
        excludes_own=frozenset(),
        repeatable=False,
        definition="Three identical chows in one suit.",
        cite="R98 #23 p.24; A#23; GB fan 23 (Sloper S341)",
        example="[456s]888p44556sEE6s|WE0000",
        combination=True,
        tie_break=True,
    ),
    FanDef(
        fan=Fan.PURE_SHIFTED_PUNGS,
        en="Pure Shifted Pungs",
        zh="一色三节高",
        fr="Trois pungs purs consécutifs",
        points={"green-book": 24, "china": 24, "wmo-2014": 24},
        excludes=frozenset({Fan.PURE_TRIPLE_CHOW}),  # 98: 23
        excludes_own=frozenset(),
        repeatable=False,
        definition="Three pungs or kongs of one suit on three consecutive numbers.",
        cite="R98 #24 p.24; A#24; GB fan 24 (Sloper S341)",
        example="[444s][222s3]3337888s9s|SW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.UPPER_TILES,
        en="Upper Tiles",
        zh="全大",
        fr="Les trois derniers",
        points={"green-book": 24, "china": 24, "wmo-2014": 24},
        excludes=frozenset({Fan.UPPER_FOUR, Fan.NO_HONORS}),  # 98: 76 · A+: 36
        excludes_own=frozenset(),
        repeatable=False,
        definition="Only suit tiles 7, 8 and 9.",
        cite="R98 #25 p.24; A#25; GB fan 25 (Sloper S341)",
        example="778899m7788p799s7s|NE0000",
    ),
    FanDef(
        fan=Fan.MIDDLE_TILES,
        en="Middle Tiles",
        zh="全中",
        fr="Les trois milieux",
        points={"green-book": 24, "china": 24, "wmo-2014": 24},
        excludes=frozenset({Fan.ALL_SIMPLES, Fan.NO_HONORS}),  # 98: 68 · A+: 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="Only suit tiles 4, 5 and 6.",
        cite="R98 #26 p.24; A#26; GB fan 26 (Sloper S341)",
        example="5566m4466p44556s6s|NE0000",
        tie_break=True,
    ),
    FanDef(
        fan=Fan.LOWER_TILES,
        en="Lower Tiles",
        zh="全小",
        fr="Les trois premiers",
        points={"green-book": 24, "china": 24, "wmo-2014": 24},
        excludes=frozenset({Fan.LOWER_FOUR, Fan.NO_HONORS}),  # 98: 76 · A+: 37
        excludes_own=frozenset(),
        repeatable=False,
        definition="Only suit tiles 1, 2 and 3.",
        cite="R98 #27 p.24; A#27; GB fan 27 (Sloper S341)",
        example="1133m223p112233s3p|SE0000",
    ),
    # ---- 16 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.PURE_STRAIGHT,
        en="Pure Straight",
        zh="清龙",
        fr="Grande suite pure",
        points={"green-book": 16, "china": 16, "wmo-2014": 16},
        excludes=frozenset({Fan.SHORT_STRAIGHT, Fan.TWO_TERMINAL_CHOWS}),  # 98: — · A+: 71, 72
        excludes_own=frozenset(),
        repeatable=False,
        definition="Chows 1-2-3, 4-5-6 and 7-8-9 of one suit.",
        cite="R98 #28 p.25; A#28; GB fan 28 (Sloper S341)",
        example="[123m1]456789m33pCC3p|WE0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.THREE_SUITED_TERMINAL_CHOWS,
        en="Three-Suited Terminal Chows",
        zh="三色双龙会",
        fr="Deux dragons dans trois familles",
        points={"green-book": 16, "china": 16, "wmo-2014": 16},
        excludes=frozenset(
            {Fan.ALL_CHOWS, Fan.MIXED_DOUBLE_CHOW, Fan.TWO_TERMINAL_CHOWS, Fan.NO_HONORS}
        ),  # 98: 63, 70, 72, 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="1-2-3 and 7-8-9 in each of two suits, plus a pair of 5s in the third suit.",
        cite="R98 #29 p.25; A#29; GB fan 29 (Sloper S341)",
        example="[789s1]123789m55p23s1s|WW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.PURE_SHIFTED_CHOWS,
        en="Pure Shifted Chows",
        zh="一色三步高",
        fr="Trois chows purs superposés",
        points={"green-book": 16, "china": 16, "wmo-2014": 16},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Three chows of one suit whose first numbers rise by 1 each time, or by 2 each time.",
        cite="R98 #30 p.25; A#30; GB fan 30 (Sloper S341)",
        example="[567p1][777s2]34556pFF4p|NS0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.ALL_FIVES,
        en="All Fives",
        zh="全带五",
        fr="Cinq partout",
        points={"green-book": 16, "china": 16, "wmo-2014": 16},
        excludes=frozenset({Fan.ALL_SIMPLES, Fan.NO_HONORS}),  # 98: 68 · A+: 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="Every set and the pair contain a suit 5.",
        cite="R98 #31 p.25; A#31; GB fan 31 (Sloper S341)",
        example="345567m4555p555s6p|EW0000",
        tie_break=True,
    ),
    FanDef(
        fan=Fan.TRIPLE_PUNG,
        en="Triple Pung",
        zh="三同刻",
        fr="Triple pungs",
        points={"green-book": 16, "china": 16, "wmo-2014": 16},
        excludes=frozenset({Fan.DOUBLE_PUNG}),  # 98: — · A+: 65
        excludes_own=frozenset(),
        repeatable=False,
        definition="Pungs or kongs of the same number in all three suits.",
        cite="R98 #32 p.25; A#32; GB fan 32 (Sloper S341)",
        example="[777m]345m777p77sSS7s|WN0000",
        combination=True,
        tie_break=True,
    ),
    FanDef(
        fan=Fan.THREE_CONCEALED_PUNGS,
        en="Three Concealed Pungs",
        zh="三暗刻",
        fr="Trois pungs cachés",
        points={"green-book": 16, "china": 16, "wmo-2014": 16},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Three concealed pungs (concealed kongs count).",
        cite="R98 #33 p.25; A#33; GB fan 33 (Sloper S341)",
        example="777m555666p78sWW9s|SN0000",
        series="concealed-pung",
        series_excludes=frozenset({Fan.TWO_CONCEALED_PUNGS}),
    ),
    # ---- 12 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.LESSER_HONORS_AND_KNITTED_TILES,
        en="Lesser Honors and Knitted Tiles",
        zh="全不靠",
        fr="Petit serpentin",
        points={"green-book": 12, "china": 12, "wmo-2014": 12},
        excludes=frozenset(
            {Fan.ALL_TYPES, Fan.FULLY_CONCEALED_HAND, Fan.CONCEALED_HAND, Fan.SINGLE_WAIT}
        ),  # 98: 52, 56, 79 · A+: 62
        excludes_own=frozenset(),
        repeatable=False,
        definition="Fourteen different singles taken from the honors and from 1-4-7, 2-5-8 and 3-6-9 (each group in its own suit), with no pair.",
        cite="R98 #34 p.25; A#34 (allows 35 with it); GB fan 34 (Sloper S341)",
        example="147m369p28sESNFPW|NS0000",
    ),
    FanDef(
        fan=Fan.KNITTED_STRAIGHT,
        en="Knitted Straight",
        zh="组合龙",
        fr="Suite serpentin",
        points={"green-book": 12, "china": 12, "wmo-2014": 12},
        excludes=frozenset(),  # 98: — (A allows 34, 52, 63, 56/62, 77-79)
        excludes_own=frozenset(),
        repeatable=False,
        definition="The nine tiles 1-4-7, 2-5-8 and 3-6-9, each group in a different suit, used like three chows (A: in a standard hand or inside no. 34).",
        cite="R98 #35 p.25; A#35; GB fan 35 (Sloper S341)",
        example="[789s]28m369p147sNN5m|EE0000",
    ),
    FanDef(
        fan=Fan.UPPER_FOUR,
        en="Upper Four",
        zh="大于五",
        fr="Les quatre derniers",
        points={"green-book": 12, "china": 12, "wmo-2014": 12},
        excludes=frozenset({Fan.NO_HONORS}),  # 98: 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="Only suit tiles 6 to 9.",
        cite="R98 #36 p.25; A#36; GB fan 36 (Sloper S341)",
        example="7788m7799p66778s8s|SW0000",
    ),
    FanDef(
        fan=Fan.LOWER_FOUR,
        en="Lower Four",
        zh="小于五",
        fr="Les quatre premiers",
        points={"green-book": 12, "china": 12, "wmo-2014": 12},
        excludes=frozenset({Fan.NO_HONORS}),  # 98: 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="Only suit tiles 1 to 4.",
        cite="R98 #37 p.25; A#37; GB fan 37 (Sloper S341)",
        example="11m223344p12233s1s|SN0000",
    ),
    FanDef(
        fan=Fan.BIG_THREE_WINDS,
        en="Big Three Winds",
        zh="三风刻",
        fr="Trois grands vents",
        points={"green-book": 12, "china": 12, "wmo-2014": 12},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        definition="Pungs or kongs of three different winds.",
        cite="R98 #38 p.25; A#38; GB fan 38 (Sloper S341)",
        example="[WWW2]11m456pSSSNNN|SE0000",
    ),
    # ---- 8 points -------------------------------------------------------------------------
    FanDef(
        fan=Fan.MIXED_STRAIGHT,
        en="Mixed Straight",
        zh="花龙",
        fr="Grande suite",
        points={"green-book": 8, "china": 8, "wmo-2014": 8},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Chows 1-2-3, 4-5-6 and 7-8-9, each in a different suit.",
        cite="R98 #39 p.25; A#39; GB fan 39 (Sloper S341)",
        example="[123p]56m333789sNN4m|NE0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.REVERSIBLE_TILES,
        en="Reversible Tiles",
        zh="推不倒",
        fr="Symétrie",
        points={"green-book": 8, "china": 8, "wmo-2014": 8},
        excludes=frozenset({Fan.ONE_VOIDED_SUIT}),  # 98: 75
        excludes_own=frozenset(),
        repeatable=False,
        definition="Only tiles that look the same upside down: dots 1, 2, 3, 4, 5, 8, 9, bamboo 2, 4, 5, 6, 8, 9 and the White Dragon.",
        cite="R98 #40 p.25; A#40; GB fan 40 (Sloper S341)",
        example="11223399p2288sPP|NE0000",
    ),
    FanDef(
        fan=Fan.MIXED_TRIPLE_CHOW,
        en="Mixed Triple Chow",
        zh="三色三同顺",
        fr="Triple chows",
        points={"green-book": 8, "china": 8, "wmo-2014": 8},
        excludes=frozenset({Fan.MIXED_DOUBLE_CHOW}),  # 98: — · A+: 70
        excludes_own=frozenset(),
        repeatable=False,
        definition="Chows of the same numbers in all three suits.",
        cite="R98 #41 p.25; A#41; GB fan 41 (Sloper S341)",
        example="[234m2]234p23488sEE8s|NW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.MIXED_SHIFTED_PUNGS,
        en="Mixed Shifted Pungs",
        zh="三色三节高",
        fr="Trois pungs consécutifs",
        points={"green-book": 8, "china": 8, "wmo-2014": 8},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Pungs or kongs on three consecutive numbers, one in each suit.",
        cite="R98 #42 p.25; A#42; GB fan 42 (Sloper S341)",
        example="[444p1][333s2]222m78pEE6p|SS0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.CHICKEN_HAND,
        en="Chicken Hand",
        zh="无番和",
        fr="Main sans valeur",
        points={"green-book": 8, "china": 8, "wmo-2014": 8},
        excludes=frozenset(),  # 98: — (scored only when no other fan scores: not a set exclusion)
        excludes_own=frozenset(),
        repeatable=False,
        definition="A legal winning hand in which no other fan can be counted (flowers aside).",
        cite="R98 #43 p.25; A#43; GB fan 43 (Sloper S341); only when nothing else scores (R98, A)",
        example="[444s]23678m789pNN4m|WS0000",
    ),
    FanDef(
        fan=Fan.LAST_TILE_DRAW,
        en="Last Tile Draw",
        zh="妙手回春",
        fr="Dernière tuile tirée",
        points={"green-book": 8, "china": 8, "wmo-2014": 8},
        excludes=frozenset({Fan.SELF_DRAWN}),  # 98: 80
        excludes_own=frozenset(),
        repeatable=False,
        definition="Winning by self-drawing the last tile of the wall.",
        cite="R98 #44 p.25; A#44 (46 may also count); GB fan 44 (Sloper S341)",
        example="[666s]567m34p222sWW2p|NW1010",
    ),
    FanDef(
        fan=Fan.LAST_TILE_CLAIM,
        en="Last Tile Claim",
        zh="海底捞月",
        fr="Dernière tuile jetée",
        points={"green-book": 8, "china": 8, "wmo-2014": 8},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Winning on the discard made after the last wall tile has been drawn.",
        cite="R98 #45 p.26; A#45; GB fan 45 (Sloper S341)",
        example="[333s3][444p2]23m222pPP1m|EN0010",
    ),
    FanDef(
        fan=Fan.OUT_WITH_REPLACEMENT_TILE,
        en="Out with Replacement Tile",
        zh="杠上开花",
        fr="Finir sur kong",
        points={"green-book": 8, "china": 8, "wmo-2014": 8},
        excludes=frozenset({Fan.SELF_DRAWN}),  # 98: 80
        excludes_own=frozenset(),
        repeatable=False,
        definition="Winning on the replacement tile drawn after a kong (a flower replacement does not qualify).",
        cite="R98 #46 p.26; A#46; GB fan 46 (Sloper S341)",
        example="[8888s3]456m567p22sNN2s|WS1001",
    ),
    FanDef(
        fan=Fan.ROBBING_THE_KONG,
        en="Robbing the Kong",
        zh="抢杠和",
        fr="Kong volé",
        points={"green-book": 8, "china": 8, "wmo-2014": 8},
        excludes=frozenset({Fan.LAST_TILE}),  # 98: 58
        excludes_own=frozenset(),
        repeatable=False,
        definition="Winning on the tile another player adds to an exposed pung to make a kong.",
        cite="R98 #47 p.26; A#47; GB fan 47 (Sloper S341)",
        example="[456m2][123s1][567p2]45pPP3p|WS0001",
    ),
    FanDef(
        fan=Fan.TWO_CONCEALED_KONGS,
        en="Two Concealed Kongs",
        zh="双暗杠",
        fr="Deux kongs cachés",
        points={"green-book": 8, "china": 6, "wmo-2014": 8},
        excludes=frozenset({Fan.TWO_CONCEALED_PUNGS}),  # 98: — · A+: 66
        excludes_own=frozenset(),
        repeatable=False,
        definition="Two concealed kongs.",
        cite="R98 #53 p.26 (6 pts); A#53; GB fan 48 (Sloper S341; 8 pts also S259, F #21); A: kong-series rule (no 67)",
        example="[678s3][2222s][8888p]11mNNN|EN0000",
        series="kong",
        series_excludes=frozenset({Fan.CONCEALED_KONG}),
    ),
    # ---- 6 points -------------------------------------------------------------------------
    FanDef(
        fan=Fan.ALL_PUNGS,
        en="All Pungs",
        zh="碰碰和",
        fr="Tout pung",
        points={"green-book": 6, "china": 6, "wmo-2014": 6},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Four pungs or kongs and a pair.",
        cite="R98 #48 p.26; A#48; GB fan 49 (Sloper S340)",
        example="[888p1][444p3]33m555sSS3m|SW0000",
    ),
    FanDef(
        fan=Fan.HALF_FLUSH,
        en="Half Flush",
        zh="混一色",
        fr="Semi pure",
        points={"green-book": 6, "china": 6, "wmo-2014": 6},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Tiles of one suit plus honors.",
        cite="R98 #49 p.26; A#49; GB fan 50 (Sloper S340)",
        example="[888m2]23344577mPP7m|SW0000",
    ),
    FanDef(
        fan=Fan.MIXED_SHIFTED_CHOWS,
        en="Mixed Shifted Chows",
        zh="三色三步高",
        fr="Trois chows superposés",
        points={"green-book": 6, "china": 6, "wmo-2014": 6},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Three chows, one in each suit, starting on three consecutive numbers.",
        cite="R98 #50 p.26; A#50; GB fan 51 (Sloper S340)",
        example="[345s3]45m444567pNN6m|EW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.ALL_TYPES,
        en="All Types",
        zh="五门齐",
        fr="Tout type",
        points={"green-book": 6, "china": 6, "wmo-2014": 6},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Characters, bamboo, dots, winds and dragons all appear in the hand.",
        cite="R98 #51 p.26; A#51; GB fan 52 (Sloper S340)",
        example="116699m33p99sEFFE|EE0000",
    ),
    FanDef(
        fan=Fan.MELDED_HAND,
        en="Melded Hand",
        zh="全求人",
        fr="Tout exposé",
        points={"green-book": 6, "china": 6, "wmo-2014": 6},
        excludes=frozenset({Fan.SINGLE_WAIT}),  # 98: 79
        excludes_own=frozenset(),
        repeatable=False,
        definition="Four claimed sets (chow, pung or exposed kong), won on another player's discard that pairs the last single tile.",
        cite="R98 #52 p.26; A#52 (void with a concealed kong or a self-draw); GB fan 53 (Sloper S340)",
        example="[678s][333p1][234m1][567p3]NN|SS0000",
    ),
    FanDef(
        fan=Fan.TWO_DRAGONS_PUNGS,
        en="Two Dragons Pungs",
        zh="双箭刻",
        fr="Deux dragons",
        points={"green-book": 6, "china": 6, "wmo-2014": 6},
        excludes=frozenset({Fan.DRAGON_PUNG}),  # 98: — · A+: 59
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        definition="Pungs or kongs of two dragons.",
        cite="R98 #54 p.26; A#54; GB fan 54 (Sloper S340)",
        example="[789p1]33m678sCCPPPC|WS0000",
    ),
    # ---- 4 points -------------------------------------------------------------------------
    FanDef(
        fan=Fan.OUTSIDE_HAND,
        en="Outside Hand",
        zh="全带幺",
        fr="Extrémités ou honneurs partout",
        points={"green-book": 4, "china": 4, "wmo-2014": 4},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Every set and the pair contain a terminal or an honor.",
        cite="R98 #55 p.26; A#55; GB fan 55 (Sloper S340)",
        example="[123s3]789m123pSSNNN|NW0000",
    ),
    FanDef(
        fan=Fan.FULLY_CONCEALED_HAND,
        en="Fully Concealed Hand",
        zh="不求人",
        fr="Tout caché tiré",
        points={"green-book": 4, "china": 4, "wmo-2014": 4},
        excludes=frozenset({Fan.SELF_DRAWN}),  # 98: — · A+: 80
        excludes_own=frozenset(),
        repeatable=False,
        definition="A standard hand with nothing claimed (an exposed kong counts as claimed), won by self-draw.",
        cite="R98 #56 p.26; A#56; GB fan 56 (Sloper S340)",
        example="333m678p45567sWW6s|NN1000",
    ),
    FanDef(
        fan=Fan.TWO_MELDED_KONGS,
        en="Two Melded Kongs",
        zh="双明杠",
        fr="Deux kongs exposés",
        points={"green-book": 4, "china": 4, "wmo-2014": 4},
        excludes=frozenset(),  # 98: — (kong-series rule: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        definition="Two exposed kongs.",
        cite="R98 #57 p.26; A#57; GB fan 57 (Sloper S340); A: kong-series rule (no 74); one exposed + one concealed kong is no. 82",
        example="[NNNN7][5555s2]67m789pEE5m|WS0000",
        series="kong",
        series_excludes=frozenset({Fan.MELDED_KONG}),
    ),
    FanDef(
        fan=Fan.LAST_TILE,
        en="Last Tile",
        zh="和绝张",
        fr="Dernière tuile existante",
        points={"green-book": 4, "china": 4, "wmo-2014": 4},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Winning on the last copy of a tile whose other three are already visible in discards or exposed sets.",
        cite="R98 #58 p.26; A#58 (never on a tile the winner already holds); GB fan 58 (Sloper S340)",
        example="39m47p258sESWNFPC|SS0100",
    ),
    # ---- 2 points -------------------------------------------------------------------------
    FanDef(
        fan=Fan.DRAGON_PUNG,
        en="Dragon Pung",
        zh="箭刻",
        fr="Pung de dragons",
        points={"green-book": 2, "china": 2, "wmo-2014": 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=True,  # once per dragon pung or kong
        definition="A pung or kong of a dragon, counted for each such set.",
        cite="R98 #59 p.26; A#59; GB fan 59 (Sloper S340); repeatable: each dragon pung (fan-table.md def.)",
        example="[CCC]456m5677p234s7p|SN0000",
    ),
    FanDef(
        fan=Fan.PREVALENT_WIND,
        en="Prevalent Wind",
        zh="圈风刻",
        fr="Vent dominant",
        points={"green-book": 2, "china": 2, "wmo-2014": 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        definition="A pung or kong of the prevalent (round) wind.",
        cite="R98 #60 p.26; A#60; GB fan 60 (Sloper S340)",
        example="[NNN1]789m66p456sWW6p|NS0000",
    ),
    FanDef(
        fan=Fan.SEAT_WIND,
        en="Seat Wind",
        zh="门风刻",
        fr="Vent du joueur",
        points={"green-book": 2, "china": 2, "wmo-2014": 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        definition="A pung or kong of the player's seat wind.",
        cite="R98 #61 p.26; A#61; GB fan 61 (Sloper S340)",
        example="[222s2][345p2][666m1]99pEEE|WE0000",
    ),
    FanDef(
        fan=Fan.CONCEALED_HAND,
        en="Concealed Hand",
        zh="门前清",
        fr="Tout caché donné",
        points={"green-book": 2, "china": 2, "wmo-2014": 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="A standard hand with nothing claimed (concealed kongs allowed), won on a discard.",
        cite="R98 #62 p.26; A#62; GB fan 62 (Sloper S340)",
        example="34m234777p678sEE5m|NE0000",
    ),
    FanDef(
        fan=Fan.ALL_CHOWS,
        en="All Chows",
        zh="平和",
        fr="Tout chow",
        points={"green-book": 2, "china": 2, "wmo-2014": 2},
        excludes=frozenset({Fan.NO_HONORS}),  # 98: — · A+: 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="Four chows and a pair of suit tiles, with edge, closed and single waits allowed.",
        cite="R98 #63 p.26; A#63 (pts: fan_calculator.h); GB fan 63 (Sloper S340)",
        example="[678s3]789m11p12334s2s|WS0000",
    ),
    FanDef(
        fan=Fan.TILE_HOG,
        en="Tile Hog",
        zh="四归一",
        fr="Quatre identiques",
        points={"green-book": 2, "china": 2, "wmo-2014": 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # once per tile kind
        definition="All four copies of a tile in the hand without a kong of it, counted once per such tile kind.",
        cite="R98 #64 p.26 (a kong's tiles never count); A#64; GB fan 64 (Sloper S340); repeatable: per tile kind (A#64)",
        example="[789p1]34m888p123sNN5m|SE0000",
    ),
    FanDef(
        fan=Fan.DOUBLE_PUNG,
        en="Double Pung",
        zh="双同刻",
        fr="Double pungs",
        points={"green-book": 2, "china": 2, "wmo-2014": 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # e.g. 111m 111p 999m 999s
        definition="Pungs or kongs of the same number in two suits.",
        cite="R98 #65 p.26; A#65; GB fan 65 (Sloper S340); repeatable (A#65)",
        example="[567m1]222m22p234sCC2p|EE0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.TWO_CONCEALED_PUNGS,
        en="Two Concealed Pungs",
        zh="双暗刻",
        fr="Deux pungs cachés",
        points={"green-book": 2, "china": 2, "wmo-2014": 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="Two concealed pungs (concealed kongs count).",
        cite="R98 #66 p.27; A#66; GB fan 66 (Sloper S340)",
        example="[789s]888m33345pPP6p|WE0000",
        series="concealed-pung",
    ),
    FanDef(
        fan=Fan.CONCEALED_KONG,
        en="Concealed Kong",
        zh="暗杠",
        fr="Kong caché",
        points={"green-book": 2, "china": 2, "wmo-2014": 2},
        excludes=frozenset(),  # 98: — (kong-series rule: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        definition="A kong declared from four self-drawn tiles.",
        cite="R98 #67 p.27; A#67; GB fan 67 (Sloper S340); A: kong-series rule",
        example="[222m2][PPPP]234p3378s9s|SS0000",
        series="kong",
    ),
    FanDef(
        fan=Fan.ALL_SIMPLES,
        en="All Simples",
        zh="断幺",
        fr="Tout ordinaire",
        points={"green-book": 2, "china": 2, "wmo-2014": 2},
        excludes=frozenset({Fan.NO_HONORS}),  # 98: — · A+: 76
        excludes_own=frozenset(),
        repeatable=False,
        definition="No terminals and no honors.",
        cite="R98 #68 p.27; A#68; GB fan 68 (Sloper S340)",
        example="[222s2]33366m34555p6m|NN0000",
    ),
    # ---- 1 point --------------------------------------------------------------------------
    FanDef(
        fan=Fan.PURE_DOUBLE_CHOW,
        en="Pure Double Chow",
        zh="一般高",
        fr="Double chow pur",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # account-once principle caps it
        definition="Two identical chows in one suit.",
        cite="R98 #69 p.27; A#69; GB fan 69 (Sloper S340); repeatable, account-once (A#69, R98 pp.29-30)",
        example="223344m333p22sNN2s|WN0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.MIXED_DOUBLE_CHOW,
        en="Mixed Double Chow",
        zh="喜相逢",
        fr="Double chow",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # account-once principle caps it
        definition="Chows of the same numbers in two suits.",
        cite="R98 #70 p.27; A#70; GB fan 70 (Sloper S340); repeatable, account-once (A#70, R98 pp.29-30)",
        example="[456s2][123p2]22334mSS1m|WW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.SHORT_STRAIGHT,
        en="Short Straight",
        zh="连六",
        fr="Petite suite pure",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # account-once principle caps it
        definition="Two chows of one suit covering six consecutive numbers.",
        cite="R98 #71 p.27; A#71; GB fan 71 (Sloper S340); repeatable, account-once (A#71, R98 pp.29-30)",
        example="[789s3]44m123p456sSS4m|NW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.TWO_TERMINAL_CHOWS,
        en="Two Terminal Chows",
        zh="老少副",
        fr="Deux chows purs d’extrémités",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # account-once principle caps it
        definition="Chows 1-2-3 and 7-8-9 of the same suit.",
        cite="R98 #72 p.27; A#72; GB fan 72 (Sloper S340); repeatable, account-once (A#72, R98 pp.29-30)",
        example="123789m234p88sEE8s|SN1000",
        combination=True,
    ),
    FanDef(
        fan=Fan.PUNG_OF_TERMINALS_OR_HONORS,
        en="Pung of Terminals or Honors",
        zh="幺九刻",
        fr="Pung de vents ou d’extrémités",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # per set
        definition="Each pung or kong of 1s, 9s or honors that no other fan already absorbs.",
        cite="R98 #73 p.27; A#73; GB fan 73 (Sloper S340); repeatable: per set (A#73)",
        example="[NNN]777m789p33sSSS|WE0000",
    ),
    FanDef(
        fan=Fan.MELDED_KONG,
        en="Melded Kong",
        zh="明杠",
        fr="Kong exposé",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: — (kong-series rule: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        definition="A kong made by claiming the fourth tile for a concealed pung, or by adding a drawn tile to an exposed pung.",
        cite="R98 #74 p.27; A#74; GB fan 74 (Sloper S340); A: kong-series rule",
        example="[123s2][7777p5]234m44sFF4s|EN0000",
        series="kong",
    ),
    FanDef(
        fan=Fan.ONE_VOIDED_SUIT,
        en="One Voided Suit",
        zh="缺一门",
        fr="Une famille absente",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="One of the three suits is completely missing (A: exactly two suits present).",
        cite="R98 #75 p.27; A#75; GB fan 75 (Sloper S340)",
        example="[678s3]22233789pSS3p|EW0000",
    ),
    FanDef(
        fan=Fan.NO_HONORS,
        en="No Honors",
        zh="无字",
        fr="Pas d’honneur",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="No winds or dragons.",
        cite="R98 #76 p.27; A#76; GB fan 76 (Sloper S340)",
        example="[789p]45556678m22s2s|EN0000",
    ),
    FanDef(
        fan=Fan.EDGE_WAIT,
        en="Edge Wait",
        zh="边张",
        fr="Finir d’un côté",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: — (A: at most one of 77-79: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        definition="Winning on the 3 of 1-2 or the 7 of 8-9 (A: the hand must wait on that one tile kind only).",
        cite="R98 #77 p.27; A#77 (at most one of 77-79; none on a formal multi-wait); GB fan 77 (Sloper S340)",
        example="[345p1]444m23489sWW7s|NN0000",
        series="wait",
        series_excludes=frozenset({Fan.CLOSED_WAIT, Fan.SINGLE_WAIT}),
    ),
    FanDef(
        fan=Fan.CLOSED_WAIT,
        en="Closed Wait",
        zh="嵌张",
        fr="Finir au milieu",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: — (A: at most one of 77-79: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        definition="Winning on the middle tile of a chow (A: the hand must wait on that one tile kind only).",
        cite="R98 #78 p.27 (written 坎张); A#78 (嵌张; at most one of 77-79); GB fan 78 (Sloper S340)",
        example="[567m2]222m123p79sCC8s|WW0000",
        series="wait",
        series_excludes=frozenset({Fan.SINGLE_WAIT}),
    ),
    FanDef(
        fan=Fan.SINGLE_WAIT,
        en="Single Wait",
        zh="单钓将",
        fr="Finir sur la paire",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: — (A: at most one of 77-79: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        definition="Winning on the tile that pairs a single (A: the hand must wait on that one tile kind only).",
        cite="R98 #79 p.27; A#79 (at most one of 77-79; none on a formal multi-wait); GB fan 79 (Sloper S340)",
        example="[567s3]677889m888pWW|SW0000",
        series="wait",
    ),
    FanDef(
        fan=Fan.SELF_DRAWN,
        en="Self-Drawn",
        zh="自摸",
        fr="Tirer soi-même",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        definition="The winner draws the winning tile (R98: kong and flower replacement draws included).",
        cite="R98 #80 p.27; A#80; GB fan 80 (Sloper S340)",
        example="[678p1]456m44p234sWW4p|WE1000",
    ),
    FanDef(
        fan=Fan.FLOWER_TILES,
        en="Flower Tiles",
        zh="花牌",
        fr="Fleur ou saison",
        points={"green-book": 1, "china": 1, "wmo-2014": 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # once per flower or season tile
        definition="Each flower or season tile scores 1, counted only after a valid win and outside the 8-point minimum.",
        cite="R98 #81 p.27; A#81; GB fan 81 (Sloper S340); repeatable: per flower (R98 #81, A#81)",
        example="3344556677899m8m|NN0000|7",
    ),
    # ---- private fan of the reference calculator (china profile only) ----------------------
    FanDef(
        fan=Fan.CONCEALED_KONG_AND_MELDED_KONG,
        en="Concealed Kong and Melded Kong",
        zh="明暗杠",
        fr="Kong caché et kong exposé",
        points={"china": 5},
        excludes=frozenset(),  # no row in fan-table.md (kong-series rule: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        definition="One exposed kong and one concealed kong, scored as a single private fan of the reference calculator.",
        cite="A#57 note; A-code SUPPORT_CONCEALED_KONG_AND_MELDED_KONG=1 (5 pts), CHANGELOG 2016-04-03; not in R98; GB 6 per S259 (unverified, not used)",
        example="[5555p][4444p3]33m345sCC3m|SW0000",
        series="kong",
        series_excludes=frozenset({Fan.TWO_MELDED_KONGS, Fan.CONCEALED_KONG, Fan.MELDED_KONG}),
    ),
)

FANS: Mapping[Fan, FanDef] = MappingProxyType({fan.fan: fan for fan in _ROWS})
BY_KEY: Mapping[str, FanDef] = MappingProxyType({fan.key: fan for fan in _ROWS})

if list(FANS) != list(range(1, len(_ROWS) + 1)) or len(BY_KEY) != len(_ROWS):
    raise RuntimeError("fan table: ids must be 1..n in order and keys unique")


def points(fan_id: int, profile: str) -> int | None:
    """Points of fan `fan_id` in `profile`, or None when that profile has no such fan.

    Raises KeyError for an id outside the table and ValueError for an unknown profile.
    """
    if profile not in PROFILES:
        raise ValueError(f"unknown profile {profile!r}; expected one of {PROFILES}")
    if fan_id not in FANS:
        raise KeyError(fan_id)
    return FANS[Fan(fan_id)].points.get(profile)
