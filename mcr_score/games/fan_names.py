"""Fan names and numbers as the records write them, to our numbers (`Fan`), in one place.

Our table (`systems.mcr.fans.table`) gives each fan's name in every language of the catalogues; the records use other
spellings for some (docs/record-formats.md §3): Botzone and Salasasa write 边张, 嵌张, 单钓将;
tziakcha 独听・边张, 独听・嵌张, 独听・单钓; PMN 坎张 and 单调将 and British English. tziakcha numbers
its fans 0-88 (summerinsects' `fan_t` built with DISTINGUISH_PURE_SHIFTED_CHOWS and
SUPPORT_BLESSINGS): read by name through its own list, so that its 连环 (shifted chows by two) are
our 步高 (16, 30) and its 双暗杠, listed after 全求人, is our 48.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import FANS

ALIASES: dict[str, Fan] = {
    # Chinese spellings of the records
    "独听・边张": Fan.EDGE_WAIT,
    "独听·边张": Fan.EDGE_WAIT,
    "坎张": Fan.CLOSED_WAIT,
    "独听・嵌张": Fan.CLOSED_WAIT,
    "独听·嵌张": Fan.CLOSED_WAIT,
    "单调将": Fan.SINGLE_WAIT,
    "单钓": Fan.SINGLE_WAIT,
    "独听・单钓": Fan.SINGLE_WAIT,
    "独听·单钓": Fan.SINGLE_WAIT,
    "一色四连环": Fan.FOUR_PURE_SHIFTED_CHOWS,  # tziakcha: shifted by two, GB's 一色四步高
    "一色三连环": Fan.PURE_SHIFTED_CHOWS,  # likewise GB's 一色三步高
    "一明一暗杠": Fan.CONCEALED_KONG_AND_MELDED_KONG,  # PMN
    "和绝张": Fan.LAST_TILE,
    "绝张": Fan.LAST_TILE,
    "无番和": Fan.CHICKEN_HAND,
    "花牌": Fan.FLOWER_TILES,
    "花": Fan.FLOWER_TILES,
    "门清": Fan.CONCEALED_HAND,
    "平胡": Fan.ALL_CHOWS,
    "碰碰胡": Fan.ALL_PUNGS,
    "抢杠胡": Fan.ROBBING_THE_KONG,
    "无番胡": Fan.CHICKEN_HAND,
    # traditional characters (Hong Kong and Taiwan apps)
    "門前清": Fan.CONCEALED_HAND,
    "斷么": Fan.ALL_SIMPLES,
    "斷幺": Fan.ALL_SIMPLES,
    "自摸": Fan.SELF_DRAWN,
    # English of PMN (British spelling) and of the C++ reference
    "All Honours": Fan.ALL_HONORS,
    "All Terminals and Honours": Fan.ALL_TERMINALS_AND_HONORS,
    "Greater Honours and Knitted Tiles": Fan.GREATER_HONORS_AND_KNITTED_TILES,
    "Lesser Honours and Knitted Tiles": Fan.LESSER_HONORS_AND_KNITTED_TILES,
    "Pung of Terminals or Honours": Fan.PUNG_OF_TERMINALS_OR_HONORS,
    "No Honours": Fan.NO_HONORS,
    "Rob Kong": Fan.ROBBING_THE_KONG,
    "Self-Draw": Fan.SELF_DRAWN,
    "Self Drawn": Fan.SELF_DRAWN,
    "Flower Tile": Fan.FLOWER_TILES,
    "Mixed Double Pung": Fan.DOUBLE_PUNG,
    "Two Dragon Pungs": Fan.TWO_DRAGONS_PUNGS,
    "Melded Kong and Concealed Kong": Fan.CONCEALED_KONG_AND_MELDED_KONG,
}

BLESSINGS = ("天和", "地和", "人和Ⅰ", "人和Ⅱ", "人和")
"""Fans some platforms add (tziakcha when a room enables them): no MCR rulebook has them, so no
number of ours; a record's claim keeps them by name and their points count in its total."""

