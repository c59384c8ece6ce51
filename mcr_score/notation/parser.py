"""The notation's grammar at work: the two Lark LALR parsers built from `grammar/mcr.lark`.

- the inline one builds the hand while parsing (no parse tree) and gives up at the first problem;
  it reads every valid text;
- the recovering one (a parse tree, Lark's `on_error` recovery for characters and tokens) reads
  a text with a problem to the end, collects every problem with its column and raises them
  together. Lark's error recovery needs the tree parser, hence the two.
After either, `hand.check_hand` finds what is impossible about the hand itself. The text rules it
shares with the canonical reader (limits, skipped characters, meld kinds, the suffix) are
`notation_text`'s: this module does not import `notation`, which imports this one only for text
outside the canonical form, so scoring canonical text (and starting the command line) never loads
Lark. Lark caches each parser's grammar analysis (`cache=True`, in the
temporary directory), so a new process builds them in a few milliseconds.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from importlib import resources
from pathlib import Path
from typing import NamedTuple, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from mcr_score import errors
from mcr_score.hand import CLAIMS, FOUR_SETS, Hand, Meld, Ref, Shape, Situation, building_problems, check_hand
from mcr_score.messages import Message, msg
from mcr_score.notation.text_rules import (
    HONOUR_LETTERS,
    IGNORED,
    MAX_PROBLEMS,
    OTHER_NOTATIONS,
    check_text,
    lower_case_wind_hint,
    meld_kind,
    situation_of,
    slip_problems,
    slips,
)
from mcr_score.tiles import INDEX, UNICODE, UNICODE_FLOWERS, WINDS, Z_HONORS, Tile
from mcr_score.vocabulary import Kind

_WIND_LETTERS = "".join(WINDS)  # a suffix's seat and prevalent wind

GRAMMAR_NAME = "mcr.lark"


def grammar_path(name: str = GRAMMAR_NAME) -> Path:
    """A grammar shipped in the wheel, or in the repository's `grammar/` in a source checkout:
    the hand notation's unless named (a rule system with its own notation has its own file)."""
    shipped = resources.files("mcr_score") / "grammar" / name
    if shipped.is_file():
        return Path(str(shipped))
    return Path(__file__).resolve().parents[2] / "grammar" / name


@functools.cache
def _grammar() -> str:
    """The grammar's text, read once for both parsers."""
    return grammar_path().read_text(encoding="utf-8")


@functools.cache
def _inline_parser() -> Lark:
    """The grammar with the builder as its callbacks: valid text straight to a hand."""
    return Lark(_grammar(), parser="lalr", transformer=_Builder(None), cache=True)


@functools.cache
def _tree_parser() -> Lark:
    """The grammar building a parse tree: needed by `on_error` recovery, used only for bad text."""
    return Lark(_grammar(), parser="lalr", cache=True)


def build_parsers() -> None:
    """Build both parsers now rather than at the first text that needs them: once in a process
    that is about to fork workers, instead of once in each worker."""
    _inline_parser()
    _tree_parser()


def parse_located(
    text: str, drawn: bool = False, shape: Shape = FOUR_SETS, *, building: bool = False
) -> tuple[Hand, _Located]:
    """Parse and check `text`; also return where each part of the hand stands in it. `drawn`: the
    14th tile is the tile just drawn, not a winning tile (`hand.check_hand`); `shape`: the hand
    size of the rule system (four sets and a pair unless said); `building`: a hand still being put
    together, checked by `hand.building_problems`."""
    check_text(text)
    try:
        built = cast(_Built, _inline_parser().parse(text))  # what the builder's `start` returns
    except (UnexpectedInput, _Fallback):
        return _parse_recovering(text, drawn, shape, building)
    return _checked(text, built, drawn, shape, building)


def _checked(
    text: str, built: _Built, drawn: bool = False, shape: Shape = FOUR_SETS, building: bool = False
) -> tuple[Hand, _Located]:
    """The hand if `check_hand` finds nothing impossible; otherwise its problems, located in `text`."""
    built = built.shaped(shape)
    located = _Located(
        built.melds, built.standing, built.winning, built.situation, _end_column(text, built), built.marked
    )
    if building:
        problems = building_problems(built.hand, located.locate, text, shape=shape)
    else:
        problems = check_hand(built.hand, located.locate, text, drawn=drawn, shape=shape)
    if problems and built.inline_flowers:
        _hint_lower_case_winds(problems, built.inline_flowers)
    errors.raise_all(problems)
    return built.hand, located


