"""`Fan`: the only way code names a fan, numbered as in the Green Book (1-81; 82 is china's private fan)."""

from __future__ import annotations

from enum import IntEnum


class Fan(IntEnum):
    """A fan by its Green Book number; `str(Fan.X)` is the number, so ids print as before."""

    BIG_FOUR_WINDS = 1  # 大四喜
    BIG_THREE_DRAGONS = 2  # 大三元
    ALL_GREEN = 3  # 绿一色
    NINE_GATES = 4  # 九莲宝灯
    FOUR_KONGS = 5  # 四杠
    SEVEN_SHIFTED_PAIRS = 6  # 连七对
    THIRTEEN_ORPHANS = 7  # 十三幺
    ALL_TERMINALS = 8  # 清幺九
    LITTLE_FOUR_WINDS = 9  # 小四喜
    LITTLE_THREE_DRAGONS = 10  # 小三元
    ALL_HONORS = 11  # 字一色
    FOUR_CONCEALED_PUNGS = 12  # 四暗刻
    PURE_TERMINAL_CHOWS = 13  # 一色双龙会
    QUADRUPLE_CHOW = 14  # 一色四同顺
    FOUR_PURE_SHIFTED_PUNGS = 15  # 一色四节高
    FOUR_PURE_SHIFTED_CHOWS = 16  # 一色四步高
    THREE_KONGS = 17  # 三杠
    ALL_TERMINALS_AND_HONORS = 18  # 混幺九
    SEVEN_PAIRS = 19  # 七对
    GREATER_HONORS_AND_KNITTED_TILES = 20  # 七星不靠
    ALL_EVEN_PUNGS = 21  # 全双刻
    FULL_FLUSH = 22  # 清一色
    PURE_TRIPLE_CHOW = 23  # 一色三同顺
    PURE_SHIFTED_PUNGS = 24  # 一色三节高
    UPPER_TILES = 25  # 全大
    MIDDLE_TILES = 26  # 全中
    LOWER_TILES = 27  # 全小
    PURE_STRAIGHT = 28  # 清龙
    THREE_SUITED_TERMINAL_CHOWS = 29  # 三色双龙会
    PURE_SHIFTED_CHOWS = 30  # 一色三步高
    ALL_FIVES = 31  # 全带五
    TRIPLE_PUNG = 32  # 三同刻
    THREE_CONCEALED_PUNGS = 33  # 三暗刻
    LESSER_HONORS_AND_KNITTED_TILES = 34  # 全不靠
    KNITTED_STRAIGHT = 35  # 组合龙
    UPPER_FOUR = 36  # 大于五
    LOWER_FOUR = 37  # 小于五
    BIG_THREE_WINDS = 38  # 三风刻
    MIXED_STRAIGHT = 39  # 花龙
    REVERSIBLE_TILES = 40  # 推不倒
    MIXED_TRIPLE_CHOW = 41  # 三色三同顺
    MIXED_SHIFTED_PUNGS = 42  # 三色三节高
    CHICKEN_HAND = 43  # 无番和
    LAST_TILE_DRAW = 44  # 妙手回春
    LAST_TILE_CLAIM = 45  # 海底捞月
    OUT_WITH_REPLACEMENT_TILE = 46  # 杠上开花
    ROBBING_THE_KONG = 47  # 抢杠和
    TWO_CONCEALED_KONGS = 48  # 双暗杠
    ALL_PUNGS = 49  # 碰碰和
    HALF_FLUSH = 50  # 混一色
    MIXED_SHIFTED_CHOWS = 51  # 三色三步高
    ALL_TYPES = 52  # 五门齐
    MELDED_HAND = 53  # 全求人
    TWO_DRAGONS_PUNGS = 54  # 双箭刻
    OUTSIDE_HAND = 55  # 全带幺
    FULLY_CONCEALED_HAND = 56  # 不求人
    TWO_MELDED_KONGS = 57  # 双明杠
    LAST_TILE = 58  # 和绝张
    DRAGON_PUNG = 59  # 箭刻
    PREVALENT_WIND = 60  # 圈风刻
    SEAT_WIND = 61  # 门风刻
    CONCEALED_HAND = 62  # 门前清
    ALL_CHOWS = 63  # 平和
    TILE_HOG = 64  # 四归一
    DOUBLE_PUNG = 65  # 双同刻
    TWO_CONCEALED_PUNGS = 66  # 双暗刻
    CONCEALED_KONG = 67  # 暗杠
    ALL_SIMPLES = 68  # 断幺
    PURE_DOUBLE_CHOW = 69  # 一般高
    MIXED_DOUBLE_CHOW = 70  # 喜相逢
    SHORT_STRAIGHT = 71  # 连六
    TWO_TERMINAL_CHOWS = 72  # 老少副
    PUNG_OF_TERMINALS_OR_HONORS = 73  # 幺九刻
    MELDED_KONG = 74  # 明杠
    ONE_VOIDED_SUIT = 75  # 缺一门
    NO_HONORS = 76  # 无字
    EDGE_WAIT = 77  # 边张
    CLOSED_WAIT = 78  # 嵌张
    SINGLE_WAIT = 79  # 单钓将
    SELF_DRAWN = 80  # 自摸
    FLOWER_TILES = 81  # 花牌
    CONCEALED_KONG_AND_MELDED_KONG = 82  # 明暗杠

    def __str__(self) -> str:
        return str(int(self))