# tziakcha's fans 0-88 by name (tziakcha-stats/tziakcha_record_miner, include/base/mahjong_constants.h:
# FAN_NAMES); 0 is no fan.
TZIAKCHA_NAMES = (
    "无",
    "大四喜",
    "大三元",
    "绿一色",
    "九莲宝灯",
    "四杠",
    "连七对",
    "十三幺",
    "清幺九",
    "小四喜",
    "小三元",
    "字一色",
    "四暗刻",
    "一色双龙会",
    "一色四同顺",
    "一色四节高",
    "一色四步高",
    "一色四连环",
    "三杠",
    "混幺九",
    "七对",
    "七星不靠",
    "全双刻",
    "清一色",
    "一色三同顺",
    "一色三节高",
    "全大",
    "全中",
    "全小",
    "清龙",
    "三色双龙会",
    "一色三步高",
    "一色三连环",
    "全带五",
    "三同刻",
    "三暗刻",
    "全不靠",
    "组合龙",
    "大于五",
    "小于五",
    "三风刻",
    "花龙",
    "推不倒",
    "三色三同顺",
    "三色三节高",
    "无番和",
    "妙手回春",
    "海底捞月",
    "杠上开花",
    "抢杠和",
    "碰碰和",
    "混一色",
    "三色三步高",
    "五门齐",
    "全求人",
    "双暗杠",
    "双箭刻",
    "全带幺",
    "不求人",
    "双明杠",
    "和绝张",
    "箭刻",
    "圈风刻",
    "门风刻",
    "门前清",
    "平和",
    "四归一",
    "双同刻",
    "双暗刻",
    "暗杠",
    "断幺",
    "一般高",
    "喜相逢",
    "连六",
    "老少副",
    "幺九刻",
    "明杠",
    "缺一门",
    "无字",
    "独听・边张",
    "独听・嵌张",
    "独听・单钓",
    "自摸",
    "花牌",
    "明暗杠",
    "天和",
    "地和",
    "人和Ⅰ",
    "人和Ⅱ",
)

_COUNT = re.compile(r"^(.*?)\s*[*×xX]\s*(\d{1,9})$")  # a count past a hand's is named by its fan (claim_bound)


def _key(name: str) -> str:
    """A name as looked up: NFKC (full-width forms and the ・/· variants alike), no spaces, lower case."""
    folded = unicodedata.normalize("NFKC", name).replace("※", "").replace("・", "·")
    return "".join(folded.split()).lower()


@functools.cache
def _names() -> dict[str, Fan]:
    table: dict[str, Fan] = {}
    for fan in FANS:
        for name in FANS[fan].names.values():
            table[_key(name)] = fan
    for name, fan in ALIASES.items():
        table[_key(name)] = fan
    return table


@functools.lru_cache(maxsize=1024)
def fan_of(name: str) -> Fan | None:
    """Our fan for a record's fan name (Chinese, English, French, or a source's alias), or None."""
    return _names().get(_key(name))


def is_blessing(name: str) -> bool:
    """A 天和/地和/人和 name: known, but no fan of our table."""
    return _key(name) in {_key(b) for b in BLESSINGS}


def split_count(item: str) -> tuple[str, int]:
    """`喜相逢*2` -> (`喜相逢`, 2); a name without `*count` counts once (Salasasa writes `*1` too)."""
    m = _COUNT.match(item.strip())
    if m:
        return m[1].strip(), int(m[2])
    return item.strip(), 1


def tziakcha_fan(number: int) -> tuple[Fan | None, str]:
    """tziakcha's fan `number` (0-88): our fan (None for its 天地人和 and unknown numbers) and its name."""
    if 0 < number < len(TZIAKCHA_NAMES):
        name = TZIAKCHA_NAMES[number]
        return fan_of(name), name
    return None, str(number)


def standard_points(fan: Fan | None) -> int:
    """A fan's points where a record does not give them: its value in the rulebooks (the same in
    every profile but for 82, which only `china` has)."""
    if fan is None:
        return 0
    return max(FANS[fan].points.values(), default=0)
