"""PMN (Portable Majiang Notation, otobear/python-majiang `README.rst`): read (`pmn_write` writes it).

A game is a run of `[Tag "value"]` lines; games in one file are separated by a blank line, as in
PBN. `Deal` gives the four hands East first, each `c…d…b…w…r…f…` (characters, dots, bamboo, winds
E S W N, dragons, flowers, digits after each suit letter); East's 14th tile is its first `T`. `Play`
is a run of 4-character tokens `<act><seat><suit><number>`: T take, D discard (`D?z1`: the tile just
taken), C chow (its middle tile), P pung, A concealed kong, B added kong, Z kong on a discard, R a
flower laid aside; then `H<seat>` for each winner (several in duplicate MCR), or `N`. `Fan` gives
each seat `None` or `no/value/count` joined by `.` (Green Book numbers); `Result` and `Penalty` a
number per seat.

Readings of ours where python-majiang is silent (docs/record-formats.md §2, §4.4): `r1 r2 r3` are
中 发 白 (mahjongsoft's own order); `R<seat>f<n>` lays flower n aside and the next `T` of that seat is
its replacement, as the next `T` after a kong is; a game with a flower anywhere is played with 144
tiles (136 without), which gives the wall's last tile.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from mcr_score.games.fan_names import standard_points
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
from mcr_score.games.reading import MAX_ACTIONS, MAX_FILE_HANDS, Fields, Input, names4, text_of
from mcr_score.games.replay import replay
from mcr_score.messages import msg
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.tiles import WINDS, Tile

SUITS = {"c": "m", "d": "p", "b": "s"}
LETTERS = {"m": "c", "p": "d", "s": "b"}
HONORS = {"w1": "E", "w2": "S", "w3": "W", "w4": "N", "r1": "C", "r2": "F", "r3": "P"}
HONOR_CODES = {v: k for k, v in HONORS.items()}
ACTS = {"T": Act.DRAW, "D": Act.DISCARD, "C": Act.CHOW, "P": Act.PUNG, "A": Act.CONCEALED_KONG, "B": Act.ADDED_KONG}
ACTS |= {"Z": Act.KONG, "R": Act.FLOWER}
_TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')  # PGN's strings: `\"` a quote, `\\` a backslash
_PLAIN_TAG = re.compile(r'^\[(\w+) "([^"]*)"\]$')  # a lone backslash at the end: taken as written
_ESCAPE = re.compile(r'\\(["\\])')
_HAND = re.compile(r"([cdbwrf])(\d*)")
TAKEN = "z1"  # `D?z1`: the tile just taken
MAX_BOARD = 9999  # the `Board` numbers read: four digits
SEAT_TAGS = ("East", "South", "West", "North")


def looks_like(text: str) -> bool:
    first = text.lstrip("\ufeff").lstrip().split("\n", 1)[0].strip()
    return _tag(first) is not None


def _tag(line: str) -> tuple[str, str] | None:
    """A `[Tag "value"]` line's tag and value (PGN's escapes read), else None."""
    m = _TAG.match(line)
    if m is not None:
        return m[1], _ESCAPE.sub(r"\1", m[2])
    m = _PLAIN_TAG.match(line)
    return (m[1], m[2]) if m is not None else None


def piece(f: Fields, code: str, where: str) -> Piece:
    if code in HONORS:
        return Tile(HONORS[code])
    if len(code) == 2 and code[0] in SUITS and code[1] in "123456789":
        return Tile(code[1] + SUITS[code[0]])
    if len(code) == 2 and code[0] == "f" and code[1] in "12345678":
        return Flower(int(code[1]))
    raise f.error(where, msg("record.tile-code", code=code))


def code_of(p: Piece) -> str:
    """A piece in PMN: `c5`, `w1`, `r3`, `f2` (a flower whose number is not known: `f1`)."""
    if isinstance(p, Flower):
        return f"f{p.number or 1}"
    if p.is_honor:
        return HONOR_CODES[p.code]
    return LETTERS[p.suit] + str(p.rank)


# -- reading ------------------------------------------------------------------------------------


def read(data: Input) -> list[Game]:
    f = Fields(data.name)
    blocks = _blocks(f, text_of(data).splitlines())
    games: list[Game] = []
    group: list[HandRecord] = []
    key: tuple[str, ...] | None = None
    tags0: Mapping[str, str] = {}

    def close() -> None:
        if group:
            games.append(_game(tags0, group, data.stem))

    for tags, places in blocks:
        this = (tags.get("Event", ""), tags.get("Site", ""), tags.get("Date", ""))
        board = _board(f, tags, places)
        if key != this or any(h.number == board for h in group):
            close()
            group, key, tags0 = [], this, tags
        group.append(_hand(f, tags, places, board, data.stem if len(blocks) == 1 else f"{data.stem}#{len(games) + 1}"))
    close()
    if len(games) > 1:
        games = [_renamed(g, f"{data.stem}#{k}") for k, g in enumerate(games, 1)]
    return games


def _renamed(game: Game, game_id: str) -> Game:
    return replace(game, id=game_id)


Places = dict[str, tuple[int, int]]
"""Where each tag of a game stands: its line, and the column of its value's first character (the
block's first line under `""`); a problem of a tag, or of a token of `Play`, names its line and column."""