def _hint_lower_case_winds(problems: list[errors.McrError], inline_flowers: str) -> None:
    """When the flowers written among the tiles are winds in lower case (`ee`), say so in the first
    problem about the flowers or the tile count, which is what such a hand runs into."""
    for i, p in enumerate(problems):
        if isinstance(p, (errors.FlowerError, errors.TileCountError)):
            hinted = lower_case_wind_hint(p.msg, inline_flowers)
            problems[i] = type(p)(hinted, text=p.text, column=p.column, where=p.where)
            return


def _parse_recovering(text: str, drawn: bool, shape: Shape, building: bool) -> tuple[Hand, _Located]:
    """Read a text with problems to its end: raise every problem found, each with its column."""
    built, problems = _read_recovering(text)
    errors.raise_all(problems)
    assert built is not None  # no problem: the text was read
    return _checked(text, built, drawn, shape, building)


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """The tiles of a text written as standing tiles are (`335m7pEE`, `5z`, Unicode tiles, spaces
    anywhere), in the order written, for a list of tiles such as `--seen`; every problem raised
    with its column, and a declared meld, a flower, a winning-tile marker or a suffix is one."""
    built, problems = _read_recovering(text)
    if built is not None:
        found = (
            built.melds[:1]
            + [built.situation[k] for k in ("flowers", "bar") if k in built.situation][:1]
            + ([built.winning] if built.marked and built.winning is not None else [])
        )
        if found:
            problems.append(errors.SyntaxProblemError(msg("error.tiles.only"), text=text, column=min(found)))
    errors.raise_all(problems)
    assert built is not None
    placed = list(zip(built.standing, built.hand.standing, strict=True))
    if built.winning is not None and built.hand.winning is not None:
        placed.append((built.winning, built.hand.winning))
    return tuple(tile for _, tile in sorted(placed, key=lambda p: p[0]))  # in the order written


def _read_recovering(text: str) -> tuple[_Built | None, list[errors.McrError]]:
    """What the recovering parser reads of `text` (None when it cannot go on to the end), and
    every problem of the notation met on the way, each with its column. A text with full-width
    characters or upper-case suits (`notation_text.slips`) gets one problem for each slip, then
    the problems of the text as it reads without them, at the same columns: `123456789M123P5S5S`
    is one `upper-case-suit`, not five errors at every suit."""
    found = slips(text)
    if found.fixed != text:
        _, problems = _read_recovering(found.fixed)
        for p in problems:
            p.text = text  # the same columns in the text as written
        return None, slip_problems(text, found) + problems
    built, problems = _read_unslipped(text)
    _hint_other_notations(problems)
    return built, problems


def _hint_other_notations(problems: list[errors.McrError]) -> None:
    """The first character of another notation (`R` for the red dragon, a comma between tiles, a
    `z` after an honour's letter: `EEEz`) gets the hint of how this one writes it, once per hint."""
    given: set[str] = set()
    for i, p in enumerate(problems):
        if p.text is None or p.column is None or p.column > len(p.text) or not isinstance(p, errors.NotationError):
            continue
        char, before = p.text[p.column - 1], p.text[p.column - 2 : p.column - 1]
        if char == "z" and before in HONOUR_LETTERS and isinstance(p, errors.SyntaxProblemError):
            hint: str | None = "error.hint.honour-z"
        elif isinstance(p, errors.IllegalCharacterError):
            hint = OTHER_NOTATIONS.get(char)
        else:
            hint = None
        if hint is not None and hint not in given:
            given.add(hint)
            problems[i] = errors.reworded(p, msg(hint, message=p.msg))


