"""What a rule system is, as one value: the facts the shared code reads (players, hand shape,
minimum, what the system can answer) and the functions only the system knows (reading and checking
a hand, scoring it, settling a round, its profiles). Shared code receives a `System`, never a name:
the registry (`systems/__init__.py`) is the one place a system is named.

Models: python-chess's `Board` variants found by name; the riichi package's calculator factory.
The project's reading notes (docs/rulesets.md, "One core for five systems") map what is shared and
what each system brings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from mcr_score.hand import Shape


class Capability(StrEnum):
    """A question a system can answer: a command that takes `--system` refuses a system without it."""

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


@dataclass(frozen=True, slots=True)
class Situated:
    """A hand's situation as the command line gives it, for any system: the options set (by their
    parameter names) and their values; each system reads the ones it has."""

    fields: Mapping[str, Any]


@dataclass(frozen=True)
class System:
    """One rule system. `options` lists, per command, the options it takes besides those every
    system has (HAND, `--system`, `--rules`, `--lang`, `--json`): another is a usage error naming
    the system; a command it does not list takes all of its options. `pages` is the dotted name
    of its presentation module (text and HTML), imported when a page is asked for."""

    name: str
    seed: str  # the source document the project read (seeds/README.md); never shown to a user
    players: int | None  # None: the rules do not fix it (a game file names its players)
    shape: Shape
    minimum: int | None  # the least a valid win scores (None: no minimum)
    capabilities: frozenset[Capability]
    options: Mapping[Capability, frozenset[str]]
    default_profile: str
    profile_names: tuple[str, ...]
    switch_keys: tuple[str, ...]  # what a house file of the system sets in `[switches]`
    profile: Callable[[str], Profile]  # a built-in profile by name, or a house file of this system
    # The notation with the situation applied, checked (located errors): an MCR `Hand` for the
    # systems MCR's notation writes, the system's own hand for one with its own notation (cards).
    read: Callable[[str, Situated], Any]
    score: Callable[[Any, Any, Situated], Any]
    valid: Callable[[Any], bool]  # a result is a valid win (what `score --check` reports)
    pages: str

    def can(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def page(self) -> Pages:
        """The system's presentation module, imported now (its pages cost start-up time)."""
        import importlib

        module: Pages = importlib.import_module(self.pages)
        return module


class Pages(Protocol):
    """What a system's presentation module offers the front ends: each answer as JSON data and as
    text in a language. `rules` is the `--rules` value (a profile name or a house file of the
    system). `hand` is what the system's `read` returns. A page reads results; it never scores."""

    def parse_dict(self, hand: Any) -> dict[str, Any]: ...

    def parse_text(self, hand: Any, lang: str) -> str: ...

    def score_text(self, hand: Any, result: Any, rules: str, lang: str, style: Any, brief: bool) -> str: ...

    def explain(self, hand: Any, rules: str, situated: Situated) -> dict[str, Any]: ...

    def explain_text(self, data: dict[str, Any], lang: str, style: Any) -> str: ...

    def elements(self, rules: str) -> Any: ...

    def elements_text(self, data: Any, lang: str, style: Any) -> str: ...

    def rules_dict(self) -> dict[str, Any]: ...

    def rules_text(self, lang: str) -> str: ...

    def rules_markdown(self, lang: str) -> str: ...

    def session(self, path: str, rules: str, situated: Situated) -> Any: ...

    def session_text(self, result: Any, lang: str) -> str: ...

    def session_html(self, result: Any, lang: str) -> str: ...

    def card_check(self, path: str) -> dict[str, Any]: ...  # a system with `Capability.CARD`

    def card_text(self, data: dict[str, Any], lang: str, expansions: bool) -> str: ...