def _blocks(f: Fields, lines: Iterable[str]) -> list[tuple[dict[str, str], Places]]:
    blocks: list[tuple[dict[str, str], Places]] = []
    tags: dict[str, str] = {}
    places: Places = {}
    for number, raw in enumerate(lines, 1):
        line = raw.strip().lstrip("\ufeff")
        if not line or line.startswith(("%", ";")):
            if tags:
                blocks.append((tags, places))
                tags, places = {}, {}
            continue
        m = _tag(line)
        if m is None:
            raise f.error(f"line {number}", msg("record.pmn-line", line=line[:60]))
        if not tags:
            places[""] = (number, 1)
        tag, value = m
        if tag in tags:
            raise f.error(f"line {number}", msg("record.pmn-tag-twice", tag=tag))
        tags[tag] = value
        places[tag] = (number, raw.index(line) + line.index('"') + 2)
    if tags:
        blocks.append((tags, places))
    if len(blocks) > MAX_FILE_HANDS:
        raise f.error("", msg("record.too-many-hands", n=len(blocks), most=MAX_FILE_HANDS))
    if not blocks:
        raise f.error("", msg("record.no-hands"))
    return blocks


def _at(places: Places, tag: str) -> str:
    """Where a tag stands, for its problem: `line 12 Deal` (a tag not given: the game's first line)."""
    return f"line {places.get(tag, places[''])[0]} {tag}"


def _board(f: Fields, tags: Mapping[str, str], places: Places) -> int:
    board = tags.get("Board", "1")
    if not re.fullmatch(r"\d{1,4}", board) or int(board) < 1:
        raise f.error(_at(places, "Board"), msg("record.pmn-value", tag="Board", value=board[:20]))
    return int(board)


def _game(tags: Mapping[str, str], hands: Sequence[HandRecord], stem: str) -> Game:
    """The boards of one event as a game: its players those of its first board, and a later
    board's `order` where they sit there (when the same four distinct names play every board, as
    in a session written out by `convert`; else each board's seats as they come)."""
    date = tags.get("Date", "")
    boards = sorted(hands, key=lambda h: h.number)
    players = boards[0].players
    if len(set(players)) == len(players) and all(sorted(h.players) == sorted(players) for h in boards):
        boards = [_seated(h, players) for h in boards]
    return Game(
        RecordFormat.PMN,
        stem,
        tags.get("Event", ""),
        players,
        tuple(boards),
        date=date.replace(".", "-") if re.fullmatch(r"\d{4}\.\d{2}\.\d{2}", date) else "",
        site=tags.get("Site", ""),
    )


def _seated(hand: HandRecord, players: Sequence[str]) -> HandRecord:
    order = tuple(players.index(name) for name in hand.players)
    return hand if order == hand.order else replace(hand, order=(order[0], order[1], order[2], order[3]))