def _read_unslipped(text: str) -> tuple[_Built | None, list[errors.McrError]]:
    """`_read_recovering` of a text without slips of case or width."""
    problems: list[errors.McrError] = []

    def recover(e: UnexpectedInput) -> bool:
        problem = _syntax_problem(text, e)
        seen = {(p.code, p.column) for p in problems}
        suffix_reported = any(isinstance(p, errors.BadSituationError) for p in problems)
        if (problem.code, problem.column) not in seen and not (
            suffix_reported and isinstance(problem, errors.BadSituationError)
        ):
            problems.append(problem)
        # After an unclosed meld or a bad suffix, what follows cannot be read reliably; and past
        # MAX_PROBLEMS the text is not a hand at all (recovery would only cost time).
        return len(problems) < MAX_PROBLEMS and not isinstance(
            problem, (errors.UnclosedMeldError, errors.BadSituationError)
        )

    try:
        tree = _tree_parser().parse(text, on_error=recover)
    except UnexpectedInput as e:
        recover(e)
        return None, problems
    builder = _Builder(text)
    built = builder.transform(tree)
    problems.extend(builder.problems)
    return built, problems


def _syntax_problem(text: str, e: UnexpectedInput) -> errors.McrError:
    """The problem behind a character or token Lark could not take, named as a player would."""
    pos = e.pos_in_stream if e.pos_in_stream is not None else len(text)
    bar = text.find("|")
    tok = getattr(e, "token", None)
    ended = pos == len(text) or (tok is not None and tok.type == "$END")  # `hand|`: the end after a bar
    if 0 <= bar < pos or (bar >= 0 and ended):
        return _suffix_problem(text, bar)
    if text[pos : pos + 1] == "0" and not (tok is not None and tok.type == "CLAIM"):
        # The lexer reads a stray 0 as a flower count or flags, so it arrives as a token.
        return errors.IllegalCharacterError(msg("error.notation.zero"), text=text, column=pos + 1)
    if isinstance(e, UnexpectedCharacters) and text[pos] in "()":
        return errors.WinMarkerError(msg("error.notation.paren", char=repr(text[pos])), text=text, column=pos + 1)
    if isinstance(e, UnexpectedCharacters):
        message = lower_case_wind_hint(msg("error.notation.character", char=repr(text[pos])), text[pos])
        return errors.IllegalCharacterError(message, text=text, column=pos + 1)
    assert isinstance(e, UnexpectedToken)
    tok = e.token
    if tok.type == "$END":
        opened = text.rfind("[")
        if opened > text.rfind("]"):
            return errors.UnclosedMeldError(msg("error.notation.unclosed"), text=text, column=opened + 1)
        return errors.SyntaxProblemError(msg("error.notation.early-end"), text=text, column=len(text) + 1)
    if tok.type == "CLAIM":
        return errors.BadMeldError(msg("error.notation.stray-digit", digit=repr(tok.value)), text=text, column=pos + 1)
    if tok.value == "|" and text.rfind("[", 0, pos) > text.rfind("]", 0, pos):
        return errors.UnclosedMeldError(msg("error.notation.unclosed"), text=text, column=text.rfind("[", 0, pos) + 1)
    if tok.value == "[":
        return errors.UnclosedMeldError(msg("error.notation.nested"), text=text, column=pos + 1)
    message = lower_case_wind_hint(msg("error.notation.out-of-place", token=repr(tok.value)), tok.value)
    return errors.SyntaxProblemError(message, text=text, column=pos + 1)


def _suffix_problem(text: str, bar: int) -> errors.McrError:
    """Point at the first character where the suffix departs from |WWffff, |WWffff|N or |WWffff|abc
    (the spaces the grammar ignores skipped)."""
    suffix = text[bar:].rstrip(IGNORED)
    # The suffix's characters after the bar, each with its column, spaces left out.
    chars = [(c, bar + 2 + i) for i, c in enumerate(suffix[1:]) if c not in IGNORED]
    expect = [(_WIND_LETTERS, msg("error.suffix.wind"))] * 2 + [("01", msg("error.suffix.flag"))] * 4
    for i, (allowed, what) in enumerate(expect):
        if i >= len(chars):
            end = chars[-1][1] + 1 if chars else bar + 2
            return errors.BadSituationError(msg("error.suffix.short", suffix=repr(suffix)), text=text, column=end)
        char, column = chars[i]
        if char not in allowed:
            message = msg("error.suffix.char", char=repr(char), expected=what)
            if allowed == _WIND_LETTERS:
                message = lower_case_wind_hint(message, char)
            return errors.BadSituationError(message, text=text, column=column)
    rest_column = chars[5][1] + 1
    rest = suffix[rest_column - bar - 1 :].lstrip(IGNORED)
    more = chars[6:]
    column = more[0][1] if more else rest_column
    if more and more[0][0] == "|":
        column = more[1][1] if len(more) > 1 else column + 1
    return errors.BadSituationError(msg("error.suffix.rest", rest=repr(rest)), text=text, column=column)


