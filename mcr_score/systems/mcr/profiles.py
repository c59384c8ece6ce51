"""Rule profiles as data: a profile is a choice of reading for every switch.

The fan table (`systems/mcr/fans/table.py`) holds every fact about each fan: its points in each built-in
profile, its Chinese-practice exclusions and its series (kongs, concealed pungs, waits). A profile
starts from the table and changes only what its switches say.
Each `Switch` is one point where rulebooks or calculators differ, or where the texts leave a
point open and a reading had to be chosen (both profiles may then choose the same option, whose
text says so); each of its `Option`s is a reading with its citation and its effect (points,
exclusions added or removed, engine flags).
A profile (and a club's house rules) is a mapping switch -> option: writing a new profile
means writing such a mapping, nothing else.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from mcr_score.engine.switches import SwitchDef, data_switch
from mcr_score.errors import ProfileFileError, UnknownProfileError
from mcr_score.messages import DEFAULT_LANG, msg, text
from mcr_score.systems.mcr.fans.facts import DISCARD_PUNG_CONCEALED, LIVE_WAITS_ONLY, TILE_HOG_SUITS_ONLY
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import CHINA, FANS, GREEN_BOOK, WMO_2014

_EMPTY: Mapping[Any, Any] = MappingProxyType({})


def _none() -> Mapping[Any, Any]:
    return _EMPTY


@dataclass(frozen=True)
class Option:
    """One reading of a switch and what it does to the fan data; its words are in the catalogues
    (`switch.<key>.option.<option>`, `Switch.reading`).

    `points_from`: the fan takes its points from that column of the fan table (None: the profile
    has no such fan), so the engine reads the very numbers the fan pages print;
    `remove_excludes` also lifts a fan's series exclusions;
    `excludes_one`: the fan absorbs one instance of another (not all of them);
    `joint_excludes`: when all the fans of a key count together, the listed fans do not;
    `flags`: engine readings that are not fan data (constants of `systems/mcr/fans/facts.py`).
    """

    cite: str
    points_from: Mapping[Fan, str | None] = field(default_factory=_none)
    add_excludes: Mapping[Fan, frozenset[Fan]] = field(default_factory=_none)
    remove_excludes: Mapping[Fan, frozenset[Fan]] = field(default_factory=_none)
    excludes_one: Mapping[Fan, frozenset[Fan]] = field(default_factory=_none)
    joint_excludes: Mapping[tuple[Fan, ...], frozenset[Fan]] = field(default_factory=_none)
    flags: frozenset[str] = frozenset()

    def fans(self) -> frozenset[Fan]:
        """Every fan this reading changes."""
        out = set(self.points_from) | set(self.add_excludes) | set(self.remove_excludes) | set(self.excludes_one)
        for data in (self.add_excludes, self.remove_excludes, self.excludes_one):
            for ids in data.values():
                out |= ids
        for together, ids in self.joint_excludes.items():
            out |= set(together) | ids
        return frozenset(out)


Switch = SwitchDef[Option]
"""An MCR switch: the common switch (`engine/switches.SwitchDef`) whose payload is each option's
fan data; its default is the default profile's (green-book's) choice, its words under `mcr.switch.<key>`."""


def _switch(key: str, options: Mapping[str, Option], example: str, default: str) -> Switch:
    return data_switch("mcr", key, options, example, default)


_ALWAYS_CONCEALED = (
    Fan.NINE_GATES,
    Fan.SEVEN_SHIFTED_PAIRS,
    Fan.THIRTEEN_ORPHANS,
    Fan.FOUR_CONCEALED_PUNGS,
    Fan.SEVEN_PAIRS,
    Fan.GREATER_HONORS_AND_KNITTED_TILES,
    Fan.LESSER_HONORS_AND_KNITTED_TILES,
)
# Second-hand Green Book readings: transcriptions of the EMA-hosted PDF (mcr_EN.pdf) that agree
# word for word (jkrothschild-bot/mahjong-mcr at f340a61 with page numbers; a Perl fan module;
# an "MCR 2006 interaction policy"), and Sloper's column #293 on the Tianjin 2006 rulings.
# docs/rules-research.md gives the quotations; the PDF itself could not be read here.
GB = "Green Book 2006"
# The 2014 WMO Chinese edition 《麻将竞赛规则》 (北京现代出版社, Dec. 2014, ISBN 978-7-5143-3183-7), with
# its printed pages, as quoted clause by clause in SkyEye-FAST/mcr-mahjong RULES_REVIEW.md ([WMO14]);
# the text itself could not be read here.
WMO14 = "WMO 2014"

SWITCHES: tuple[Switch, ...] = (
    _switch(
        "two-concealed-kongs",
        {
            "8": Option(
                f"{GB} §3.8.1 p.16 and App. 1 p.37; Sloper S259, S341",
                points_from={Fan.TWO_CONCEALED_KONGS: GREEN_BOOK},
            ),
            "6": Option(
                "R98 #53 p.26; A#53",
                points_from={Fan.TWO_CONCEALED_KONGS: CHINA},
            ),
        },
        "[1111m][2222s]345pEE67s8s|EE1000",
        "8",
    ),
    _switch(
        "concealed-and-melded-kong",
        {
            "private-fan": Option(
                "A#57 note; A-code SUPPORT_CONCEALED_KONG_AND_MELDED_KONG=1 (PyMahjongGB 1.4.0)",
                points_from={Fan.CONCEALED_KONG_AND_MELDED_KONG: CHINA},
            ),
            "six-points": Option(
                f'{GB} §3.8.1 p.16, fan 57: "One Melded Kong and one Concealed Kong are 6 points"; S259',
                points_from={Fan.CONCEALED_KONG_AND_MELDED_KONG: None},
            ),
        },
        "[1111m][2222s1]345pEE67s8s|EE1000",
        "six-points",
    ),
    _switch(
        "fully-concealed-with-concealed-forms",
        {
            "combined": Option(
                f'{GB} §3.8.1 pp.14-15, fans 4, 6, 7, 12, 19, 20, 34: "Fully Concealed may be combined if Self-Drawn"',
                remove_excludes={fan: frozenset({Fan.FULLY_CONCEALED_HAND}) for fan in _ALWAYS_CONCEALED},
            ),
            "not-counted": Option(
                "R98 #6, #7, #19, #20, #34; A#56 and A#62 notes",
                add_excludes={fan: frozenset({Fan.FULLY_CONCEALED_HAND}) for fan in _ALWAYS_CONCEALED},
            ),
        },
        "1133557799mEE2p2p|EE1000",
        "combined",
    ),
    _switch(
        "all-green-with-half-flush",
        {
            "combined": Option(
                f"{GB} App. 1 fan 3 (no Half Flush in its not-combined list); WMO 2014 p.23",
                remove_excludes={Fan.ALL_GREEN: frozenset({Fan.HALF_FLUSH})},
            ),
            "not-counted": Option(
                "R98 #3 p.23; A#3",
                add_excludes={Fan.ALL_GREEN: frozenset({Fan.HALF_FLUSH})},
            ),
        },
        "[234s1]22334666sFF4s|EE0000",
        "combined",
    ),
    _switch(
        "all-terminals-with-double-pung",
        {
            "combined": Option(
                f"{GB} App. 1 fan 8 (not combined with 49, 55, 73, 76 only); WMO 2014 examples",
                remove_excludes={Fan.ALL_TERMINALS: frozenset({Fan.DOUBLE_PUNG})},
            ),
            "not-counted": Option(
                "R98 #8 同刻; A CHANGELOG 2016-12-15",
                add_excludes={Fan.ALL_TERMINALS: frozenset({Fan.DOUBLE_PUNG})},
            ),
        },
        "[111m1][111s1][999m1]99s1p1p9s|EE0000",
        "combined",
    ),
    _switch(
        "lesser-knitted-with-knitted-straight",
        {
            "not-counted": Option(
                f"{GB} App. 1 fans 34, 35 (silent); docs/rules-research.md point 6b",
                add_excludes={Fan.LESSER_HONORS_AND_KNITTED_TILES: frozenset({Fan.KNITTED_STRAIGHT})},
            ),
            "combined": Option("A#34 example 2, A#35 note (current Chinese tournament practice)"),
        },
        "147m258s369pESWNC",
        "not-counted",
    ),
    _switch(
        "knitted-straight-all-chows",
        {
            "not-counted": Option(
                f"{GB} §3.8.1 pp.15-16, fans 35 and 63 (F encyclopedia); F's detectors never give 63 with 35",
                add_excludes={Fan.KNITTED_STRAIGHT: frozenset({Fan.ALL_CHOWS})},
            ),
            "counted": Option(
                "PyMahjongGB 1.4.0 (组合龙 with 平和); A#35 practice",
            ),
        },
        "147m258p369s23m11m1m",
        "not-counted",
    ),
    _switch(
        "knitted-straight-with-waits",
        {
            "not-counted": Option(
                "WMO clarification, Tianjin Oct. 2006 (Sloper S293)",
                add_excludes={Fan.KNITTED_STRAIGHT: frozenset({Fan.EDGE_WAIT, Fan.CLOSED_WAIT})},
            ),
            "combined": Option(
                "A CHANGELOG 2023-10-29, KNITTED_STRAIGHT_BODY_WITH_ECS=1",
            ),
        },
        "147m258s369p12p44p3p",
        "not-counted",
    ),
    _switch(
        "nine-gates-terminal-pungs",
        {
            "all": Option(
                f"{GB} App. 1 fan 4 (not combined with 22, 62, 73)",
                add_excludes={Fan.NINE_GATES: frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS})},
            ),
            "one": Option(
                "A#4 note",
                excludes_one={Fan.NINE_GATES: frozenset({Fan.PUNG_OF_TERMINALS_OR_HONORS})},
            ),
        },
        "1112345678999m5m|EE0000",
        "all",
    ),
    _switch(
        "seven-pairs-tile-hog",
        {
            "not-counted": Option(
                "WMO clarification, Tianjin Oct. 2006 (Sloper S293: fan 19, p.39)",
                joint_excludes={
                    (Fan.SEVEN_PAIRS, Fan.ALL_GREEN): frozenset({Fan.TILE_HOG}),
                    (Fan.SEVEN_PAIRS, Fan.ALL_TERMINALS): frozenset({Fan.TILE_HOG}),
                },
            ),
            "counted": Option("A#3 example 2; A#8 example 3"),
        },
        "1199m1199p11119s9s",
        "not-counted",
    ),
    # Points the 2006 texts leave open: green-book and china choose the Chinese calculators' reading (so they
    # agree with each other and with PyMahjongGB), and each option that does so says why.
    _switch(
        "kongs-with-concealed-kong-fans",
        {
            "mil": Option(
                f"{GB} App. 1 fans 5, 17 (silent); A#5, A#17 notes (MIL); docs/rules-research.md point 10",
            ),
            "wmo-2014": Option(
                f"{WMO14} App. 1 fan 17 p.28 (暗杠加计，三暗杠加计三暗刻分), fan 5 p.24 (暗杠加计) [WMO14]; S550",
                remove_excludes={
                    Fan.THREE_KONGS: frozenset({Fan.TWO_CONCEALED_KONGS, Fan.CONCEALED_KONG}),
                    Fan.FOUR_KONGS: frozenset({Fan.TWO_CONCEALED_KONGS, Fan.CONCEALED_KONG}),
                },
                joint_excludes={
                    (kongs, pungs): frozenset({Fan.CONCEALED_KONG})
                    for kongs in (Fan.THREE_KONGS, Fan.FOUR_KONGS)
                    for pungs in (Fan.THREE_CONCEALED_PUNGS, Fan.FOUR_CONCEALED_PUNGS)
                },
            ),
        },
        "[1111m][2222s][3333p1]45sEE6s|EE0000",
        "mil",
    ),
    _switch(
        "discard-completed-pung",
        {
            "melded": Option(
                f"{GB} App. 1 fans 12, 33, 66 (silent); rules-notes §4.10 (A, B); docs/rules-research.md point 14",
            ),
            "concealed": Option(
                "jkrothschild-bot/mahjong-mcr decisions #11 (provisional)",
                flags=frozenset({DISCARD_PUNG_CONCEALED}),
            ),
        },
        "111m444s789p55pEEE|SS0000",
        "melded",
    ),
    _switch(
        "exhausted-waits",
        {
            "formal": Option(
                f'{GB} §3.8.1 fans 77-79 ("not valid if waiting for more than one tile"; silent); '
                "A#77-79 notes (MIL: 包括已经使用4张的牌); docs/rules-research.md point 7a",
            ),
            "live": Option(
                f'{GB} §3.8.1 fans 77-79 ("waiting solely for"), read literally',
                flags=frozenset({LIVE_WAITS_ONLY}),
            ),
        },
        "[111m1]1234m123p123s4m|EE0000",
        "formal",
    ),
    _switch(
        "tile-hog-of-honors",
        {
            "counted": Option(
                "R98 #64; A#64; Green Book preface (the Chinese edition governs); docs/rules-research.md "
                '"Tile Hog of an honor tile"',
            ),
            "suit-tiles-only": Option(
                f'{GB} §3.8.1 fan 64: "all four of a single suit tile" (two transcriptions agree)',
                flags=frozenset({TILE_HOG_SUITS_ONLY}),
            ),
        },
        "1133m5577p99sEEEE|EE0000",
        "counted",
    ),
    _switch(
        "all-types-with-knitted-straight",
        {
            "counted": Option(
                f"{GB} App. 1 fans 35, 52 (silent); S293 on fan 52 p.50; A#35 note; docs/rules-research.md",
            ),
            "not-counted": Option(
                f'{GB} App. 1 fan 52 ("sets (pungs, kongs, chows, pairs)"), read literally',
                add_excludes={Fan.KNITTED_STRAIGHT: frozenset({Fan.ALL_TYPES})},
            ),
        },
        "147p258s369mEEECC|SS0000",
        "counted",
    ),
)

_CHINA = {
    "two-concealed-kongs": "6",
    "concealed-and-melded-kong": "private-fan",
    "fully-concealed-with-concealed-forms": "not-counted",
    "all-green-with-half-flush": "not-counted",
    "all-terminals-with-double-pung": "not-counted",
    "lesser-knitted-with-knitted-straight": "combined",
    "knitted-straight-with-waits": "combined",
    "nine-gates-terminal-pungs": "one",
    "seven-pairs-tile-hog": "counted",
    "knitted-straight-all-chows": "counted",
    "kongs-with-concealed-kong-fans": "mil",
    "discard-completed-pung": "melded",
    "exhausted-waits": "formal",
    "tile-hog-of-honors": "counted",
    "all-types-with-knitted-straight": "counted",
}
# The default profile takes each switch's default (written once, in the switch); the other built-in
# profiles are variants of the system, a choice for every switch. Its choices are listed in the
# order the other profiles write theirs (the pages and `rules --json` print them in that order).
_DEFAULTS = {s.key: s.default for s in SWITCHES}
_GREEN_BOOK = {key: _DEFAULTS[key] for key in _CHINA}
# The 2014 WMO Chinese edition: each choice with the clause behind it ([WMO14]: quoted, with printed
# pages, in SkyEye-FAST/mcr-mahjong RULES_REVIEW.md; [SF]: that project's reading where the quoted
# clauses do not settle the point: its wmo-2014-zh profile keeps its upstream, the code PyMahjongGB
# also wraps (the same fixed switches), except on the six points its COMPATIBILITY.md lists).
_WMO_2014 = {
    "two-concealed-kongs": "8",
    "concealed-and-melded-kong": "six-points",
    "fully-concealed-with-concealed-forms": "combined",
    "all-green-with-half-flush": "combined",
    "all-terminals-with-double-pung": "combined",
    "lesser-knitted-with-knitted-straight": "combined",
    "knitted-straight-with-waits": "combined",
    "nine-gates-terminal-pungs": "all",
    "seven-pairs-tile-hog": "counted",
    "knitted-straight-all-chows": "counted",
    "kongs-with-concealed-kong-fans": "wmo-2014",
    "discard-completed-pung": "melded",
    "exhausted-waits": "formal",
    "tile-hog-of-honors": "counted",
    "all-types-with-knitted-straight": "counted",
}
_WMO_2014_SOURCES = {
    "two-concealed-kongs": f"{WMO14} §8 fan table p.11 and App. 8 p.14: 双暗杠 in the 8-point group [WMO14]",
    "concealed-and-melded-kong": f"{WMO14} App. 1 fan 57 p.40: 一明杠与一暗杠计6分 [WMO14]",
    "fully-concealed-with-concealed-forms": f"{WMO14} App. 1 fans 4, 6, 7, 12, 19, 20, 34 pp.23-35: self-drawn, "
    "加计不求人分 [WMO14]",
    "all-green-with-half-flush": f"{WMO14} App. 1 fan 3 p.23: 可加计清一色、混一色分 [WMO14]",
    "all-terminals-with-double-pung": f"{WMO14} App. 1 fan 8 p.26: not combined with 碰碰和、全带幺、幺九刻、无字 "
    "only; its examples count 两个双同刻 or 三同刻 [WMO14]",
    "lesser-knitted-with-knitted-straight": f"{WMO14} App. 1 fan 34 p.34 names only 五门齐、门前清 as not "
    "combined [WMO14]; [SF] counts both (not settled by an example)",
    "knitted-straight-with-waits": f"{WMO14} App. 1 fan 35 p.35, example 1 counts Single Wait; wait definitions "
    "pp.45-46 [WMO14]; residual-wait reading of [SF] (a project interpretation); 7th WMC clarification 3 "
    "(mahjong-ca.org) alike",
    "nine-gates-terminal-pungs": f"{WMO14} App. 1 fan 4 p.24: 不计清一色、门前清、幺九刻 [WMO14], read literally "
    "(every terminal pung); [SF] does not test a second one",
    "seven-pairs-tile-hog": f"{WMO14} App. 1 fans 3 p.23, 8 p.26, 19 p.31 name no Tile Hog exclusion [WMO14]; "
    "[SF] counts Tile Hog in the All Green seven pairs 223344668888sFF",
    "knitted-straight-all-chows": "not settled by the quoted clauses; [SF] (upstream behaviour kept); 7th WMC "
    "clarification 3 (mahjong-ca.org, 2006 rules): 组合龙普通型和牌中，可加计平和",
    "kongs-with-concealed-kong-fans": f"{WMO14} App. 1 fan 17 p.28: 暗杠加计，三暗杠加计三暗刻分; fan 5 p.24: "
    "暗杠加计 [WMO14]; [SF] Three/Four Kongs tests",
    "discard-completed-pung": f"{WMO14} App. 1 fans 12, 33, 66 not quoted on this point; [SF] (upstream behaviour "
    "kept)",
    "exhausted-waits": f"{WMO14} App. 1 fans 77-79 pp.45-46 (只能听和…) not settled for a kind held four times; "
    "[SF] (upstream behaviour kept)",
    "tile-hog-of-honors": "the Chinese 四归一 has no suit-tile limit (the 2014 definition not quoted); [SF]",
    "all-types-with-knitted-straight": f"{WMO14} App. 1 fan 35 p.35 not quoted on fan 52; [SF] (upstream "
    "behaviour kept)",
}
PROFILE_CHOICES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        GREEN_BOOK: MappingProxyType(_GREEN_BOOK),
        CHINA: MappingProxyType(_CHINA),
        WMO_2014: MappingProxyType(_WMO_2014),
    }
)
# Where a built-in profile's choice rests on a text other than its option's own citation.
CHOICE_SOURCES: Mapping[str, Mapping[str, str]] = MappingProxyType({WMO_2014: MappingProxyType(_WMO_2014_SOURCES)})


def description(profile: str, lang: str = DEFAULT_LANG) -> str:
    """A built-in profile's description, in `lang` (a house file's is its own, in its words)."""
    return text(f"profile.{profile}", lang)


DEFAULT: str = GREEN_BOOK  # typed: mypyc, reading it from the public score in an import cycle, cannot infer it


MINIMUM = 8
"""MCR's least points for a valid Hu, flowers kept out: every `Score` carries it (`minimum`,
`short_by`), and the pages, the batch report and the session sheet read it from there or from
a `Profile` (`minimum`)."""


@dataclass(frozen=True, eq=False)
class Profile:
    """Everything the engine reads from a rule profile."""

    name: str
    description: str
    choices: Mapping[str, str] = field(repr=False)
    points: Mapping[Fan, int] = field(repr=False)
    excludes: Mapping[Fan, frozenset[Fan]] = field(repr=False)
    series: Mapping[Fan, frozenset[Fan]] = field(repr=False)
    excludes_own: Mapping[Fan, frozenset[Fan]] = field(repr=False)
    excludes_one: Mapping[Fan, frozenset[Fan]] = field(repr=False)
    joint_excludes: Mapping[tuple[Fan, ...], frozenset[Fan]] = field(repr=False)
    flags: frozenset[str] = field(repr=False)
    # What the engine reads of the system's table through the profile, not from module state:
    minimum: int = field(default=MINIMUM, repr=False)  # the least points of a valid Hu, flowers kept out
    tie_break: frozenset[Fan] = field(default=frozenset(), repr=False)  # prefer a reading holding one
    wait_fans: frozenset[Fan] = field(default=frozenset(), repr=False)  # the fans that place the winning tile
    combination_fans: frozenset[Fan] = field(default=frozenset(), repr=False)  # counted as one best choice

    def not_counted_with(self, fan: Fan) -> frozenset[Fan]:
        """The fans never counted in a hand where `fan` counts (its series and its exclusions)."""
        return self.series.get(fan, frozenset()) | self.excludes.get(fan, frozenset())

    def not_counted_when(self, fan: Fan) -> frozenset[Fan]:
        """The fans whose presence removes `fan`."""
        return frozenset(f for f in self.points if fan in self.not_counted_with(f))


def build(name: str, choices: Mapping[str, str], description: str = "") -> Profile:
    """A profile from one option per switch (every switch must be chosen).

    Points start from the table's green-book column (no private fan); each option then changes
    the points, exclusions and engine flags it names."""
    by_key = {s.key: s for s in SWITCHES}
    missing = set(by_key) - set(choices)
    unknown = set(choices) - set(by_key)
    if missing or unknown:
        raise ValueError(f"profile {name!r}: switches missing {sorted(missing)}, unknown {sorted(unknown)}")
    points: dict[Fan, int] = {f.fan: f.points[DEFAULT] for f in FANS.values() if DEFAULT in f.points}
    excludes: dict[Fan, set[Fan]] = {f.fan: set(f.excludes) for f in FANS.values()}
    series: dict[Fan, set[Fan]] = {f.fan: set(f.series_excludes) for f in FANS.values()}
    excludes_one: dict[Fan, frozenset[Fan]] = {}
    joint: dict[tuple[Fan, ...], frozenset[Fan]] = {}
    flags: set[str] = set()
    for key, choice in choices.items():
        options = by_key[key].payload
        if choice not in options:
            raise ValueError(f"profile {name!r}: switch {key!r} has no option {choice!r}; options: {list(options)}")
        option = options[choice]
        for fan, column in option.points_from.items():
            if column is None:
                points.pop(fan, None)
            else:
                points[fan] = FANS[fan].points[column]
        for fan, ids in option.add_excludes.items():
            excludes[fan] |= ids
        for fan, ids in option.remove_excludes.items():
            excludes[fan] -= ids
            series[fan] -= ids
        excludes_one.update(option.excludes_one)
        joint.update(option.joint_excludes)
        flags |= option.flags

    def frozen(data: dict[Fan, set[Fan]]) -> Mapping[Fan, frozenset[Fan]]:
        return MappingProxyType({k: frozenset(v & points.keys()) for k, v in data.items() if k in points and v})

    own = {f.fan: f.excludes_own for f in FANS.values() if f.excludes_own}
    return Profile(
        name,
        description,
        MappingProxyType(dict(choices)),
        MappingProxyType(points),
        frozen(excludes),
        frozen(series),
        MappingProxyType(own),
        MappingProxyType(excludes_one),
        MappingProxyType(joint),
        frozenset(flags),
        MINIMUM,
        frozenset(f.fan for f in FANS.values() if f.tie_break),
        frozenset(f.fan for f in FANS.values() if f.series == "wait"),
        frozenset(f.fan for f in FANS.values() if f.combination),
    )


PROFILES: Mapping[str, Profile] = MappingProxyType(
    {name: build(name, choices, description(name)) for name, choices in PROFILE_CHOICES.items()}
)


def get(rules: str | os.PathLike[str]) -> Profile:
    """A built-in profile by name, or a house profile from a file (see `load`): a name ending in
    `.toml`, or any `os.PathLike` (`Path("house.toml")`). Anything else is a `TypeError` (None
    included: the default is `DEFAULT`, written out); a file is read again only when it changes."""
    if isinstance(rules, str):
        if rules in PROFILES:
            return PROFILES[rules]
        if not rules.endswith(".toml"):
            raise UnknownProfileError(msg("error.profile.unknown", name=rules, known=", ".join(PROFILES)))
        name = rules
    elif isinstance(rules, os.PathLike):
        name = os.fspath(rules)
        if not isinstance(name, str):
            raise TypeError(f"rules: a house file's path is a str or a PathLike of str, not {type(name).__name__}")
    else:
        raise TypeError(
            f"rules is a profile name ({', '.join(PROFILES)}) or a house file (str or os.PathLike), "
            f"not {type(rules).__name__}; the default is {DEFAULT!r}"
        )
    if "\x00" in name:  # no system call takes it: refused before one is made
        from mcr_score.files import shown_name  # here: only this refusal needs it

        raise ProfileFileError(msg("file.nul"), where=shown_name(name))
    path = os.path.realpath(os.path.expanduser(name))
    try:
        stat = os.stat(path)
    except OSError:
        return load(name)  # not cached: reading it names the problem (missing, a loop, ...)
    return _load_cached(path, stat.st_mtime_ns, stat.st_size, name)


def load(path: str | os.PathLike[str]) -> Profile:
    """A club's house rules from a TOML file (`house.read_house`: `name`, optional `description`,
    optional `base`, else the default profile, green-book; a `[switches]` table of switch = option),
    checked against MCR's switches; every problem in the file is reported at once, by key."""
    from mcr_score.engine.house import read_house  # here: only house rules need it (and tomllib)

    chosen = read_house(path, PROFILE_CHOICES, {s.key: tuple(s.options) for s in SWITCHES}, default=DEFAULT)
    return build(chosen.name, dict(chosen.choices), chosen.description)


@lru_cache(maxsize=16)
def _load_cached(path: str, mtime_ns: int, size: int, name: str) -> Profile:
    """`load`, once per file version (batch workers resolve the same path for every record);
    `name` is the path as written, which errors show."""
    return load(name)
