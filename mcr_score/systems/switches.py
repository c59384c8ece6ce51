"""What the profiles of every rule system share: a switch (a reading the seed leaves open, with its
options and their sources) and how a profile is chosen, a built-in one by name or a house file read
against the system's switches (`house.read_house`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..errors import UnknownProfileError
from ..messages import DEFAULT_LANG, msg, text

if TYPE_CHECKING:
    from ..house import House


@dataclass(frozen=True, slots=True)
class SwitchDef:
    """A point the seed leaves open: its options and the default. Its words (the point, each
    option's reading with the source of the reading) are texts, in the catalogues by the system's
    name and the switch's key: `<system>.switch.<key>.point`, `<system>.switch.<key>.option.<option>`."""

    key: str
    options: tuple[str, ...]  # in the order the pages list them
    default: str
    example: str  # a hand whose answer differs between the options ("" for a switch of one option)
    gap: str = ""  # the gap of docs/rulesets.md the switch settles, where the system numbers them (six: G2...)
    system: str = ""  # the system's name: the switch's texts are under it in the catalogues
    worded: bool = False  # the example is words (a line of the user's card): `<system>.switch.<key>.example`

    def point(self, lang: str = DEFAULT_LANG) -> str:
        """What the switch decides, in `lang`."""
        return text(f"{self.system}.switch.{self.key}.point", lang)

    def reading(self, option: str, lang: str = DEFAULT_LANG) -> str:
        """What `option` reads, with its source, in `lang`."""
        return text(f"{self.system}.switch.{self.key}.option.{option}", lang)

    def example_in(self, lang: str = DEFAULT_LANG) -> str:
        """The example as the pages show it: the hand, or the words that describe it, in `lang`."""
        return text(f"{self.system}.switch.{self.key}.example", lang) if self.worded else self.example


def description(system: str, profile: str, lang: str = DEFAULT_LANG) -> str:
    """A built-in profile's description, in `lang` (a house file's is its own, in its words)."""
    return text(f"{system}.profile.{profile}", lang)


class Profile(Protocol):
    """A profile of a system: what a house file's `base` can name, as switch -> option."""

    def choices(self) -> dict[str, str]: ...


P = TypeVar("P", bound=Profile)


def choose(
    rules: str | os.PathLike[str],
    profiles: Mapping[str, P],
    switches: tuple[SwitchDef, ...],
    build: Callable[[House], P],
    values: Mapping[str, tuple[int, int]] | None = None,
) -> P:
    """A built-in profile by name, or a house file against these switches (and values, for a system
    whose table has numbers a club sets), built by `build`."""
    if isinstance(rules, str) and rules in profiles:
        return profiles[rules]
    if isinstance(rules, str) and not rules.endswith(".toml"):
        raise UnknownProfileError(msg("error.profile.unknown", name=rules, known=", ".join(profiles)))
    from ..house import read_house  # here: only house rules read a file

    builtins = {name: p.choices() for name, p in profiles.items()}
    return build(read_house(rules, builtins, {s.key: tuple(s.options) for s in switches}, values=values))


def options(switches: tuple[SwitchDef, ...], fields: Mapping[str, str], choices: Mapping[str, str]) -> dict[str, Any]:
    """A profile's options by its field names (`fields`: switch key -> field), each the member of its
    switch's enum: the defaults, then `choices` (already checked against the switches)."""
    merged = {s.key: s.default for s in switches} | dict(choices)
    return {fields[s.key]: type(s.default)(merged[s.key]) for s in switches}


def chosen(profile: object, fields: Mapping[str, str]) -> dict[str, str]:
    """A profile as switch -> option, the shape a house file writes (`fields` in the switches' order)."""
    return {key: str(getattr(profile, field)) for key, field in fields.items()}