def _deal(f: Fields, text: str, where: str, column: int = 1) -> tuple[tuple[Piece, ...], ...]:
    """The four hands of `Deal`; `column`: where its value starts (a bad piece names its column)."""
    hands = list(re.finditer(r"\S+", text))
    if len(hands) != 4:
        raise f.error(where, msg("record.pmn-value", tag="Deal", value=text[:30]))
    out = []
    for seat, found in enumerate(hands):
        hand = found[0]
        pieces: list[Piece] = []
        if "".join(m[0] for m in _HAND.finditer(hand)) != hand:
            raise f.error(f"{where} {SEAT_TAGS[seat]}", msg("record.pmn-value", tag="Deal", value=hand[:30]))
        for m in _HAND.finditer(hand):
            start = column + found.start() + m.start(2)
            pieces += [
                piece(f, m[1] + d, f"{where} {SEAT_TAGS[seat]} (column {start + k})") for k, d in enumerate(m[2])
            ]
        out.append(tuple(pieces))
    return tuple(out)


def _numbers(f: Fields, tags: Mapping[str, str], tag: str, places: Places) -> tuple[int, int, int, int] | None:
    if tag not in tags:
        return None
    words = tags[tag].split()
    if len(words) != 4 or not all(re.fullmatch(r"-?\d{1,6}", w) for w in words):
        raise f.error(_at(places, tag), msg("record.pmn-value", tag=tag, value=tags[tag][:30]))
    return (int(words[0]), int(words[1]), int(words[2]), int(words[3]))


def _fans(f: Fields, text: str, where: str) -> list[tuple[RecordedFan, ...] | None]:
    parts = text.split()
    if len(parts) != 4:
        raise f.error(where, msg("record.pmn-value", tag="Fan", value=text[:30]))
    out: list[tuple[RecordedFan, ...] | None] = []
    for part in parts:
        if part == "None":
            out.append(None)
            continue
        fans = []
        for item in part.split("."):
            m = re.fullmatch(r"(\d{1,2})(?:/(\d{1,2}))?/(\d)", item)  # no/value/count; early files: no/count
            if m is None or not 1 <= int(m[1]) <= 82 or int(m[3]) < 1:
                raise f.error(where, msg("record.pmn-value", tag="Fan", value=item[:20]))
            fan = Fan(int(m[1]))
            fans.append(RecordedFan(fan, m[1], int(m[2]) if m[2] else standard_points(fan), int(m[3])))
        out.append(tuple(fans))
    return out


def _hand(f: Fields, tags: Mapping[str, str], places: Places, board: int, game: str) -> HandRecord:
    players = names4([tags.get(t, "").strip() for t in SEAT_TAGS])
    pwind = tags.get("PWind", "E")
    if pwind not in WINDS:
        raise f.error(_at(places, "PWind"), msg("record.pmn-value", tag="PWind", value=pwind[:10]))
    dealt = _deal(f, tags["Deal"], _at(places, "Deal"), places.get("Deal", (0, 1))[1]) if "Deal" in tags else None
    line, column = places.get("Play", places[""])
    events, winners, drawn = _play(f, tags.get("Play", ""), f"line {line} Play", column)
    fans = _fans(f, tags["Fan"], _at(places, "Fan")) if "Fan" in tags else [None] * 4
    for seat, given in enumerate(fans):
        if given is not None and seat not in winners:  # a claim no Hu makes: never dropped unsaid
            raise f.error(_at(places, "Fan"), msg("record.pmn-fan-loser", seat=WINDS[seat]))
    scores = _numbers(f, tags, "Result", places)
    wins = []
    for seat in winners:
        win_event = next(e for e in events if e.act is Act.WIN and e.seat == seat)
        seat_fans = fans[seat]
        total = sum((x.points or 0) * x.count for x in seat_fans) if seat_fans is not None else None
        wins.append(Win(seat, win_event.source, total, seat_fans))
    flowers = any(isinstance(p, Flower) for h in dealt or () for p in h) or any(e.act is Act.FLOWER for e in events)
    deal = None
    if dealt is not None:
        if len(dealt[0]) == 13 and events and events[0].act is Act.DRAW and events[0].seat == 0:
            first = events[0]  # East's 14th tile, dealt as the first take
            fourteenth: Piece | None = first.flower or first.tile
            if fourteenth is not None:
                dealt = ((*dealt[0], fourteenth), *dealt[1:])
                events = events[1:]
        deal = Deal(dealt, None, (144 if flowers else 136) - 53, back_pairs=False)
    record = HandRecord(
        number=board,
        prevalent=pwind,
        players=players,
        order=(0, 1, 2, 3),
        deal=deal,
        events=tuple(events),
        wins=tuple(wins),
        outcome=Outcome.WIN if wins else (Outcome.DRAW if drawn else Outcome.UNKNOWN),
        scores=scores,
        penalties=_numbers(f, tags, "Penalty", places),
    )
    return replay(record, game)


