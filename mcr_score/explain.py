"""The referee's explanation of a hand, as plain JSON-ready data in no particular language.

A referee settles a dispute with five answers: is the Hu valid and what does it score; which
arrangement the score comes from; why each fan found is or is not counted; which other readings
exist; whether the situation fits the tiles; and who pays what. `explain` gathers them from the
engine's `Score` and the hand, using only public functions. Everything is ids, codes, tile labels
and numbers, so the JSON is the same in every language; `explain_render` writes the sentences.

Payments (R98 Art. 10 一(二)-(三); seed §V and §VI.3 (8)): every loser owes the 8 base points; on a
discard the discarder also pays the total, on a self-draw each of the three does. The total paid
includes the flowers, which never count toward the 8-point minimum (R98 #81).
"""

from __future__ import annotations

from . import errors, profiles
from .fans.table import FANS
from .hand import Hand
from .i18n import fan_names
from .notation import format_hand, format_tiles
from .render import situation_to_dict
from .scoring import MINIMUM, Score, SetView, score
from .tiles import WINDS

BASE = 8  # points each loser pays on top of (or instead of) the total
FLOWERS = 81
_WAIT_EDGE, _WAIT_CLOSED, _WAIT_SINGLE = 77, 78, 79
_FROM = {1: "left", 2: "opposite", 3: "right"}

# One hand per fan for `mcr-score fan N`, each scoring that fan under the china profile. They are
# the hands of tests/test_harness.py (EXAMPLES), each confirmed there with the reference
# calculator; tests/test_explain.py checks that our engine counts the fan on every one.
FAN_EXAMPLES: dict[int, str] = {
    1: "[WWW3][EEE2]44mSSSNNN|WN0000", 2: "[FFF2]44p123sCCCPPP|SS0000", 3: "[234s1]22333444sFF2s|WN0000",
    4: "1112345678999m4m|SN0000", 5: "[8888p2][2222s][6666s1][5555m]PP|SE0000", 6: "3344556677899m8m|NS0000",
    7: "19m199p19sESWCFPN|NN0000", 8: "[999m3][111p1]99p11999s1s|WE0000", 9: "[NNN1]678sEESSSWWW|EE0000",
    10: "[456p]123sCCFFFPPC|WN0000", 11: "ESSWWNNCCFFPPE|WS0000", 12: "888m4445666p555s5p|SS0000",
    13: "[123m3]2355778899m1m|WS0000", 14: "[456p]44555666pFF4p|EN0000", 15: "[444s2][333s2][666s1]55sSS5s|NW0000",
    16: "[345s]23567789sFF1s|EE0000", 17: "[4444s][678s3][3333p2][6666m3]WW|SN0000",
    18: "1199m99p9sEEWWNN9s|EW0000", 19: "55m99p66778899sWW|NE0000", 20: "8m369p147sSWNCFPE|WS0000",
    21: "[666m1]88p22244466s8p|NE0000", 22: "1123344667788s2s|SW0000", 23: "[456s]888p44556sEE6s|WE0000",
    24: "[444s][222s3]3337888s9s|SW0000", 25: "778899m7788p799s7s|NE0000", 26: "5566m4466p44556s6s|NE0000",
    27: "1133m223p112233s3p|SE0000", 28: "[123m1]456789m33pCC3p|WE0000", 29: "[789s1]123789m55p23s1s|WW0000",
    30: "[567p1][777s2]34556pFF4p|NS0000", 31: "345567m4555p555s6p|EW0000", 32: "[777m]345m777p77sSS7s|WN0000",
    33: "777m555666p78sWW9s|SN0000", 34: "147m369p28sESNFPW|NS0000", 35: "[789s]28m369p147sNN5m|EE0000",
    36: "7788m7799p66778s8s|SW0000", 37: "11m223344p12233s1s|SN0000", 38: "[WWW2]11m456pSSSNNN|SE0000",
    39: "[123p]56m333789sNN4m|NE0000", 40: "11223399p2288sPP|NE0000", 41: "[234m2]234p23488sEE8s|NW0000",
    42: "[444p1][333s2]222m78pEE6p|SS0000", 43: "[444s]23678m789pNN4m|WS0000", 44: "[666s]567m34p222sWW2p|NW1010",
    45: "[333s3][444p2]23m222pPP1m|EN0010", 46: "[8888s3]456m567p22sNN2s|WS1001",
    47: "[456m2][123s1][567p2]45pPP3p|WS0001", 48: "[678s3][2222s][8888p]11mNNN|EN0000",
    49: "[888p1][444p3]33m555sSS3m|SW0000", 50: "[888m2]23344577mPP7m|SW0000", 51: "[345s3]45m444567pNN6m|EW0000",
    52: "116699m33p99sEFFE|EE0000", 53: "[678s][333p1][234m1][567p3]NN|SS0000", 54: "[789p1]33m678sCCPPPC|WS0000",
    55: "[123s3]789m123pSSNNN|NW0000", 56: "333m678p45567sWW6s|NN1000", 57: "[NNNN7][5555s2]67m789pEE5m|WS0000",
    58: "39m47p258sESWNFPC|SS0100", 59: "[CCC]456m5677p234s7p|SN0000", 60: "[NNN1]789m66p456sWW6p|NS0000",
    61: "[222s2][345p2][666m1]99pEEE|WE0000", 62: "34m234777p678sEE5m|NE0000", 63: "[678s3]789m11p12334s2s|WS0000",
    64: "[789p1]34m888p123sNN5m|SE0000", 65: "[567m1]222m22p234sCC2p|EE0000", 66: "[789s]888m33345pPP6p|WE0000",
    67: "[222m2][PPPP]234p3378s9s|SS0000", 68: "[222s2]33366m34555p6m|NN0000", 69: "223344m333p22sNN2s|WN0000",
    70: "[456s2][123p2]22334mSS1m|WW0000", 71: "[789s3]44m123p456sSS4m|NW0000", 72: "123789m234p88sEE8s|SN1000",
    73: "[NNN]777m789p33sSSS|WE0000", 74: "[123s2][7777p5]234m44sFF4s|EN0000", 75: "[678s3]22233789pSS3p|EW0000",
    76: "[789p]45556678m22s2s|EN0000", 77: "[345p1]444m23489sWW7s|NN0000", 78: "[567m2]222m123p79sCC8s|WW0000",
    79: "[567s3]677889m888pWW|SW0000", 80: "[678p1]456m44p234sWW4p|WE1000", 81: "3344556677899m8m|NN0000|7",
    82: "[5555p][4444p3]33m345sCC3m|SW0000",
}