class _Fallback(Exception):
    """A problem met by the inline builder: the text goes to the recovering parser instead."""


@dataclasses.dataclass
class _Located:
    """Columns of a parsed hand's parts, for error carets."""

    melds: list[int]
    standing: list[int]
    winning: int | None
    situation: dict[str, int]  # column of each situation field written in the text
    end: int
    marked: bool = False  # the winning tile was marked in parentheses, `4(5)6m`

    def locate(self, ref: Ref) -> tuple[int | None, str | None]:
        kind = ref[0]
        if kind == "meld":
            return self.melds[min(ref[1], len(self.melds) - 1)], None
        if kind == "standing":
            return self.standing[ref[1]], None
        if kind == "winning":
            return self.winning, None
        if kind == "situation":
            column = self.situation.get(ref[1])
            return column, (None if column else f"situation: {ref[1]}")
        return self.end, None


class _Placed(NamedTuple):
    """A tile as written: its column, and whether it is marked as the winning tile, `4(5)6m`."""

    tile: Tile
    column: int
    marked: bool = False


_Tiles = list[_Placed]  # the tiles of a group
_RANK = re.compile(r"\(([1-9])\)|([1-9])")


class _MeldItem(NamedTuple):
    meld: Meld | None  # None: malformed, already reported
    column: int


class _FlowerItem(NamedTuple):
    letter: str
    column: int


class _FlowerField(NamedTuple):
    """The suffix's flower field: the count, the letters, the column of each letter (of the field
    when it has none), and whether a count was written (`|0` included)."""

    number: int
    letters: str
    columns: tuple[int, ...]
    counted: bool


class _SituationItem(NamedTuple):
    situation: Situation
    columns: dict[str, int]
    counted: bool  # flowers written as a count (`|0` included)
    letter_columns: tuple[int, ...]  # the column of each flower letter of the suffix


class _Built(NamedTuple):
    """What the builder makes of a whole text: the hand and the columns of its parts."""

    hand: Hand
    melds: list[int]
    standing: list[int]
    winning: int | None
    situation: dict[str, int]
    marked: bool  # the winning tile was marked in parentheses
    inline_flowers: str  # the flower letters written among the tiles

    def shaped(self, shape: Shape) -> _Built:
        """The same text read for another hand size: unless a tile was marked, the last tile
        written is the winning tile when the concealed tiles are as many as `shape` wins with
        (the builder reads them for four sets and a pair)."""
        if self.marked or shape == FOUR_SETS:
            return self
        placed = list(zip(self.standing, self.hand.standing, strict=True))
        if self.winning is not None and self.hand.winning is not None:
            placed.append((self.winning, self.hand.winning))
        placed.sort(key=lambda p: p[0])  # in the order written
        winning: tuple[int, Tile] | None = None
        if len(placed) == shape.tiles(len(self.hand.melds)):
            winning = placed.pop()
        placed.sort(key=lambda p: (INDEX[p[1].code], p[0]))
        hand = Hand(self.hand.melds, tuple(t for _, t in placed), winning[1] if winning else None, self.hand.situation)
        columns = [c for c, _ in placed]
        return self._replace(hand=hand, standing=columns, winning=winning[0] if winning else None)


def _marked(tok: Token, code: str) -> _Placed:
    """An honor or Unicode tile token, `E` or `(E)`, as a placed tile."""
    marked = tok.value.startswith("(")
    return _Placed(Tile(code.strip("()")), _column(tok) + marked, marked)


def _column(tok: Token) -> int:
    """The 1-based column of a token's first character (the lexer always sets its position)."""
    assert tok.start_pos is not None
    return tok.start_pos + 1


def _significant(tok: Token) -> list[tuple[str, int]]:
    """A token's characters but the spaces it may hold (`IGNORED`), each with its column."""
    start = _column(tok)
    return [(c, start + i) for i, c in enumerate(tok.value) if c not in IGNORED]


def _end_column(text: str, built: _Built) -> int:
    """Just after the last group written before the suffix (where a missing tile would go)."""
    tile_part = text[: built.situation["bar"] - 1] if "bar" in built.situation else text
    return len(tile_part.rstrip(" \t")) + 1


