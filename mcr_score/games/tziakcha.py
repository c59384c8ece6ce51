"""tziakcha (雀渣) records: a hand's record `{id, belongs, script}` (script = base64(zlib(JSON)), or
`"<Decoded>"` with the JSON in `step`), a decoded `step` alone, a list of records, and a session in
the form tziakcha-fetcher writes, `{sessionId, players, records: [{id, index, step}]}`.

The spec is docs/record-formats.md §4.1: the wall `w` (144 tile ids in hex) cut by the dice `d`,
dealt 4-4-4-1 from East plus East's 14th, drawn from the front, replacements from the back a stack
at a time; actions `[seat << 4 | type, data, ms]`; the winners and discarders in `b`; each
winner's result in `y` (total `f`, fans `t` by tziakcha's numbers, hand `h`). A tile id ÷ 4 is the
kind: 1-9 characters, 1-9 bamboo, 1-9 dots, E S W N, 中 发 白; 136-143 are the flowers.
"""

from __future__ import annotations

import base64
import binascii
import functools
import zlib
from collections.abc import Sequence
from typing import Any, Final

from mcr_score.decoding import DataError, loads_json, located
from mcr_score.games._replay_fast import made, setters
from mcr_score.games.errors import GameRecordError
from mcr_score.games.fan_names import tziakcha_fan
from mcr_score.games.model import (
    Act,
    Deal,
    Event,
    Events,
    Flower,
    Game,
    HandRecord,
    Outcome,
    Piece,
    RecordedFan,
    RecordFormat,
)
from mcr_score.games.reading import JSON_DIGITS, MAX_ACTIONS, MAX_SESSION_HANDS, Fields, Input, json_of, names4
from mcr_score.games.replay import (
    ADDED_KONG,
    CHOW,
    CONCEALED_KONG,
    DECLINE,
    DISCARD,
    DRAW,
    FALSE_WIN,
    FLOWER,
    KONG,
    PASS,
    PUNG,
    REPLACEMENT,
    TILE_AT,
    WIN,
    Table,
    WinRead,
    _Stop,
    code_of,
    replay,
    replayed,
    shared_situation,
    win_of,
)
from mcr_score.hand import Hand
from mcr_score.messages import count, msg
from mcr_score.tiles import INDEX, WINDS, Tile, is_terminal_or_honor

TILES: Final = 144
DEALT: Final = 53  # 13 to each seat and East's 14th
KINDS: tuple[str, ...] = (
    tuple(f"{r}m" for r in range(1, 10)) + tuple(f"{r}s" for r in range(1, 10)) + tuple(f"{r}p" for r in range(1, 10))
)
KINDS += ("E", "S", "W", "N", "C", "F", "P")  # kind 31 中, 32 发, 33 白
FAN_CHICKEN_FLOWER = 83  # tziakcha's 花牌: its count is the flowers
MAX_SCRIPT = 128 * 1024
"""The most bytes a hand's script may decode to: its `MAX_ACTIONS` actions of at most 40 bytes each
(`[63,16777215,12345678901234567890],`) and the rest of its step, some 5 KiB (a real one is 4.5 KiB
for 197 actions). Decompressed no further: a script of 3.6 MB is refused after its first 128 KiB."""


def looks_like(doc: Any) -> bool:
    """A tziakcha record, step, list of records or fetcher session."""
    if isinstance(doc, list):
        return bool(doc) and all(isinstance(d, dict) and ("script" in d or "step" in d) for d in doc)
    if not isinstance(doc, dict):
        return False
    if "script" in doc or "step" in doc:
        return True
    if "sessionId" in doc or ("records" in doc and "periods" in doc):
        return True
    return {"a", "w", "p", "y"} <= doc.keys()


