"""The fan table: the 81 MCR fans in Green Book order, plus the private fan no. 82.

One `FanDef` per fan, transcribed from the project's research notes, `docs/fan-table.md` §3. Its
names and its one-sentence definition are texts, in the catalogues by fan number (`fan-name.<id>`,
`fan-def.<id>` in `locales/*.toml`): the French names and numbering come from the French list of
the official rules (« Règles Officielles du Mah-Jong », §V: the project's seed text, not shipped
here; fan-table.md §3 gives the numbering), the Chinese names from the 1998 rulebook.

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
by tests/fuzz/test_harness.py; `mcr-score fan N` scores it).

Citation codes (fan-table.md §1): R98 = the 1998 rulebook, number and printed page (R98 numbers
our 49-53 as #48-#52 and our 48 as #53); A#k = summerinsects score_definition.xml entry k;
A-code = its fan_calculator.h/.cpp; S340-S342 etc. = Tom Sloper's columns; F = jkrothschild-bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from mcr_score.messages import DEFAULT_LANG, LANGS, text
from mcr_score.systems.mcr.fans.ids import Fan

GREEN_BOOK, CHINA, WMO_2014 = PROFILES = ("green-book", "china", "wmo-2014")
"""The built-in profiles, each a column of points below: their names, written here once."""

# A family of fans of which only the highest present counts: the kong series (MIL table, A#5 and
# A#17 notes), the concealed-pung series (A#12, A#33) and the wait fans (A#77-79: at most one).
Series = Literal["kong", "concealed-pung", "wait"]


@dataclass(frozen=True, slots=True)
class FanDef:
    """Every fact about one fan. `points` lists only the profiles that have the fan; a profile
    switch may change a fan's points or exclusions, and names the fan it changes."""

    fan: Fan
    points: Mapping[str, int] = field(hash=False)  # built-in profile -> points; absent = no such fan
    excludes: frozenset[Fan]  # never counted together with this fan (whole hand)
    excludes_own: frozenset[Fan]  # removed only for the sets this fan itself uses
    repeatable: bool  # may be counted more than once in one hand
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

    # The names and the definition are texts: the catalogues hold them by fan number
    # (`fan-name.<id>`, `fan-def.<id>`), one file per language.

    @property
    def name(self) -> str:
        """The English name, as the JSON's `name` writes it."""
        return self.name_in(DEFAULT_LANG)

    def name_in(self, lang: str) -> str:
        return text(f"fan-name.{int(self.fan)}", lang)

    @property
    def names(self) -> dict[str, str]:
        """The name in every language, by language code."""
        return {lang: self.name_in(lang) for lang in LANGS}

    def definition(self, lang: str = DEFAULT_LANG) -> str:
        """What the fan is, in one sentence (our paraphrase, not a rulebook's text)."""
        return text(f"fan-def.{int(self.fan)}", lang)


