"""The JSON record form of a hand (`melds`, `hand`, `win`, the situation flags) <-> `Hand`.

Reading a record checks every field and goes on after a bad one, so that all the problems of a
record are reported at once, each naming its field (`melds[1].tile`, `hand[3]`, `win`) as the
notation's problems carry their column. The record form needs no parser: its fields are tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from mcr_score import errors
from mcr_score.errors import BadFieldError, UnknownFieldError
from mcr_score.hand import CLAIMS, FOUR_SETS, Hand, Locator, Meld, Ref, Situation
from mcr_score.messages import Message, msg
from mcr_score.tiles import FLOWER_LETTERS, INDEX, TILES, WINDS, Tile, starts_chow
from mcr_score.vocabulary import MELD_KINDS, Kind

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
_MELD_FIELDS: Final = frozenset(MELD_FIELDS)
# Read once: compiled, `Kind.CHOW` in a function is an attribute lookup each time.
_CHOW: Final = Kind.CHOW
_KONG: Final = Kind.KONG
FLAG_FIELDS = {"self_drawn": "self_drawn", "last_tile": "last_copy", "kong": "kong", "wall_last": "wall_last"}
_FIELD_OF_SITUATION = {v: k for k, v in FLAG_FIELDS.items()}
# Read once into this module, as `Final`: compiled, a name imported from another module is looked up
# in this module's globals at each use (some 28 look-ups a record).
_TILES: Final[dict[str, Tile]] = {name: Tile.from_index(i) for name, i in INDEX.items()}
_INDEX: Final[dict[str, int]] = INDEX
_TILE_OF: Final[tuple[Tile, ...]] = TILES
_KIND_NAMES: Final = frozenset(MELD_KINDS)


class RecordHand(NamedTuple):
    """A record read: its hand (as far as the fields allow), the problems of its fields, and the
    locator that names the field of a problem `check_hand` finds in the hand."""

    hand: Hand
    problems: list[errors.McrError]
    locate: Locator


@dataclass(frozen=True, slots=True)
class RecordRead:
    """A record read, as the batch reads one per record: `RecordHand`'s parts, its locator a method.
    A compiled class, made in a hundred instructions; a `NamedTuple` is made by interpreted code
    (some 2,400 a record, issue 30)."""

    hand: Hand
    problems: list[errors.McrError]
    order: list[int]  # the place in the `hand` field of each standing tile of the hand, in order

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(self, hand: Hand, problems: list[errors.McrError], order: list[int]) -> None:
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "problems", problems)
        object.__setattr__(self, "order", order)

    def locate(self, ref: Ref) -> tuple[int | None, str | None]:
        """The field of a place in the hand (a `Locator`)."""
        kind = ref[0]
        if kind == "meld":
            return None, f"melds[{ref[1]}]"
        if kind == "standing":
            return None, f"hand[{self.order[ref[1]]}]"
        if kind == "winning":
            return None, "win"
        if kind == "situation":
            return None, _FIELD_OF_SITUATION.get(ref[1], ref[1])
        return None, "hand"  # the tile count


_JSON_TYPES = {
    type(None): "null",
    bool: "boolean",
    int: "number",
    float: "number",
    str: "string",
    list: "list",
    dict: "object",
}


def json_type(value: object) -> Message:
    """The JSON name of a decoded value's type, for messages (a Python type's own name otherwise)."""
    name = _JSON_TYPES.get(type(value))
    return msg(f"json.{name}") if name else msg("json.other", name=type(value).__name__)


def hand_from_record(record: Mapping[str, Any]) -> RecordHand:
    """The hand of a decoded record's hand fields (other fields are the caller's)."""
    read = read_record(record)
    return RecordHand(read.hand, read.problems, read.locate)


def read_record(record: Mapping[str, Any]) -> RecordRead:
    """`hand_from_record`, as a compiled value."""
    # A dict, as JSON decodes it: compiled, its fields are then read without a method call each.
    fields: dict[str, Any] = record if isinstance(record, dict) else dict(record)
    problems: list[errors.McrError] = []
    melds_value = fields.get("melds", [])
    melds: list[Meld] = []
    if not isinstance(melds_value, list):
        problems.append(BadFieldError(msg("error.record.melds-list", type=json_type(melds_value)), where="melds"))
        melds_value = []
    for i, m in enumerate(melds_value):
        meld = _meld(m, i, problems)
        if meld is not None:
            melds.append(meld)
    if "hand" not in fields:
        problems.append(BadFieldError(msg("error.record.no-hand"), where="hand"))
    standing_value = fields.get("hand", [])
    if not isinstance(standing_value, list):
        problems.append(BadFieldError(msg("error.record.hand-list", type=json_type(standing_value)), where="hand"))
        standing_value = []
    # Each good tile as one int, its index times the field's length plus its place: sorted as ints,
    # the tiles in order and, among equal tiles, their places (tuples sorted cost some 2k a record).
    n = len(standing_value)
    keys: list[int] = []
    for i, v in enumerate(standing_value):
        index = _INDEX.get(v) if isinstance(v, str) else None
        if index is None:
            _tile(v, f"hand[{i}]", problems)  # records the problem
        else:
            keys.append(index * n + i)
    keys.sort()
    win_value = fields.get("win")
    winning = None if win_value is None else _tile(win_value, "win", problems)
    if "win" not in fields or (win_value is None and FOUR_SETS.size(n, len(melds_value)) >= FOUR_SETS.tiles(0)):
        problems.append(BadFieldError(msg("error.record.no-win"), where="win"))
    self_drawn = _flag(fields, "self_drawn", problems)
    last_copy = _flag(fields, "last_tile", problems)
    kong = _flag(fields, "kong", problems)
    wall_last = _flag(fields, "wall_last", problems)
    seat_wind = _wind(fields, "seat_wind", problems)
    prevalent_wind = _wind(fields, "prevalent_wind", problems)
    flowers_value = fields.get("flowers", 0)
    flowers, letters = 0, ""
    if isinstance(flowers_value, str) and all(c in FLOWER_LETTERS for c in flowers_value):
        flowers, letters = len(flowers_value), flowers_value
    elif isinstance(flowers_value, bool) or not isinstance(flowers_value, int):
        problems.append(BadFieldError(msg("error.record.flowers", value=repr(flowers_value)), where="flowers"))
    else:
        flowers = flowers_value
    situation = Situation(self_drawn, last_copy, wall_last, kong, seat_wind, prevalent_wind, flowers, letters)
    hand = Hand(tuple(melds), tuple([_TILE_OF[k // n] for k in keys]), winning, situation)
    return RecordRead(hand, problems, [k % n for k in keys])


def _flag(fields: dict[str, Any], name: str, problems: list[errors.McrError]) -> bool:
    """A situation flag's field (default false), or false with its problem recorded."""
    value = fields.get(name, False)
    if type(value) is bool:
        return value
    problems.append(BadFieldError(msg("error.record.boolean", field=name, value=repr(value)), where=name))
    return False