def check_discarder(hand: Hand, discarder: str | None) -> None:
    """`--from` names the discarder: there is none on a self-draw, and it is not the winner."""
    if discarder is None:
        return
    s = hand.situation
    if s.self_drawn:
        errors.raise_all([errors.ImpossibleSituationError(
            f"--from {discarder}: a self-drawn hand has no discarder", where="--from")])
    if discarder == s.seat_wind:
        errors.raise_all([errors.ImpossibleSituationError(
            f"--from {discarder} is the winner's own seat wind", where="--from")])


def explain(hand: Hand, rules: str = profiles.DEFAULT, discarder: str | None = None) -> dict:
    """Everything the referee needs about `hand` under `rules`; `discarder` is the seat wind that
    discarded the winning tile, when known. Raises `McrError` for an impossible `--from`."""
    check_discarder(hand, discarder)
    result = score(hand, rules)
    return {
        "ok": True,
        "hand": format_hand(hand),
        "rules": result.rules,
        "verdict": _verdict(hand, result),
        "form": result.form or None,
        "winning_tile": hand.winning.code if hand.winning else None,
        "arrangement": _arrangement(hand, result),
        "fans": [_fan(f.id) | {"points": f.points, "count": f.count, "subtotal": f.points * f.count,
                               "sets": list(f.sets)} for f in result.fans],
        "not_counted": [_not_counted(n) for n in result.not_counted],
        "alternatives": _alternatives(result),
        "situation": situation_to_dict(hand.situation) | {"discarder": discarder,
                                                          "checks": _checks(hand, discarder)},
        "payments": payments(result, hand, discarder),
    }


def rejection(error: errors.McrError) -> dict:
    """The JSON of an impossible hand or situation: the same shape as the other commands' errors."""
    return {"ok": False, "error": error.to_dict()}


def _fan(fan_id: int | None) -> dict:
    return {"id": fan_id, "names": fan_names(fan_id)}


def _verdict(hand: Hand, result: Score) -> dict:
    reason = None
    if not result.winning:
        reason = "waiting" if hand.winning is None else "no-shape"
    return {"winning": result.winning, "reason": reason, "total": result.total, "points": result.points,
            "flower_points": result.flower_points, "minimum": MINIMUM, "meets_minimum": result.meets_minimum,
            "short_by": max(0, MINIMUM - result.points) if result.winning else None,
            "valid_hu": result.winning and result.meets_minimum}


