"""A session's score sheet as given: the players, the false-Hu setting and the hands, read from
JSON, TOML (the same structure) or CSV (one row per hand), every problem named with its hand.

Players are numbered 1-4 in sheet order (their seats in hand 1: East, South, West, North); a hand
may name a player by number or by name. Here they become indices 0-3. Nothing is scored here:
`settlement` does that. A `Session` built in Python is checked as strictly as a file
(`session_problems`): a wrong type is a `TypeError`, a wrong value a named error.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args

from mcr_score import errors, files
from mcr_score.decoding import MAX_DIGITS, DataError, ascii_int, loads_json, loads_toml, shown, too_long
from mcr_score.errors import McrError
from mcr_score.messages import Message, count, msg
from mcr_score.systems.mcr.limits import MAX_FLOWERS, MAX_HAND_POINTS, MAX_POINTS
from mcr_score.systems.mcr.tournament.csvfile import read_rows
from mcr_score.systems.mcr.tournament.errors import EmptySessionError, SessionError, SessionHandError, TooManyHandsError
from mcr_score.systems.mcr.tournament.limits import MAX_HAND_SCORE, MAX_PENALTY
from mcr_score.systems.mcr.tournament.winds import HANDS

Kind = Literal["win", "draw", "false-hu"]
KINDS: tuple[str, ...] = get_args(Kind)
Four = tuple[int, int, int, int]
# The seats at a table, from the type a sheet's four numbers have.
SEATS = len(get_args(Four))
NO_PENALTIES: Four = (0, 0, 0, 0)
HAND_FIELDS = ("winner", "from", "points", "flowers", "notation", "draw", "false_hu", "penalties", "scores")
SESSION_FIELDS = ("players", "false_hu", "hands")
CSV_FIELDS = ("hand", "winner", "from", "points", "flowers", "notation", "false_hu")


@dataclass(frozen=True, slots=True)
class FalseHu:
    """What a false Hu moves: the offender's loss and each other player's gain (a session setting;
    some events use -40/+0, the part the others do not receive then counting as a penalty)."""

    offender: int = -30
    others: int = 10


DEFAULT_FALSE_HU = FalseHu()


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One hand as the sheet gives it; players are indices 0-3 (the file's `from` is `discarder`,
    its `false_hu` `offender`, its `scores` `recorded`)."""

    n: int
    kind: Kind
    winner: int | None = None
    discarder: int | None = None  # None: self-drawn
    points: int | None = None  # flowers included
    flowers: int | None = None  # of `points`, when given: the 8-point minimum counts without them
    notation: str | None = None
    offender: int | None = None
    penalties: Four = NO_PENALTIES
    recorded: Four | None = None  # the scores written on the paper sheet, checked against the result


@dataclass(frozen=True, slots=True)
class Session:
    players: tuple[str, str, str, str]
    hands: tuple[HandEntry, ...]
    false_hu: FalseHu = FalseHu()


def hand_problem(n: int, problem: Message, cls: type[SessionError] = SessionHandError) -> SessionError:
    """An error naming its hand: "hand 3: ..." in every language; `hand` keeps the number for programs."""
    error = cls(msg("session.hand", n=written(n), problem=problem))
    error.hand = n
    return error


def written(value: int) -> str:
    """A whole number for a message: Python writes no int past 4,300 digits, and no reader wants 20."""
    return str(value) if abs(value) < 10**18 else "…"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def player_name(raw: str) -> tuple[str, Message | None]:
    """A player's name as the sheet keeps it, NFC and without surrounding spaces (`Ana ` is `Ana`),
    and the problem of a name that could pass for another: empty, or holding an invisible or
    unusual character (a zero-width space, a control character, a space other than U+0020, two
    spaces in a row)."""
    name = unicodedata.normalize("NFC", raw).strip()
    if not name:
        return name, msg("name.empty")
    for at, ch in enumerate(name, 1):
        category = unicodedata.category(ch)
        if category[0] == "C" or category in ("Zl", "Zp") or (category == "Zs" and ch != " "):
            return name, msg("name.invisible", code=f"U+{ord(ch):04X}", at=at)
    if "  " in name:
        return name, msg("name.spaces")
    return name, None


