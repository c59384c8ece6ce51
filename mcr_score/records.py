"""The JSON record form of a hand (`melds`, `hand`, `win`, the situation flags) <-> `Hand`.

Reading a record checks every field and goes on after a bad one, so that all the problems of a
record are reported at once, each naming its field (`melds[1].tile`, `hand[3]`, `win`) as the
notation's problems carry their column. The record form needs no parser: its fields are tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from . import errors
from .hand import CLAIMS, MELD_KINDS, Hand, Locator, Meld, Ref, Situation
from .tiles import FLOWER_LETTERS, INDEX, WINDS, Tile

HAND_FIELDS = (
    "melds",
    "hand",
    "win",
    "self_drawn",
    "last_tile",
    "kong",
    "wall_last",
    "seat_wind",
    "prevalent_wind",
    "flowers",
)
MELD_FIELDS = ("type", "tile", "concealed", "claim")
FLAG_FIELDS = {"self_drawn": "self_drawn", "last_tile": "last_copy", "kong": "kong", "wall_last": "wall_last"}
_FIELD_OF_SITUATION = {v: k for k, v in FLAG_FIELDS.items()}
_TILES: dict[str, Tile] = {name: Tile.from_index(i) for name, i in INDEX.items()}
_TILE_NAMES = "1m-9m, 1p-9p, 1s-9s, E S W N, C F P"


class RecordError(errors.McrError):
    """A record that is not a hand at all: not JSON, a wrong field, an empty or oversized line."""

    code = "bad-record"


class BadFieldError(RecordError):
    code = "bad-field"


class UnknownFieldError(RecordError):
    code = "unknown-field"


class RecordHand(NamedTuple):
    """A record read: its hand (as far as the fields allow), the problems of its fields, and the
    locator that names the field of a problem `check_hand` finds in the hand."""

    hand: Hand
    problems: list[errors.McrError]
    locate: Locator


def json_type(value: object) -> str:
    """The JSON name of a decoded value's type, for messages."""
    if value is None:
        return "null"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def hand_from_record(record: Mapping[str, Any]) -> RecordHand:
    """The hand of a decoded record's hand fields (other fields are the caller's)."""
    problems: list[errors.McrError] = []
    melds_value = record.get("melds", [])
    melds: list[Meld] = []
    if not isinstance(melds_value, list):
        problems.append(BadFieldError(f"melds must be a list, not {json_type(melds_value)}", where="melds"))
        melds_value = []
    for i, m in enumerate(melds_value):
        meld = _meld(m, i, problems)
        if meld is not None:
            melds.append(meld)
    if "hand" not in record:
        problems.append(
            BadFieldError('no hand: give the standing tiles as "hand" (or the whole hand as "notation")', where="hand")
        )
    standing_value = record.get("hand", [])
    if not isinstance(standing_value, list):
        problems.append(BadFieldError(f"hand must be a list of tiles, not {json_type(standing_value)}", where="hand"))
        standing_value = []
    standing: list[tuple[Tile, int]] = []
    for i, v in enumerate(standing_value):
        tile = _tile(v, f"hand[{i}]", problems)
        if tile is not None:
            standing.append((tile, i))
    standing.sort(key=lambda ti: (INDEX[ti[0].code], ti[1]))
    win_value = record.get("win")
    winning = None if win_value is None else _tile(win_value, "win", problems)
    if "win" not in record or (win_value is None and len(standing_value) + 3 * len(melds_value) >= 14):
        problems.append(
            BadFieldError(
                'no winning tile: give it as "win" ("hand" holds the standing tiles '
                'without it; "win": null for a waiting hand of 13 tiles)',
                where="win",
            )
        )
    flags: dict[str, bool] = {}
    for name, attr in FLAG_FIELDS.items():
        value = record.get(name, False)
        if not isinstance(value, bool):
            problems.append(BadFieldError(f"{name} must be true or false, not {value!r}", where=name))
            value = False
        flags[attr] = value
    winds: dict[str, str] = {}
    for name in ("seat_wind", "prevalent_wind"):
        value = record.get(name, "E")
        if not (isinstance(value, str) and len(value) == 1 and value in WINDS):
            problems.append(BadFieldError(f"{name} must be E, S, W or N, not {value!r}", where=name))
            value = "E"
        winds[name] = value
    flowers_value = record.get("flowers", 0)
    flowers, letters = 0, ""
    if isinstance(flowers_value, str) and all(c in FLOWER_LETTERS for c in flowers_value):
        flowers, letters = len(flowers_value), flowers_value
    elif isinstance(flowers_value, bool) or not isinstance(flowers_value, int):
        problems.append(
            BadFieldError(f"flowers must be a number 0-8 or letters a-h, not {flowers_value!r}", where="flowers")
        )
    else:
        flowers = flowers_value
    situation = Situation(
        self_drawn=flags["self_drawn"],
        last_copy=flags["last_copy"],
        wall_last=flags["wall_last"],
        kong=flags["kong"],
        seat_wind=winds["seat_wind"],
        prevalent_wind=winds["prevalent_wind"],
        flowers=flowers,
        flower_letters=letters,
    )
    hand = Hand(tuple(melds), tuple(t for t, _ in standing), winning, situation)
    order = [i for _, i in standing]

    def locate(ref: Ref) -> tuple[int | None, str | None]:
        kind = ref[0]
        if kind == "meld":
            return None, f"melds[{ref[1]}]"
        if kind == "standing":
            return None, f"hand[{order[ref[1]]}]"
        if kind == "winning":
            return None, "win"
        if kind == "situation":
            return None, _FIELD_OF_SITUATION.get(ref[1], ref[1])
        return None, "hand"  # the tile count

    return RecordHand(hand, problems, locate)