_ROWS = (
    # ---- 88 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.BIG_FOUR_WINDS,
        points={GREEN_BOOK: 88, CHINA: 88, WMO_2014: 88},
        excludes=frozenset(
            {Fan.BIG_THREE_WINDS, Fan.ALL_PUNGS, Fan.PREVALENT_WIND, Fan.SEAT_WIND, Fan.PUNG_OF_TERMINALS_OR_HONORS}
        ),  # 98: 38, 49, 60, 61 · A+: 73
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #1 p.23; A#1; GB fan 1 (Sloper S342)",
        example="[WWW3][EEE2]44mSSSNNN|WN0000",
    ),
    FanDef(
        fan=Fan.BIG_THREE_DRAGONS,
        points={GREEN_BOOK: 88, CHINA: 88, WMO_2014: 88},
        excludes=frozenset({Fan.TWO_DRAGONS_PUNGS, Fan.DRAGON_PUNG}),  # 98: 59 · A+: 54
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        cite="R98 #2 p.23; A#2; GB fan 2 (Sloper S342)",
        example="[FFF2]44p123sCCCPPP|SS0000",
    ),
    FanDef(
        fan=Fan.ALL_GREEN,
        points={GREEN_BOOK: 88, CHINA: 88, WMO_2014: 88},
        excludes=frozenset({Fan.HALF_FLUSH, Fan.ONE_VOIDED_SUIT}),  # 98: 50 · A+: 75 (code)
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #3 p.23; A#3; GB fan 3 (Sloper S342); 22 may be added when there is no Green Dragon (R98, A)",
        example="[234s1]22333444sFF2s|WN0000",
    ),
    FanDef(
        fan=Fan.NINE_GATES,
        points={GREEN_BOOK: 88, CHINA: 88, WMO_2014: 88},
        excludes=frozenset(
            {Fan.FULL_FLUSH, Fan.FULLY_CONCEALED_HAND, Fan.CONCEALED_HAND, Fan.NO_HONORS}
        ),  # 98: 22 · A+: 56, 62, 76 (73×1: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #4 p.23; A#4 (pts: fan_calculator.h); GB fan 4 (Sloper S342); A+: 73×1 (one Pung of Terminals or Honors fewer)",
        example="1112345678999m4m|SN0000",
    ),
    FanDef(
        fan=Fan.FOUR_KONGS,
        points={GREEN_BOOK: 88, CHINA: 88, WMO_2014: 88},
        excludes=frozenset({Fan.ALL_PUNGS, Fan.SINGLE_WAIT}),  # 98: — · A+: 49, 79
        excludes_own=frozenset(),
        repeatable=False,
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
        points={GREEN_BOOK: 88, CHINA: 88, WMO_2014: 88},
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
        cite="R98 #6 p.23; A#6; GB fan 6 (Sloper S342)",
        example="3344556677899m8m|NS0000",
    ),
    FanDef(
        fan=Fan.THIRTEEN_ORPHANS,
        points={GREEN_BOOK: 88, CHINA: 88, WMO_2014: 88},
        excludes=frozenset(
            {Fan.ALL_TERMINALS_AND_HONORS, Fan.ALL_TYPES, Fan.FULLY_CONCEALED_HAND, Fan.CONCEALED_HAND, Fan.SINGLE_WAIT}
        ),  # 98: 52, 56, 79 · A+: 18, 62
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #7 p.23; A#7; GB fan 7 (Sloper S342)",
        example="19m199p19sESWCFPN|NN0000",
    ),
    # ---- 64 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.ALL_TERMINALS,
        points={GREEN_BOOK: 64, CHINA: 64, WMO_2014: 64},
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
        cite="R98 #8 p.23 (同刻 read as 65); A#8 (keeps 32); GB fan 8 (Sloper S342)",
        example="[999m3][111p1]99p11999s1s|WE0000",
    ),
    FanDef(
        fan=Fan.LITTLE_FOUR_WINDS,
        points={GREEN_BOOK: 64, CHINA: 64, WMO_2014: 64},
        excludes=frozenset({Fan.BIG_THREE_WINDS}),  # 98: 38
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        cite="R98 #9 p.23; A#9; GB fan 9 (Sloper S342)",
        example="[NNN1]678sEESSSWWW|EE0000",
    ),
    FanDef(
        fan=Fan.LITTLE_THREE_DRAGONS,
        points={GREEN_BOOK: 64, CHINA: 64, WMO_2014: 64},
        excludes=frozenset({Fan.TWO_DRAGONS_PUNGS, Fan.DRAGON_PUNG}),  # 98: 59 · A+: 54
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        cite="R98 #10 p.23; A#10; GB fan 10 (Sloper S342)",
        example="[456p]123sCCFFFPPC|WN0000",
    ),
    FanDef(
        fan=Fan.ALL_HONORS,
        points={GREEN_BOOK: 64, CHINA: 64, WMO_2014: 64},
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
        cite="R98 #11 p.23; A#11; GB fan 11 (Sloper S342)",
        example="ESSWWNNCCFFPPE|WS0000",
    ),
    FanDef(
        fan=Fan.FOUR_CONCEALED_PUNGS,
        points={GREEN_BOOK: 64, CHINA: 64, WMO_2014: 64},
        excludes=frozenset({Fan.ALL_PUNGS, Fan.FULLY_CONCEALED_HAND, Fan.CONCEALED_HAND}),  # 98: 49, 62 · A+: 56
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #12 p.23; A#12; GB fan 12 (Sloper S342)",
        example="888m4445666p555s5p|SS0000",
        series="concealed-pung",
        series_excludes=frozenset({Fan.THREE_CONCEALED_PUNGS, Fan.TWO_CONCEALED_PUNGS}),
    ),
    FanDef(
        fan=Fan.PURE_TERMINAL_CHOWS,
        points={GREEN_BOOK: 64, CHINA: 64, WMO_2014: 64},
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
        cite="R98 #13 p.23; A#13; GB fan 13 (Sloper S342)",
        example="[123m3]2355778899m1m|WS0000",
        combination=True,
    ),
    # ---- 48 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.QUADRUPLE_CHOW,
        points={GREEN_BOOK: 48, CHINA: 48, WMO_2014: 48},
        excludes=frozenset(
            {Fan.SEVEN_PAIRS, Fan.PURE_TRIPLE_CHOW, Fan.PURE_SHIFTED_PUNGS, Fan.TILE_HOG, Fan.PURE_DOUBLE_CHOW}
        ),  # 98: 24, 64, 69 · A+: 19, 23
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #14 p.24; A#14; GB fan 14 (Sloper S341)",
        example="[456p]44555666pFF4p|EN0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.FOUR_PURE_SHIFTED_PUNGS,
        points={GREEN_BOOK: 48, CHINA: 48, WMO_2014: 48},
        excludes=frozenset({Fan.PURE_TRIPLE_CHOW, Fan.PURE_SHIFTED_PUNGS, Fan.ALL_PUNGS}),  # 98: 23, 49 · A+: 24
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #15 p.24; A#15; GB fan 15 (Sloper S341)",
        example="[444s2][333s2][666s1]55sSS5s|NW0000",
        combination=True,
    ),
    # ---- 32 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.FOUR_PURE_SHIFTED_CHOWS,
        points={GREEN_BOOK: 32, CHINA: 32, WMO_2014: 32},
        excludes=frozenset(
            {Fan.PURE_SHIFTED_CHOWS, Fan.SHORT_STRAIGHT, Fan.TWO_TERMINAL_CHOWS}
        ),  # 98: — · A+: 30, 71, 72
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #16 p.24; A#16; GB fan 16 (Sloper S341)",
        example="[345s]23567789sFF1s|EE0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.THREE_KONGS,
        points={GREEN_BOOK: 32, CHINA: 32, WMO_2014: 32},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
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
        points={GREEN_BOOK: 32, CHINA: 32, WMO_2014: 32},
        excludes=frozenset({Fan.ALL_PUNGS, Fan.OUTSIDE_HAND, Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # 98: 49 · A+: 55, 73
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #18 p.24; A#18; GB fan 18 (Sloper S341)",
        example="1199m99p9sEEWWNN9s|EW0000",
    ),
    # ---- 24 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.SEVEN_PAIRS,
        points={GREEN_BOOK: 24, CHINA: 24, WMO_2014: 24},
        excludes=frozenset({Fan.FULLY_CONCEALED_HAND, Fan.CONCEALED_HAND, Fan.SINGLE_WAIT}),  # 98: 56, 79 · A+: 62
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #19 p.24; A#19; GB fan 19 (Sloper S341)",
        example="55m99p66778899sWW|NE0000",
    ),
    FanDef(
        fan=Fan.GREATER_HONORS_AND_KNITTED_TILES,
        points={GREEN_BOOK: 24, CHINA: 24, WMO_2014: 24},
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
        cite="R98 #20 p.24; A#20; GB fan 20 (Sloper S341)",
        example="8m369p147sSWNCFPE|WS0000",
    ),
    FanDef(
        fan=Fan.ALL_EVEN_PUNGS,
        points={GREEN_BOOK: 24, CHINA: 24, WMO_2014: 24},
        excludes=frozenset({Fan.ALL_PUNGS, Fan.ALL_SIMPLES, Fan.NO_HONORS}),  # 98: 49, 68 · A+: 76
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #21 p.24; A#21; GB fan 21 (Sloper S341)",
        example="[666m1]88p22244466s8p|NE0000",
    ),
    FanDef(
        fan=Fan.FULL_FLUSH,
        points={GREEN_BOOK: 24, CHINA: 24, WMO_2014: 24},
        excludes=frozenset({Fan.NO_HONORS}),  # 98: 76
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #22 p.24; A#22; GB fan 22 (Sloper S341)",
        example="1123344667788s2s|SW0000",
    ),
    FanDef(
        fan=Fan.PURE_TRIPLE_CHOW,
        points={GREEN_BOOK: 24, CHINA: 24, WMO_2014: 24},
        excludes=frozenset({Fan.PURE_SHIFTED_PUNGS, Fan.PURE_DOUBLE_CHOW}),  # 98: 24 · A+: 69
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #23 p.24; A#23; GB fan 23 (Sloper S341)",
        example="[456s]888p44556sEE6s|WE0000",
        combination=True,
        tie_break=True,
    ),
    FanDef(
        fan=Fan.PURE_SHIFTED_PUNGS,
        points={GREEN_BOOK: 24, CHINA: 24, WMO_2014: 24},
        excludes=frozenset({Fan.PURE_TRIPLE_CHOW}),  # 98: 23
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #24 p.24; A#24; GB fan 24 (Sloper S341)",
        example="[444s][222s3]3337888s9s|SW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.UPPER_TILES,
        points={GREEN_BOOK: 24, CHINA: 24, WMO_2014: 24},
        excludes=frozenset({Fan.UPPER_FOUR, Fan.NO_HONORS}),  # 98: 76 · A+: 36
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #25 p.24; A#25; GB fan 25 (Sloper S341)",
        example="778899m7788p799s7s|NE0000",
    ),
    FanDef(
        fan=Fan.MIDDLE_TILES,
        points={GREEN_BOOK: 24, CHINA: 24, WMO_2014: 24},
        excludes=frozenset({Fan.ALL_SIMPLES, Fan.NO_HONORS}),  # 98: 68 · A+: 76
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #26 p.24; A#26; GB fan 26 (Sloper S341)",
        example="5566m4466p44556s6s|NE0000",
        tie_break=True,
    ),
    FanDef(
        fan=Fan.LOWER_TILES,
        points={GREEN_BOOK: 24, CHINA: 24, WMO_2014: 24},
        excludes=frozenset({Fan.LOWER_FOUR, Fan.NO_HONORS}),  # 98: 76 · A+: 37
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #27 p.24; A#27; GB fan 27 (Sloper S341)",
        example="1133m223p112233s3p|SE0000",
    ),
    # ---- 16 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.PURE_STRAIGHT,
        points={GREEN_BOOK: 16, CHINA: 16, WMO_2014: 16},
        excludes=frozenset({Fan.SHORT_STRAIGHT, Fan.TWO_TERMINAL_CHOWS}),  # 98: — · A+: 71, 72
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #28 p.25; A#28; GB fan 28 (Sloper S341)",
        example="[123m1]456789m33pCC3p|WE0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.THREE_SUITED_TERMINAL_CHOWS,
        points={GREEN_BOOK: 16, CHINA: 16, WMO_2014: 16},
        excludes=frozenset(
            {Fan.ALL_CHOWS, Fan.MIXED_DOUBLE_CHOW, Fan.TWO_TERMINAL_CHOWS, Fan.NO_HONORS}
        ),  # 98: 63, 70, 72, 76
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #29 p.25; A#29; GB fan 29 (Sloper S341)",
        example="[789s1]123789m55p23s1s|WW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.PURE_SHIFTED_CHOWS,
        points={GREEN_BOOK: 16, CHINA: 16, WMO_2014: 16},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #30 p.25; A#30; GB fan 30 (Sloper S341)",
        example="[567p1][777s2]34556pFF4p|NS0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.ALL_FIVES,
        points={GREEN_BOOK: 16, CHINA: 16, WMO_2014: 16},
        excludes=frozenset({Fan.ALL_SIMPLES, Fan.NO_HONORS}),  # 98: 68 · A+: 76
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #31 p.25; A#31; GB fan 31 (Sloper S341)",
        example="345567m4555p555s6p|EW0000",
        tie_break=True,
    ),
    FanDef(
        fan=Fan.TRIPLE_PUNG,
        points={GREEN_BOOK: 16, CHINA: 16, WMO_2014: 16},
        excludes=frozenset({Fan.DOUBLE_PUNG}),  # 98: — · A+: 65
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #32 p.25; A#32; GB fan 32 (Sloper S341)",
        example="[777m]345m777p77sSS7s|WN0000",
        combination=True,
        tie_break=True,
    ),
    FanDef(
        fan=Fan.THREE_CONCEALED_PUNGS,
        points={GREEN_BOOK: 16, CHINA: 16, WMO_2014: 16},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #33 p.25; A#33; GB fan 33 (Sloper S341)",
        example="777m555666p78sWW9s|SN0000",
        series="concealed-pung",
        series_excludes=frozenset({Fan.TWO_CONCEALED_PUNGS}),
    ),
    # ---- 12 points ------------------------------------------------------------------------
    FanDef(
        fan=Fan.LESSER_HONORS_AND_KNITTED_TILES,
        points={GREEN_BOOK: 12, CHINA: 12, WMO_2014: 12},
        excludes=frozenset(
            {Fan.ALL_TYPES, Fan.FULLY_CONCEALED_HAND, Fan.CONCEALED_HAND, Fan.SINGLE_WAIT}
        ),  # 98: 52, 56, 79 · A+: 62
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #34 p.25; A#34 (allows 35 with it); GB fan 34 (Sloper S341)",
        example="147m369p28sESNFPW|NS0000",
    ),
    FanDef(
        fan=Fan.KNITTED_STRAIGHT,
        points={GREEN_BOOK: 12, CHINA: 12, WMO_2014: 12},
        excludes=frozenset(),  # 98: — (A allows 34, 52, 63, 56/62, 77-79)
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #35 p.25; A#35; GB fan 35 (Sloper S341)",
        example="[789s]28m369p147sNN5m|EE0000",
    ),
    FanDef(
        fan=Fan.UPPER_FOUR,
        points={GREEN_BOOK: 12, CHINA: 12, WMO_2014: 12},
        excludes=frozenset({Fan.NO_HONORS}),  # 98: 76
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #36 p.25; A#36; GB fan 36 (Sloper S341)",
        example="7788m7799p66778s8s|SW0000",
    ),
    FanDef(
        fan=Fan.LOWER_FOUR,
        points={GREEN_BOOK: 12, CHINA: 12, WMO_2014: 12},
        excludes=frozenset({Fan.NO_HONORS}),  # 98: 76
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #37 p.25; A#37; GB fan 37 (Sloper S341)",
        example="11m223344p12233s1s|SN0000",
    ),
    FanDef(
        fan=Fan.BIG_THREE_WINDS,
        points={GREEN_BOOK: 12, CHINA: 12, WMO_2014: 12},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        cite="R98 #38 p.25; A#38; GB fan 38 (Sloper S341)",
        example="[WWW2]11m456pSSSNNN|SE0000",
    ),
    # ---- 8 points -------------------------------------------------------------------------
    FanDef(
        fan=Fan.MIXED_STRAIGHT,
        points={GREEN_BOOK: 8, CHINA: 8, WMO_2014: 8},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #39 p.25; A#39; GB fan 39 (Sloper S341)",
        example="[123p]56m333789sNN4m|NE0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.REVERSIBLE_TILES,
        points={GREEN_BOOK: 8, CHINA: 8, WMO_2014: 8},
        excludes=frozenset({Fan.ONE_VOIDED_SUIT}),  # 98: 75
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #40 p.25; A#40; GB fan 40 (Sloper S341)",
        example="11223399p2288sPP|NE0000",
    ),
    FanDef(
        fan=Fan.MIXED_TRIPLE_CHOW,
        points={GREEN_BOOK: 8, CHINA: 8, WMO_2014: 8},
        excludes=frozenset({Fan.MIXED_DOUBLE_CHOW}),  # 98: — · A+: 70
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #41 p.25; A#41; GB fan 41 (Sloper S341)",
        example="[234m2]234p23488sEE8s|NW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.MIXED_SHIFTED_PUNGS,
        points={GREEN_BOOK: 8, CHINA: 8, WMO_2014: 8},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #42 p.25; A#42; GB fan 42 (Sloper S341)",
        example="[444p1][333s2]222m78pEE6p|SS0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.CHICKEN_HAND,
        points={GREEN_BOOK: 8, CHINA: 8, WMO_2014: 8},
        excludes=frozenset(),  # 98: — (scored only when no other fan scores: not a set exclusion)
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #43 p.25; A#43; GB fan 43 (Sloper S341); only when nothing else scores (R98, A)",
        example="[444s]23678m789pNN4m|WS0000",
    ),
    FanDef(
        fan=Fan.LAST_TILE_DRAW,
        points={GREEN_BOOK: 8, CHINA: 8, WMO_2014: 8},
        excludes=frozenset({Fan.SELF_DRAWN}),  # 98: 80
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #44 p.25; A#44 (46 may also count); GB fan 44 (Sloper S341)",
        example="[666s]567m34p222sWW2p|NW1010",
    ),
    FanDef(
        fan=Fan.LAST_TILE_CLAIM,
        points={GREEN_BOOK: 8, CHINA: 8, WMO_2014: 8},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #45 p.26; A#45; GB fan 45 (Sloper S341)",
        example="[333s3][444p2]23m222pPP1m|EN0010",
    ),
    FanDef(
        fan=Fan.OUT_WITH_REPLACEMENT_TILE,
        points={GREEN_BOOK: 8, CHINA: 8, WMO_2014: 8},
        excludes=frozenset({Fan.SELF_DRAWN}),  # 98: 80
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #46 p.26; A#46; GB fan 46 (Sloper S341)",
        example="[8888s3]456m567p22sNN2s|WS1001",
    ),
    FanDef(
        fan=Fan.ROBBING_THE_KONG,
        points={GREEN_BOOK: 8, CHINA: 8, WMO_2014: 8},
        excludes=frozenset({Fan.LAST_TILE}),  # 98: 58
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #47 p.26; A#47; GB fan 47 (Sloper S341)",
        example="[456m2][123s1][567p2]45pPP3p|WS0001",
    ),
    FanDef(
        fan=Fan.TWO_CONCEALED_KONGS,
        points={GREEN_BOOK: 8, CHINA: 6, WMO_2014: 8},
        excludes=frozenset({Fan.TWO_CONCEALED_PUNGS}),  # 98: — · A+: 66
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #53 p.26 (6 pts); A#53; GB fan 48 (Sloper S341; 8 pts also S259, F #21); A: kong-series rule (no 67)",
        example="[678s3][2222s][8888p]11mNNN|EN0000",
        series="kong",
        series_excludes=frozenset({Fan.CONCEALED_KONG}),
    ),
    # ---- 6 points -------------------------------------------------------------------------
    FanDef(
        fan=Fan.ALL_PUNGS,
        points={GREEN_BOOK: 6, CHINA: 6, WMO_2014: 6},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #48 p.26; A#48; GB fan 49 (Sloper S340)",
        example="[888p1][444p3]33m555sSS3m|SW0000",
    ),
    FanDef(
        fan=Fan.HALF_FLUSH,
        points={GREEN_BOOK: 6, CHINA: 6, WMO_2014: 6},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #49 p.26; A#49; GB fan 50 (Sloper S340)",
        example="[888m2]23344577mPP7m|SW0000",
    ),
    FanDef(
        fan=Fan.MIXED_SHIFTED_CHOWS,
        points={GREEN_BOOK: 6, CHINA: 6, WMO_2014: 6},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #50 p.26; A#50; GB fan 51 (Sloper S340)",
        example="[345s3]45m444567pNN6m|EW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.ALL_TYPES,
        points={GREEN_BOOK: 6, CHINA: 6, WMO_2014: 6},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #51 p.26; A#51; GB fan 52 (Sloper S340)",
        example="116699m33p99sEFFE|EE0000",
    ),
    FanDef(
        fan=Fan.MELDED_HAND,
        points={GREEN_BOOK: 6, CHINA: 6, WMO_2014: 6},
        excludes=frozenset({Fan.SINGLE_WAIT}),  # 98: 79
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #52 p.26; A#52 (void with a concealed kong or a self-draw); GB fan 53 (Sloper S340)",
        example="[678s][333p1][234m1][567p3]NN|SS0000",
    ),
    FanDef(
        fan=Fan.TWO_DRAGONS_PUNGS,
        points={GREEN_BOOK: 6, CHINA: 6, WMO_2014: 6},
        excludes=frozenset({Fan.DRAGON_PUNG}),  # 98: — · A+: 59
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        cite="R98 #54 p.26; A#54; GB fan 54 (Sloper S340)",
        example="[789p1]33m678sCCPPPC|WS0000",
    ),
    # ---- 4 points -------------------------------------------------------------------------
    FanDef(
        fan=Fan.OUTSIDE_HAND,
        points={GREEN_BOOK: 4, CHINA: 4, WMO_2014: 4},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #55 p.26; A#55; GB fan 55 (Sloper S340)",
        example="[123s3]789m123pSSNNN|NW0000",
    ),
    FanDef(
        fan=Fan.FULLY_CONCEALED_HAND,
        points={GREEN_BOOK: 4, CHINA: 4, WMO_2014: 4},
        excludes=frozenset({Fan.SELF_DRAWN}),  # 98: — · A+: 80
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #56 p.26; A#56; GB fan 56 (Sloper S340)",
        example="333m678p45567sWW6s|NN1000",
    ),
    FanDef(
        fan=Fan.TWO_MELDED_KONGS,
        points={GREEN_BOOK: 4, CHINA: 4, WMO_2014: 4},
        excludes=frozenset(),  # 98: — (kong-series rule: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #57 p.26; A#57; GB fan 57 (Sloper S340); A: kong-series rule (no 74); one exposed + one concealed kong is no. 82",
        example="[NNNN7][5555s2]67m789pEE5m|WS0000",
        series="kong",
        series_excludes=frozenset({Fan.MELDED_KONG}),
    ),
    FanDef(
        fan=Fan.LAST_TILE,
        points={GREEN_BOOK: 4, CHINA: 4, WMO_2014: 4},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #58 p.26; A#58 (never on a tile the winner already holds); GB fan 58 (Sloper S340)",
        example="39m47p258sESWNFPC|SS0100",
    ),
    # ---- 2 points -------------------------------------------------------------------------
    FanDef(
        fan=Fan.DRAGON_PUNG,
        points={GREEN_BOOK: 2, CHINA: 2, WMO_2014: 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=True,  # once per dragon pung or kong
        cite="R98 #59 p.26; A#59; GB fan 59 (Sloper S340); repeatable: each dragon pung (fan-table.md def.)",
        example="[CCC]456m5677p234s7p|SN0000",
    ),
    FanDef(
        fan=Fan.PREVALENT_WIND,
        points={GREEN_BOOK: 2, CHINA: 2, WMO_2014: 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        cite="R98 #60 p.26; A#60; GB fan 60 (Sloper S340)",
        example="[NNN1]789m66p456sWW6p|NS0000",
    ),
    FanDef(
        fan=Fan.SEAT_WIND,
        points={GREEN_BOOK: 2, CHINA: 2, WMO_2014: 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS}),  # A+: 73(own)
        repeatable=False,
        cite="R98 #61 p.26; A#61; GB fan 61 (Sloper S340)",
        example="[222s2][345p2][666m1]99pEEE|WE0000",
    ),
    FanDef(
        fan=Fan.CONCEALED_HAND,
        points={GREEN_BOOK: 2, CHINA: 2, WMO_2014: 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #62 p.26; A#62; GB fan 62 (Sloper S340)",
        example="34m234777p678sEE5m|NE0000",
    ),
    FanDef(
        fan=Fan.ALL_CHOWS,
        points={GREEN_BOOK: 2, CHINA: 2, WMO_2014: 2},
        excludes=frozenset({Fan.NO_HONORS}),  # 98: — · A+: 76
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #63 p.26; A#63 (pts: fan_calculator.h); GB fan 63 (Sloper S340)",
        example="[678s3]789m11p12334s2s|WS0000",
    ),
    FanDef(
        fan=Fan.TILE_HOG,
        points={GREEN_BOOK: 2, CHINA: 2, WMO_2014: 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # once per tile kind
        cite="R98 #64 p.26 (a kong's tiles never count); A#64; GB fan 64 (Sloper S340); repeatable: per tile kind (A#64)",
        example="[789p1]34m888p123sNN5m|SE0000",
    ),
    FanDef(
        fan=Fan.DOUBLE_PUNG,
        points={GREEN_BOOK: 2, CHINA: 2, WMO_2014: 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # e.g. 111m 111p 999m 999s
        cite="R98 #65 p.26; A#65; GB fan 65 (Sloper S340); repeatable (A#65)",
        example="[567m1]222m22p234sCC2p|EE0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.TWO_CONCEALED_PUNGS,
        points={GREEN_BOOK: 2, CHINA: 2, WMO_2014: 2},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #66 p.27; A#66; GB fan 66 (Sloper S340)",
        example="[789s]888m33345pPP6p|WE0000",
        series="concealed-pung",
    ),
    FanDef(
        fan=Fan.CONCEALED_KONG,
        points={GREEN_BOOK: 2, CHINA: 2, WMO_2014: 2},
        excludes=frozenset(),  # 98: — (kong-series rule: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #67 p.27; A#67; GB fan 67 (Sloper S340); A: kong-series rule",
        example="[222m2][PPPP]234p3378s9s|SS0000",
        series="kong",
    ),
    FanDef(
        fan=Fan.ALL_SIMPLES,
        points={GREEN_BOOK: 2, CHINA: 2, WMO_2014: 2},
        excludes=frozenset({Fan.NO_HONORS}),  # 98: — · A+: 76
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #68 p.27; A#68; GB fan 68 (Sloper S340)",
        example="[222s2]33366m34555p6m|NN0000",
    ),
    # ---- 1 point --------------------------------------------------------------------------
    FanDef(
        fan=Fan.PURE_DOUBLE_CHOW,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # account-once principle caps it
        cite="R98 #69 p.27; A#69; GB fan 69 (Sloper S340); repeatable, account-once (A#69, R98 pp.29-30)",
        example="223344m333p22sNN2s|WN0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.MIXED_DOUBLE_CHOW,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # account-once principle caps it
        cite="R98 #70 p.27; A#70; GB fan 70 (Sloper S340); repeatable, account-once (A#70, R98 pp.29-30)",
        example="[456s2][123p2]22334mSS1m|WW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.SHORT_STRAIGHT,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # account-once principle caps it
        cite="R98 #71 p.27; A#71; GB fan 71 (Sloper S340); repeatable, account-once (A#71, R98 pp.29-30)",
        example="[789s3]44m123p456sSS4m|NW0000",
        combination=True,
    ),
    FanDef(
        fan=Fan.TWO_TERMINAL_CHOWS,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # account-once principle caps it
        cite="R98 #72 p.27; A#72; GB fan 72 (Sloper S340); repeatable, account-once (A#72, R98 pp.29-30)",
        example="123789m234p88sEE8s|SN1000",
        combination=True,
    ),
    FanDef(
        fan=Fan.PUNG_OF_TERMINALS_OR_HONORS,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # per set
        cite="R98 #73 p.27; A#73; GB fan 73 (Sloper S340); repeatable: per set (A#73)",
        example="[NNN]777m789p33sSSS|WE0000",
    ),
    FanDef(
        fan=Fan.MELDED_KONG,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: — (kong-series rule: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #74 p.27; A#74; GB fan 74 (Sloper S340); A: kong-series rule",
        example="[123s2][7777p5]234m44sFF4s|EN0000",
        series="kong",
    ),
    FanDef(
        fan=Fan.ONE_VOIDED_SUIT,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #75 p.27; A#75; GB fan 75 (Sloper S340)",
        example="[678s3]22233789pSS3p|EW0000",
    ),
    FanDef(
        fan=Fan.NO_HONORS,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #76 p.27; A#76; GB fan 76 (Sloper S340)",
        example="[789p]45556678m22s2s|EN0000",
    ),
    FanDef(
        fan=Fan.EDGE_WAIT,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: — (A: at most one of 77-79: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #77 p.27; A#77 (at most one of 77-79; none on a formal multi-wait); GB fan 77 (Sloper S340)",
        example="[345p1]444m23489sWW7s|NN0000",
        series="wait",
        series_excludes=frozenset({Fan.CLOSED_WAIT, Fan.SINGLE_WAIT}),
    ),
    FanDef(
        fan=Fan.CLOSED_WAIT,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: — (A: at most one of 77-79: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #78 p.27 (written 坎张); A#78 (嵌张; at most one of 77-79); GB fan 78 (Sloper S340)",
        example="[567m2]222m123p79sCC8s|WW0000",
        series="wait",
        series_excludes=frozenset({Fan.SINGLE_WAIT}),
    ),
    FanDef(
        fan=Fan.SINGLE_WAIT,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: — (A: at most one of 77-79: see cite)
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #79 p.27; A#79 (at most one of 77-79; none on a formal multi-wait); GB fan 79 (Sloper S340)",
        example="[567s3]677889m888pWW|SW0000",
        series="wait",
    ),
    FanDef(
        fan=Fan.SELF_DRAWN,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=False,
        cite="R98 #80 p.27; A#80; GB fan 80 (Sloper S340)",
        example="[678p1]456m44p234sWW4p|WE1000",
    ),
    FanDef(
        fan=Fan.FLOWER_TILES,
        points={GREEN_BOOK: 1, CHINA: 1, WMO_2014: 1},
        excludes=frozenset(),  # 98: —
        excludes_own=frozenset(),
        repeatable=True,  # once per flower or season tile
        cite="R98 #81 p.27; A#81; GB fan 81 (Sloper S340); repeatable: per flower (R98 #81, A#81)",
        example="3344556677899m8m|NN0000|7",
    ),
    # ---- private fan of the reference calculator (china profile only) ----------------------
    FanDef(
        fan=Fan.CONCEALED_KONG_AND_MELDED_KONG,
        points={CHINA: 5},
        excludes=frozenset(),  # no row in fan-table.md (kong-series rule: see cite)
        excludes_own=frozenset(),
        repeatable=False,
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