def set_tiles(view: SetView) -> list[str]:
    """The tile codes of a set from its label (`123m`, `EEE`, `1m 4m 7m ...`)."""
    if " " in view.tiles or view.kind in ("knitted", "single"):
        return view.tiles.split()
    if view.tiles[-1] in "mps":
        return [rank + view.tiles[-1] for rank in view.tiles[:-1]]
    return list(view.tiles)


def _state(view: SetView) -> str:
    if view.declared:
        return "declared-concealed" if view.concealed else "declared-exposed"
    return "concealed" if view.concealed else "completed-by-discard"


def _winning_place(hand: Hand, result: Score) -> tuple[int | None, int | None]:
    """Which set the winning tile completed, and where in it.

    The engine does not say; the reading that explains its fans is chosen: the pung it counted as
    exposed (won on a discard), then a set shaped like the counted wait (edge, closed, single),
    then a chow, the pair, anything else holding the tile.
    """
    if hand.winning is None:
        return None, None
    win = hand.winning.code
    counted = {f.id for f in result.fans}
    best = None
    for i, view in enumerate(result.arrangement):
        tiles = set_tiles(view)
        if view.declared or win not in tiles:
            continue
        pos = tiles.index(win) if view.kind in ("chow", "knitted", "single") else len(tiles) - 1
        rank = {"chow": 2, "pair": 3}.get(view.kind, 4)
        if view.kind in ("pung", "kong") and not view.concealed:
            rank = 0
        elif view.kind == "chow":
            low = int(tiles[0][0])
            edge = (pos == 2 and low == 1) or (pos == 0 and low == 7)
            if (_WAIT_EDGE in counted and edge) or (_WAIT_CLOSED in counted and pos == 1):
                rank = 1
        elif view.kind == "pair" and _WAIT_SINGLE in counted:
            rank = 1
        if best is None or rank < best[0]:
            best = (rank, i, pos)
    return (best[1], best[2]) if best else (None, None)


def _arrangement(hand: Hand, result: Score) -> list[dict]:
    win_set, win_pos = _winning_place(hand, result)
    out = []
    for i, view in enumerate(result.arrangement):
        entry = {"kind": view.kind, "tiles": view.tiles, "tile_list": set_tiles(view), "concealed": view.concealed,
                 "declared": view.declared, "state": _state(view), "claim": None,
                 "winning_tile": i == win_set, "winning_index": win_pos if i == win_set else None}
        if view.declared and i < len(hand.melds):
            entry["claim"] = _claim(hand.melds[i])
        out.append(entry)
    return out


def _claim(meld) -> dict | None:
    """From whom a declared meld was claimed, as its notation digit says (None: not written)."""
    if meld.claim is None:
        return None
    if meld.kind == "chow":
        return {"tile": meld.tiles[meld.claim - 1].code, "from": "left", "promoted": False}
    return {"tile": None, "from": _FROM[meld.claim - 4 if meld.promoted else meld.claim], "promoted": meld.promoted}


def _not_counted(n) -> dict:
    shared = [s for s in dict.fromkeys(n.sets) if s in n.by_sets]
    return _fan(n.id) | {"rule": n.rule, "sets": list(n.sets),
                         "by": _fan(n.by) if n.by is not None else None,
                         "by_sets": list(n.by_sets), "shared": shared}


def _alternatives(result: Score) -> list[dict]:
    """The other readings, best first, with how far each falls behind the chosen one."""
    readings = sorted(result.alternatives, key=lambda r: -r.points)
    return [{"form": r.form, "sets": [s.tiles for s in r.sets], "points": r.points,
             "total": r.points + result.flower_points, "behind": result.points - r.points,
             "fans": [_fan(f.id) | {"points": f.points, "count": f.count} for f in r.fans]}
            for r in readings]