def record_from_hand(hand: Hand) -> dict[str, Any]:
    """The hand fields of a hand's record: `hand_from_record(record_from_hand(h)).hand == h`."""
    s = hand.situation
    melds = []
    for m in hand.melds:
        meld: dict[str, Any] = {"type": m.kind, "tile": m.tile.code, "concealed": m.concealed}
        if m.claim is not None:
            meld["claim"] = m.claim
        melds.append(meld)
    return {
        "melds": melds,
        "hand": [t.code for t in hand.standing],
        "win": hand.winning.code if hand.winning is not None else None,
        "self_drawn": s.self_drawn,
        "last_tile": s.last_copy,
        "kong": s.kong,
        "wall_last": s.wall_last,
        "seat_wind": s.seat_wind,
        "prevalent_wind": s.prevalent_wind,
        "flowers": s.flower_letters or s.flowers,
    }


def _tile(value: object, where: str, problems: list[errors.McrError]) -> Tile | None:
    """The tile named by a field, or None with the problem recorded."""
    tile = _TILES.get(value) if isinstance(value, str) else None
    if tile is None:
        problems.append(BadFieldError(f"{value!r} is not a tile ({_TILE_NAMES})", where=where))
    return tile


def _meld(value: object, i: int, problems: list[errors.McrError]) -> Meld | None:
    """The meld of `melds[i]`, or None with its problems recorded (all those of its own fields)."""
    where = f"melds[{i}]"
    if not isinstance(value, dict):
        problems.append(BadFieldError(f"a meld is an object with type and tile, not {json_type(value)}", where=where))
        return None
    before = len(problems)
    for k in value:
        if k not in MELD_FIELDS:
            problems.append(
                UnknownFieldError(
                    f"unknown meld field {k!r}: a meld has {', '.join(MELD_FIELDS)}", where=f"{where}.{k}"
                )
            )
    kind = value.get("type")
    if kind not in MELD_KINDS:
        problems.append(BadFieldError(f"meld type {kind!r}: expected chow, pung or kong", where=f"{where}.type"))
    tile = _tile(value.get("tile"), f"{where}.tile", problems)
    concealed = value.get("concealed", False)
    if not isinstance(concealed, bool):
        problems.append(
            BadFieldError(f"concealed must be true or false, not {concealed!r}", where=f"{where}.concealed")
        )
    claim = value.get("claim")
    if claim is not None and (isinstance(claim, bool) or not isinstance(claim, int)):
        problems.append(BadFieldError(f"claim must be a digit, not {claim!r}", where=f"{where}.claim"))
    if len(problems) > before or tile is None or not isinstance(kind, str):
        return None
    if kind == "chow" and (tile.is_honor or tile.rank > 7):
        problems.append(
            BadFieldError(
                f"no chow starts at {tile}: a chow's tile is its lowest tile, 1-7 of a suit", where=f"{where}.tile"
            )
        )
        return None
    if concealed and kind != "kong":
        problems.append(BadFieldError(f"a declared {kind} is exposed, not concealed", where=f"{where}.concealed"))
        return None
    if claim is not None and (concealed or claim not in CLAIMS[kind]):
        meaning = (
            "none for a concealed kong"
            if concealed
            else "1-3, which tile was claimed"
            if kind == "chow"
            else "1-3, from whom"
            if kind == "pung"
            else "1-3 from whom, 5-7 promoted from a pung claimed from 1-3"
        )
        problems.append(
            BadFieldError(
                f"claim {claim} does not fit a {'concealed ' * concealed}{kind}: {meaning}", where=f"{where}.claim"
            )
        )
        return None
    if kind == "kong" and not concealed and claim is None:
        claim = 1  # Meld needs a claim digit for an exposed kong; the record form makes it optional
    try:
        return Meld(kind, tile, concealed=concealed, claim=claim)
    except errors.McrError as e:
        e.where = where
        problems.append(e)
        return None
