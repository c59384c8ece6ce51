"""Game records written from the spec (docs/record-formats.md), for the tests of `mcr_score.games`.

A `Scenario` is a hand told in plain steps (who draws, discards, claims, kongs, wins); an encoder per
format writes it as that format's record, by the survey's description of the format and nothing of
our readers: tziakcha (the wall cut by the dice and dealt 4-4-4-1-1, tile ids, action codes, fan
ids), Salasasa (ticks, tile codes), Botzone (text lines, match-log `display` objects), PMN (tags and
tokens). The expectations of each scenario (the winning hand, its claim) are worked out by hand in
the tests.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

WINDS = "ESWN"
Step = tuple[Any, ...]


@dataclass(frozen=True)
class Scenario:
    """A hand: the four hands dealt (East 14 pieces; flowers `f1`-`f8`), the steps, the hand's number
    (1-16: the prevalent wind follows), the winners' recorded total and fans (Green Book numbers,
    repeated for a count), the score change by seat."""

    hands: tuple[tuple[str, ...], ...]
    steps: tuple[Step, ...]
    number: int = 1
    wins: tuple[tuple[int, int, tuple[int, ...]], ...] = ()  # seat, total, fans
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    names: tuple[str, str, str, str] = ("Ana", "Bo", "Cy", "Di")


# ---- tiles --------------------------------------------------------------------------------------


def kind(code: str) -> int:
    """tziakcha's kind (tile id // 4): 1-9m 0-8, 1-9s 9-17, 1-9p 18-26, E S W N 27-30, 中 发 白 31-33."""
    if code in "ESWN" and len(code) == 1:
        return 27 + "ESWN".index(code)
    if code in ("C", "F", "P"):
        return 31 + "CFP".index(code)
    rank, suit = int(code[0]), code[1]
    return {"m": 0, "s": 9, "p": 18}[suit] + rank - 1


def is_flower(code: str) -> bool:
    return code.startswith("f")


# ---- tziakcha -----------------------------------------------------------------------------------

# Green Book number -> tziakcha's number (survey §3): 1-15 and 16 the same, 17-29 one up, 30 is 31,
# 31-81 two up but for 48-54 (双暗杠 sits after 全求人 there), 82 is 84.
_TZ_ODD = {48: 55, 49: 50, 50: 51, 51: 52, 52: 53, 53: 54, 54: 56, 82: 84}


def tz_fan(gb: int) -> int:
    if gb in _TZ_ODD:
        return _TZ_ODD[gb]
    if gb <= 16:
        return gb
    if gb <= 29:
        return gb + 1
    if gb == 30:
        return 31
    return gb + 2


DICE = (1, 1, 1, 1)


