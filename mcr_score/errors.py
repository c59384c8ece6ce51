"""Errors for bad input: narrow `ValueError` subclasses, each with a stable `code`.

One input can have several problems; the exception raised is the first one, and
`problems` lists all of them, so a user fixes everything in one pass.
`NotationError`s mean the text is not valid notation (CLI exit 2); `HandError`s mean the
notation is fine but the hand or its situation is impossible (CLI exit 1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mcr_score.messages import DEFAULT_LANG, Message, msg
from mcr_score.textwidth import width


class McrError(ValueError):
    """Base class: `code` is stable, `column` is 1-based in `text` (or None), `where` names a field.

    The message is a `Message` (an id and its arguments), written in any language by `describe`."""

    code = "mcr-error"
    exit_code = 1

    def __init__(
        self, message: Message, *, text: str | None = None, column: int | None = None, where: str | None = None
    ) -> None:
        if not isinstance(message, Message):
            raise TypeError(f"{type(self).__name__} takes a Message (msg(id, ...)), not {type(message).__name__}")
        self.msg = message
        self.text = text
        self.column = column
        self.where = where
        self.problems: tuple[McrError, ...] = (self,)
        super().__init__(self.msg.text())

    @property
    def message(self) -> str:
        """The message in English (the JSON `message` field)."""
        return self.msg.text()

    def head(self, lang: str = DEFAULT_LANG) -> str:
        """The code as a reader's label: English keeps the stable code itself."""
        return msg(f"head.{self.code}").text(lang)

    def describe(self, lang: str = DEFAULT_LANG) -> str:
        """One problem: code, message, and the input with a caret under the column."""
        head = f"{self.code}: {self.msg.text(lang)}"
        if self.column is not None:
            head += f" ({msg('column', n=self.column).text(lang)})"
        elif self.where:
            head += f" ({self.where})"
        if self.text is None:
            return head
        lines = [head, "  " + self.text]
        if self.column is not None:
            lines.append("  " + " " * width(self.text[: self.column - 1]) + "^")
        return "\n".join(lines)

    def render(self, lang: str = DEFAULT_LANG) -> str:
        """Every problem, in `lang`."""
        return "\n".join(p.describe(lang) for p in self.problems)

    def __str__(self) -> str:
        return self.render()

    def to_dict(self) -> dict[str, Any]:
        """This problem, and `problems`: all of them (this one first), however many there are."""
        out = self._own_dict()
        out["problems"] = [p._own_dict() for p in self.problems]
        return out

    def _own_dict(self) -> dict[str, Any]:
        """This problem alone (`problems` contains `self`, so `to_dict` must not recurse into it)."""
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.column is not None:
            out["column"] = self.column
        if self.where is not None:
            out["where"] = self.where
        return out


def reworded(problem: McrError, message: Message) -> McrError:
    """`problem` (one problem, not its list) with another message: the same class, text and place."""
    new = type(problem).__new__(type(problem))  # not made again: subclasses take other arguments
    new.__dict__.update(problem.__dict__)
    new.msg = message
    new.args = (message.text(),)
    new.problems = (new,)
    return new


def hinted(error: McrError, hint: Callable[[Message], Message]) -> McrError:
    """`error` with its first problem's message made `hint(message)` (the others as they are): a
    hint on what the whole input runs into, given once, where the user looks first."""
    first = reworded(error.problems[0], hint(error.problems[0].msg))
    first.problems = (first, *error.problems[1:])
    return first


def raise_all(problems: Sequence[McrError]) -> None:
    """Raise the first problem, carrying all of them; notation errors first (they decide exit 2)."""
    if not problems:
        return
    ordered = sorted(problems, key=lambda p: (not isinstance(p, NotationError), p.column or 0))
    first = ordered[0]
    first.problems = tuple(ordered)
    raise first


class NotationError(McrError):
    """The text is not valid hand notation."""

    code = "notation"
    exit_code = 2


class IllegalCharacterError(NotationError):
    code = "illegal-character"


class MissingSuitError(NotationError):
    code = "missing-suit"


