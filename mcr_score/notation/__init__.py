"""Hand notation: text -> `Hand` with `parse_hand`, `Hand` -> canonical text with `format_hand`.

The syntax is defined only by `grammar/mcr.lark`; its parsers live in `parser.py`, which is loaded
only for text outside the canonical form (`read_canonical` reads that one without the grammar).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from mcr_score import errors
from mcr_score.hand import CLAIMS, FOUR_SETS, MAX_FLOWERS, Hand, Meld, Shape, Situation, building_problems, check_hand
from mcr_score.messages import count, msg
from mcr_score.notation.text_rules import (
    IGNORED,
    LOWER_CASE_WINDS,
    MAX_NOTATION,
    MAX_PROBLEMS,
    check_text,
    lower_case_wind_hint,
    meld_kind,
    situation_of,
)
from mcr_score.tiles import FLOWER_LETTERS, HONORS, INDEX, TILES, UNICODE, WINDS, Z_HONORS, Tile, starts_chow
from mcr_score.vocabulary import MELD_KINDS, Kind

if TYPE_CHECKING:
    from pathlib import Path  # only named here: pathlib costs start-up time

    from mcr_score.notation.parser import _Located

# The text rules both readers share live in `notation_text` (the grammar's builder, `parser`, reads
# them there, so that it does not import this module): named here too, where callers look for them.
__all__ = [
    "IGNORED",
    "LOWER_CASE_WINDS",
    "MAX_NOTATION",
    "MAX_PROBLEMS",
    "build_parsers",
    "check_text",
    "format_hand",
    "format_meld",
    "format_tiles",
    "grammar_path",
    "lower_case_wind_hint",
    "meld_kind",
    "parse_building",
    "parse_hand",
    "parse_located",
    "parse_tiles",
    "read_canonical",
    "read_tile",
    "situation_of",
    "suffix_columns",
    "with_situation",
    "with_winning",
]


def parse_hand(text: str, win: str | Tile | None = None) -> Hand:
    """Parse hand notation into a `Hand`; raise the `McrError`s found, all at once.

    `win` names the winning tile among the concealed tiles (`--win`), whatever their order; it
    must agree with a tile marked in the text, `4(5)6m`.

    Text in the canonical form is read without the grammar (`read_canonical`), some five times
    faster; every other text, and every hand with a problem, goes through the grammar.
    A text that is not a `str` is a `TypeError`; one over `MAX_NOTATION` characters is refused unread."""
    check_text(text)
    if win is not None:
        hand, located = parse_located(text)
        return with_winning(hand, win, marked=located.marked)
    canonical = read_canonical(text)
    if canonical is not None and not check_hand(canonical):
        return canonical
    return parse_located(text)[0]


def parse_building(text: str) -> Hand:
    """The hand of a text that may not be complete yet (the table-side page's picker): as
    `parse_hand`, but checked by `hand.building_problems` (a few tiles are a hand being put
    together). Canonical text is read without the grammar, as `parse_hand` reads it."""
    check_text(text)
    canonical = read_canonical(text)
    if canonical is not None and not building_problems(canonical):
        return canonical
    from mcr_score.notation import parser

    return parser.parse_located(text, building=True)[0]


def parse_located(text: str, drawn: bool = False, shape: Shape = FOUR_SETS) -> tuple[Hand, _Located]:
    """Parse and check `text` with the grammar; also return where each part of the hand stands in it.
    `drawn`: the 14th tile is the tile just drawn, not a winning tile (`hand.check_hand`); `shape`:
    the rule system's hand size (four sets and a pair unless said)."""
    from mcr_score.notation import parser  # Lark is loaded only here, for text outside the canonical form

    return parser.parse_located(text, drawn, shape)


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """The tiles of a text written as standing tiles are, read by the grammar (`parser.parse_tiles`)."""
    from mcr_score.notation import parser

    return parser.parse_tiles(text)


def build_parsers() -> None:
    """Build both parsers now rather than at the first text that needs them: once in a process
    that is about to fork workers, instead of once in each worker."""
    from mcr_score.notation import parser

    parser.build_parsers()


def grammar_path() -> Path:
    """The grammar file (in the wheel, or the repository's `grammar/` in a source checkout)."""
    from mcr_score.notation import parser

    return parser.grammar_path()


# The shape of `format_hand`'s output: melds, then tiles, then the suffix (optional here).
_WIND = f"([{''.join(WINDS)}])"
_CANONICAL = re.compile(
    r"((?:\[[^\[\]|]*\])*)([^\[\]|]*)(?:\|" + _WIND + _WIND + r"([01])([01])([01])([01])"
    r"(?:\|([1-8]|[a-h]{1,8}))?)?"
)
_GROUP = re.compile(rf"([1-9]+)([mps])|([{HONORS}])")
_DEFAULT_SUFFIX = "|EE0000"
_WIND_SET = frozenset(WINDS)
_FLOWER_SET = frozenset(FLOWER_LETTERS)
_TILE_OF: dict[str, Tile] = {name: Tile.from_index(i) for name, i in INDEX.items()}
_SUIT_BASE = {"m": INDEX["1m"] - 1, "p": INDEX["1p"] - 1, "s": INDEX["1s"] - 1}
# Every meld as `format_meld` writes it between its brackets (`123m1`, `EEEE`), made at the first
# canonical text with a meld (some 460 melds: not at import, where start-up time counts).
_MELD_TEXTS: dict[str, Meld] = {}


def read_canonical(text: str) -> Hand | None:
    """The hand of a text in canonical notation (as `format_hand` writes it, with or without the
    default `|EE0000` suffix), or None for any other text.

    This is not a second definition of the notation: a hand is returned only if `format_hand`
    writes it back as the very same text, and `parse_hand(format_hand(h)) == h` for every valid
    hand (tested), so it is exactly the grammar's hand. The hand may still be impossible
    (`check_hand`); `parse_hand` then asks the grammar, which locates the problems.
    """
    m = _CANONICAL.fullmatch(text)
    if m is None:
        return None
    melds: list[Meld] = []
    if m[1]:
        meld_texts = _MELD_TEXTS or _make_meld_texts()
        for body in m[1][1:-1].split("]["):
            meld = meld_texts.get(body)
            if meld is None:
                return None
            melds.append(meld)
    indices = _canonical_indices(m[2])
    if indices is None:
        return None
    winning = TILES[indices.pop()] if len(indices) == FOUR_SETS.tiles(len(melds)) else None
    indices.sort()  # a valid hand's standing tiles are in tile order
    situation = Situation()
    if m[3]:
        flowers = m[9] or ""
        situation = situation_of(
            m[3] + m[4],
            m[5] + m[6] + m[7] + m[8],
            int(flowers) if flowers.isdigit() else len(flowers),
            "" if flowers.isdigit() else flowers,
        )
    hand = Hand(tuple(melds), tuple([TILES[i] for i in indices]), winning, situation)
    written = format_hand(hand)
    if written != text and not (m[3] is None and written == text + _DEFAULT_SUFFIX):
        return None
    return hand


def _canonical_indices(text: str) -> list[int] | None:
    """The tile indices of runs like `123m` and honor letters, in the order written; None for anything else."""
    out: list[int] = []
    pos = 0
    for g in _GROUP.finditer(text):
        if g.start() != pos:
            return None
        pos = g.end()
        if g[3]:
            out.append(INDEX[g[3]])
        else:
            base = _SUIT_BASE[g[2]]
            out.extend([base + int(r) for r in g[1]])
    return out if pos == len(text) else None


def _make_meld_texts() -> dict[str, Meld]:
    """Fill `_MELD_TEXTS`: each meld `Meld` accepts, by the text `format_meld` writes for it. A
    body found there is canonical by construction, and reads as the very meld that writes it."""
    for tile in TILES:
        kinds = MELD_KINDS if starts_chow(INDEX[tile.code]) else MELD_KINDS[1:]  # no chow from 8, 9 or an honor
        for kind in kinds:
            for claim in (None, *CLAIMS[kind]):
                meld = Meld(kind.value, tile, concealed=kind is Kind.KONG and claim is None, claim=claim)
                _MELD_TEXTS[format_meld(meld)[1:-1]] = meld
    return _MELD_TEXTS


def format_hand(hand: Hand, mark_win: bool = False, *, short: bool = False) -> str:
    """Canonical notation: melds, sorted standing tiles, the winning tile, then the situation.
    With `mark_win` the winning tile stands among the sorted tiles in parentheses, `1234(5)6789m`;
    with `short` the default situation `|EE0000` is left out (`read_canonical` reads both).

    Every hand is written so that `parse_hand` reads it back (and reports its problems, if it has
    any), except a situation the notation has no way to write: a wind not E/S/W/N, flowers under 0
    or over 9, letters other than a-h; those raise as `check_hand` would name them."""
    if not isinstance(hand, Hand):
        raise TypeError(f"format_hand() takes a Hand, not {type(hand).__name__}")
    s = hand.situation
    if not (s.seat_wind in _WIND_SET and s.prevalent_wind in _WIND_SET and 0 <= s.flowers <= 9) or (
        s.flower_letters and not _FLOWER_SET.issuperset(s.flower_letters)
    ):
        errors.raise_all([p for p in check_hand(hand) if p.where and p.where.startswith("situation.")])
    parts = [format_meld(m) for m in hand.melds]
    if mark_win and hand.winning is not None:
        tiles = sorted((*hand.standing, hand.winning), key=lambda t: t.index)
        parts.append(format_tiles(tiles, marked=tiles.index(hand.winning)))
    else:
        parts.append(format_tiles(hand.standing))
        if hand.winning is not None:
            parts.append(format_tiles((hand.winning,)))
    flags = "".join("1" if f else "0" for f in (s.self_drawn, s.last_copy, s.wall_last, s.kong))
    suffix = f"|{s.prevalent_wind}{s.seat_wind}{flags}"
    if s.flower_letters:
        suffix += f"|{s.flower_letters}"
    elif s.flowers:
        suffix += f"|{s.flowers}"
    if short and suffix == _DEFAULT_SUFFIX:
        suffix = ""
    return "".join(parts) + suffix


def suffix_columns(text: str) -> dict[str, int]:
    """The 1-based column of each situation field in a text `format_hand` wrote (`|EE0000`: the
    prevalent wind, the seat wind, then each flag), none when it wrote no suffix (`short`)."""
    bar = text.find("|")
    if bar < 0:
        return {}
    return {name: bar + 2 + i for i, name in enumerate(("prevalent_wind", "seat_wind", *_FLAGS))}


def format_meld(meld: Meld) -> str:
    """A declared meld as written in the canonical form: `[123m1]`, `[EEEE]`."""
    body = format_tiles(meld.tiles)
    return f"[{body}{meld.claim if meld.claim is not None else ''}]"


def format_tiles(tiles: Iterable[Tile], marked: int | None = None) -> str:
    """Tiles in the given order; runs of one suit share their letter (`123m`), honors as letters;
    the tile at position `marked` in parentheses (`4(5)6m`)."""
    out: list[str] = []
    run_suit = ""
    for i, t in enumerate(tiles):
        code = t.code
        if len(code) == 1:  # an honor
            out.append(run_suit)
            out.append(f"({code})" if i == marked else code)
            run_suit = ""
            continue
        if run_suit != code[1]:
            out.append(run_suit)
        out.append(f"({code[0]})" if i == marked else code[0])
        run_suit = code[1]
    out.append(run_suit)
    return "".join(out)


_FLAGS = ("self_drawn", "last_copy", "wall_last", "kong")
_FIELDS = frozenset(f.name for f in dataclasses.fields(Situation))


def with_situation(hand: Hand, *, check: bool = True, **changes: Any) -> Hand:
    """The same hand with situation fields replaced (None values leave a field as it is).

    A value the notation could not write is refused here, not carried into `format_hand`: a flag
    that is not a bool, flowers not an int, an unknown field (`TypeError`); a wind not E/S/W/N
    (`BadSituationError`), flowers outside 0-8 or letters other than distinct a-h (`FlowerError`).
    Naming the letters (`flower_letters="ab"`) counts them; a count alone drops earlier letters.
    The situation that results is checked against the tiles (`check_hand`'s situation problems,
    robbing a kong of a tile the hand holds among them), so that what is returned reads back;
    `check=False` leaves that to a caller that checks the whole hand itself, locating each
    problem in its own terms (`situation.apply_situation`)."""
    if not isinstance(hand, Hand):
        raise TypeError(f"with_situation() takes a Hand, not {type(hand).__name__}")
    changes = {k: v for k, v in changes.items() if v is not None}
    for name, value in changes.items():
        if name not in _FIELDS:
            raise TypeError(f"with_situation: no situation field {name!r}; fields: {', '.join(sorted(_FIELDS))}")
        if name in _FLAGS and not isinstance(value, bool):
            raise TypeError(f"with_situation: {name} must be a bool, not {type(value).__name__}")
        if name == "flowers" and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"with_situation: flowers must be an int, not {type(value).__name__}")
        if name in ("seat_wind", "prevalent_wind", "flower_letters") and not isinstance(value, str):
            raise TypeError(f"with_situation: {name} must be a str, not {type(value).__name__}")
        if name in ("seat_wind", "prevalent_wind") and value not in WINDS:
            raise errors.BadSituationError(
                msg("error.wind", name=msg(f"error.wind-name.{name}"), value=value), where=f"situation.{name}"
            )
        if name == "flowers" and not 0 <= value <= MAX_FLOWERS:
            key = "error.flowers.too-many" if value > MAX_FLOWERS else "error.flowers.range"
            raise errors.FlowerError(msg(key, n=value), where="situation.flowers")
        if name == "flower_letters" and (len(set(value)) != len(value) or not set(value) <= set(FLOWER_LETTERS)):
            raise errors.FlowerError(msg("error.flowers.letters", letters=value), where="situation.flowers")
    letters = changes.get("flower_letters")
    if letters is not None and changes.setdefault("flowers", len(letters)) != len(letters):
        raise errors.FlowerError(
            msg(
                "error.flowers.count-mismatch",
                counted=count("n.flower-counted", changes["flowers"]),
                named=len(letters),
            ),
            where="situation.flowers",
        )
    if "flowers" in changes and hand.situation.flower_letters:
        changes.setdefault("flower_letters", "")
    new = dataclasses.replace(hand, situation=dataclasses.replace(hand.situation, **changes))
    if check:
        errors.raise_all([p for p in check_hand(new) if (p.where or "").startswith("situation.")])
    return new


