"""The referee's explanation of a hand, as plain JSON-ready data in no particular language.

A referee settles a dispute with five answers: is the Hu valid and what does it score; which
arrangement the score comes from; why each fan found is or is not counted; which other readings
exist; whether the situation fits the tiles; and who pays what. `explain` gathers them from the
engine's `Score` and the hand, using only public functions. Everything is ids, codes, tile labels
and numbers, so the JSON is the same in every language; `referee_text` writes the sentences.

Payments come from `payments.py`.
"""

from __future__ import annotations

from typing import Any, Final

from mcr_score import errors
from mcr_score.hand import Hand, Meld
from mcr_score.messages import msg
from mcr_score.notation import format_hand, format_tiles, parse_hand
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.claims import Claim, check
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.systems.mcr.pages.text import group_label, situation_to_dict
from mcr_score.systems.mcr.payments import payments
from mcr_score.systems.mcr.result import SCORE_FIELDS
from mcr_score.systems.mcr.scoring import Group, NotCounted, Score, score
from mcr_score.tiles import LAST_COPY_SEEN
from mcr_score.vocabulary import Kind


def check_discarder(hand: Hand, discarder: str | None) -> None:
    """`--from` names the discarder: there is none on a self-draw, and it is not the winner."""
    if discarder is None:
        return
    s = hand.situation
    if s.self_drawn:
        errors.raise_all(
            [errors.ImpossibleSituationError(msg("error.from.self-drawn", seat=discarder), where="--from")]
        )
    if discarder == s.seat_wind:
        errors.raise_all([errors.ImpossibleSituationError(msg("error.from.winner", seat=discarder), where="--from")])


def explain(hand: Hand, rules: str = profiles.DEFAULT, discarder: str | None = None) -> dict[str, Any]:
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
        "wait": result.wait,
        "arrangement": _arrangement(hand, result),
        "fans": [
            _fan(f.fan)
            | {
                "points": f.points,
                "count": f.count,
                "subtotal": f.points * f.count,
                "sets": [format_tiles(s) for s in f.sets],
            }
            for f in result.fans
        ],
        "not_counted": [_not_counted(n) for n in result.not_counted],
        "alternatives": _alternatives(result),
        "situation": situation_to_dict(hand.situation) | {"discarder": discarder, "checks": _checks(hand, discarder)},
        "payments": payments(result, hand, discarder),
    }


def check_claim(data: dict[str, Any], total: int | None, fans: tuple[int, ...] | None) -> dict[str, Any]:
    """A referee's dispute, "I scored 24, they say 20": the claimed total and fans against the
    explanation's. `missing`: fans counted but not claimed; `extra`: fans claimed but not counted
    (with repeats; None when no fans were claimed), as the one claim check (`claims.check`) finds
    them; `removed`: for each extra fan, the rule that removed it (`rule` and `by` as in
    `not_counted`), `not-found` when the hand does not show it, `fewer` when it counts fewer times
    than claimed."""
    v = data["verdict"]
    counted = {f["id"]: f["count"] for f in data["fans"]} if v["winning"] else {}
    checked = check(Claim(total, fans), v["total"], counted)
    removed: list[dict[str, Any]] = []
    for fan_id in sorted(set(checked.extra or ())):
        why = next((n for n in data["not_counted"] if n["id"] == fan_id), None)
        fewer = fan_id in counted
        rule = "fewer" if fewer else (why["rule"] if why is not None else "not-found")
        by = why["by"]["id"] if why is not None and why["by"] is not None and not fewer else None
        removed.append({"id": fan_id, "names": FANS[Fan(fan_id)].names, "rule": rule, "by": by})
    return {
        "total": total,
        "computed": v["total"],
        "fans": list(fans) if fans is not None else None,
        "agrees": checked.matches,
        "missing": list(checked.missing) if checked.missing is not None else None,
        "extra": list(checked.extra) if checked.extra is not None else None,
        "removed": removed,
    }


def rejection(error: errors.McrError) -> dict[str, Any]:
    """The JSON of an impossible hand or situation: the same shape as the other commands' errors."""
    return {"ok": False, "error": error.to_dict()}


def _fan(fan: Fan) -> dict[str, Any]:
    return {"id": int(fan), "names": FANS[fan].names}


# The score's fields the verdict shows, in its order, each read as `score --json` reads it.
VERDICT_FIELDS: Final = (
    "winning",
    "reason",
    "total",
    "points",
    "flower_points",
    "minimum",
    "meets_minimum",
    "short_by",
)
_READERS: Final = dict(SCORE_FIELDS)


def _verdict(hand: Hand, result: Score) -> dict[str, Any]:
    out = {name: _READERS[name](result) for name in VERDICT_FIELDS}
    out["valid_hu"] = result.winning and result.meets_minimum
    return out


def _state(group: Group) -> str:
    if group.declared:
        return "declared-concealed" if group.concealed else "declared-exposed"
    return "concealed" if group.concealed else "completed-by-discard"


def _arrangement(hand: Hand, result: Score) -> list[dict[str, Any]]:
    """The chosen arrangement's groups; the engine says which one the winning tile completed."""
    out = []
    for i, group in enumerate(result.arrangement):
        codes = [t.code for t in group.tiles]
        winning = i == result.win_set and hand.winning is not None
        position = None
        if winning and hand.winning is not None:
            position = (
                codes.index(hand.winning.code)
                if group.kind in (Kind.CHOW, Kind.KNITTED, Kind.SINGLE)
                else len(codes) - 1
            )
        entry = {
            "kind": group.kind,
            "tiles": group_label(group),
            "tile_list": codes,
            "concealed": group.concealed,
            "declared": group.declared,
            "state": _state(group),
            "claim": None,
            "winning_tile": winning,
            "winning_index": position,
        }
        if group.declared and i < len(hand.melds):
            entry["claim"] = _claim(hand.melds[i])
        out.append(entry)
    return out


