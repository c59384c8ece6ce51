"""Salasasa (open_mahjong) records: the API's `{game_id, players, record: {game_title, game_round}}`
or the record itself, `{game_title, game_round}`.

The spec is docs/record-formats.md §4.2 (after xelnagamiao/open_mahjong_unity,
`game_record_format.md`): each `round_index_N` gives `seats` (the original player at each
`player_index`), the initial hands by `player_index` (the dealer, 0, has 14), the wall left after
the deal (`tiles_list`: drawn from the front, replacements from the back a stack at a time) and
`action_ticks`. Tiles: 11-19 characters, 21-29 dots, 31-39 bamboo, 41-44 E S W N, 45 中, 46 白,
47 发 (not in 中发白 order), 51-58 the flowers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mcr_score.games.fan_names import fan_of, split_count
from mcr_score.games.model import (
    Act,
    Deal,
    Event,
    Flower,
    Game,
    HandRecord,
    Outcome,
    Piece,
    RecordedFan,
    RecordFormat,
    Win,
)
from mcr_score.games.reading import MAX_ACTIONS, MAX_SESSION_HANDS, Fields, Input, json_of, names4
from mcr_score.games.replay import replay
from mcr_score.messages import msg
from mcr_score.tiles import WINDS, Tile

HONORS = {41: "E", 42: "S", 43: "W", 44: "N", 45: "C", 46: "P", 47: "F"}
SUITS = {1: "m", 2: "p", 3: "s"}
HU = {"hu_self": None, "hu_first": 3, "hu_second": 2, "hu_third": 1}
"""A Hu tick and where its discarder sits from the winner (first: 上家, the player before)."""
CHOWS = {"cl": 2, "cm": 1, "cr": 0}  # the claimed tile's place in the chow: cl the highest, cr the lowest


def looks_like(doc: Any) -> bool:
    if not isinstance(doc, dict):
        return False
    record = doc.get("record", doc)
    return isinstance(record, dict) and "game_round" in record


def piece(f: Fields, code: Any, where: str) -> Piece:
    value = f.num(code, where)
    if value in HONORS:
        return Tile(HONORS[value])
    if 51 <= value <= 58:
        return Flower(value - 50)
    suit, rank = divmod(value, 10)
    if suit in SUITS and 1 <= rank <= 9:
        return Tile(f"{rank}{SUITS[suit]}")
    raise f.error(where, msg("record.tile-code", code=value))


def tile(f: Fields, code: Any, where: str) -> Tile:
    return f.tile(piece(f, code, where), code, where)


def read(data: Input) -> list[Game]:
    doc = json_of(data)
    f = Fields(data.name)
    doc = f.obj(doc, "")
    record = f.obj(doc.get("record", doc), "record" if "record" in doc else "")
    at = "record." if "record" in doc else ""
    title = f.obj(record.get("game_title", {}), at + "game_title")
    rounds = f.obj(f.get(record, "game_round", at.rstrip(".")), at + "game_round")
    names = [str(title.get(f"p{k}_name", "")) for k in range(4)]
    game_id = str(doc.get("game_id") or data.stem)
    hands = []
    n = 1
    last = 0  # the session's hands come in their order, each once (R98 Art. 4: 16 hands, 4 rounds)
    while f"round_index_{n}" in rounds:
        where = f"{at}game_round.round_index_{n}"
        if n > MAX_SESSION_HANDS:
            raise f.error(where, msg("record.session-hands", n=n, most=MAX_SESSION_HANDS))
        rnd = f.obj(rounds[f"round_index_{n}"], where)
        current_round = f.num(rnd.get("current_round", n), where + ".current_round", 1, 16)
        if current_round <= last:
            raise f.error(where + ".current_round", msg("record.round-order", n=current_round, after=last))
        last = current_round
        hands.append(_hand(f, rnd, where, n, current_round, names, game_id))
        n += 1
    if not hands:
        raise f.error(at + "game_round", msg("record.no-hands"))
    first = hands[0]
    players = tuple(first.players[first.order.index(k)] for k in range(4))
    return [
        Game(
            RecordFormat.SALASASA,
            game_id,
            str(title.get("sub_rule", title.get("rule", ""))),
            names4(players),
            tuple(hands),
            date=str(title.get("start_time", doc.get("created_at", ""))),
        )
    ]


def _hand(
    f: Fields, rnd: Mapping[str, Any], where: str, n: int, current_round: int, names: Sequence[str], game: str
) -> HandRecord:
    seats = [
        f.num(s, f"{where}.seats[{k}]", 0, 3)
        for k, s in enumerate(f.seq(f.get(rnd, "seats", where), where + ".seats", 4))
    ]
    if sorted(seats) != [0, 1, 2, 3]:
        raise f.error(where + ".seats", msg("record.seats"))
    order = [seats.index(seat) for seat in range(4)]  # the original player at each seat
    dealer = f.num(rnd.get("dealer_index", 0), where + ".dealer_index", 0, 3)
    if dealer != 0:
        raise f.error(where + ".dealer_index", msg("record.dealer", dealer=dealer))
    hands = []
    for seat in range(4):
        key = f"p{seat}_tiles"
        hands.append(
            tuple(
                piece(f, t, f"{where}.{key}[{i}]")
                for i, t in enumerate(f.seq(f.get(rnd, key, where), f"{where}.{key}"))
            )
        )
    wall = tuple(
        piece(f, t, f"{where}.tiles_list[{i}]")
        for i, t in enumerate(f.seq(f.get(rnd, "tiles_list", where), where + ".tiles_list"))
    )
    ticks = f.seq(f.get(rnd, "action_ticks", where), where + ".action_ticks")
    if len(ticks) > MAX_ACTIONS:
        raise f.error(where + ".action_ticks", msg("record.too-many-actions", n=len(ticks), most=MAX_ACTIONS))
    start = f.num(rnd.get("start_player_index", 0), where + ".start_player_index", 0, 3)
    events, wins, scores, penalties, false_wins, drawn = _ticks(f, ticks, where + ".action_ticks", start)
    record = HandRecord(
        number=n,
        prevalent=WINDS[(current_round - 1) // 4 % 4],
        players=names4([names[o] for o in order]),
        order=(order[0], order[1], order[2], order[3]),
        deal=Deal(tuple(hands), wall, len(wall)),
        events=tuple(events),
        wins=tuple(wins),
        outcome=Outcome.WIN if wins else (Outcome.DRAW if drawn else Outcome.UNKNOWN),
        false_wins=tuple(false_wins),
        scores=scores,
        penalties=penalties,
    )
    return replay(record, game)


def _ticks(
    f: Fields, ticks: Sequence[Any], where: str, start: int
) -> tuple[list[Event], list[Win], tuple[int, int, int, int] | None, tuple[int, int, int, int] | None, list[int], bool]:
    events: list[Event] = []
    wins: list[Win] = []
    scores: list[int] | None = None
    penalties: list[int] | None = None
    false_wins: list[int] = []
    drawn = False
    current = 0  # the dealer discards first; `start_player_index` is who acts once the flowers are out
    last_discarder: int | None = None
    since_discard = False  # the last discard still lies: the next `d` is the next player's
    started = False
    ended = ""  # where `liuju` or `end` stands: only `end` follows
    for i, raw in enumerate(ticks):
        at = f"{where}[{i}]"
        tick = f.seq(raw, at)
        if not tick or not isinstance(tick[0], str):
            raise f.error(at, msg("record.tick"))
        code = tick[0]

        def arg(k: int, tick: Sequence[Any] = tick, at: str = at) -> Any:
            if k >= len(tick):
                raise f.error(f"{at}[{k}]", msg("record.missing"))
            return tick[k]

        if ended and code not in ("end", "ca"):
            raise f.error(at, msg("record.after-end", line=code, end=ended))
        if code not in ("bh", "bd") and not started:
            started, current = True, start
        if code == "bh":
            seat = f.num(arg(2), f"{at}[2]", 0, 3)
            flower = piece(f, arg(1), f"{at}[1]")
            if not isinstance(flower, Flower):
                raise f.error(f"{at}[1]", msg("record.tile-code", code=tick[1]))
            events.append(Event(seat, Act.FLOWER, flower=flower, at=at))
        elif code == "bd":
            seat = f.num(arg(2), f"{at}[2]", 0, 3) if len(tick) > 2 else current
            events.append(_draw(seat, Act.REPLACEMENT, piece(f, arg(1), f"{at}[1]"), at))
            current = seat
        elif code in ("d", "gd"):
            if code == "d" and since_discard and last_discarder is not None:
                current = (last_discarder + 1) % 4
            since_discard = False
            act = Act.DRAW if code == "d" else Act.REPLACEMENT
            events.append(_draw(current, act, piece(f, arg(1), f"{at}[1]"), at))
        elif code == "c":
            hand_cut = {"T": False, "F": True}.get(str(tick[2])) if len(tick) > 2 else None
            events.append(Event(current, Act.DISCARD, tile=tile(f, arg(1), f"{at}[1]"), hand_cut=hand_cut, at=at))
            last_discarder = current
            since_discard = True
        elif code in CHOWS:
            seat = f.num(arg(2), f"{at}[2]", 0, 3)
            claimed = tile(f, arg(1), f"{at}[1]")
            meld = tuple(
                sorted((claimed, tile(f, arg(3), f"{at}[3]"), tile(f, arg(4), f"{at}[4]")), key=lambda t: t.index)
            )
            if meld.index(claimed) != CHOWS[code] and meld.count(claimed) == 1:
                raise f.error(at, msg("record.chow-place", code=code))
            events.append(Event(seat, Act.CHOW, tile=claimed, meld=meld, source=last_discarder, at=at))
            current, since_discard = seat, False
        elif code in ("p", "g"):
            seat = f.num(arg(2), f"{at}[2]", 0, 3)
            t = tile(f, arg(1), f"{at}[1]")
            act = Act.PUNG if code == "p" else Act.KONG
            events.append(Event(seat, act, tile=t, meld=(t,) * (3 if code == "p" else 4), source=last_discarder, at=at))
            current, since_discard = seat, False
        elif code in ("ag", "jg"):
            t = tile(f, arg(1), f"{at}[1]")
            act = Act.CONCEALED_KONG if code == "ag" else Act.ADDED_KONG
            events.append(Event(current, act, tile=t, meld=(t,) * 4, at=at))
        elif code == "reset":
            current = f.num(arg(1), f"{at}[1]", 0, 3)
        elif code in HU:
            seat = f.num(arg(1), f"{at}[1]", 0, 3)
            total = f.num(arg(2), f"{at}[2]", 0, 10_000)
            names = f.seq(tick[3], f"{at}[3]") if len(tick) > 3 else []
            deltas = f.seq(tick[4], f"{at}[4]", 4) if len(tick) > 4 else None
            offset = HU[code]
            source = None if offset is None else (seat + offset) % 4
            after = _code(ticks[i + 1]) if i + 1 < len(ticks) else "end"
            accepted = after == "end" or after in HU  # (not `in ("end", *HU)`: mypyc cannot compile it)
            if accepted:
                events.append(Event(seat, Act.WIN, source=source, at=at))
                wins.append(Win(seat, source, total, _fans(f, names, f"{at}[3]")))
                if deltas is not None:
                    values = [f.num(d, f"{at}[4][{k}]") for k, d in enumerate(deltas)]
                    scores = [a + b for a, b in zip(scores or [0, 0, 0, 0], values, strict=True)]
            else:  # no `end` after it: a wrong Hu (错和), the game goes on
                events.append(Event(seat, Act.FALSE_WIN, source=source, at=at))
                false_wins.append(seat)
                if deltas is not None:
                    values = [f.num(d, f"{at}[4][{k}]") for k, d in enumerate(deltas)]
                    penalties = [a + b for a, b in zip(penalties or [0, 0, 0, 0], values, strict=True)]
        elif code == "liuju":
            drawn = True
            ended = ended or at
        elif code == "end":
            ended = ended or at
        elif code == "ca":
            continue  # a tactical claim request only shows on the replay
        else:
            raise f.error(at, msg("record.tick-code", code=code))
    return events, wins, _four(scores), _four(penalties), false_wins, drawn


def _code(raw: Any) -> str:
    return raw[0] if isinstance(raw, list) and raw and isinstance(raw[0], str) else ""


def _four(values: list[int] | None) -> tuple[int, int, int, int] | None:
    return None if values is None else (values[0], values[1], values[2], values[3])


def _draw(seat: int, act: Act, drawn: Piece, at: str) -> Event:
    if isinstance(drawn, Flower):
        return Event(seat, act, flower=drawn, at=at)
    return Event(seat, act, tile=drawn, at=at)


def _fans(f: Fields, names: Sequence[Any], where: str) -> tuple[RecordedFan, ...]:
    out = []
    for k, item in enumerate(names):
        name, count = split_count(f.text(item, f"{where}[{k}]"))
        out.append(RecordedFan(fan_of(name), name, None, count))
    return tuple(out)