def read_tile(text: str | Tile, where: str = "win") -> Tile:
    """One tile as the notation writes it: `5m`, `E`, `5z`, `🀄`; a named error for anything else."""
    if isinstance(text, Tile):
        return text
    if not isinstance(text, str):
        raise TypeError(f"a tile is a Tile or its text (str), not {type(text).__name__}")
    written = text.strip()
    if written in _TILE_OF:
        return _TILE_OF[written]
    if len(written) == 2 and written[1] == "z" and written[0] in "1234567":
        return Tile(Z_HONORS[int(written[0]) - 1])
    if written in UNICODE:
        return Tile(UNICODE[written])
    message = lower_case_wind_hint(msg("error.win.not-a-tile", value=repr(text)), written)
    raise errors.BadTileError(message, where=where)


def with_winning(hand: Hand, win: str | Tile, *, marked: bool = False, where: str = "win") -> Hand:
    """The same tiles with `win` as the winning tile, taken from the standing tiles and the
    winning tile in any order; an error when it is not there, when the hand is waiting (13 tiles,
    no winning tile), or when it contradicts the tile `marked` in the notation."""
    tile = read_tile(win, where)
    if hand.winning is None:
        raise errors.WinTileError(msg("error.win.waiting", tile=tile), where=where)
    if marked and tile != hand.winning:
        raise errors.WinTileError(msg("error.win.conflict", tile=tile, marked=hand.winning), where=where)
    pool = [*hand.standing, hand.winning]
    if tile not in pool:
        raise errors.WinTileError(msg("error.win.absent", tile=tile), where=where)
    pool.remove(tile)
    new = dataclasses.replace(hand, standing=tuple(sorted(pool, key=lambda t: t.index)), winning=tile)
    errors.raise_all(check_hand(new))
    return new