def looks(name: str) -> str:
    """What a name looks like: its compatibility form (NFKC), where full-width `Ａｎａ` is `Ana`,
    case folded (`ANA` is `Ana` typed another way, not a fifth player)."""
    return unicodedata.normalize("NFKC", name).casefold()


def _players(raw: Any) -> tuple[tuple[str, str, str, str] | None, list[McrError]]:
    """The four players' names, or None and the problems: four different names, each clean
    (`player_name`), a name that is a player number 1-4 only that player's own."""
    if not (isinstance(raw, list | tuple) and len(raw) == 4 and all(isinstance(p, str) for p in raw)):
        return None, [SessionError(msg("session.error.players"))]
    problems: list[McrError] = []
    names = []
    for number, given in enumerate(raw, 1):
        name, problem = player_name(given)
        if problem is None and ascii_int(name) in range(1, 5) and ascii_int(name) != number:
            problem = msg("name.number", number=number)
        if problem is not None:
            problems.append(SessionError(msg("session.error.player-name", number=number, problem=problem)))
        names.append(name)
    if not problems and len({looks(name) for name in names}) != 4:
        problems.append(SessionError(msg("session.error.players")))  # `Ana` and full-width `Ａｎａ` too
    if problems:
        return None, problems
    return (names[0], names[1], names[2], names[3]), []


def _player(value: Any, players: Sequence[str]) -> int | None:
    """A player index from a number 1-4 or a name of the sheet."""
    if _is_int(value) and 1 <= value <= 4:
        return int(value) - 1
    if isinstance(value, str):
        name = player_name(value)[0]
        if name in players:
            return list(players).index(name)
    return None


def _four(value: Any, field: str, most: int) -> tuple[Four | None, Message | None]:
    """Four integers, one per player, each within ±`most`."""
    if not (isinstance(value, list | tuple) and len(value) == 4 and all(_is_int(v) for v in value)):
        return None, msg("session.error.four", field=field)
    if any(abs(v) > most for v in value):
        return None, msg("session.error.four-range", field=field, most=most, value=shown(list(value)))
    return (value[0], value[1], value[2], value[3]), None


def _bounds(points: int | None, flowers: int | None) -> list[Message]:
    """Points and flowers within what the game allows (`limits`), the flowers part of the points."""
    found = []
    if points is not None and points > MAX_POINTS:
        found.append(msg("session.error.points-max", value=written(points), most=MAX_POINTS, hand=MAX_HAND_POINTS))
    if flowers is not None and flowers > MAX_FLOWERS:
        found.append(msg("session.error.flowers-max", value=written(flowers), most=MAX_FLOWERS))
    if points is not None and flowers is not None and flowers > points:
        found.append(msg("session.error.flowers", flowers=written(flowers), points=written(points)))
    return found


def _hand(n: int, raw: Any, players: Sequence[str], problems: list[McrError]) -> HandEntry | None:
    """Check one hand's fields; add every problem found to `problems`."""
    found: list[Message] = []
    if not isinstance(raw, Mapping):
        problems.append(hand_problem(n, msg("session.error.hand-object")))
        return None
    found += [msg("session.error.unknown-field", field=str(k)) for k in raw if k not in HAND_FIELDS]
    results = [k for k in ("winner", "draw", "false_hu") if raw.get(k) not in (None, False)]
    if len(results) != 1:
        found.append(msg("session.error.result"))

    def player(field: str) -> int | None:
        if raw.get(field) is None:
            return None
        index = _player(raw[field], players)
        if index is None:
            found.append(msg("session.error.player", field=field, value=shown(raw[field])))
        return index

    def count(field: str) -> int | None:
        value = raw.get(field)
        if value is not None and not (_is_int(value) and value >= 0):
            found.append(msg("session.error.count", field=field, value=shown(value)))
            return None
        return value if value is None else int(value)

    def four(field: str, most: int) -> Four | None:
        if raw.get(field) is None:
            return None
        value, problem = _four(raw[field], field, most)
        if problem is not None:
            found.append(problem)
        return value

    winner, discarder, offender = player("winner"), player("from"), player("false_hu")
    points, flowers = count("points"), count("flowers")
    found += _bounds(points, flowers)
    notation = raw.get("notation")
    if notation is not None and not isinstance(notation, str):
        found.append(msg("session.error.notation-type"))
    penalties, recorded = four("penalties", MAX_PENALTY), four("scores", MAX_HAND_SCORE)
    if "draw" in raw and raw["draw"] is not True:
        found.append(msg("session.error.draw"))
    if results == ["winner"]:
        if discarder is not None and discarder == winner:
            found.append(msg("session.error.from-winner"))
        if points is None and notation is None:
            found.append(msg("session.error.points-or-notation"))
    else:
        found += [
            msg("session.error.win-field", field=k) for k in ("from", "points", "flowers", "notation") if k in raw
        ]
    problems += [hand_problem(n, m) for m in found]
    if found:
        return None
    kind: Kind = "win" if results == ["winner"] else "draw" if results == ["draw"] else "false-hu"
    return HandEntry(
        n,
        kind,
        winner=winner,
        discarder=discarder,
        points=points,
        flowers=flowers,
        notation=notation,
        offender=offender,
        penalties=penalties or NO_PENALTIES,
        recorded=recorded,
    )


