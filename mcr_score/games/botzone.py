"""Botzone records: the normalised text of its human games (`data.txt`, `sample.txt`) and the match
log, a JSON list whose judge entries carry `display` objects.

The text (docs/record-formats.md §4.3): `Match <id>`, `Wind <0-3>`, `Player <i> Deal <13 tiles>`,
then `Player <i> Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu <tile>` (a chow names its middle tile;
`Ignore Player <j> ...` after an action: claims that lost on priority), then `Fan <total>
<name>*<count>+...` and `Score <4 numbers>`, or `Huang` and `Score 0 0 0 0`. Player 0 is East and
deals; `Wind` is the prevalent wind. No flowers; the wall is not given (so neither its last tile).
Tiles: W1-W9 characters, B1-B9 dots, T1-T9 bamboo (B is not bamboo), F1-F4 E S W N, J1-J3 中 发 白,
H1-H8 flowers.

The match log (ailab-pku/Chinese-Standard-Mahjong, `judge/main.cpp`): `display.action` DEAL
(`hand[4]`), DRAW, BUHUA (a flower drawn and laid aside), PLAY, CHI (`tileCHI` the middle tile,
`tile` the discard that follows), PENG (`tile` the discard that follows), GANG, BUGANG, HU (`fanCnt`,
`fan[{name, cnt, value}]`, `score`), HUANG; `initdata.quan` the prevalent wind. Each player draws
from a wall of their own there: the last tile of the wall is not derived either.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final

from mcr_score.games import _botzone_fast
from mcr_score.games._botzone_fast import (
    _ADDED_KONG,
    _CHOW,
    _CONCEALED_KONG,
    _DISCARD,
    _DRAW,
    _KONG,
    _PASS,
    _PUNG,
    _REPLACEMENT,
    _WIN,
)
from mcr_score.games.errors import GameRecordError
from mcr_score.games.fan_names import fan_of, split_count
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
    Win,
)
from mcr_score.games.reading import MAX_ACTIONS, Fields, Input, json_of, names4, text_of
from mcr_score.games.replay import code_of, replay
from mcr_score.messages import msg
from mcr_score.tiles import WINDS, Tile

SUITS = {"W": "m", "B": "p", "T": "s"}
HONORS = {"F1": "E", "F2": "S", "F3": "W", "F4": "N", "J1": "C", "J2": "F", "J3": "P"}
TEXT_ACTS: Final = {
    "Draw": Act.DRAW,
    "Play": Act.DISCARD,
    "Chi": Act.CHOW,
    "Peng": Act.PUNG,
    "Gang": Act.KONG,
    "AnGang": Act.CONCEALED_KONG,
    "BuGang": Act.ADDED_KONG,
    "Hu": Act.WIN,
}
KONGS: Final = frozenset({Act.KONG, Act.CONCEALED_KONG, Act.ADDED_KONG})
_ACTION: Final = re.compile(r"Player ([0-3]) (\w+)(?: (\S+))?(.*)$")
_IGNORE: Final = re.compile(r"Ignore Player ([0-3]) (\w+) (\S+)")
_IGNORES: Final = re.compile(r"(?:\s+Ignore Player [0-3] \w+ \S+)*\s*")  # what may follow an action: its lost claims
NAMES = names4(["Player 0", "Player 1", "Player 2", "Player 3"])


def looks_like_text(text: str) -> bool:
    return text.lstrip("\ufeff").lstrip().startswith("Match ")


LOG_KEYS = ("log", "logs")
"""Where a document holds the judge log: `log` (a match's download), `logs` (Botzone's match API,
`{"status", "logs", "players", "initdata", ...}`); a bare list is the log itself."""


def log_entries(doc: Any) -> Any:
    """The judge log of a Botzone document in any of its three forms: the list itself, the `log`
    of a downloaded match, the `logs` of the match API (None when the document holds none)."""
    if isinstance(doc, dict):
        return next((doc[key] for key in LOG_KEYS if key in doc), None)
    return doc


def display_of(entry: Any) -> Any:
    """An entry's `display` object: the judge's `output.display`, or the entry itself in a bare
    list of `display` objects (the form BotzoneBench stores its logs in)."""
    if not isinstance(entry, dict):
        return None
    output = entry.get("output")
    if isinstance(output, dict):
        return output.get("display")
    return entry if isinstance(entry.get("action"), str) and "output" not in entry else None


def looks_like_log(doc: Any) -> bool:
    entries = log_entries(doc)
    if not isinstance(entries, list):
        return False
    displays = [d for d in map(display_of, entries) if isinstance(d, dict)]
    if any(isinstance(e, dict) and isinstance(e.get("output"), dict) for e in entries):
        return bool(displays)
    return any(d.get("action") == "DEAL" for d in displays)  # a bare list: it deals, as every match does


_PIECES: Final[dict[str, Piece]] = {}
"""Each code read so far and its piece (`piece`'s answer, kept: at most 42 codes): a match's 150
codes are then looked up, not read again, and the place of a code is written only for a code that
is none (`_match`)."""
_TILES: Final[dict[str, Tile]] = {}
"""The same, of the codes that are tiles (`tile`'s answer)."""


def piece(f: Fields, code: str, where: str) -> Piece:
    known = _PIECES.get(code)
    if known is None:
        known = _PIECES[code] = _read_piece(f, code, where)
    return known


def _read_piece(f: Fields, code: str, where: str) -> Piece:
    if code in HONORS:
        return Tile(HONORS[code])
    if len(code) == 2 and code[0] in SUITS and code[1] in "123456789":
        return Tile(code[1] + SUITS[code[0]])
    if len(code) == 2 and code[0] == "H" and code[1] in "12345678":
        return Flower(int(code[1]))
    raise f.error(where, msg("record.tile-code", code=code))


def tile(f: Fields, code: str, where: str) -> Tile:
    known = _TILES.get(code)
    if known is None:
        known = _TILES[code] = f.tile(piece(f, code, where), code, where)
    return known


_CODES: Final = [s + str(n) for s in SUITS for n in range(1, 10)] + list(HONORS)
_CODE_TILES: Final[dict[str, Tile]] = {code: tile(Fields("codes"), code, "") for code in _CODES}
"""Every tile code and its tile, read once by `tile`: the fast path's table (`_botzone_fast`)."""
_CODE_PIECES: Final[dict[str, Piece]] = {
    **_CODE_TILES,
    **{f"H{n}": piece(Fields("codes"), f"H{n}", "") for n in range(1, 9)},
}
_CODE_INTS: Final[dict[str, int]] = {code: code_of(p) for code, p in _CODE_PIECES.items()}
"""Every code and its piece's code on the table (`replay.code_of`)."""
_ACTIONS: Final[dict[str, _botzone_fast.Action]] = {}
"""The lines `Player <seat> <verb> <tile>` read so far and what they say (`_botzone_fast.scan`)."""


# -- the text form ------------------------------------------------------------------------------


def read_text(data: Input) -> list[Game]:
    return list(iter_text(data.name, text_of(data).splitlines()))


def iter_text(name: str, lines: Iterable[str], first: int = 1, seen: dict[str, str] | None = None) -> Iterator[Game]:
    """The matches of a text, one game each, read as the lines come (a `data.txt` of a hundred
    thousand matches is never held whole). A match that is no match (a line of another kind) is a
    game whose one hand carries that problem: the matches after it are read all the same. A piece
    of a text (`batch --from`'s workers): its first line numbered `first`, and `seen` the ids of its
    matches given before it, with where."""
    f = Fields(name)
    block: list[tuple[int, str, int]] = []  # a match's lines: number, text, its indent (for columns)
    extra = 0  # the lines of a match past `MAX_ACTIONS`: counted, not kept (the match is refused)
    seen = {} if seen is None else seen  # each match id, and where it stands: a match is given once
    for number, raw in enumerate(lines, first):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        if line.startswith("Match ") and block:
            yield _safe_match(f, block, extra, seen)
            block, extra = [], 0
        if len(block) > MAX_ACTIONS:
            extra += 1
            continue
        block.append((number, line, len(raw) - len(raw.lstrip())))
    if block:
        yield _safe_match(f, block, extra, seen)


def _safe_match(
    f: Fields, block: Sequence[tuple[int, str, int]], extra: int = 0, seen: dict[str, str] | None = None
) -> Game:
    try:
        if extra:
            n = len(block) + extra - 1  # the lines after `Match`
            raise f.error(f"line {block[0][0]}", msg("record.too-many-actions", n=n, most=MAX_ACTIONS))
        head = block[0][1]
        if seen is not None and head.startswith("Match "):
            match, at = head[len("Match ") :].strip(), f"line {block[0][0]}"
            if match in seen:  # its hands' ids would be the first's: two records of one id
                raise f.error(at, msg("record.botzone-match-twice", match=match[:40], first=seen[match]))
            seen[match] = at
        return _match(f, block)
    except GameRecordError as e:
        first = block[0][1]
        match = first[len("Match ") :].strip() if first.startswith("Match ") else f"line {block[0][0]}"
        hand = HandRecord(1, "E", NAMES, (0, 1, 2, 3), None, (), (), Outcome.UNKNOWN, problem=e)
        return Game(RecordFormat.BOTZONE, match, "", NAMES, (hand,))


def _match(f: Fields, block: Sequence[tuple[int, str, int]]) -> Game:
    """A match read on the fast path (`_botzone_fast.scan`), played as it is read, or by
    `_match_readable` when a line is not plainly well formed: that one says what is wrong and where."""
    first_line, first, _ = block[0]
    if not first.startswith("Match "):
        raise f.error(f"line {first_line}", msg("record.botzone-match"))
    s = _botzone_fast.scan(block, TEXT_ACTS, _CODE_TILES, _CODE_PIECES, _CODE_INTS, _ACTIONS, WINDS, True)
    if s is None:
        return _match_readable(f, block)
    match = first[len("Match ") :].strip()
    fans = _fans(s.fans) if s.fans is not None else None
    events = Events(lambda: tuple(_events_of(block)))
    return _game(match, _botzone_fast.record(s, fans, events, match, NAMES))


def _events_of(block: Sequence[tuple[int, str, int]]) -> list[Event]:
    """The events of a match the fast path read (`Events`' maker: the scan again, without the play)."""
    s = _botzone_fast.scan(block, TEXT_ACTS, _CODE_TILES, _CODE_PIECES, _CODE_INTS, _ACTIONS)
    assert s is not None, "a match the fast path read once reads again"
    return s.events


def _game(match: str, record: HandRecord) -> Game:
    """The game of a match, its hand replayed."""
    return Game(RecordFormat.BOTZONE, match, "", NAMES, (record,), site=f"https://botzone.org.cn/match/{match}")


def _match_readable(f: Fields, block: Sequence[tuple[int, str, int]]) -> Game:
    """A match read line by line, each checked and its problem named by line and column."""
    first_line, first, _ = block[0]
    if not first.startswith("Match "):
        raise f.error(f"line {first_line}", msg("record.botzone-match"))
    match = first[len("Match ") :].strip()
    wind = 0
    hands: list[list[Piece]] = [[], [], [], []]
    events: list[Event] = []
    wins: list[Win] = []
    total: int | None = None
    fans: tuple[RecordedFan, ...] | None = None
    scores: tuple[int, int, int, int] | None = None
    drawn = False
    ended = ""  # where the hand's end (`Huang`, `Fan`, `Score`) stands: no action follows it
    last_kong: set[int] = set()
    dealt: dict[int, str] = {}  # each seat's Deal line: one a seat, before the play
    for number, line, indent in block[1:]:
        at = f"line {number}"
        words = line.split()
        if words[0] == "Player":  # most lines: tested first (the tests of the first words exclude each other)
            if ended:
                raise f.error(at, msg("record.after-end", line=line[:60], end=ended))
            m = _ACTION.match(line)
            if m is None:
                raise f.error(at, msg("record.botzone-line", line=line[:60]))
            seat, verb, code, rest = int(m[1]), m[2], m[3], m[4]
            if verb == "Deal":
                if seat in dealt:
                    raise f.error(at, msg("record.botzone-deal-twice", seat=seat, first=dealt[seat]))
                if events:
                    raise f.error(at, msg("record.botzone-deal-late", seat=seat, first=events[0].at))
                dealt[seat] = at
                hands[seat] = _dealt(f, line, words[3:], at, indent)
                continue
            act = TEXT_ACTS.get(verb)
            if act is None or code is None:
                raise f.error(at, msg("record.botzone-line", line=line[:60]))
            if rest and not _IGNORES.fullmatch(rest):  # nothing after the tile, as most lines: nothing to check
                raise f.error(at, msg("record.botzone-trailing", line=line[:60], rest=rest.strip()[:40]))
            t = _TILES.get(code)
            if t is None:
                t = tile(f, code, f"{at}, column {indent + m.start(3) + 1}")
            if act is _DRAW and seat in last_kong:
                act = _REPLACEMENT
            last_kong.discard(seat)
            events.append(_event(seat, act, t, events, at))
            if act in KONGS:
                last_kong.add(seat)
            if act is _WIN:
                wins.append(Win(seat, events[-1].source, None, None))
            if rest:
                for j, claim, claimed in _IGNORE.findall(rest):
                    events.append(Event(int(j), _PASS, tile=tile(f, claimed, at), at=f"{at} (ignored {claim})"))
        elif words[0] == "Wind" and len(words) == 2 and words[1] in ("0", "1", "2", "3"):
            wind = int(words[1])
        elif words[0] == "Fan" and len(words) >= 2 and words[1].isascii() and words[1].isdigit():
            total = int(words[1])
            fans = _fans(" ".join(words[2:]))
            ended = ended or at
        elif words[0] == "Score" and len(words) == 5:
            values = [_int(f, w, at, line) for w in words[1:]]
            scores = (values[0], values[1], values[2], values[3])
            ended = ended or at
        elif words[0] == "Huang":
            drawn = True
            ended = ended or at
        else:
            raise f.error(at, msg("record.botzone-line", line=line[:60]))
    if wins:
        wins = [Win(w.seat, w.discarder, total, fans) for w in wins]
    return _game(match, replay(_record(wind, hands, events, wins, drawn, scores=scores), match))


def _dealt(f: Fields, line: str, codes: Sequence[str], at: str, indent: int) -> list[Piece]:
    """A Deal line's pieces; a code that is none is named by its column (found only then)."""
    out: list[Piece] = []
    for code in codes:
        known = _PIECES.get(code)
        if known is None:
            words_at = list(re.finditer(r"\S+", line))[3:]
            return [piece(f, w[0], f"{at}, column {indent + w.start() + 1}") for w in words_at]
        out.append(known)
    return out


def _int(f: Fields, word: str, at: str, line: str) -> int:
    if not re.fullmatch(r"-?\d{1,6}", word):
        raise f.error(at, msg("record.botzone-line", line=line[:60]))
    return int(word)


def _event(seat: int, act: Act, t: Tile, events: Sequence[Event], at: str) -> Event:
    """An action of the text: a claim takes the last discard, a chow names its middle tile, a Hu
    wins on the tile the line before drew, discarded or added to a pung."""
    if act is _CHOW:
        low = Tile.from_index(t.index - 1)
        meld = (low, t, Tile.from_index(t.index + 1))
        taken = next((e.tile for e in reversed(events) if e.act is _DISCARD), None)
        return Event(seat, act, tile=taken, meld=meld, at=at)
    if act in (_PUNG, _KONG):
        return Event(seat, act, tile=t, meld=(t,) * (3 if act is _PUNG else 4), at=at)
    if act is _WIN:
        before = next((e for e in reversed(events) if e.act is not _PASS), None)
        source = None if before is None or before.seat == seat else before.seat
        return Event(seat, act, tile=t, source=source, at=at)
    if act in (_CONCEALED_KONG, _ADDED_KONG):
        return Event(seat, act, tile=t, meld=(t,) * 4, at=at)
    return Event(seat, act, tile=t, at=at)


_FAN_ITEMS: Final[dict[str, RecordedFan]] = {}
"""Each `name*count` item of a Fan line read so far and its fan (at most 4,096 kept: a few hundred
there are), read once: a `RecordedFan` is made by interpreted code, and the item's name found by a
regex and a look-up (5% of a hand's reading, compiled); frozen, so shared."""


def _fans(text: str) -> tuple[RecordedFan, ...] | None:
    """`name*count+name*count`; a copy whose names were lost (`???*1`) names none."""
    out = []
    for item in text.split("+"):
        fan = _FAN_ITEMS.get(item)
        if fan is None:
            if not item.strip():
                continue
            name, count = split_count(item)
            if not name.strip("?"):
                return None
            fan = RecordedFan(fan_of(name), name, None, count)
            if len(_FAN_ITEMS) < 4096:
                _FAN_ITEMS[item] = fan
        out.append(fan)
    return tuple(out) or None


# -- the match log ------------------------------------------------------------------------------


def read_log(data: Input) -> list[Game]:
    doc = json_of(data)
    f = Fields(data.name)
    key = next((k for k in LOG_KEYS if isinstance(doc, dict) and k in doc), "log")
    entries = f.seq(log_entries(doc), key)
    if len(entries) > 2 * MAX_ACTIONS:  # the judge's entry and the bots' answers, a turn
        raise f.error(key, msg("record.too-many-actions", n=len(entries), most=2 * MAX_ACTIONS))
    init = doc.get("initdata") if isinstance(doc, dict) else None
    quan = 0
    hands: list[list[Piece]] = [[], [], [], []]
    events: list[Event] = []
    wins: list[Win] = []
    scores = None
    drawn = False
    false_win = None
    ended = ""  # where HUANG stands: no action follows it
    last_kong: set[int] = set()
    for i, entry in enumerate(entries):
        display = display_of(entry)
        if not isinstance(display, dict):
            continue
        at = f"{key}[{i}]"
        field = f"{at}.output.display" if display is not entry else at  # where its fields stand
        action = display.get("action")
        if action == "INIT":
            quan = f.num(display.get("quan", 0), f"{field}.quan", 0, 3)
            continue
        if action == "DEAL":
            dealt = f.seq(display.get("hand"), f"{field}.hand", 4)
            for seat in range(4):
                codes = f.seq(dealt[seat], f"{field}.hand[{seat}]")
                hands[seat] = [piece(f, f.text(c, at), at) for c in codes]
            continue  # the flowers dealt come on top of 13 tiles (the judge deals until 13): none is replaced
        if action == "HUANG":
            drawn = True
            ended = ended or at
            continue
        if ended:
            raise f.error(at, msg("record.after-end", line=str(action)[:20], end=ended))
        seat = f.num(display.get("player"), f"{field}.player", 0, 3)
        if action == "HU":
            before = next((e for e in reversed(events) if e.act is not Act.PASS), None)
            source = None if before is None or before.seat == seat else before.seat
            total = f.num(display.get("fanCnt"), f"{field}.fanCnt", 0, 10_000)
            events.append(Event(seat, Act.WIN, source=source, at=at))
            wins.append(Win(seat, source, total, _log_fans(f, display.get("fan", []), f"{field}.fan")))
            scores = _four(f, display.get("score"), f"{field}.score")
            continue
        if action not in ("DRAW", "BUHUA", "PLAY", "CHI", "PENG", "GANG", "BUGANG"):
            false_win = seat  # the judge's verdict on a wrong action (a wrong Hu): -30/+10
            scores = _four(f, display.get("score"), f"{field}.score")
            events.append(Event(seat, Act.FALSE_WIN, at=at))
            continue
        code = f.text(display.get("tile"), f"{field}.tile")
        if action == "DRAW":
            t = tile(f, code, at)
            owed = seat in last_kong or _owes(events, seat)
            events.append(Event(seat, Act.REPLACEMENT if owed else Act.DRAW, tile=t, at=at))
            last_kong.discard(seat)
        elif action == "BUHUA":
            flower = piece(f, code, at)
            if not isinstance(flower, Flower):
                raise f.error(at, msg("record.tile-code", code=code))
            act = Act.REPLACEMENT if seat in last_kong or _owes(events, seat) else Act.DRAW
            events.append(Event(seat, act, flower=flower, at=at))
            events.append(Event(seat, Act.FLOWER, flower=flower, at=at))
            last_kong.discard(seat)
        elif action == "PLAY":
            events.append(Event(seat, Act.DISCARD, tile=tile(f, code, at), at=at))
        elif action in ("CHI", "PENG"):
            taken = next((e for e in reversed(events) if e.act is Act.DISCARD), None)
            if taken is None or taken.tile is None:
                raise f.error(at, msg("record.botzone-claim"))
            if action == "CHI":
                middle = tile(f, f.text(display.get("tileCHI"), f"{field}.tileCHI"), at)
                meld = (Tile.from_index(middle.index - 1), middle, Tile.from_index(middle.index + 1))
                events.append(Event(seat, Act.CHOW, tile=taken.tile, meld=meld, at=at))
            else:
                events.append(Event(seat, Act.PUNG, tile=taken.tile, meld=(taken.tile,) * 3, at=at))
            events.append(Event(seat, Act.DISCARD, tile=tile(f, code, at), at=at))
        else:
            t = tile(f, code, at)
            before = next((e for e in reversed(events) if e.act is not Act.PASS), None)
            if action == "BUGANG":
                act = Act.ADDED_KONG
            elif before is not None and before.seat == seat and before.act in (Act.DRAW, Act.REPLACEMENT):
                act = Act.CONCEALED_KONG
            else:
                act = Act.KONG
            events.append(Event(seat, act, tile=t, meld=(t,) * 4, at=at))
            last_kong.add(seat)
    if isinstance(init, dict) and isinstance(init.get("quan"), int):
        quan = f.num(init["quan"], "initdata.quan", 0, 3)
    record = _record(
        quan,
        hands,
        events,
        wins,
        drawn,
        false_wins=(false_win,) if false_win is not None else (),
        scores=scores if wins else None,
        penalties=scores if false_win is not None else None,
    )
    return [Game(RecordFormat.BOTZONE, data.stem, "", NAMES, (replay(record, data.stem),))]


def _record(
    prevalent: int,
    hands: Sequence[Sequence[Piece]],
    events: Sequence[Event],
    wins: Sequence[Win],
    drawn: bool,
    **results: Any,
) -> HandRecord:
    """A Botzone match as the one hand it is: dealt to seats 0-3 in order, names as Botzone gives
    none; `results` the record's own scores, penalties and false wins."""
    return HandRecord(
        number=1,
        prevalent=WINDS[prevalent],
        players=NAMES,
        order=(0, 1, 2, 3),
        deal=Deal(tuple(tuple(h) for h in hands), None, None),
        events=tuple(events),
        wins=tuple(wins),
        outcome=Outcome.WIN if wins else (Outcome.DRAW if drawn else Outcome.UNKNOWN),
        **results,
    )


def _since_draw(events: Sequence[Event], seat: int) -> list[Event]:
    out = []
    for e in reversed(events):
        if e.seat == seat and e.act in (Act.DRAW, Act.REPLACEMENT, Act.DISCARD):
            break
        out.append(e)
    return out


def _owes(events: Sequence[Event], seat: int) -> bool:
    """Whether a seat's next draw replaces a flower: one laid aside since its last draw, or at the deal."""
    return any(e.act is Act.FLOWER and e.seat == seat for e in _since_draw(events, seat))


def _four(f: Fields, value: Any, where: str) -> tuple[int, int, int, int] | None:
    if value is None:
        return None
    values = [f.num(v, f"{where}[{k}]") for k, v in enumerate(f.seq(value, where, 4))]
    return (values[0], values[1], values[2], values[3])


def _log_fans(f: Fields, items: Any, where: str) -> tuple[RecordedFan, ...]:
    out = []
    for k, item in enumerate(f.seq(items, where)):
        at = f"{where}[{k}]"
        obj: Mapping[str, Any] = f.obj(item, at)
        name = f.text(f.get(obj, "name", at), at + ".name")
        count = f.num(obj.get("cnt", 1), at + ".cnt", 1, 8)
        value = f.num(obj["value"], at + ".value", 0, 88) if "value" in obj else None
        out.append(RecordedFan(fan_of(name), name, value, count))
    return tuple(out)