def _play(f: Fields, text: str, where: str, column: int = 1) -> tuple[list[Event], list[int], bool]:
    """The events of `Play`, the winners, and whether it ends in no game; `column`: where the value
    starts on its line (a token's problem names its column in the file: the value's spaces kept)."""
    events: list[Event] = []
    winners: list[int] = []
    taken: dict[int, Piece] = {}
    owed: dict[int, int] = {}
    drawn = False
    i = 0
    columns = [k + column for k, c in enumerate(text) if c != " "]
    text = text.replace(" ", "")
    if len(text) > 4 * MAX_ACTIONS:
        raise f.error(where, msg("record.too-many-actions", n=len(text) // 4, most=MAX_ACTIONS))
    while i < len(text):
        act_code = text[i]
        at = f"{where} token {len(events) + 1} (column {columns[i]})"
        if act_code in "HN":
            if len(text) < i + 2 or text[i + 1] not in "0123":
                raise f.error(at, msg("record.pmn-token", token=text[i : i + 2]))
            seat = int(text[i + 1])
            if act_code == "H":
                before = next((e for e in reversed(events) if e.act is not Act.WIN), None)
                source = None if before is None or before.seat == seat else before.seat
                events.append(Event(seat, Act.WIN, source=source, at=at))
                winners.append(seat)
            else:
                drawn = True
            i += 2
            continue
        token = text[i : i + 4]
        if len(token) < 4 or act_code not in ACTS or token[1] not in "0123":
            raise f.error(at, msg("record.pmn-token", token=token))
        seat, code = int(token[1]), token[2:]
        act = ACTS[act_code]
        hand_cut: bool | None = None
        if act is Act.DISCARD and code == TAKEN:
            last = taken.get(seat)
            if not isinstance(last, Tile):
                raise f.error(at, msg("record.pmn-taken", token=token))
            p: Piece = last
            hand_cut = False
        else:
            p = piece(f, code, at)
        if act is Act.DRAW:
            if owed.get(seat):
                act, owed[seat] = Act.REPLACEMENT, owed[seat] - 1
            taken[seat] = p
            events.append(
                Event(seat, act, flower=p, at=at) if isinstance(p, Flower) else Event(seat, act, tile=p, at=at)
            )
        elif act is Act.FLOWER:
            if not isinstance(p, Flower):
                raise f.error(at, msg("record.pmn-token", token=token))
            owed[seat] = owed.get(seat, 0) + 1
            events.append(Event(seat, act, flower=p, at=at))
        elif isinstance(p, Flower):
            raise f.error(at, msg("record.pmn-token", token=token))
        elif act is Act.CHOW:
            if p.is_honor or not 2 <= p.rank <= 8:
                raise f.error(at, msg("record.pmn-token", token=token))
            meld = (Tile.from_index(p.index - 1), p, Tile.from_index(p.index + 1))
            last = next((e.tile for e in reversed(events) if e.act is Act.DISCARD), None)
            events.append(Event(seat, act, tile=last, meld=meld, at=at))
        else:
            if act in (Act.KONG, Act.CONCEALED_KONG, Act.ADDED_KONG):
                owed[seat] = owed.get(seat, 0) + 1
            size = {Act.PUNG: 3, Act.DISCARD: 0}.get(act, 4)
            events.append(Event(seat, act, tile=p, meld=(p,) * size, hand_cut=hand_cut, at=at))
        i += 4
    return events, winners, drawn or (bool(events) and not winners)  # no `H`: no game (python-majiang adds `N0`)