def false_hu_problem(setting: FalseHu) -> Message | None:
    """What is wrong with a false-Hu setting: the offender loses (at most `MAX_PENALTY`), the others
    gain, and the table may not gain."""
    offender, others = setting.offender, setting.others
    if not (offender <= 0 <= others and offender + 3 * others <= 0):
        return msg("session.error.false-hu", offender=written(offender), others=written(others))
    if offender < -MAX_PENALTY:
        return msg("session.error.false-hu-max", offender=written(offender), most=MAX_PENALTY)
    return None


def session_from_data(data: Any, false_hu: FalseHu | None = None) -> Session:
    """A `Session` from the decoded JSON/TOML structure; raises every problem at once.
    `false_hu`, when given, overrides the file's setting."""
    session, problems = parse_session(data, false_hu)
    errors.raise_all(problems)
    return session


def parse_session(data: Any, false_hu: FalseHu | None = None) -> tuple[Session, list[McrError]]:
    """The session made of the hands that are well formed (hands past the 16th are checked and
    left out), and every problem found: the caller can still score those hands to report the
    problems of their scoring in the same pass. A session with problems is never settled."""
    if not isinstance(data, Mapping):
        return Session(("1", "2", "3", "4"), ()), [SessionError(msg("session.error.not-object"))]
    if false_hu is not None and not isinstance(false_hu, FalseHu):
        raise TypeError(f"false_hu is a FalseHu or None, not {type(false_hu).__name__}")
    problems: list[McrError] = [
        SessionError(msg("session.error.unknown-top", field=str(k))) for k in data if k not in SESSION_FIELDS
    ]
    named, found = _players(data.get("players"))
    problems += found
    players = named or ("1", "2", "3", "4")
    setting = false_hu
    if setting is None:
        raw = data.get("false_hu", [DEFAULT_FALSE_HU.offender, DEFAULT_FALSE_HU.others])
        if isinstance(raw, list) and len(raw) == 2 and all(_is_int(v) for v in raw):
            setting = FalseHu(raw[0], raw[1])
        else:
            problems.append(SessionError(msg("session.error.false-hu-type")))
    if setting is not None:
        problem = false_hu_problem(setting)
        if problem is not None:
            problems.append(SessionError(problem))
    raw_hands = data.get("hands")
    hands: list[HandEntry] = []
    if not isinstance(raw_hands, list):
        problems.append(SessionError(msg("session.error.hands")))
    elif not raw_hands:
        problems.append(EmptySessionError(msg("session.error.no-hands")))
    else:
        if len(raw_hands) > HANDS:
            problems.append(TooManyHandsError(msg("session.error.too-many", count=len(raw_hands), most=HANDS)))
        for n, raw_hand in enumerate(raw_hands, 1):
            entry = _hand(n, raw_hand, players, problems)
            if entry is not None and n <= HANDS:
                hands.append(entry)
    return Session(players, tuple(hands), setting or FalseHu()), problems