def _claim(meld: Meld) -> dict[str, Any] | None:
    """From whom a declared meld was claimed, as its notation digit says (None: not written)."""
    if meld.claim is None:
        return None
    if meld.kind == Kind.CHOW:
        return {"tile": meld.tiles[meld.claim - 1].code, "from": "left", "promoted": False}
    return {"tile": None, "from": meld.claimed_from, "promoted": meld.promoted}


def _not_counted(n: NotCounted) -> dict[str, Any]:
    sets = [format_tiles(s) for s in n.sets]
    by_sets = [format_tiles(s) for s in n.by_sets]
    shared = [s for s in dict.fromkeys(sets) if s in by_sets]
    return _fan(n.fan) | {
        "rule": n.rule,
        "sets": sets,
        "by": _fan(n.by) if n.by is not None else None,
        "by_sets": by_sets,
        "shared": shared,
    }


def _alternatives(result: Score) -> list[dict[str, Any]]:
    """The other readings, best first, with how far each falls behind the chosen one."""
    readings = sorted(result.alternatives, key=lambda r: -r.points)
    return [
        {
            "form": r.form,
            "sets": [group_label(g) for g in r.groups],
            "points": r.points,
            "total": r.points + result.flower_points,
            "behind": result.points - r.points,
            "fans": [_fan(f.fan) | {"points": f.points, "count": f.count} for f in r.fans],
        }
        for r in readings
    ]


def _checks(hand: Hand, discarder: str | None) -> list[dict[str, Any]]:
    """What the situation claims, checked against the tiles (the parser already rejected the impossible)."""
    s = hand.situation
    checks: list[dict[str, Any]] = [
        {
            "check": "win",
            "status": "ok" if s.self_drawn or discarder else "note",
            "self_drawn": s.self_drawn,
            "discarder": discarder,
        },
        {"check": "winds", "status": "ok", "prevalent": s.prevalent_wind, "seat": s.seat_wind},
    ]
    if hand.winning is not None:
        win = hand.winning
        holders = [m for m in hand.melds if win in m.tiles]
        in_melds = sum(m.tiles.count(win) for m in hand.melds)
        if s.last_copy:
            checks.append({"check": "last-copy", "status": "ok", "tile": win.code, "in_melds": in_melds})
        elif in_melds == LAST_COPY_SEEN:
            checks.append(
                {
                    "check": "last-copy",
                    "status": "inferred",
                    "tile": win.code,
                    "melds": [{"kind": m.kind, "tiles": format_tiles(m.tiles)} for m in holders],
                }
            )
        if s.robbing_kong:
            checks.append({"check": "robbing-kong", "status": "ok", "tile": win.code})
    if s.wall_last:
        checks.append(
            {
                "check": "wall-last",
                "status": "ok",
                "fan": int(Fan.LAST_TILE_DRAW if s.self_drawn else Fan.LAST_TILE_CLAIM),
            }
        )
    if s.replacement:
        checks.append(
            {
                "check": "replacement",
                "status": "ok",
                "kongs": [format_tiles(m.tiles) for m in hand.melds if m.kind == Kind.KONG],
            }
        )
    if s.flowers:
        checks.append({"check": "flowers", "status": "ok", "flowers": s.flowers, "letters": s.flower_letters})
    return checks


# ---- the fan table ----------------------------------------------------------------------------


def fan_row(fan: Fan, rules: str = profiles.DEFAULT) -> dict[str, Any]:
    """One fan as the table shows it under a profile: names, points, and what it excludes there."""
    row = FANS[fan]
    profile = profiles.get(rules)
    return _fan(fan) | {
        "points": profile.points.get(fan),
        "rules": profile.name,
        "not_counted_with": sorted(int(f) for f in profile.not_counted_with(fan)),
        "not_counted_on_its_sets": sorted(int(f) for f in profile.excludes_own.get(fan, ())),
        "absorbs_one": sorted(int(f) for f in profile.excludes_one.get(fan, ())),
        "not_counted_when": sorted(int(f) for f in profile.not_counted_when(fan)),
        "repeatable": row.repeatable,
        "switches": {
            s.key: profile.choices[s.key]
            for s in profiles.SWITCHES
            if any(fan in option.fans() for option in s.payload.values())
        },
    }


def fan_table(rules: str = profiles.DEFAULT) -> list[dict[str, Any]]:
    return [fan_row(fan, rules) for fan in FANS]


def fan_detail(fan: Fan, rules: str = profiles.DEFAULT) -> dict[str, Any]:
    """One fan in full under a profile, with its example hand scored (under the first profile that
    has the fan when `rules` lacks it: china's private fan 82)."""
    row = FANS[fan]
    profile = profiles.get(rules)
    used = rules if fan in profile.points else next(iter(row.points))
    result = score(parse_hand(row.example), used)
    return fan_row(fan, rules) | {
        "definition": row.definition(),
        "cite": row.cite,
        "example": {"notation": row.example, "rules": result.rules, "score": result.to_dict()},
    }