def _wind(fields: dict[str, Any], name: str, problems: list[errors.McrError]) -> str:
    """A wind's field (default `E`), or `E` with its problem recorded."""
    value = fields.get(name, "E")
    if isinstance(value, str) and len(value) == 1 and value in WINDS:
        return value
    problems.append(BadFieldError(msg("error.record.wind", field=name, value=repr(value)), where=name))
    return "E"


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
        problems.append(BadFieldError(msg("error.record.tile", value=repr(value)), where=where))
    return tile


def _meld(value: object, i: int, problems: list[errors.McrError]) -> Meld | None:
    """The meld of `melds[i]`, or None with its problems recorded (all those of its own fields)."""
    if not isinstance(value, dict):
        problems.append(BadFieldError(msg("error.record.meld-object", type=json_type(value)), where=f"melds[{i}]"))
        return None
    before = len(problems)
    for k in value:
        if k not in _MELD_FIELDS:
            problems.append(
                UnknownFieldError(
                    msg("error.record.meld-field", key=repr(k), fields=", ".join(MELD_FIELDS)), where=f"melds[{i}].{k}"
                )
            )
    kind = value.get("type")
    if not (isinstance(kind, str) and kind in _KIND_NAMES):
        problems.append(BadFieldError(msg("error.record.meld-type", kind=repr(kind)), where=f"melds[{i}].type"))
    tile_value = value.get("tile")
    tile = _TILES.get(tile_value) if isinstance(tile_value, str) else None
    if tile is None:
        _tile(tile_value, f"melds[{i}].tile", problems)  # records the problem
    concealed = value.get("concealed", False)
    if type(concealed) is not bool:
        problems.append(
            BadFieldError(
                msg("error.record.boolean", field="concealed", value=repr(concealed)), where=f"melds[{i}].concealed"
            )
        )
    claim = value.get("claim")
    if claim is not None and (isinstance(claim, bool) or not isinstance(claim, int)):
        problems.append(BadFieldError(msg("error.record.claim-digit", value=repr(claim)), where=f"melds[{i}].claim"))
    if len(problems) > before or tile is None or not isinstance(kind, str):
        return None
    if kind == _CHOW and not starts_chow(_INDEX[tile.code]):
        problems.append(BadFieldError(msg("error.record.no-chow", tile=tile), where=f"melds[{i}].tile"))
        return None
    if concealed and kind != _KONG:
        problems.append(
            BadFieldError(msg("error.meld.concealed", kind=msg(f"kind.{kind}")), where=f"melds[{i}].concealed")
        )
        return None
    if claim is not None and (concealed or claim not in CLAIMS[kind]):
        message = msg(
            "error.record.claim-concealed" if concealed else "error.record.claim",
            claim=claim,
            kind=msg(f"kind.{kind}"),
            meaning=msg(f"error.record.claim-takes.{'concealed' if concealed else kind}"),
        )
        problems.append(BadFieldError(message, where=f"melds[{i}].claim"))
        return None
    if kind == _KONG and not concealed and claim is None:
        claim = 1  # Meld needs a claim digit for an exposed kong; the record form makes it optional
    try:
        return Meld(kind, tile, concealed=concealed, claim=claim)
    except errors.McrError as e:
        e.where = f"melds[{i}]"
        problems.append(e)
        return None