def to_tziakcha(s: Scenario, record_id: str = "rec0001", session: str = "SESS0001") -> dict[str, Any]:
    """A tziakcha record `{id, belongs, script: "<Decoded>", step}`."""
    free: dict[int, list[int]] = {k: [4 * k + i for i in range(4)] for k in range(34)}
    flowers = {n: 135 + n for n in range(1, 9)}
    used_flowers: set[int] = set()

    def take(code: str) -> int:
        if is_flower(code):
            n = int(code[1])
            used_flowers.add(n)
            return flowers[n]
        return free[kind(code)].pop(0)

    # the deal: 4 tiles to each seat three times, one each, one more to East
    order: list[tuple[int, int]] = []
    for r in range(3):
        for seat in range(4):
            order += [(seat, 4 * r + j) for j in range(4)]
    order += [(seat, 12) for seat in range(4)] + [(0, 13)]
    dealt_ids = [take(s.hands[seat][k]) for seat, k in order]
    held: list[list[int]] = [[], [], [], []]
    for (seat, _), tid in zip(order, dealt_ids, strict=True):
        held[seat].append(tid)
    # the wall: front draws in order, back draws from the last stack's top (142, 143, 140, 141, ...)
    fronts = [st[2] for st in s.steps if st[0] == "draw"]
    backs = [st[3] if st[0] == "flower" else st[2] for st in s.steps if st[0] in ("flower", "repl")]
    front_ids = [take(c) for c in fronts]
    back_ids = [take(c) for c in backs]
    rest = [t for k in range(34) for t in free[k]] + [flowers[n] for n in range(1, 9) if n not in used_flowers]
    size = 144 - len(dealt_ids)
    wall: list[int | None] = [None] * size
    for k, tid in enumerate(front_ids):
        wall[k] = tid
    for k, tid in enumerate(back_ids):
        wall[size - 2 - 2 * (k // 2) + k % 2] = tid
    filler = iter(rest)
    wall = [t if t is not None else next(filler) for t in wall]
    rotated = dealt_ids + [t for t in wall if t is not None]
    start = ((-(DICE[0] + DICE[1] - 1)) % 4 * 36 + sum(DICE) * 2) % 144
    w = rotated[144 - start :] + rotated[: 144 - start]
    assert sorted(w) == list(range(144))
    # the actions
    actions: list[list[int]] = []
    front = iter(front_ids)
    back = iter(back_ids)
    discards: list[tuple[int, int]] = []  # (seat, id) of the last discard
    last_drawn: dict[int, int] = {}
    melds: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: []}
    b_win, b_from, b_false = 0, 0, 0
    results: list[dict[str, Any]] = [{}, {}, {}, {}]
    last_act: tuple[int, str] = (0, "")
    t = 1000

    def act(seat: int, kind_: int, data: int) -> None:
        nonlocal t
        t += 500
        actions.append([seat << 4 | kind_, data, t])

    def holding(seat: int, code: str) -> int:
        k = kind(code)
        tid = next(x for x in held[seat] if x // 4 == k and x < 136)
        held[seat].remove(tid)
        return tid

    started = False
    for st in s.steps:
        op, seat = st[0], st[1]
        if not started and op not in ("flower",):
            act(0, 0, 0)
            started = True
        if op == "flower":
            fid = flowers[int(st[2][1])]
            held[seat].remove(fid)
            rid = next(back)
            held[seat].append(rid)
            last_drawn[seat] = rid
            act(seat, 1, rid | (fid - 136) << 8)
        elif op == "draw":
            tid = next(front)
            held[seat].append(tid)
            last_drawn[seat] = tid
            act(seat, 7, tid)
        elif op == "repl":
            tid = next(back)
            held[seat].append(tid)
            last_drawn[seat] = tid
            act(seat, 7, tid | 0x100)
        elif op == "discard":
            tid = last_drawn[seat] if not st[3] and last_drawn.get(seat) in held[seat] else holding(seat, st[2])
            if tid in held[seat]:
                held[seat].remove(tid)
            discards.append((seat, tid))
            act(seat, 2, tid | (0x100 if st[3] else 0))
        elif op == "chow":
            low, claimed = kind(st[2]), kind(st[3])
            _, cid = discards.pop()
            ids = [cid if low + i == claimed else holding(seat, code_of(low + i)) for i in range(3)]
            offsets = [ids[i] - 4 * (low + i) for i in range(3)]
            data = (low + 1) | (claimed - low + 1) << 6 | offsets[0] << 10 | offsets[1] << 12 | offsets[2] << 14
            melds[seat] += ids
            act(seat, 3, data)
        elif op in ("pung", "kong"):
            src, cid = discards.pop()
            others = [holding(seat, st[2]) for _ in range(2 if op == "pung" else 3)]
            melds[seat] += [cid, *others]
            data = kind(st[2]) | ((seat - src) % 4) << 6 | (cid % 4) << 10
            act(seat, 4 if op == "pung" else 5, data)
        elif op == "ckong":
            ids = [holding(seat, st[2]) for _ in range(4)]
            melds[seat] += ids
            act(seat, 5, kind(st[2]) | (ids[-1] % 4) << 10)  # a kong of 1m instance 0 would be 0, which readers skip
        elif op == "akong":
            tid = holding(seat, st[2])
            melds[seat].append(tid)
            discards.append((seat, tid))  # what a Hu robbing it takes
            act(seat, 5, kind(st[2]) | 0x300 | (tid % 4) << 10)
        elif op == "pass":
            act(seat, 8, 0)
        elif op == "falsewin":
            b_false |= 1 << seat
            act(seat, 6, 0)
        elif op == "win":
            self_drawn = last_act[0] == seat and last_act[1] in ("draw", "repl", "flower")
            total = next(w[1] for w in s.wins if w[0] == seat)
            fans = next(w[2] for w in s.wins if w[0] == seat)
            b_win |= 1 << seat
            if self_drawn:
                b_from |= 1 << seat
                win_id = last_drawn[seat]
                held[seat].remove(win_id)
            else:
                src, win_id = discards[-1]
                b_from |= 1 << src
            counts: dict[int, int] = {}
            for f in fans:
                counts[f] = counts.get(f, 0) + 1
            table = {str(tz_fan(f)): _points(f) | (n - 1) << 8 for f, n in counts.items()}
            results[seat] = {"f": total, "t": table, "h": {"p": [], "s": [x for x in held[seat] if x < 136] + [win_id]}}
            act(seat, 6, total << 1)
        last_act = (seat, op)
    step = {
        "v": 0,
        "g": {"t": "spec", "n": 16, "l": 8, "bl": 0},
        "p": [{"n": n, "i": f"id{k}", "s": 0} for k, n in enumerate(s.names)],
        "i": s.number - 1,
        "w": bytes(w).hex(),
        "d": DICE[0] | DICE[1] << 4 | DICE[2] << 8 | DICE[3] << 12,
        "a": actions,
        "b": b_win | b_from << 4 | b_false << 8,
        "s": list(s.scores),
        "y": results,
    }
    return {"id": record_id, "belongs": session, "script": "<Decoded>", "step": step}


def code_of(k: int) -> str:
    if k < 27:
        return f"{k % 9 + 1}{'msp'[k // 9]}"
    return "ESWNCFP"[k - 27]


# Points of the fans the scenarios use (Green Book), for the records that carry them.
POINTS = {46: 8, 47: 8, 56: 4, 62: 2, 67: 2, 71: 1, 73: 1, 74: 1, 75: 1, 76: 1, 79: 1, 81: 1, 59: 2, 70: 1, 80: 1}
NAMES_ZH = {
    46: "杠上开花",
    47: "抢杠和",
    56: "不求人",
    62: "门前清",
    67: "暗杠",
    71: "连六",
    73: "幺九刻",
    74: "明杠",
    75: "缺一门",
    76: "无字",
    79: "单钓将",
    81: "花牌",
    59: "箭刻",
    70: "喜相逢",
    80: "自摸",
}


def _points(fan: int) -> int:
    return POINTS[fan]


# ---- Salasasa -----------------------------------------------------------------------------------


def sal_code(code: str) -> int:
    if is_flower(code):
        return 50 + int(code[1])
    if len(code) == 1:
        return {"E": 41, "S": 42, "W": 43, "N": 44, "C": 45, "P": 46, "F": 47}[code]
    return {"m": 10, "p": 20, "s": 30}[code[1]] + int(code[0])


ALL_CODES = [sal_code(code_of(k)) for k in range(34) for _ in range(4)] + [sal_code(f"f{n}") for n in range(1, 9)]


def _filled(wall: list[int | None], s: Scenario) -> list[int]:
    """The wall's places no step draws, filled with pieces of the set that neither the deal nor the
    wall's drawn places hold (every piece once: 4 of each tile, each flower once)."""
    left = list(ALL_CODES)
    for code in [sal_code(c) for hand in s.hands for c in hand] + [c for c in wall if c is not None]:
        left.remove(code)
    return [c if c is not None else left.pop(0) for c in wall]


def to_salasasa(scenarios: Sequence[Scenario], game_id: str = "SpecGame01") -> dict[str, Any]:
    """A Salasasa API record with one round per scenario (seats unchanged: original = player_index)."""
    rounds = {}
    for n, s in enumerate(scenarios, 1):
        fronts = [sal_code(st[2]) for st in s.steps if st[0] == "draw"]
        backs = [sal_code(st[3] if st[0] == "flower" else st[2]) for st in s.steps if st[0] in ("flower", "repl")]
        size = len(fronts) + len(backs) + 6
        wall: list[int | None] = [None] * size
        for k, c in enumerate(fronts):
            wall[k] = c
        for k, c in enumerate(backs):
            wall[size - 2 - 2 * (k // 2) + k % 2] = c
        wall = _filled(wall, s)
        ticks: list[list[Any]] = []
        last: tuple[int, str] = (0, "")
        discarder = 0
        for st in s.steps:
            op, seat = st[0], st[1]
            if op == "flower":
                ticks.append(["bh", sal_code(st[2]), seat, "F"])
                ticks.append(["bd", sal_code(st[3]), seat])
            elif op == "draw":
                ticks.append(["d", sal_code(st[2])])
            elif op == "repl":
                ticks.append(["gd", sal_code(st[2])])
            elif op == "discard":
                ticks.append(["c", sal_code(st[2]), "F" if st[3] else "T"])
                discarder = seat
            elif op == "chow":
                low, claimed = kind(st[2]), kind(st[3])
                code = {0: "cr", 1: "cm", 2: "cl"}[claimed - low]
                others = [sal_code(code_of(low + i)) for i in range(3) if low + i != claimed]
                ticks.append([code, sal_code(st[3]), seat, *others])
            elif op == "pung":
                ticks.append(["p", sal_code(st[2]), seat, sal_code(st[2]), sal_code(st[2])])
            elif op == "kong":
                ticks.append(["g", sal_code(st[2]), seat, *[sal_code(st[2])] * 3])
            elif op == "ckong":
                ticks.append(["ag", sal_code(st[2]), "F", *[sal_code(st[2])] * 4])
            elif op == "akong":
                ticks.append(["jg", sal_code(st[2]), "F"])
                discarder = seat
            elif op == "falsewin":
                ticks.append(["hu_first", seat, 0, [], [-30 if k == seat else 10 for k in range(4)]])
            elif op == "win":
                total = next(w[1] for w in s.wins if w[0] == seat)
                fans = next(w[2] for w in s.wins if w[0] == seat)
                self_drawn = last[0] == seat and last[1] in ("draw", "repl", "flower")
                code = (
                    "hu_self" if self_drawn else {3: "hu_first", 2: "hu_second", 1: "hu_third"}[(discarder - seat) % 4]
                )
                counts: dict[int, int] = {}
                for f in fans:
                    counts[f] = counts.get(f, 0) + 1
                names = [NAMES_ZH[f] + (f"*{c}" if c > 1 or f in (81, 73) else "") for f, c in counts.items()]
                ticks.append([code, seat, total, names, list(s.scores), sal_code(st[2]) if len(st) > 2 else 0])
            last = (seat, op)
        ticks.append(["liuju"] if not s.wins else ["end"])
        if not s.wins:
            ticks.append(["end"])
        rnd = {
            "round_index": n,
            "current_round": s.number,
            "seats": [0, 1, 2, 3],
            "dealer_index": 0,
            "start_player_index": 0,
            "tiles_list": wall,
            "action_ticks": ticks,
        }
        for seat in range(4):
            rnd[f"p{seat}_tiles"] = [sal_code(c) for c in s.hands[seat]]
        rounds[f"round_index_{n}"] = rnd
    title = {"rule": "guobiao", "sub_rule": "guobiao/standard", "max_round": 4, "hepai_limit": 8}
    for k, name in enumerate(scenarios[0].names):
        title[f"p{k}_name"] = name
        title[f"p{k}_uid"] = 100 + k
    return {"game_id": game_id, "rule": "guobiao", "record": {"game_title": title, "game_round": rounds}}


# ---- Botzone ------------------------------------------------------------------------------------


def bz_code(code: str) -> str:
    if len(code) == 1:
        return {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}[code]
    return {"m": "W", "p": "B", "s": "T"}[code[1]] + code[0]


def to_botzone_text(s: Scenario, match: str = "5f0000000000000000000001", names: dict[int, str] | None = None) -> str:
    """The normalised text (no flowers); East deals 13 and draws first."""
    lines = [f"Match {match}", f"Wind {WINDS.index(prevalent(s))}"]
    for seat in range(4):
        tiles = [bz_code(c) for c in s.hands[seat][:13]]
        lines.append(f"Player {seat} Deal " + " ".join(tiles))
    steps = list(s.steps)
    if len(s.hands[0]) == 14:  # East's 14th as its first draw
        steps.insert(0, ("draw", 0, s.hands[0][13]))
    last_discard = ""
    for st in steps:
        op, seat = st[0], st[1]
        if op == "draw" or op == "repl":
            lines.append(f"Player {seat} Draw {bz_code(st[2])}")
        elif op == "discard":
            lines.append(f"Player {seat} Play {bz_code(st[2])}")
            last_discard = st[2]
        elif op == "chow":
            lines.append(f"Player {seat} Chi {bz_code(code_of(kind(st[2]) + 1))}")
        elif op == "pung":
            lines.append(f"Player {seat} Peng {bz_code(st[2])}")
        elif op == "kong":
            lines.append(f"Player {seat} Gang {bz_code(st[2])}")
        elif op == "ckong":
            lines.append(f"Player {seat} AnGang {bz_code(st[2])}")
        elif op == "akong":
            lines.append(f"Player {seat} BuGang {bz_code(st[2])}")
        elif op == "ignore":
            lines[-1] += f" Ignore Player {seat} {st[2]} {bz_code(st[3])}"
        elif op == "win":
            lines.append(f"Player {seat} Hu {bz_code(st[2])}")
    del last_discard
    if s.wins:
        seat, total, fans = s.wins[0]
        counts: dict[int, int] = {}
        for f in fans:
            counts[f] = counts.get(f, 0) + 1
        lines.append(f"Fan {total} " + "+".join(f"{NAMES_ZH[f]}*{c}" for f, c in counts.items()))
        lines.append("Score " + " ".join(str(x) for x in s.scores))
    else:
        lines += ["Huang", "Score 0 0 0 0"]
    return "\n".join(lines) + "\n"


def to_botzone_log(s: Scenario, quan: int = 0) -> dict[str, Any]:
    """A Botzone match log: judge entries with `display` objects (flowers dealt on top of 13 tiles;
    a flower drawn shown by BUHUA, then drawn again)."""
    entries: list[dict[str, Any]] = [{"output": {"display": {"action": "INIT", "quan": quan, "srand": 1}}}]
    hands = [[bz_code(c) if not is_flower(c) else "H" + c[1] for c in h] for h in s.hands]
    entries.append(
        {
            "output": {
                "display": {"action": "DEAL", "hand": [h[:13] + [x for x in h[13:] if x[0] == "H"] for h in hands]}
            }
        }
    )
    steps = list(s.steps)
    if len(s.hands[0]) == 14 and not is_flower(s.hands[0][13]):
        steps.insert(0, ("draw", 0, s.hands[0][13]))
    pending: dict[str, Any] | None = None
    for st in steps:
        op, seat = st[0], st[1]
        d: dict[str, Any] | None = None
        if op == "flower":
            entries.append({"output": {"display": {"action": "DRAW", "player": seat, "tile": bz_code(st[3])}}})
            continue
        if op in ("draw", "repl"):
            d = {"action": "DRAW", "player": seat, "tile": bz_code(st[2])}
        elif op == "discard":
            if pending is not None:
                pending["tile"] = bz_code(st[2])
                entries.append({"output": {"display": pending}})
                pending = None
                continue
            d = {"action": "PLAY", "player": seat, "tile": bz_code(st[2])}
        elif op == "chow":
            pending = {"action": "CHI", "player": seat, "tileCHI": bz_code(code_of(kind(st[2]) + 1))}
            continue
        elif op == "pung":
            pending = {"action": "PENG", "player": seat}
            continue
        elif op in ("kong", "ckong"):
            d = {"action": "GANG", "player": seat, "tile": bz_code(st[2])}
        elif op == "akong":
            d = {"action": "BUGANG", "player": seat, "tile": bz_code(st[2])}
        elif op == "win":
            total = next(w[1] for w in s.wins if w[0] == seat)
            fans = next(w[2] for w in s.wins if w[0] == seat)
            counts: dict[int, int] = {}
            for f in fans:
                counts[f] = counts.get(f, 0) + 1
            d = {
                "action": "HU",
                "player": seat,
                "fanCnt": total,
                "fan": [{"name": NAMES_ZH[f], "cnt": c, "value": POINTS[f]} for f, c in counts.items()],
                "score": list(s.scores),
            }
        if d is not None:
            entries.append({"output": {"display": d}})
            entries.append({"0": {"verdict": "OK", "response": "PASS"}})
    if not s.wins:
        entries.append({"output": {"display": {"action": "HUANG"}}})
    return {"log": entries, "initdata": {"quan": quan, "srand": 1}}


# ---- PMN ----------------------------------------------------------------------------------------


def pmn_code(code: str) -> str:
    if is_flower(code):
        return code
    if len(code) == 1:
        return {"E": "w1", "S": "w2", "W": "w3", "N": "w4", "C": "r1", "F": "r2", "P": "r3"}[code]
    return {"m": "c", "p": "d", "s": "b"}[code[1]] + code[0]


def pmn_hand(codes: Sequence[str]) -> str:
    groups: dict[str, list[str]] = {k: [] for k in "cdbwrf"}
    for c in codes:
        p = pmn_code(c)
        groups[p[0]].append(p[1])
    return "".join(k + "".join(sorted(v)) for k, v in groups.items())


def to_pmn(s: Scenario, board: int | None = None) -> str:
    tokens = []
    hands = [list(h) for h in s.hands]
    if len(hands[0]) == 14:
        tokens.append("T0" + pmn_code(hands[0].pop()))
    winners = []
    for st in s.steps:
        op, seat = st[0], st[1]
        if op == "flower":
            tokens += [f"R{seat}{st[2]}", f"T{seat}{pmn_code(st[3])}"]
        elif op in ("draw", "repl"):
            tokens.append(f"T{seat}{pmn_code(st[2])}")
        elif op == "discard":
            tokens.append(f"D{seat}" + ("z1" if not st[3] else pmn_code(st[2])))
        elif op == "chow":
            tokens.append(f"C{seat}{pmn_code(code_of(kind(st[2]) + 1))}")
        elif op == "pung":
            tokens.append(f"P{seat}{pmn_code(st[2])}")
        elif op == "kong":
            tokens.append(f"Z{seat}{pmn_code(st[2])}")
        elif op == "ckong":
            tokens.append(f"A{seat}{pmn_code(st[2])}")
        elif op == "akong":
            tokens.append(f"B{seat}{pmn_code(st[2])}")
        elif op == "win":
            winners.append(seat)
    tokens += [f"H{w}" for w in winners]
    fans = ["None"] * 4
    for seat, _total, fan_list in s.wins:
        counts: dict[int, int] = {}
        for f in fan_list:
            counts[f] = counts.get(f, 0) + 1
        fans[seat] = ".".join(f"{f}/{POINTS[f]}/{c}" for f, c in counts.items())
    tags = [
        ("Event", "Spec"),
        ("Site", "spec"),
        ("Date", "2026.01.01"),
        ("Board", str(board or s.number)),
        ("PWind", prevalent(s)),
        ("East", s.names[0]),
        ("South", s.names[1]),
        ("West", s.names[2]),
        ("North", s.names[3]),
        ("Deal", " ".join(pmn_hand(h) for h in hands)),
        ("Scoring", "MCR"),
        ("Starting", "0 0 0 0"),
        ("Result", " ".join(str(x) for x in s.scores)),
        ("Penalty", "0 0 0 0"),
        ("Play", "".join(tokens)),
        ("Fan", " ".join(fans)),
    ]
    return "".join(f'[{k} "{v}"]\n' for k, v in tags)


def prevalent(s: Scenario) -> str:
    return WINDS[(s.number - 1) // 4 % 4]


def dumps(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode()


# ---- the scenarios ------------------------------------------------------------------------------

# A: East lays a flower aside, South pungs East's discard (a wind), West chows South's discard,
# North declares a Hu that is none, East kongs four 1m concealed and wins on the replacement tile.
KONG_FLOWER = Scenario(
    hands=(
        ("1m", "1m", "1m", "1m", "2p", "3p", "4p", "5p", "6p", "7p", "7s", "8s", "9s", "f1"),
        ("W", "W", "9m", "2m", "3m", "4m", "5m", "6m", "7m", "2s", "3s", "4s", "6s"),
        ("7m", "8m", "N", "8p", "9p", "1s", "1s", "5s", "6s", "E", "E", "C", "F"),
        ("S", "S", "S", "2p", "3p", "8s", "8s", "9p", "9p", "P", "P", "C", "F"),
    ),
    steps=(
        ("flower", 0, "f1", "W"),
        ("discard", 0, "W", False),
        ("pung", 1, "W"),
        ("discard", 1, "9m", True),
        ("chow", 2, "7m", "9m"),
        ("discard", 2, "N", True),
        ("falsewin", 3),
        ("draw", 3, "1p"),
        ("discard", 3, "1p", False),
        ("draw", 0, "5s"),
        ("ckong", 0, "1m"),
        ("repl", 0, "5s"),
        ("win", 0, "5s"),
    ),
    wins=((0, 19, (46, 56, 67, 79, 76, 73, 71, 81)),),
    scores=(81, -27, -27, -27),
)

# B: South pungs 5p, North kongs East's 中 on the discard, South adds the fourth 5p to its pung and
# West robs the kong.
ROBBING = Scenario(
    hands=(
        ("5p", "C", "1m", "1m", "2m", "3m", "4m", "6m", "7m", "8m", "9s", "9s", "E", "E"),
        ("5p", "5p", "N", "2s", "2s", "7s", "8s", "9s", "3m", "3m", "5m", "5m", "W"),
        ("3p", "4p", "6p", "7p", "8p", "1s", "2s", "3s", "4s", "5s", "6s", "N", "N"),
        ("C", "C", "C", "7p", "7p", "S", "S", "S", "9m", "8m", "6m", "5s", "4s"),
    ),
    steps=(
        ("discard", 0, "5p", True),
        ("pung", 1, "5p"),
        ("discard", 1, "N", True),
        ("draw", 2, "9m"),
        ("discard", 2, "9m", False),
        ("draw", 3, "1p"),
        ("discard", 3, "1p", False),
        ("draw", 0, "2p"),
        ("discard", 0, "C", True),
        ("kong", 3, "C"),
        ("repl", 3, "9p"),
        ("discard", 3, "9p", False),
        ("draw", 0, "1s"),
        ("discard", 0, "1s", False),
        ("draw", 1, "5p"),
        ("akong", 1, "5p"),
        ("win", 2, "5p"),
    ),
    number=6,
    wins=((2, 13, (47, 62, 71, 71, 75)),),
    scores=(-8, -21, 37, -8),
)

# C: a drawn hand (the record ends without a Hu).
DRAWN = Scenario(
    hands=(
        ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "E", "S"),
        ("1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "4p", "5p", "6p", "W"),
        ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "7p", "8p", "9p", "N"),
        ("1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1p", "2p", "3p", "C"),
    ),
    steps=(("discard", 0, "S", True), ("draw", 1, "F"), ("discard", 1, "F", False)),
    number=16,
)