def _checks(hand: Hand, discarder: str | None) -> list[dict]:
    """What the situation claims, checked against the tiles (the parser already rejected the impossible)."""
    s = hand.situation
    checks = [{"check": "win", "status": "ok" if s.self_drawn or discarder else "note",
               "self_drawn": s.self_drawn, "discarder": discarder},
              {"check": "winds", "status": "ok", "prevalent": s.prevalent_wind, "seat": s.seat_wind}]
    if hand.winning is not None:
        win = hand.winning
        holders = [m for m in hand.melds if win in m.tiles]
        in_melds = sum(m.tiles.count(win) for m in hand.melds)
        if s.last_copy:
            checks.append({"check": "last-copy", "status": "ok", "tile": win.code, "in_melds": in_melds})
        elif in_melds == 3:
            checks.append({"check": "last-copy", "status": "inferred", "tile": win.code,
                           "melds": [{"kind": m.kind, "tiles": format_tiles(m.tiles)} for m in holders]})
        if s.robbing_kong:
            checks.append({"check": "robbing-kong", "status": "ok", "tile": win.code})
    if s.wall_last:
        checks.append({"check": "wall-last", "status": "ok", "fan": 44 if s.self_drawn else 45})
    if s.replacement:
        checks.append({"check": "replacement", "status": "ok",
                       "kongs": [format_tiles(m.tiles) for m in hand.melds if m.kind == "kong"]})
    if s.flowers:
        checks.append({"check": "flowers", "status": "ok", "flowers": s.flowers, "letters": s.flower_letters})
    return checks


def payments(result: Score, hand: Hand, discarder: str | None = None) -> dict:
    """Who pays the winner what; nobody pays for a hand that is not a valid Hu."""
    s = hand.situation
    out = {"applies": False, "reason": None, "base": BASE, "total": result.total, "self_drawn": s.self_drawn,
           "robbing_kong": s.robbing_kong, "winner": s.seat_wind, "discarder": discarder,
           "payers": [], "winner_receives": 0}
    if not result.winning:
        return out | {"reason": "not-winning"}
    if not result.meets_minimum:
        return out | {"reason": "false-hu"}
    big = BASE + result.total
    seat = WINDS.index(s.seat_wind)
    others = [WINDS[(seat + k) % 4] for k in (1, 2, 3)]  # in turn order after the winner
    if s.self_drawn:
        payers = [{"seat": w, "role": "each", "amount": big} for w in others]
    else:
        role = "robbed" if s.robbing_kong else "discarder"
        if discarder:
            payers = [{"seat": discarder, "role": role, "amount": big}] + [
                {"seat": w, "role": "other", "amount": BASE} for w in others if w != discarder]
        else:
            payers = [{"seat": None, "role": role, "amount": big}] + [
                {"seat": None, "role": "other", "amount": BASE}] * 2
    return out | {"applies": True, "payers": payers, "winner_receives": sum(p["amount"] for p in payers)}


# ---- the fan table ----------------------------------------------------------------------------

def fan_row(fan_id: int) -> dict:
    """One fan as the table shows it: names, points per profile and what it excludes in each."""
    fan = FANS[fan_id]
    excludes: set[int] = set()
    excluded_by: set[int] = set()
    excludes_one: set[int] = set()
    for name in fan.points:
        profile = profiles.get(name)
        excludes |= profile.excludes.get(fan_id, frozenset())
        excluded_by |= {f for f, ex in profile.excludes.items() if fan_id in ex}
        excludes_one |= profile.excludes_one.get(fan_id, frozenset())
    return _fan(fan_id) | {"points": dict(fan.points), "excludes": sorted(excludes),
                           "excludes_own": sorted(fan.excludes_own),
                           "excludes_one": sorted(excludes_one),
                           "excluded_by": sorted(excluded_by)}


def fan_table() -> list[dict]:
    return [fan_row(f) for f in FANS]


def fan_detail(fan_id: int, rules: str = profiles.DEFAULT) -> dict:
    """One fan in full, with its example hand scored (under china when `rules` lacks the fan)."""
    fan = FANS[fan_id]
    profile = profiles.get(rules)
    used = rules if fan_id in profile.points else next(iter(fan.points))
    example = FAN_EXAMPLES[fan_id]
    result = score(example, used)
    row = fan_row(fan_id)
    if profile.name not in row["points"] and fan_id in profile.points:
        row["points"] = row["points"] | {profile.name: profile.points[fan_id]}
    return row | {
        "definition": fan.definition, "cite": fan.cite, "repeatable": fan.repeatable,
        "example": {"hand": example, "rules": result.rules, "total": result.total, "points": result.points,
                    "meets_minimum": result.meets_minimum,
                    "fans": [_fan(f.id) | {"points": f.points, "count": f.count, "sets": list(f.sets)}
                             for f in result.fans]}}
