"""What a rule system is, as one value: the facts the shared code reads (players, hand shape,
minimum, what the system can answer, its command-line options) and the functions only the system
knows (reading and checking a hand, scoring it, its profiles, its pages). Shared code receives a
`System`, never a name: the registry (`systems/__init__.py`) is the one place a system is named.

`System` is generic over its hand, its result and its profile (`System[Hand, Score, Profile]` for
MCR), a frozen dataclass rather than a Protocol: each system is one value built from its own
functions, and mypy checks, where the value is built, that its `read` returns the hand its `score`
takes and that its result is a `Result`. The registry hands shared code `AnySystem`, the same
value with the hand seen as an opaque `object` (shared code only passes it back to the system that
read it) and the result and profile seen through their protocols, which is what the shared code
reads.

Models: python-chess's `Board` variants found by name; the riichi package's calculator factory.
The project's reading notes (docs/rulesets.md, "One core for five systems") map what is shared and
what each system brings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, Protocol, TypeVar

from mcr_score.hand import Shape

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mcr_score.present.style import Style  # a page's colours: only pages, above the systems, make one


class Capability(StrEnum):
    """A question a system can answer, one per command that takes `--system`: a command refuses a
    system without its capability, and its `--help` lists only the systems that have it."""

    PARSE = "parse"
    SCORE = "score"
    EXPLAIN = "explain"
    FANS = "fans"
    FAN = "fan"
    RULES = "rules"
    WAITS = "waits"
    SHANTEN = "shanten"
    DISCARDS = "discards"
    BATCH = "batch"
    CONVERT = "convert"
    SESSION = "session"
    STANDINGS = "standings"
    CATCHUP = "catchup"
    SERVE = "serve"
    CARD = "card"  # `card check`: a system whose hands are lines of a card the user supplies
    REVIEW = "review"  # a recorded game's decisions judged by the shanten and discard ranking


class Profile(Protocol):
    """A profile of a system: its name (the switches are the system's own)."""

    @property
    def name(self) -> str: ...


class Result(Protocol):
    """What shared code reads of any system's result: whether the hand wins, whether it is a valid
    win (what `score --check` reports), its total, the least a valid win scores (None: the system
    sets none) and how far short of it a winning hand is (None for a hand that does not win), and
    the JSON object of `score --json`."""

    @property
    def winning(self) -> bool: ...

    @property
    def valid(self) -> bool: ...

    @property
    def total(self) -> int: ...

    @property
    def minimum(self) -> int | None: ...

    @property
    def short_by(self) -> int | None: ...

    def to_dict(self) -> dict[str, object]: ...


H = TypeVar("H")
T = TypeVar("T")
R = TypeVar("R", bound=Result)
P = TypeVar("P", bound=Profile)
H_contra = TypeVar("H_contra", contravariant=True)
R_contra = TypeVar("R_contra", bound=Result, contravariant=True)

# A situation option's value, as the command line gives it: a flag, a number, a wind, a file name.
FieldValue = bool | int | str | None


@dataclass(frozen=True, slots=True)
class Situated:
    """A hand's situation as the command line gives it, for any system: the options set (by their
    parameter names) and their values; each system reads the ones it has."""

    fields: Mapping[str, object]

    def get(self, name: str, kind: type[T]) -> T | None:
        """The option's value if it is given and a `kind` (None otherwise): typed for the system
        that reads it, whatever else the command line holds."""
        value = self.fields.get(name)
        return value if isinstance(value, kind) else None


class OptionKind(StrEnum):
    """What an option of a system takes: nothing (a flag), a whole number, a file to read (an input
    no output may overwrite), or a word the system checks (`OptionSpec.check`)."""

    FLAG = "flag"
    NUMBER = "number"
    FILE = "file"
    WORD = "word"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A command-line option only one system has, as the system declares it (`<system>/options.py`):
    the CLI turns each into a click option on the commands it names, so that adding a system edits
    no module of `cli/`. `help` is the id of its help in the catalogues."""

    name: str  # the parameter name the system reads in `Situated.fields`
    flag: str  # as written on the command line: `--order`
    kind: OptionKind
    help: str
    commands: frozenset[Capability]
    default: FieldValue = None  # None: not given (the system's own default applies)
    metavar: str | None = None
    low: int | None = None  # a NUMBER's bounds
    high: int | None = None
    check: Callable[[str], str] | None = None  # a WORD's reader: its canonical spelling, or an `McrError`


@dataclass(frozen=True)
class System(Generic[H, R, P]):
    """One rule system. `options` lists, per command, the options it takes besides those every
    system has (HAND, `--system`, `--rules`, `--lang`, `--json`): another is a usage error naming
    the system; a command it does not list takes all of its options. `pages` is the dotted name
    of its presentation module (text and HTML), imported when a page is asked for."""

    name: str
    shape: Shape
    minimum: int | None  # the least a valid win scores under the default profile (None: no minimum)
    capabilities: frozenset[Capability]
    options: Mapping[Capability, frozenset[str]]
    default_profile: str
    profile_names: tuple[str, ...]
    switch_keys: tuple[str, ...]  # what a house file of the system sets in `[switches]`
    profile: Callable[[str], P]  # a built-in profile by name, or a house file of this system
    # The notation with the situation applied, checked (located errors): an MCR `Hand` for the
    # systems MCR's notation writes, the system's own hand for one with its own notation (cards).
    read: Callable[[str, Situated], H]
    score: Callable[[H, P, Situated], R]
    pages: str

    def can(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def page(self) -> Pages[H, R]:
        """The system's presentation module, imported now (its pages cost start-up time)."""
        import importlib

        module: Pages[H, R] = importlib.import_module(self.pages)
        return module


# A system as the registry hands it to shared code: its hand opaque, its result and profile read
# through their protocols (the shared code passes a hand back only to the system that read it).
AnySystem = System[object, Result, Profile]

# What a page's JSON object holds: the values `json.dumps` writes.
Json = dict[str, object]


class Pages(Protocol[H_contra, R_contra]):
    """What a system's presentation module offers the front ends: each answer as JSON data and as
    text in a language. `rules` is the `--rules` value (a profile name or a house file of the
    system). `hand` is what the system's `read` returns. A page reads results; it never scores."""

    def parse_dict(self, hand: H_contra) -> Json: ...

    def parse_text(self, hand: H_contra, lang: str) -> str: ...

    def score_text(self, hand: H_contra, result: R_contra, rules: str, lang: str, style: Style, brief: bool) -> str: ...

    def explain(self, hand: H_contra, rules: str, situated: Situated) -> Json: ...

    def explain_text(self, data: Json, lang: str, style: Style) -> str: ...

    def elements(self, rules: str) -> list[Json] | Json: ...

    def elements_text(self, data: list[Json] | Json, lang: str, style: Style) -> str: ...

    def rules_dict(self) -> Json: ...

    def rules_text(self, lang: str) -> str: ...

    def rules_markdown(self, lang: str) -> str: ...

    def session(self, path: str, rules: str, situated: Situated) -> Session: ...

    def session_text(self, result: Session, lang: str) -> str: ...

    def session_html(self, result: Session, lang: str) -> str: ...

    def card_check(self, path: str) -> Json: ...  # a system with `Capability.CARD`

    def card_text(self, data: Json, lang: str, expansions: bool) -> str: ...


class Session(Protocol):
    """A session, game or round settled by a system (`Pages.session`): its JSON object."""

    def to_dict(self) -> dict[str, object]: ...


class NoMinimum:
    """The `Result` members of a system that sets no minimum: a winning hand is a valid win, short
    of nothing (a result class lists it among its bases and has `winning`)."""

    __slots__ = ()
    winning: bool

    @property
    def valid(self) -> bool:
        return self.winning

    @property
    def minimum(self) -> int | None:
        return None

    @property
    def short_by(self) -> int | None:
        return 0 if self.winning else None