def _csv_data(source: str) -> dict[str, Any]:
    """The JSON structure of a CSV sheet: known columns, and the four other columns are the
    players, in sheet order, whose cells are their penalties in that hand."""
    header, rows = read_rows(source, "winner", CSV_FIELDS)  # a DataError: the caller names the file
    players = [h for h in header if h and h not in CSV_FIELDS]
    if len(players) != 4:
        raise SessionError(msg("session.error.csv-header", header=",".join(header)))
    hands: list[Any] = []
    problems: list[McrError] = []
    for n, (_, row) in enumerate(rows, 1):
        if len(row) > len(header):
            problems.append(
                hand_problem(
                    n,
                    msg(
                        "session.error.csv-width",
                        cells=count("n.cell", len(row)),
                        columns=count("n.column", len(header)),
                    ),
                )
            )
        hand: dict[str, Any] = {}
        penalties = [0, 0, 0, 0]
        for column, cell in zip(header, row, strict=False):
            value = cell.strip()
            if not value:
                continue
            number = ascii_int(value)
            if not column:
                problems.append(hand_problem(n, msg("session.error.csv-no-column", value=shown(value))))
            elif column != "notation" and too_long(value):
                problems.append(hand_problem(n, msg("session.error.csv-digits", column=column, most=MAX_DIGITS)))
            elif column == "hand":
                if number != n:
                    problems.append(hand_problem(n, msg("session.error.csv-hand", value=value)))
            elif column in players:
                if number is None:
                    problems.append(hand_problem(n, msg("session.error.csv-number", column=column, value=value)))
                else:
                    penalties[players.index(column)] = number
            elif column == "winner" and value.lower() == "draw":
                hand["draw"] = True
            elif column == "notation":
                hand[column] = value
            else:
                hand[column] = value if number is None else number
        if any(penalties):
            hand["penalties"] = penalties
        hands.append(hand)
    errors.raise_all(problems)
    return {"players": players, "hands": hands}


def read_session(path: str | Path, false_hu: FalseHu | None = None) -> Session:
    """Read a session file: `.json`, `.toml` or `.csv` (UTF-8); raises every problem at once."""
    session, problems = load_session(path, false_hu)
    errors.raise_all(problems)
    return session


def load_session(path: str | Path, false_hu: FalseHu | None = None) -> tuple[Session, list[McrError]]:
    """Read a session file: the session of its well-formed hands and the problems (see
    `parse_session`). The file must be a regular file of at most `files.MAX_INPUT` bytes; a FIFO,
    a device, a symbolic link loop is refused by name, as is JSON or TOML with a key twice, a
    number of more than 9 digits or nesting too deep."""
    if false_hu is not None and not isinstance(false_hu, FalseHu):
        raise TypeError(f"false_hu is a FalseHu or None, not {type(false_hu).__name__}")
    try:
        source = files.read_text(path)
    except files.InputFileError as e:
        raise SessionError(msg("session.error.data", path=str(path) or "''", reason=e.msg)) from None
    suffix = Path(path).suffix.lower()
    if suffix not in (".json", ".toml", ".csv"):
        raise SessionError(msg("session.error.format", path=str(path)))
    data: Any
    try:
        if suffix == ".json":
            data = loads_json(source)
        elif suffix == ".toml":
            data = loads_toml(source)
        else:
            data = _csv_data(source)
    except DataError as e:
        raise SessionError(msg("session.error.data", path=str(path), reason=e.msg)) from None
    return parse_session(data, false_hu)


# A `Session` built in Python: the same checks as a file, a wrong type a TypeError.


def _type_error(what: str, value: Any, expected: str) -> TypeError:
    return TypeError(f"{what} is {expected}, not {type(value).__name__}")


def _check_types(entry: HandEntry) -> None:
    """Raise `TypeError` for a `HandEntry` field of the wrong type."""
    if not isinstance(entry, HandEntry):
        raise _type_error("a hand of a Session", entry, "a HandEntry")
    if not _is_int(entry.n):
        raise _type_error("HandEntry.n", entry.n, "an int")
    if not isinstance(entry.kind, str):
        raise _type_error("HandEntry.kind", entry.kind, "a str")
    for field in ("winner", "discarder", "points", "flowers", "offender"):
        value = getattr(entry, field)
        if value is not None and not _is_int(value):
            raise _type_error(f"HandEntry.{field}", value, "an int or None")
    if entry.notation is not None and not isinstance(entry.notation, str):
        raise _type_error("HandEntry.notation", entry.notation, "a str or None")
    for field in ("penalties", "recorded"):
        value = getattr(entry, field)
        if value is None and field == "recorded":
            continue
        if not isinstance(value, tuple) or not all(_is_int(v) for v in value):
            raise _type_error(f"HandEntry.{field}", value, "a tuple of int")