class UpperCaseSuitError(NotationError):
    """Suit letters written in upper case after digits (`123M`): one problem for all of them."""

    code = "upper-case-suit"


class FullWidthError(NotationError):
    """Full-width characters (`１２３ｍ`, an input method's digits and letters): one problem for all."""

    code = "full-width"


class BadTileError(NotationError):
    """A rank and suit that name no tile (8z, 9z)."""

    code = "bad-tile"


class UnclosedMeldError(NotationError):
    code = "unclosed-meld"


class BadMeldError(NotationError):
    """A bracketed group that is not a chow, pung or kong ([124m], [EEF], [EFS])."""

    code = "bad-meld"


class BadClaimError(NotationError):
    """A meld digit that means nothing for that kind of meld ([123m5], [EEE0])."""

    code = "bad-claim"


class BadSituationError(NotationError):
    """A malformed `|EE0000|N` suffix."""

    code = "bad-situation"


class SyntaxProblemError(NotationError):
    code = "syntax"


class WinMarkerError(NotationError):
    """A winning-tile marker in parentheses where none can stand: in a declared meld, or twice."""

    code = "win-marker"


class OversizedNotationError(NotationError):
    """A text longer than any hand can be written (`notation.MAX_NOTATION`): refused unread."""

    code = "oversized"


class HandError(McrError):
    """Valid notation describing an impossible hand."""

    code = "bad-hand"


class TooManyCopiesError(HandError):
    code = "too-many-copies"


class TileCountError(HandError):
    code = "tile-count"


class TooManyMeldsError(HandError):
    code = "too-many-melds"


class FlowerError(HandError):
    """More than 8 flowers, or the same flower twice."""

    code = "flowers"


class ImpossibleSituationError(HandError):
    """Situation flags that contradict each other or the tiles."""

    code = "impossible-situation"


class DataError(McrError):
    """A document or number that does not decode (`decoding`): the message says what and, when known,
    where. (Here, not in `decoding`, which the compiled build compiles.)"""

    code = "bad-data"


class RecordError(McrError):
    """A record that is not a hand at all: not JSON, a wrong field, an empty or oversized line.
    (Here, not in `records`, which the compiled build compiles: a compiled class cannot be an
    interpreted exception's subclass.)"""

    code = "bad-record"


class BadFieldError(RecordError):
    code = "bad-field"


class UnknownFieldError(RecordError):
    code = "unknown-field"


class ProfileFileError(McrError):
    """A house-rules profile file is unreadable or names unknown switches or options."""

    code = "bad-profile-file"


class UnknownProfileError(McrError):
    """A rule profile name that is neither built in nor a house profile file."""

    code = "unknown-profile"
    exit_code = 2


class RenamedProfileError(UnknownProfileError):
    """A built-in profile's former name (`seed`, `indicative`): refused with its name now."""

    code = "renamed-profile"


class OtherSystemHouseError(McrError):
    """A house file of one rule system used with another: by its `system`, or, naming none, by
    the base and switches it writes. A usage error: the file and the system do not go together."""

    code = "house-of-another-system"
    exit_code = 2


class HandSizeError(HandError):
    """A hand of the wrong size for the question: `waits` and `shanten` need 13 tiles, `discards` 14."""

    code = "hand-size"


class SeenTilesError(NotationError):
    """A `--seen` text that is not a run of tiles."""

    code = "bad-seen"


class TableViewError(McrError):
    """What the player sees of the table, given to the advice from Python, that no game can show:
    a wall of more tiles than the game's, more than three opponents, an opponent out of bounds."""

    code = "bad-table-view"


class WinTileError(HandError):
    """A named winning tile (`--win`, a `win` column) that the hand does not hold, that contradicts
    the tile marked in the notation, or that a waiting hand cannot take."""

    code = "win-tile"


class SituationNotInSystemError(HandError):
    """A situation field of the notation that the rule system does not use (MCR's last tile, winds,
    in a system whose seed has no such element): shared by the systems that refuse one."""

    code = "situation-not-in-system"
