"""What the profiles of every rule system share: a switch (a reading the rules leave open, with its
options and their sources) and how a profile is chosen, a built-in one by name or a house file read
against the system's switches (`house.read_house`).

Every system but MCR has one built-in profile, `standard`: its rules as written, and this program's
choice (each switch's default) where they are silent. Its former names, `seed` and `indicative`
(words of the project's own reading notes), are refused with the new name (`RENAMED`), never read as
aliases: a command line or a house file that names one is told what to write instead."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from mcr_score.errors import RenamedProfileError, UnknownProfileError
from mcr_score.messages import DEFAULT_LANG, msg, text

if TYPE_CHECKING:
    from mcr_score.engine.house import House


STANDARD = "standard"
"""The built-in profile of every system but MCR: its rules as written, this program's choice where silent."""
RENAMED: Mapping[str, str] = {"seed": STANDARD, "indicative": STANDARD}
"""The built-in profiles' former names -> their names now: refused with the new name, never an alias."""


def refuse_renamed(name: str) -> None:
    """Raise `RenamedProfileError` for a profile's former name (`RENAMED`); any other name passes."""
    if name in RENAMED:
        raise RenamedProfileError(msg("error.profile.renamed", name=name, new=RENAMED[name]))


@dataclass(frozen=True, slots=True)
class SwitchDef:
    """A point the rules leave open: its options and the default. Its words (the point, each
    option's reading with the source of the reading) are texts, in the catalogues by the system's
    name and the switch's key: `<system>.switch.<key>.point`, `<system>.switch.<key>.option.<option>`."""

    key: str
    options: tuple[str, ...]  # in the order the pages list them
    default: str
    example: str  # a hand whose answer differs between the options ("" for a switch of one option)
    gap: str = ""  # the gap of the project's reading notes the switch settles (six: G2...), in JSON only
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
    whose table has numbers a club sets), built by `build`. A house file without `base` starts from
    the first profile, the system's default; a former profile name is refused with its new one."""
    if isinstance(rules, str) and rules in profiles:
        return profiles[rules]
    if isinstance(rules, str) and not rules.endswith(".toml"):
        refuse_renamed(rules)
        raise UnknownProfileError(msg("error.profile.unknown", name=rules, known=", ".join(profiles)))
    from mcr_score.engine.house import read_house  # here: only house rules read a file

    builtins = {name: p.choices() for name, p in profiles.items()}
    switched = {s.key: tuple(s.options) for s in switches}
    return build(read_house(rules, builtins, switched, values=values, default=next(iter(profiles)), renamed=RENAMED))


def options(switches: tuple[SwitchDef, ...], fields: Mapping[str, str], choices: Mapping[str, str]) -> dict[str, Any]:
    """A profile's options by its field names (`fields`: switch key -> field), each the member of its
    switch's enum: the defaults, then `choices` (already checked against the switches)."""
    merged = {s.key: s.default for s in switches} | dict(choices)
    return {fields[s.key]: type(s.default)(merged[s.key]) for s in switches}


def chosen(profile: object, fields: Mapping[str, str]) -> dict[str, str]:
    """A profile as switch -> option, the shape a house file writes (`fields` in the switches' order)."""
    return {key: str(getattr(profile, field)) for key, field in fields.items()}
