"""What the profiles of every rule system share: a switch (a reading the rules leave open, with its
options and their sources) and how a profile is chosen, a built-in one by name or a house file read
against the system's switches (`house.read_house`).

Every system but MCR has one built-in profile, `standard`: its rules as written, and this program's
choice (each switch's default) where they are silent. Its former names, `seed` and `indicative`
(words of the project's own reading notes), are refused with the new name (`RENAMED`), never read as
aliases: a command line or a house file that names one is told what to write instead."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Generic, Never, Protocol, TypeVar

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


T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
_NO_PAYLOAD: Mapping[str, Never] = MappingProxyType({})


def _no_payload() -> Mapping[str, Never]:
    return _NO_PAYLOAD


@dataclass(frozen=True, slots=True)
class SwitchDef(Generic[T_co]):
    """A point the rules leave open: its options and the default. Its words (the point, each
    option's reading with the source of the reading) are texts, in the catalogues by the system's
    name and the switch's key: `<system>.switch.<key>.point`, `<system>.switch.<key>.option.<option>`.
    `payload`: what each option does, for a system whose options are data the engine reads (MCR's
    fan-data `Option`s); the other systems' options are enum members, and have none."""

    key: str
    options: tuple[str, ...]  # in the order the pages list them
    default: str
    example: str  # a hand whose answer differs between the options ("" for a switch of one option)
    gap: str = ""  # the gap of the project's reading notes the switch settles (six: G2...), in JSON only
    system: str = ""  # the system's name: the switch's texts are under it in the catalogues
    worded: bool = False  # the example is words (a line of the user's card): `<system>.switch.<key>.example`
    payload: Mapping[str, T_co] = field(default_factory=_no_payload)  # option -> what it does

    def point(self, lang: str = DEFAULT_LANG) -> str:
        """What the switch decides, in `lang`."""
        return text(f"{self.system}.switch.{self.key}.point", lang)

    def reading(self, option: str, lang: str = DEFAULT_LANG) -> str:
        """What `option` reads, with its source, in `lang`."""
        return text(f"{self.system}.switch.{self.key}.option.{option}", lang)

    def example_in(self, lang: str = DEFAULT_LANG) -> str:
        """The example as the pages show it: the hand, or the words that describe it, in `lang`."""
        return text(f"{self.system}.switch.{self.key}.example", lang) if self.worded else self.example


def data_switch(system: str, key: str, options: Mapping[str, T], example: str, default: str) -> SwitchDef[T]:
    """A switch whose options are data the engine reads (MCR's fan-data `Option`s, the payload):
    its options are the payload's keys, in their order."""
    assert default in options, f"{system} switch {key}: the default {default!r} is no option"
    return SwitchDef(key, tuple(options), default, example, system=system, payload=MappingProxyType(dict(options)))


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
    switches: tuple[SwitchDef[object], ...],
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


_SWITCH = "switch"  # the metadata key of a profile field that is a switch
_VALUE = "value"  # ... and of one that is a value a house file sets
E = TypeVar("E", bound=StrEnum)


@dataclass(frozen=True, slots=True)
class ValueDef:
    """A number the rules leave to the table: unset by default, a whole number a house file sets
    (`[values]`), within `low`..`high`. What it is is a text: `<system>.value.<key>`."""

    key: str
    low: int
    high: int
    system: str = ""

    def point(self, lang: str = DEFAULT_LANG) -> str:
        return text(f"{self.system}.value.{self.key}", lang)


@dataclass(frozen=True, slots=True)
class _SwitchField:
    key: str
    example: str
    gap: str
    worded: bool


def switch(key: str, default: E, example: str, *, gap: str = "", worded: bool = False) -> E:
    """A profile's field that is a switch: the field's default is the switch's default (written
    here once), its options are the members of the default's enum, in their order; `example`, `gap`
    and `worded` as `SwitchDef`'s."""
    made: E = field(default=default, metadata={_SWITCH: _SwitchField(key, example, gap, worded)})
    return made


def value(key: str, low: int, high: int) -> int | None:
    """A profile's field that is a value the table sets (`ValueDef`): unset (None) by default."""
    made: int | None = field(default=None, metadata={_VALUE: (key, low, high)})
    return made


class Switches(Generic[P]):
    """A system's switches and values, read from the fields of its profile dataclass (`name`,
    `description`, then fields made by `switch` and `value`): one mechanism for every system's
    profiles, so no system writes its switch list, its key -> field map, its profile builder or
    its house-file reader by hand, and each switch's default is the field's."""

    def __init__(self, system: str, profile: type[P]) -> None:
        self.system = system
        self._make: Callable[..., P] = profile
        switches: list[SwitchDef[Never]] = []
        values: list[ValueDef] = []
        self._fields: dict[str, str] = {}  # switch key -> field
        self._kinds: dict[str, type[StrEnum]] = {}  # switch key -> its options' enum
        self._value_fields: dict[str, str] = {}  # value key -> field
        for f in dataclasses.fields(profile):  # type: ignore[arg-type]  # a dataclass, by contract
            spec = f.metadata.get(_SWITCH)
            if isinstance(spec, _SwitchField):
                default = f.default
                assert isinstance(default, StrEnum), f"{profile.__name__}.{f.name}: a switch's default is an enum"
                kind = type(default)
                options: tuple[str, ...] = tuple(kind)
                switches.append(SwitchDef(spec.key, options, default, spec.example, spec.gap, system, spec.worded))
                self._fields[spec.key] = f.name
                self._kinds[spec.key] = kind
            elif _VALUE in f.metadata:
                key, low, high = f.metadata[_VALUE]
                values.append(ValueDef(key, low, high, system))
                self._value_fields[key] = f.name
        self.switches: tuple[SwitchDef[object], ...] = tuple(switches)
        self.values: tuple[ValueDef, ...] = tuple(values)
        self.bounds: Mapping[str, tuple[int, int]] = MappingProxyType({v.key: (v.low, v.high) for v in values})

    def build(
        self, name: str, description: str, choices: Mapping[str, str], values: Mapping[str, int] | None = None
    ) -> P:
        """A profile from switch -> option (already checked against the switches; a switch left
        out takes its default) and value name -> number (a value left out is unset)."""
        given = values or {}
        fields: dict[str, object] = {
            self._fields[s.key]: self._kinds[s.key](choices.get(s.key, s.default)) for s in self.switches
        }
        fields |= {f: given.get(key) for key, f in self._value_fields.items()}
        return self._make(name, description, **fields)

    def standard(self) -> Mapping[str, P]:
        """The built-in profiles: `standard`, every switch at its default and no value set."""
        return MappingProxyType({STANDARD: self.build(STANDARD, description(self.system, STANDARD), {})})

    def chosen(self, profile: object) -> dict[str, str]:
        """A profile as switch -> option, the shape a house file writes (in the switches' order)."""
        return {key: str(getattr(profile, f)) for key, f in self._fields.items()}

    def values_of(self, profile: object) -> dict[str, int | None]:
        """A profile's values as name -> whole number, None when unset."""
        return {key: getattr(profile, f) for key, f in self._value_fields.items()}

    def choose(self, rules: str | os.PathLike[str], profiles: Mapping[str, P]) -> P:
        """A built-in profile by name, or a house file against these switches (and values)."""
        return choose(
            rules,
            profiles,
            self.switches,
            lambda house: self.build(house.name, house.description, house.choices, house.values),
            values=self.bounds or None,
        )
