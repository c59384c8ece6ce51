"""国标小助手 (summerinsects/ChineseOfficialMahjongHelper) score sheets: its `Record` JSON
(`record.json`, one sheet) or a list of them (`history_record.json`).

The spec is docs/record-formats.md §4.5 (after `Classes/RecordSystem/Record.{h,cpp}`): `name[4]` the
players in the seats of hand 1; each of up to 16 `detail`s gives the winner and discarder as bit
masks of players (the same bit: self-drawn), the total `fan` (flowers included, as its calculator
counts them), the fans as bit fields (`fan_bits` bit 58 - n for fans 1-58; `fan2_bits` two bits a
count from fan 59; `fan1_bits` four bits a count from fan 69, 82 明暗杠 last), `penalty_scores`,
`timeout` (the hand not played), and, when the scorer entered it, `win_hand` (`tiles` in the
app's notation, which ours reads; `win_flag` 1 self-drawn, 2 last copy, 4 kong, 8 last tile of the
wall, 16 天地人和; `flower_count`). Keys of older versions are read as the app upgrades them.
Seats and the prevalent wind follow the sheet's rotation, the app's own (its 每圈座位 row: 东南北西,
南东西北, 西北东南, 北西南东), which is ours (`systems.mcr.tournament.winds`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcr_score.errors import McrError
from mcr_score.games.fan_names import standard_points
from mcr_score.games.model import Game, HandRecord, Names, Outcome, RecordedFan, RecordFormat, Win
from mcr_score.games.reading import Fields, Input, by_seat, json_of, names4
from mcr_score.hand import check_hand
from mcr_score.messages import count, msg
from mcr_score.notation import parse_hand, with_situation
from mcr_score.systems.mcr.claims import most
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.limits import MAX_HAND_POINTS, MAX_POINTS
from mcr_score.systems.mcr.tournament.limits import MAX_PENALTY
from mcr_score.systems.mcr.tournament.winds import hand_winds
from mcr_score.tiles import WINDS

LAST_BIG_FAN = 58  # fan_bits: bit 58 - n for the fans 1-58 (summerinsects' SET_FAN)
TWO_POINT_FIRST = 59  # fan2_bits: two bits a count for the fans 59-68
TWO_POINT_FANS = 10
ONE_POINT_FIRST = 69  # fan1_bits: four bits a count for the fans 69-81 and 82
ONE_POINT_FANS = 14
WIN_SELF_DRAWN, WIN_LAST_COPY, WIN_KONG, WIN_WALL_LAST, WIN_INITIAL = 1, 2, 4, 8, 16
MINIMUM = 8  # the app settles a Hu of 8 or more, flowers included (TranslateDetailToScoreTable)

# Older keys (Record.cpp UpgradeJson): the fans of `unique_fan` bit by bit, `multiple_fan` four
# bits a count, `packed_fan` a number for a few common sets.
UNIQUE_FANS = (59, 60, 61, 62, 63, 66, 67, 68, 74, 76, 77, 78, 79, 80)
MULTIPLE_FANS = (64, 65, 69, 70, 71, 72, 73, 75, 81)
PACKED_FANS = {
    1: (62, 68, 63),
    2: (62, 63),
    3: (68, 63),
    4: (60, 61),
    5: (67,),
    6: (65, 73, 73),
    7: (62, 66),
    8: (66, 67),
}


def looks_like(doc: Any) -> bool:
    items = doc if isinstance(doc, list) else [doc]
    return bool(items) and all(isinstance(d, dict) and "detail" in d and "name" in d for d in items)


def read(data: Input) -> list[Game]:
    doc = json_of(data)
    f = Fields(data.name)
    sheets = doc if isinstance(doc, list) else [doc]
    games = []
    for k, sheet in enumerate(sheets):
        where = f"[{k}]" if isinstance(doc, list) else ""
        games.append(_game(f, f.obj(sheet, where), where, data.stem if len(sheets) == 1 else f"{data.stem}#{k + 1}"))
    if not games:
        raise f.error("", msg("record.no-hands"))
    return games


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _game(f: Fields, sheet: Mapping[str, Any], where: str, game_id: str) -> Game:
    names = f.seq(f.get(sheet, "name", where), _at(where, "name"), 4)
    players = names4([f.name_of(n, f"{_at(where, 'name')}[{i}]") for i, n in enumerate(names)])
    details = f.seq(f.get(sheet, "detail", where), _at(where, "detail"))
    if len(details) > 16:
        raise f.error(_at(where, "detail"), msg("record.length", n=count("n.item", len(details)), want=16))
    hands = tuple(
        _hand(f, f.obj(d, f"{_at(where, 'detail')}[{i}]"), f"{_at(where, 'detail')}[{i}]", i + 1, players, game_id)
        for i, d in enumerate(details)
    )
    title = sheet.get("title", "")
    start = sheet.get("start_time")
    date = ""
    if isinstance(start, int) and not isinstance(start, bool) and 0 < start < 10**11:
        import datetime

        date = datetime.datetime.fromtimestamp(start, datetime.UTC).date().isoformat()
    return Game(RecordFormat.GBHELPER, str(title) or game_id, str(title), players, hands, date=date)


def _player(f: Fields, flags: int, where: str) -> int | None:
    """The player of a one-bit mask; the highest bit set, as the app reads it (WIN_CLAIM_INDEX)."""
    if flags & ~0xF:
        raise f.error(where, msg("record.range", value=flags, low=0, high=15))
    return next((p for p in (3, 2, 1, 0) if flags >> p & 1), None)


def _hand(f: Fields, d: Mapping[str, Any], where: str, n: int, players: Names, game: str) -> HandRecord:
    detail = dict(d)
    if "win_claim" in detail:  # until 2017: one byte, the winner in the high nibble
        wc = f.num(detail.pop("win_claim"), _at(where, "win_claim"), 0, 255)
        detail.setdefault("win_flag", wc >> 4 & 15)
        detail.setdefault("claim_flag", wc & 15)
    penalties = [0, 0, 0, 0]
    if "false_win" in detail:  # until 2017: a mask of false Hu, -30 and +10 to each other player
        false_win = f.num(detail.pop("false_win"), _at(where, "false_win"), 0, 15)
        for k in range(4):
            if false_win >> k & 1:
                penalties = [p + (-30 if i == k else 10) for i, p in enumerate(penalties)]
    if "penalty_scores" in detail:
        values = f.seq(detail["penalty_scores"], _at(where, "penalty_scores"), 4)
        penalties = [_penalty(f, v, f"{_at(where, 'penalty_scores')}[{i}]") for i, v in enumerate(values)]
    fan_key = "fan" if "fan" in detail else "score"
    total = f.num(detail.get(fan_key, 0), _at(where, fan_key), 0)
    if total > MAX_POINTS:
        raise f.error(_at(where, fan_key), msg("record.points-max", value=total, most=MAX_POINTS, hand=MAX_HAND_POINTS))
    winner = _player(f, f.num(detail.get("win_flag", 0), _at(where, "win_flag"), 0, 255), _at(where, "win_flag"))
    claimer = _player(f, f.num(detail.get("claim_flag", 0), _at(where, "claim_flag"), 0, 255), _at(where, "claim_flag"))
    timeout = detail.get("timeout") is True
    winds = hand_winds(min(n, 16))
    order = tuple(winds.player_at(w) for w in WINDS)
    seat_of = [WINDS.index(s) for s in winds.seats]
    seated = names4([players[p] for p in order])
    app = _app_scores(total if winner is not None and claimer is not None else 0, winner, claimer, penalties)
    wins: tuple[Win, ...] = ()
    if winner is not None and not timeout:
        discarder = None if claimer in (None, winner) else seat_of[claimer]
        fans = _fans(f, detail, where)
        hand, problem = _win_hand(
            f, detail.get("win_hand"), _at(where, "win_hand"), winds.prevalent, WINDS[seat_of[winner]]
        )
        wins = (Win(seat_of[winner], discarder, total, fans, hand, problem),)
    return HandRecord(
        number=n,
        prevalent=winds.prevalent,
        players=seated,
        order=(order[0], order[1], order[2], order[3]),
        deal=None,
        events=(),
        wins=wins,
        outcome=Outcome.UNKNOWN if timeout else (Outcome.WIN if wins else Outcome.DRAW),
        scores=by_seat(app, seat_of),
        penalties=by_seat(penalties, seat_of),
    )


def _penalty(f: Fields, value: Any, where: str) -> int:
    """A penalty of the sheet: within what a session takes (`systems.mcr.tournament.limits.MAX_PENALTY`)."""
    penalty = f.num(value, where)
    if abs(penalty) > MAX_PENALTY:
        raise f.error(where, msg("record.penalty-max", value=penalty, most=MAX_PENALTY))
    return penalty


def _app_scores(fan: int, winner: int | None, claimer: int | None, penalties: list[int]) -> list[int]:
    """The scores the app shows for a hand, by player (its TranslateDetailToScoreTable): a Hu of 8
    or more, flowers included, paid as MCR pays it; then the penalties."""
    scores = list(penalties)
    if fan >= MINIMUM and winner is not None and claimer is not None:
        for p in range(4):
            if claimer == winner:
                scores[p] += 3 * (fan + 8) if p == winner else -(fan + 8)
            elif p == winner:
                scores[p] += fan + 24
            else:
                scores[p] += -(fan + 8) if p == claimer else -8
    return scores


def _fans(f: Fields, detail: Mapping[str, Any], where: str) -> tuple[RecordedFan, ...] | None:
    """The fans of the bit fields, each field holding only the bits of its fans and each fan counted
    at most as often as one hand can count it (`claims.most`), their points at most a hand's."""
    fields = (
        ("fan_bits", detail.get("fan_bits", detail.get("fan_flag", 0)), LAST_BIG_FAN),
        ("fan2_bits", detail.get("fan2_bits", 0), 2 * TWO_POINT_FANS),
        ("fan1_bits", detail.get("fan1_bits", 0), 4 * ONE_POINT_FANS),
        ("unique_fan", detail.get("unique_fan", 0), len(UNIQUE_FANS)),
        ("multiple_fan", detail.get("multiple_fan", 0), 4 * len(MULTIPLE_FANS)),
    )
    big, two, one, unique, multiple = (_bits(f, value, _at(where, key), used) for key, value, used in fields)
    counts: dict[int, int] = {}
    field: dict[int, str] = {}  # the field that gave each fan its count, for the message

    def count(fan: int, c: int, key: str) -> None:
        counts[fan] = c
        field[fan] = key

    for fan in range(1, LAST_BIG_FAN + 1):
        if big >> (LAST_BIG_FAN - fan) & 1:
            count(fan, 1, "fan_bits")
    for k in range(TWO_POINT_FANS):
        if c := two >> (2 * k) & 3:
            count(TWO_POINT_FIRST + k, c, "fan2_bits")
    for k in range(ONE_POINT_FANS):
        if c := one >> (4 * k) & 15:
            count(ONE_POINT_FIRST + k, c, "fan1_bits")
    for bit, fan in enumerate(UNIQUE_FANS):
        if unique >> bit & 1:
            count(fan, 1, "unique_fan")
    for k, fan in enumerate(MULTIPLE_FANS):
        if c := multiple >> (4 * k) & 15:
            count(fan, c, "multiple_fan")
    packed = f.num(detail.get("packed_fan", 0), _at(where, "packed_fan"), 0, len(PACKED_FANS))
    for fan in PACKED_FANS.get(packed, ()):
        count(fan, counts.get(fan, 0) + 1, "packed_fan")
    if not counts:
        return None
    for fan, c in sorted(counts.items()):
        if c > most(fan):
            raise f.error(_at(where, field[fan]), msg("record.fan-count", fan=fan, count=c, most=most(fan)))
    fans = tuple(RecordedFan(Fan(fan), str(fan), standard_points(Fan(fan)), c) for fan, c in sorted(counts.items()))
    points = sum((r.points or 0) * r.count for r in fans)
    if points > MAX_POINTS:
        raise f.error(where, msg("record.fans-max", points=points, most=MAX_POINTS, hand=MAX_HAND_POINTS))
    return fans