def entry_problems(entry: HandEntry) -> list[Message]:
    """What is wrong with a `HandEntry` (made in Python; one read from a file has none): `TypeError`
    for a wrong type, else the problems by message, in the HandEntry's own words."""
    _check_types(entry)
    found: list[Message] = []
    if not 1 <= entry.n <= HANDS:
        found.append(msg("session.error.entry-n", most=HANDS))
    if entry.kind not in KINDS:
        found.append(msg("session.error.entry-kind", value=shown(entry.kind)))
    for field in ("winner", "discarder", "offender"):
        value = getattr(entry, field)
        if value is not None and not 0 <= value <= 3:
            found.append(msg("session.error.entry-player", field=field, value=written(value)))
    needed = {"win": ("winner",), "draw": (), "false-hu": ("offender",)}.get(entry.kind, ())
    only_win = ("winner", "discarder", "points", "flowers", "notation")
    for field in needed:
        if getattr(entry, field) is None:
            found.append(msg("session.error.entry-needs", kind=entry.kind, field=field))
    if entry.kind in ("draw", "false-hu"):
        found += [
            msg("session.error.entry-without", kind=entry.kind, field=f)
            for f in (*only_win, "offender")
            if f not in needed and getattr(entry, f) is not None
        ]
    elif entry.kind == "win":
        if entry.offender is not None:
            found.append(msg("session.error.entry-without", kind=entry.kind, field="offender"))
        if entry.discarder is not None and entry.discarder == entry.winner:
            found.append(msg("session.error.entry-discarder"))
        if entry.points is None and entry.notation is None:
            found.append(msg("session.error.points-or-notation"))
    for field in ("points", "flowers"):
        value = getattr(entry, field)
        if value is not None and value < 0:
            found.append(msg("session.error.count", field=field, value=written(value)))
    found += _bounds(entry.points, entry.flowers)
    _, problem = _four(entry.penalties, "penalties", MAX_PENALTY)
    found += [problem] if problem is not None else []
    if entry.recorded is not None:
        _, problem = _four(entry.recorded, "recorded", MAX_HAND_SCORE)
        found += [problem] if problem is not None else []
    return found


def session_problems(session: Session) -> list[McrError]:
    """The problems of a `Session` made in Python as a whole, as a file's would be reported;
    `TypeError` for a wrong type. Its hands are numbered 1, 2, 3… in order, at most 16, and at
    least one; the problems of each hand are found when settling it (`entry_problems`)."""
    if not isinstance(session, Session):
        raise _type_error("a session", session, "a Session")
    if not isinstance(session.players, tuple):
        raise _type_error("Session.players", session.players, "a tuple of four str")
    if not isinstance(session.hands, tuple):
        raise _type_error("Session.hands", session.hands, "a tuple of HandEntry")
    if not (isinstance(session.false_hu, FalseHu) and _is_int(session.false_hu.offender)):
        raise _type_error("Session.false_hu", session.false_hu, "a FalseHu of two int")
    if not _is_int(session.false_hu.others):
        raise _type_error("FalseHu.others", session.false_hu.others, "an int")
    players, problems = _players(session.players)
    if players is not None and players != session.players:
        problems.append(SessionError(msg("session.error.players-clean")))
    setting = false_hu_problem(session.false_hu)
    if setting is not None:
        problems.append(SessionError(setting))
    if not session.hands:
        problems.append(EmptySessionError(msg("session.error.no-hands")))
    if len(session.hands) > HANDS:
        problems.append(TooManyHandsError(msg("session.error.too-many", count=len(session.hands), most=HANDS)))
    for position, entry in enumerate(session.hands, 1):
        _check_types(entry)
        if entry.n != position:
            problems.append(hand_problem(entry.n, msg("session.error.entry-order", position=position)))
    return problems