class _Builder(Transformer[Token, _Built]):
    """Builds the hand from the grammar's rules. With the text (over a parse tree) it records
    malformed groups as problems and goes on; without (inline, while parsing) it gives up at the
    first one (`_Fallback`), since only the recovering parser can report every problem."""

    def __init__(self, text: str | None) -> None:
        super().__init__()
        self.text = text
        self.problems: list[errors.McrError] = []

    def _problem(self, cls: type[errors.McrError], message: Message, column: int) -> None:
        if self.text is None:
            raise _Fallback
        self.problems.append(cls(message, text=self.text, column=column))

    def suited(self, children: list[Token]) -> _Tiles:
        ranks, suit = children
        out = []
        start = _column(ranks)
        if "(" in ranks.value:
            written = [(m[1] or m[2], m.start(1 if m[1] else 2), bool(m[1])) for m in _RANK.finditer(ranks.value)]
        else:  # no marker: the common case, kept cheap
            written = [(r, offset, False) for offset, r in enumerate(ranks.value) if r not in IGNORED]
        for r, offset, marked in written:
            column = start + offset
            if suit.value == "z":
                if int(r) > 7:
                    self._problem(errors.BadTileError, msg("error.notation.honor-rank", rank=r), column)
                    continue
                out.append(_Placed(Tile(Z_HONORS[int(r) - 1]), column, marked))
            else:
                out.append(_Placed(Tile(r + suit.value), column, marked))
        return out

    def bare_ranks(self, children: list[Token]) -> _Tiles:
        (ranks,) = children
        self._problem(errors.MissingSuitError, msg("error.notation.no-suit", digits=repr(ranks.value)), _column(ranks))
        return []

    def honor(self, children: list[Token]) -> _Tiles:
        return [_marked(children[0], children[0].value)]

    def unicode_tile(self, children: list[Token]) -> _Tiles:
        return [_marked(children[0], UNICODE[children[0].value.strip("()")])]

    def flower(self, children: list[Token]) -> _FlowerItem:
        ch = children[0].value
        return _FlowerItem(UNICODE_FLOWERS.get(ch, ch), _column(children[0]))

    def meld(self, children: list[Token | _Tiles]) -> _MeldItem:
        opening, closing = children[0], children[-1]
        assert isinstance(opening, Token)
        assert isinstance(closing, Token)
        column = _column(opening)
        claim_token = children[-2] if isinstance(children[-2], Token) and children[-2].type == "CLAIM" else None
        placed = [p for group in children if isinstance(group, list) for p in group]
        for p in placed:
            if p.marked:
                self._problem(errors.WinMarkerError, msg("error.notation.marker-in-meld"), p.column)
        tiles = [p.tile for p in placed]
        written = self.text[opening.start_pos : closing.end_pos] if self.text is not None else ""
        return _MeldItem(self._meld(tiles, claim_token, written, column), column)

    def _meld(self, tiles: list[Tile], claim_token: Token | None, written: str, column: int) -> Meld | None:
        claim = int(claim_token.value[-1]) if claim_token is not None else None
        kind = meld_kind(tiles)
        if kind is None:
            if not tiles:
                return None  # the groups inside were already reported
            why = (
                msg("error.meld.size", n=len(tiles))
                if len(tiles) not in (3, 4)
                else msg("error.meld.kong-tiles")
                if len(tiles) == 4
                else msg("error.meld.honor-chow")
                if any(t.is_honor for t in tiles)
                else msg("error.meld.chow-tiles")
            )
            self._problem(errors.BadMeldError, msg("error.meld.shape", meld=written, why=why), column)
            return None
        concealed = kind == Kind.KONG and claim is None
        if claim_token is not None and claim not in CLAIMS[kind]:
            self._problem(
                errors.BadClaimError,
                msg(
                    "error.claim.digit",
                    claim=claim,
                    meld=written,
                    kind=msg(f"kind.{kind}"),
                    meaning=msg(f"error.claim.takes.{kind}"),
                ),
                _column(claim_token) + len(claim_token) - 1,
            )  # the digit: the token's last character
            return None
        return Meld(kind, tiles[0], concealed=concealed, claim=claim)

    def situation(self, children: list[Token | _FlowerField]) -> _SituationItem:
        bar, winds, flags = children[0], children[1], children[2]
        assert isinstance(bar, Token)
        assert isinstance(winds, Token)
        assert isinstance(flags, Token)
        given = _FlowerField(0, "", (_column(bar),), False)
        if len(children) > 3:
            field = children[3]
            assert isinstance(field, _FlowerField)
            given = field
        (w1, w), (w2, seat) = _significant(winds)
        f = _significant(flags)
        situation = situation_of(w1 + w2, "".join(c for c, _ in f), given.number, given.letters)
        columns = {
            "bar": _column(bar),
            "prevalent_wind": w,
            "seat_wind": seat,
            "self_drawn": f[0][1],
            "last_copy": f[1][1],
            "wall_last": f[2][1],
            "kong": f[3][1],
            "flowers": given.columns[0],
        }
        return _SituationItem(situation, columns, given.counted, given.columns)

    def flowers(self, children: list[Token]) -> _FlowerField:
        """The `|N` or `|letters` field."""
        tok = children[-1]
        if tok.type == "BAR":  # an empty field: no flowers
            return _FlowerField(0, "", (_column(tok) + 1,), False)
        chars = _significant(tok)
        if tok.type == "FLOWER_COUNT":
            if len(chars) > 1:  # `|00`, `|12`: a count is one digit (and never a huge int)
                self._problem(
                    errors.BadSituationError,
                    msg("error.suffix.flower-digits", count=repr(tok.value[:12])),
                    _column(tok),
                )
                return _FlowerField(0, "", (_column(tok),), True)
            return _FlowerField(int(chars[0][0]), "", (_column(tok),), True)
        return _FlowerField(len(chars), "".join(c for c, _ in chars), tuple(c for _, c in chars), False)

    def start(self, children: list[_Tiles | _MeldItem | _FlowerItem | _SituationItem]) -> _Built:
        melds: list[Meld] = []
        meld_cols: list[int] = []
        tiles: _Tiles = []
        inline_flowers: list[_FlowerItem] = []
        situation: Situation = Situation()
        columns: dict[str, int] = {}
        counted = False
        letter_columns: tuple[int, ...] = ()
        for child in children:
            if isinstance(child, list):
                tiles.extend(child)
            elif isinstance(child, _MeldItem):
                if child.meld is not None:
                    melds.append(child.meld)
                    meld_cols.append(child.column)
            elif isinstance(child, _FlowerItem):
                inline_flowers.append(child)
            else:
                situation, columns, counted = child.situation, dict(child.columns), child.counted
                letter_columns = child.letter_columns
        flower_columns = inline_flowers + [
            _FlowerItem(f, c) for f, c in zip(situation.flower_letters, letter_columns, strict=False)
        ]
        repeated = [c for i, (f, c) in enumerate(flower_columns) if f in (g for g, _ in flower_columns[:i])]
        if repeated:
            columns["flowers"] = repeated[0]
        elif inline_flowers and "flowers" not in columns:
            columns["flowers"] = inline_flowers[0].column
        if inline_flowers:
            letters = "".join(f for f, _ in inline_flowers)
            if counted:
                self._problem(
                    errors.FlowerError,
                    msg("error.flowers.twice"),
                    inline_flowers[0].column,
                )
            letters += situation.flower_letters
            situation = dataclasses.replace(situation, flowers=len(letters), flower_letters=letters)
        winning, win_col = None, None
        marked = [p for p in tiles if p.marked]
        for extra in marked[1:]:
            self._problem(
                errors.WinMarkerError, msg("error.notation.marker-twice", first=marked[0].column), extra.column
            )
        if marked:
            winning, win_col = marked[0].tile, marked[0].column
            tiles = [p for p in tiles if p is not marked[0]]
        elif len(tiles) == FOUR_SETS.tiles(len(melds)):
            winning, win_col = tiles[-1].tile, tiles[-1].column
            tiles = tiles[:-1]
        tiles.sort(key=lambda p: (INDEX[p.tile.code], p.column))
        hand = Hand(tuple(melds), tuple(p.tile for p in tiles), winning, situation)
        inline = "".join(f for f, _ in inline_flowers)
        return _Built(hand, meld_cols, [p.column for p in tiles], win_col, columns, bool(marked), inline)