def _bits(f: Fields, value: Any, where: str, used: int) -> int:
    """A bit field of the fans: a whole number none of whose bits past the `used` ones is set (those
    name no fan)."""
    bits = f.num(value, where, 0)
    if bits >> used:
        raise f.error(where, msg("record.fan-bits", value=bits, used=used))
    return bits


def _win_hand(f: Fields, value: Any, where: str, prevalent: str, seat: str) -> tuple[Any, McrError | None]:
    """The winning hand the scorer entered (None when none was): its tiles, flags and flowers with
    the sheet's winds; a hand the notation cannot read is that win's problem."""
    if value is None:
        return None, None
    win_hand = f.obj(value, where)
    tiles = f.text(win_hand.get("tiles", ""), where + ".tiles").strip()
    if not tiles:
        return None, None
    flags = f.num(win_hand.get("win_flag", 0), where + ".win_flag", 0, 31)
    flowers = f.num(win_hand.get("flower_count", 0), where + ".flower_count", 0, 8)
    try:
        hand = parse_hand(tiles)
        hand = with_situation(
            hand,
            check=False,
            self_drawn=bool(flags & WIN_SELF_DRAWN),
            last_copy=bool(flags & WIN_LAST_COPY),
            kong=bool(flags & WIN_KONG),
            wall_last=bool(flags & WIN_WALL_LAST),
            prevalent_wind=prevalent,
            seat_wind=seat,
            flowers=flowers,
        )
    except McrError as e:
        for p in e.problems:
            p.where = p.where or where + ".tiles"
        return None, e
    problems = check_hand(hand)
    if problems:
        return None, problems[0]
    return hand, None