KIND_TILES: Final = tuple(
    Tile.from_index(INDEX[k]) for k in KINDS
)  # the engine's own tiles: a replay compares them by identity first
PIECES: Final[tuple[Piece, ...]] = tuple(KIND_TILES[i // 4] for i in range(136)) + tuple(Flower(n) for n in range(1, 9))


FLOWER_IDS: Final = 136  # the tile ids from here are flowers
# The places in the wall of each seat's tiles: dealt from East, four at a time three times round, one
# each, then East's 14th.
DEALT_AT: Final[tuple[tuple[int, ...], ...]] = tuple(
    (*range(4 * s, 4 * s + 4), *range(16 + 4 * s, 20 + 4 * s), *range(32 + 4 * s, 36 + 4 * s), 48 + s)
    + ((DEALT - 1,) if s == 0 else ())
    for s in range(4)
)
ALL_IDS: Final = bytes(range(TILES))
CODES: Final[tuple[int, ...]] = tuple(code_of(p) for p in PIECES)  # a tile id's piece as the table's code
CODE_BYTES: Final = bytes(CODES) + bytes(256 - len(CODES))  # CODES as a table for `bytes.translate`
KIND_CODES: Final[tuple[int, ...]] = tuple(code_of(t) for t in KIND_TILES)  # a kind (tziakcha's order): its code


def piece(tile_id: int) -> Piece:
    """The piece of a tile id 0-143."""
    return PIECES[tile_id]


def read(data: Input) -> list[Game]:
    doc = json_of(data)
    f = Fields(data.name)
    if isinstance(doc, list):
        if len(doc) > MAX_SESSION_HANDS:  # refused before any script is decoded
            raise f.error("", msg("record.session-hands", n=len(doc), most=MAX_SESSION_HANDS))
        steps = [(_step(f, r, f"[{i}]"), _step_at(r, f"[{i}]")) for i, r in enumerate(doc)]
        sessions = {str(r.get("belongs")) for r in doc if isinstance(r, dict) and r.get("belongs")}
        return _games(f, sessions.pop() if len(sessions) == 1 else data.stem, steps, None, "")
    doc = f.obj(doc, "")
    if "sessionId" in doc or "records" in doc:
        records = f.seq(f.get(doc, "records", ""), "records")
        if len(records) > MAX_SESSION_HANDS:
            raise f.error("records", msg("record.session-hands", n=len(records), most=MAX_SESSION_HANDS))
        steps = []
        for i, r in enumerate(records):
            where = f"records[{i}]"
            record = r if type(r) is dict else f.obj(r, where)
            if "step" not in record and "script" not in record:
                raise f.error(where, msg("record.tziakcha-no-step"))
            steps.append((_step(f, record, where), _step_at(record, where)))
        players = None
        if "players" in doc:
            listed = f.seq(doc["players"], "players", 4)
            players = names4([_player_name(f, p, f"players[{i}]") for i, p in enumerate(listed)])
        game = doc.get("sessionId", doc.get("id"))
        title = doc.get("title", "")
        return _games(f, str(game) if game else data.stem, steps, players, str(title) if title else "")
    if "script" in doc or "step" in doc:
        game = doc.get("belongs") or doc.get("id") or data.stem
        return _games(f, str(game), [(_step(f, doc, ""), _step_at(doc, ""))], None, "")
    return _games(f, data.stem, [(doc, "")], None, "")


def _step_at(record: dict[str, Any], where: str) -> str:
    """Where a record's step stands in the file, for the paths its problems name."""
    return _at(where, "step" if "step" in record else "script")


def _player_name(f: Fields, player: Any, where: str) -> str:
    if isinstance(player, dict):
        return f.name_of(player.get("name", player.get("n", "")), where + ".name")
    return f.name_of(player, where)


def _step(f: Fields, record: Any, where: str) -> dict[str, Any]:
    """The decoded step of a record: `step`, or `script` decoded (base64, then zlib, then JSON)."""
    # A field that holds what it must is taken as it is (here and in `_deal`, `_hand`): `Fields`,
    # which names the problem of any other, is interpreted Python, a call of some 1,500 instructions.
    record = record if type(record) is dict else f.obj(record, where)
    step = record.get("step")
    if step is not None:
        return step if type(step) is dict else f.obj(step, _at(where, "step"))
    script = f.text(f.get(record, "script", where), _at(where, "script"))
    try:  # decompressed up to one byte past the bound: a larger script is refused there, not expanded
        raw = zlib.decompressobj().decompress(base64.b64decode(script, validate=True), MAX_SCRIPT + 1)
    except (binascii.Error, ValueError, zlib.error) as e:
        raise f.error(_at(where, "script"), msg("record.script", reason=str(e))) from None
    if len(raw) > MAX_SCRIPT:
        raise f.error(_at(where, "script"), msg("record.script-large", most=MAX_SCRIPT, actions=MAX_ACTIONS))
    try:
        doc = loads_json(lambda: raw.decode("utf-8"), digits=JSON_DIGITS, raw=raw)  # scanned when it can be
    except (UnicodeDecodeError, DataError) as e:
        reason = located(raw.decode("utf-8"), e).msg if isinstance(e, DataError) else str(e)
        raise f.error(_at(where, "script"), msg("record.script", reason=reason)) from None
    return f.obj(doc, _at(where, "script"))


def _at(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _games(
    f: Fields,
    game: str,
    steps: Sequence[tuple[dict[str, Any], str]],
    players: tuple[str, str, str, str] | None,
    title: str,
) -> list[Game]:
    hands = []
    first: tuple[str, str, str, str] | None = players
    given: dict[int, str] = {}  # each hand's number, and where its step stands: a session gives each once
    for step, where in steps:
        names = _names(f, step, where)
        if first is None:
            first = names
        hand = _hand(f, step, where, game, names, _order(names, first))
        if hand.number in given:
            raise f.error(_at(where, "i"), msg("record.hand-twice", hand=hand.number, first=given[hand.number] or "."))
        given[hand.number] = where
        hands.append(hand)
        if not title:
            g = step.get("g")
            title = str(g.get("t", "")) if isinstance(g, dict) else ""
    hands.sort(key=lambda h: h.number)
    return [
        Game(
            RecordFormat.TZIAKCHA,
            game,
            title,
            first or names4(["", "", "", ""]),
            tuple(hands),
            site=f"https://tziakcha.net/game/?id={game}",
        )
    ]


def _names(f: Fields, step: dict[str, Any], where: str) -> tuple[str, str, str, str]:
    p = step.get("p")
    if type(p) is list and len(p) == 4:  # four players, each named by text, as every hand is
        names = [x.get("name", x.get("n")) if type(x) is dict else None for x in p]
        texts = [n.strip() for n in names if type(n) is str]
        if len(texts) == 4:
            if texts[0] and texts[1] and texts[2] and texts[3]:  # each named: as they are (`names4` costs more)
                return (texts[0], texts[1], texts[2], texts[3])
            return names4(texts)
    p = f.seq(f.get(step, "p", where), _at(where, "p"), 4)
    return names4(
        [_player_name(f, f.obj(x, f"{_at(where, 'p')}[{i}]"), f"{_at(where, 'p')}[{i}]") for i, x in enumerate(p)]
    )


def _small(value: Any, high: int) -> int:
    """`value` when it is a whole number 0-`high`, else -1."""
    return value if type(value) is int and 0 <= value <= high else -1


def _order(names: tuple[str, str, str, str], players: tuple[str, str, str, str]) -> tuple[int, int, int, int]:
    """The game's player at each seat of this hand (by name; the seats in order when names differ):
    when the game's four players are four names and this hand's are those four, each once. Found by
    comparing the names (sixteen at most), which costs a fifth of making their sets."""
    if names == players:
        return (0, 1, 2, 3)
    seats = [0, 0, 0, 0]
    found = 0  # a bit by the game's player found, at the first place of their name
    for i in range(4):
        for j in range(4):
            if names[i] == players[j]:
                seats[i] = j
                found |= 1 << j
                break
    a, b, c, d = players
    if found == 15 and a != b and a != c and a != d and b != c and b != d and c != d:
        return (seats[0], seats[1], seats[2], seats[3])
    return (0, 1, 2, 3)


def _deal(f: Fields, step: dict[str, Any], where: str) -> tuple[Deal, list[list[int]] | None]:
    """The deal from the wall `w` and the dice `d`, and the codes of its pieces as the table takes
    them (`Table`'s `codes`); without `w` (an anonymised record), only the size of the wall left."""
    if "w" not in step:
        return Deal((), None, TILES - DEALT), None
    text = step["w"]
    if type(text) is not str:
        text = f.text(text, _at(where, "w"))
    try:
        ids = bytes.fromhex(text)
    except ValueError:
        raise f.error(_at(where, "w"), msg("record.tziakcha-wall")) from None
    if not _every_id_once(ids):
        raise f.error(_at(where, "w"), msg("record.tziakcha-wall"))
    dice_code = _small(step.get("d"), 0xFFFF)
    if dice_code < 0:
        dice_code = f.num(f.get(step, "d", where), _at(where, "d"), 0, 0xFFFF)
    dice = [(dice_code >> (4 * k)) & 15 for k in range(4)]
    start = ((-(dice[0] + dice[1] - 1)) % 4 * 36 + sum(dice) * 2) % TILES
    ids = ids[start:] + ids[:start]
    hands = tuple([tuple([PIECES[ids[k]] for k in places]) for places in DEALT_AT])
    rest = tuple([PIECES[i] for i in ids[DEALT:]])
    codes = [[CODES[ids[k]] for k in places] for places in DEALT_AT]
    codes.append(list(ids[DEALT:].translate(CODE_BYTES)))
    return made(Deal, DEAL_FIELDS, (hands, rest, len(rest), True)), codes


def _every_id_once(ids: bytes) -> bool:
    """The wall holds every tile id once: 144 ids, and every tile id among them (deleting them from
    all the ids leaves none), so each once and no other. A C loop of `bytes.translate`: a loop of
    the ids, compiled, cost six times more, their set ten."""
    return len(ids) == TILES and not ALL_IDS.translate(None, ids)


def _meld_tiles(middle: int) -> tuple[Tile, Tile, Tile]:
    return KIND_TILES[middle - 1], KIND_TILES[middle], KIND_TILES[middle + 1]


def _action_at(places: tuple[str, ...], i: int, prefix: str) -> str:
    """Where action `i` stands, for its problem: its place when the reader knows it, else `prefix[i]`."""
    return places[i] if i < len(places) else f"{prefix}[{i}]"


def _kind(f: Fields, code: int, places: tuple[str, ...], i: int, prefix: str, chow: bool = False) -> int:
    """The kind of a meld's code (the middle tile of a chow), checked; its problem names action `i`."""
    kind = code & 0x3F
    if kind >= len(KINDS) or (chow and is_terminal_or_honor(kind)):  # tziakcha's suits are 9 kinds each too
        raise f.error(f"{_action_at(places, i, prefix)}[1]", msg("record.tziakcha-code", code=code))
    return kind


# An action is `[seat << 4 | kind, data, ms]` (docs/record-formats.md §4.1, "Actions"): its kinds
# and the fields of its numbers, named. `Final` ints: compiled, each is a C constant, as the digit was.
SEAT_SHIFT: Final = 4  # the seat is bits 4-5 of the action's first number, its kind bits 0-3
KIND_BITS: Final = 15
FLOWER_LAID: Final = 1  # data: the tile drawn in its place (bits 0-7), the flower laid aside (bits 8-11)
DISCARDED: Final = 2  # data: the tile, and HAND_CUT
CHOWED: Final = 3  # data: the middle tile's kind (bits 0-5), the claimed tile's place in it (MELD_FROM)
PUNGED: Final = 4  # data: the tile's kind, the seat it came from (MELD_FROM: claimer - discarder)
KONGED: Final = 5  # data: the tile's kind; ADDED_KONG_BITS both set: added; MELD_FROM 0: concealed
WON: Final = 6  # data >> 1: the total claimed; 0 and 1: a false Hu
DRAWN: Final = 7  # data: the tile, and FROM_THE_BACK
PASSED: Final = 8
DECLINED: Final = 9
TILE_BITS: Final = 0xFF  # the tile id of a draw, discard or flower
FROM_THE_BACK: Final = 0x100  # a draw's flag: the replacement of a kong or flower
HAND_CUT: Final = 0x100  # a discard's flag: from the hand (手切), not the tile just drawn
FLOWER_SHIFT: Final = 8  # a flower laid aside: its number - 1 in bits 8-11
MELD_KIND_BITS: Final = 0x3F  # a meld's tile kind (a chow's middle tile)
MELD_FROM_SHIFT: Final = 6  # bits 6-7 of a meld: a chow's claimed tile (1-3), a pung's or kong's direction
ADDED_KONG_BITS: Final = 0x300


def _meld_from(data: int) -> int:
    """Bits 6-7 of a meld's data: a chow's claimed place (1-3), or the direction of a pung's or
    kong's source ((claimer - discarder) mod 4, 0 for none)."""
    return data >> MELD_FROM_SHIFT & 3


def _event(
    seat: int,
    act: Act,
    ms: int | None,
    at: str,
    tile: Tile | None = None,
    flower: Flower | None = None,
    meld: tuple[Tile, ...] = (),
    source: int | None = None,
    hand_cut: bool | None = None,
) -> Event:
    """`Event(seat, act, tile, flower, meld, source, hand_cut, ms, at)`, made as the tuple it is (a
    `NamedTuple`, `tuple.__new__`: a hand has a hundred of them); its fields by name, in one place
    (tests/games/test_games_read_cost.py pins it to `Event`)."""
    return new_event(Event, (seat, act, tile, flower, meld, source, hand_cut, ms, at))


def _drawn(seat: int, act: Act, drawn: Piece, ms: int | None, at: str) -> Event:
    """A draw (or a replacement) of a piece: a flower's goes in `flower`, a tile's in `tile`."""
    if isinstance(drawn, Flower):
        return _event(seat, act, ms, at, flower=drawn)
    return _event(seat, act, ms, at, tile=drawn)


def _events(
    f: Fields, actions: Sequence[Any], prefix: str, discarder: int | None, table: Table | None
) -> tuple[list[Event], list[int], bool]:
    """The actions as events, and the seats of a false Hu; a well-formed action takes the fast path,
    any other is read field by field so that its problem is named. With a `table`, the hand is played
    as it is read and no event is kept: the acts the table plays at once on plain ints (`Table.draw`,
    `discard`, `flower`, `chow`, `pung`: most of a hand) and a pass make none (the record's `Events`
    make them all on first use); any other act is played from its event; the first problem of the
    replay stops the play (the flag is then False: the replay of the events names the problem), and
    the actions are still read to the end, each checked."""
    events: list[Event] | None = [] if table is None else None
    false_wins: list[int] = []
    places = _places(prefix)
    played = table is not None
    rows = actions if type(actions) is list else list(actions)  # a list's items are read as a list's, compiled
    for i in range(len(rows)):
        action = rows[i]
        n = 0
        combined = data = -1
        if type(action) is list and (n := len(action)) >= 2:  # a list: its items read as a list's
            first, second = action[0], action[1]
            if type(first) is int and type(second) is int:
                combined, data = first, second  # C integers, compiled
        if not (0 <= combined <= 0x3F and 0 <= data <= 0xFFFFFF):
            at = _action_at(places, i, prefix)
            action = f.seq(action, at)
            n = len(action)
            if n < 2:
                raise f.error(at, msg("record.length", n=count("n.item", n), want=3))
            combined = f.num(action[0], f"{at}[0]", 0, 0x3F)
            data = f.num(action[1], f"{at}[1]", 0, 0xFFFFFF)
        seat = combined >> SEAT_SHIFT & 3
        kind = combined & KIND_BITS
        tile_id = data & TILE_BITS
        # `==` on each, not `in` a tuple: compiled, these compare C ints.
        if (kind == FLOWER_LAID or kind == DISCARDED or kind == DRAWN) and tile_id >= TILES:  # noqa: SIM109
            raise f.error(f"{_action_at(places, i, prefix)}[1]", msg("record.tziakcha-code", code=data))
        if table is not None:  # the acts the table plays on ints, without an event
            if kind == DRAWN:
                if not data & FROM_THE_BACK and table.draw(seat, CODES[tile_id]):
                    continue
            elif kind == DISCARDED:
                if tile_id < FLOWER_IDS and table.discard(seat, CODES[tile_id]):
                    continue
            elif kind == FLOWER_LAID:
                if table.flower(seat, (data >> FLOWER_SHIFT & 15) + 1, CODES[tile_id]):
                    continue
            elif (kind == CHOWED or kind == PUNGED) and data:  # noqa: SIM109
                direction = _meld_from(data)
                _kind(f, data, places, i, prefix, kind == CHOWED)  # checked: a bad code is named
                if kind == CHOWED:
                    if direction and table.chow(seat, KIND_CODES[(data & MELD_KIND_BITS) - 1]):
                        continue
                elif table.pung(seat, KIND_CODES[data & MELD_KIND_BITS], (seat - direction) % 4 if direction else -1):
                    continue
        # A pass, a win declined: nothing on the table.
        if events is None and (kind == PASSED or kind == DECLINED):  # noqa: SIM109
            continue
        at = _action_at(places, i, prefix)
        ms = action[2] if n > 2 and type(action[2]) is int else None
        made: tuple[Event, ...]
        if kind == DRAWN:
            act = REPLACEMENT if data & FROM_THE_BACK else DRAW
            made = (_drawn(seat, act, PIECES[tile_id], ms, at),)
        elif kind == DISCARDED:
            tile = PIECES[tile_id]
            if isinstance(tile, Flower):
                raise f.error(at, msg("record.tziakcha-code", code=tile_id))
            made = (_event(seat, DISCARD, ms, at, tile=tile, hand_cut=bool(data & HAND_CUT)),)
        elif kind == PASSED:
            made = (_event(seat, PASS, ms, at),)
        elif kind == FLOWER_LAID:  # a flower laid aside, and its replacement drawn
            made = (
                _event(seat, FLOWER, ms, at, flower=Flower((data >> FLOWER_SHIFT & 15) + 1)),
                _drawn(seat, REPLACEMENT, PIECES[tile_id], ms, at),
            )
        elif kind == CHOWED and data:
            meld = _meld_tiles(_kind(f, data, places, i, prefix, True))
            position = _meld_from(data)
            if not 1 <= position <= 3:
                raise f.error(f"{at}[1]", msg("record.tziakcha-code", code=data))
            made = (_event(seat, CHOW, ms, at, tile=meld[position - 1], meld=meld, source=(seat - 1) % 4),)
        elif kind == PUNGED and data:
            tile = KIND_TILES[_kind(f, data, places, i, prefix)]
            direction = _meld_from(data)
            source = (seat - direction) % 4 if direction else None
            made = (_event(seat, PUNG, ms, at, tile=tile, meld=(tile,) * 3, source=source),)
        elif kind == KONGED and data:
            tile = KIND_TILES[_kind(f, data, places, i, prefix)]
            direction = _meld_from(data)
            if data & ADDED_KONG_BITS == ADDED_KONG_BITS:
                made = (_event(seat, ADDED_KONG, ms, at, tile=tile, meld=(tile,) * 4),)
            elif direction == 0:
                made = (_event(seat, CONCEALED_KONG, ms, at, tile=tile, meld=(tile,) * 4),)
            else:
                made = (_event(seat, KONG, ms, at, tile=tile, meld=(tile,) * 4, source=(seat - direction) % 4),)
        elif kind == WON:
            if data >> 1 == 0:
                made = (_event(seat, FALSE_WIN, ms, at),)
                false_wins.append(seat)
            else:
                made = (_event(seat, WIN, ms, at, source=None if discarder in (None, seat) else discarder),)
        elif kind == DECLINED:
            made = (_event(seat, DECLINE, ms, at),)
        else:
            continue
        if events is not None:
            events += made
        elif table is not None:
            try:
                for event in made:
                    table.play(event)
            except _Stop:
                table, played = None, False
    return events or [], false_wins, played


new_event: Final = tuple.__new__
new_read: Final = tuple.__new__  # a `WinRead`, made as the tuple it is
DEAL_FIELDS: Final = setters(Deal)
HAND_FIELDS: Final = setters(HandRecord)


@functools.lru_cache(maxsize=64)
def _places(prefix: str) -> tuple[str, ...]:
    """The places of a hand's actions (`step.a[57]`), made once for a file's records."""
    return tuple(f"{prefix}[{i}]" for i in range(400))  # a hand has some 120 actions


def _tile_id(f: Fields, value: Any, where: str) -> int:
    """A field that must hold a tile's id (0-135), not a flower's."""
    tile_id = f.num(value, where, 0, TILES - 1)
    if tile_id >= FLOWER_IDS:
        raise f.error(where, msg("record.tziakcha-code", code=tile_id))
    return tile_id


def _hand(
    f: Fields,
    step: dict[str, Any],
    where: str,
    game: str,
    names: tuple[str, str, str, str],
    order: tuple[int, int, int, int],
) -> HandRecord:
    """The hand of `step`; `names` its players by seat, `order` their places in the game's players."""
    # A field that holds what it must is taken as it is; any other is read by `Fields`, which names
    # its problem (the paths are made only then).
    index = _small(step.get("i"), MAX_SESSION_HANDS - 1)
    if index < 0:
        index = f.num(f.get(step, "i", where), _at(where, "i"), 0, MAX_SESSION_HANDS - 1)
    b = _small(step.get("b", 0), 0xFFF)
    if b < 0:
        b = f.num(step.get("b", 0), _at(where, "b"), 0, 0xFFF)
    prefix = _at(where, "a")
    actions = step.get("a")
    if type(actions) is not list:
        actions = f.seq(f.get(step, "a", where), prefix)
    if len(actions) > MAX_ACTIONS:
        raise f.error(prefix, msg("record.too-many-actions", n=len(actions), most=MAX_ACTIONS))
    discarder = None
    for s in range(4):  # the first seat marked (a loop: compiled, a generator is an object)
        if b >> (4 + s) & 1:
            discarder = s
            break
    prevalent = WINDS[index // 4 % 4]
    try:  # the wall is read here to play the hand as it is read; its problem is named where it was
        deal: Deal | None
        deal, codes = _deal(f, step, where)
        bad_deal = None
    except GameRecordError as e:
        deal, codes, bad_deal = None, None, e
    table = Table(deal, prevalent, codes, codes is not None) if deal is not None else None  # a wall of every id once
    _, false_wins, played = _events(f, actions, prefix, discarder, table)
    for seat in range(4):
        if b >> (8 + seat) & 1 and seat not in false_wins:
            false_wins.append(seat)
    winners = [s for s in range(4) if b >> s & 1]
    results = step.get("y", [{}, {}, {}, {}])
    if type(results) is not list:
        results = f.seq(results, _at(where, "y"))
    wins: list[WinRead] = []
    for seat in winners:
        y_at = f"{_at(where, 'y')}[{seat}]"
        result = results[seat] if seat < len(results) else None
        if type(result) is not dict:
            result = f.obj(result, y_at)
        total = None
        if "f" in result:
            total = _small(result["f"], 10_000)
            if total < 0:
                total = f.num(result["f"], y_at + ".f", 0, 10_000)
        self_drawn = discarder in (None, seat)
        fans = _fans(f, result.get("t"), y_at + ".t")
        own = _own_hand(f, result.get("h"), y_at + ".h", self_drawn, seat, prevalent)
        wins.append(new_read(WinRead, (seat, None if self_drawn else discarder, total, fans, own)))
    scores = step.get("s")
    recorded = None
    if isinstance(scores, list) and len(scores) == 4:
        values = [v if type(v) is int else f.num(v, f"{_at(where, 's')}[{i}]") for i, v in enumerate(scores)]
        recorded = (values[0], values[1], values[2], values[3])
    if bad_deal is not None:
        raise bad_deal
    final = problem = None
    if played and table is not None:  # the record made once, with what the play gives
        read, final, problem = replayed(wins, table, game, index + 1)
    else:
        read = tuple([win_of(w, w.hand, None) for w in wins])
    # The fields of `HandRecord` in order (`made`): number prevalent players order deal events wins
    # outcome false_wins scores penalties final problem.
    events = Events(lambda: tuple(_events(f, actions, prefix, discarder, None)[0]))
    outcome = Outcome.WIN if wins else Outcome.DRAW
    seats = tuple(sorted(false_wins))
    fields = (index + 1, prevalent, names, order, deal, events, read, outcome, seats, recorded, None, final, problem)
    record = made(HandRecord, HAND_FIELDS, fields)
    return record if played else replay(record, game)


def _fans(f: Fields, table: Any, where: str) -> tuple[RecordedFan, ...] | None:
    """`t`: {fan number: value | (count - 1) << 8}."""
    if table is None:
        return None
    fans: dict[str, Any] = table if type(table) is dict else f.obj(table, where)  # typed: read as a dict, compiled
    out = []
    for key, value in fans.items():
        fan = _READ_FANS.get((key, value)) if type(value) is int else None
        if fan is None:
            number = int(key) if key.isascii() and key.isdigit() and len(key) <= 3 else -1
            if number < 0:
                raise f.error(f"{where}.{key}", msg("record.tziakcha-code", code=key))
            v = f.num(value, f"{where}.{key}", 0, 0xFFFF)
            ours, name = tziakcha_fan(number)
            fan = RecordedFan(ours, name, v & 0xFF, (v >> 8) + 1)
            if len(_READ_FANS) < 4096:
                _READ_FANS[(key, v)] = fan
        out.append(fan)
    return tuple(out)


_READ_FANS: Final[dict[tuple[str, int], RecordedFan]] = {}
"""The fans read before, by key and value: a session's hands score the same few (a value as read)."""


def _own_hand(f: Fields, h: Any, where: str, self_drawn: bool, seat: int, prevalent: str) -> Hand | None:
    """The winner's concealed tiles as the record gives them (`h.s`, the winning tile last). Its
    melds (`h.p`) are not read: their codes do not tell a pung from a kong; the table saw them."""
    if not isinstance(h, dict):
        return None
    given = h.get("s", [])
    tiles: list[Any] = given if type(given) is list else list(f.seq(given, where + ".s"))  # typed: read as a list
    ids = [
        t if type(t) is int and 0 <= t < FLOWER_IDS else _tile_id(f, t, f"{where}.s[{i}]") for i, t in enumerate(tiles)
    ]
    if not ids:
        return None
    situation = shared_situation(self_drawn, False, False, False, WINDS[seat], prevalent, 0)
    standing = tuple([TILE_AT[c] for c in sorted([CODES[t] for t in ids[:-1]])])
    return Hand((), standing, KIND_TILES[ids[-1] >> 2], situation)
