"""The rule systems, in one registry: the only place a system is named (an architecture test keeps
it so). MCR is the first system and the default; the six-player variant the second.

A house file belongs to one system: the one its `system` names, else the one `--system` names (MCR
without either). A file used with another system is refused saying whose it is (`checked`): by its
`system`, or, naming none, by the base and switches it writes, which are another system's.

Each system's module is imported when it is first asked for, as the CLI loads its commands: `mcr-score
score` pays nothing for the systems it does not use.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from mcr_score.errors import McrError, OtherSystemHouseError, ProfileFileError
from mcr_score.lazy import attributes
from mcr_score.messages import msg

if TYPE_CHECKING:
    from mcr_score.systems.base import AnySystem, Capability, OptionSpec, Profile, Situated, System

# What a system is (`base`), loaded on first use: the names of the systems (`NAMES`, which the
# group's --help lists) cost no hand model.
__getattr__ = attributes(
    __name__,
    {"AnySystem": "base", "Capability": "base", "OptionSpec": "base", "Situated": "base", "System": "base"},
    globals(),
)

__all__ = [
    "DEFAULT",
    "NAMES",
    "AnySystem",
    "Capability",
    "OptionSpec",
    "Situated",
    "System",
    "UnknownSystemError",
    "checked",
    "get",
    "option_specs",
    "profile_named",
]

_MODULES: Mapping[str, str] = MappingProxyType(
    {"mcr": ".mcr", "six": ".six", "hk": ".hk", "maho": ".maho", "nmjl": ".nmjl"}
)
NAMES = tuple(_MODULES)
DEFAULT = "mcr"


class UnknownSystemError(McrError):
    """A `--system` (or a house file's `system`) that names no rule system."""

    code = "unknown-system"
    exit_code = 2


@functools.cache
def get(name: str) -> AnySystem:
    """The system called `name`: here its hand becomes opaque to the caller (`base.AnySystem`),
    which passes it back only to this system; each system's `SYSTEM` is typed where it is built."""
    module = _MODULES.get(name)
    if module is None:
        raise UnknownSystemError(msg("error.system.unknown", name=name, known=", ".join(NAMES)))
    system: AnySystem = importlib.import_module(module, __name__).SYSTEM
    return system


@functools.cache
def option_specs() -> tuple[OptionSpec, ...]:
    """The command-line options the systems declare (`<system>/options.py`, `OPTIONS`), in the
    registry's order: importing them loads none of a system's rules."""
    specs: tuple[OptionSpec, ...] = ()
    for module in _MODULES.values():
        specs += importlib.import_module(f"{module}.options", __name__).OPTIONS
    return specs


def having(capability: Capability) -> tuple[str, ...]:
    """The names of the systems that answer `capability`, in the registry's order (what a command's
    `--help` lists)."""
    return tuple(name for name in NAMES if get(name).can(capability))


def choose(system: str | None, rules: str | None) -> tuple[AnySystem, str]:
    """The system and the profile that `--system` and `--rules` name together, the profile checked
    (`pick`). Without `--rules`, the system's default profile."""
    chosen = pick(system, rules)
    return chosen, profile_named(chosen, rules)


def profile_named(chosen: AnySystem, rules: str | None) -> str:
    """The profile `--rules` names for `chosen` (its default without one), checked now: a bad
    profile is the user's first problem."""
    rules = rules or chosen.default_profile
    checked(chosen, rules)
    return rules


def checked(chosen: AnySystem, rules: str) -> Profile:
    """`chosen.profile(rules)`, except that a house file naming no system that is not one of
    `chosen`'s but whose base and switches are another system's is refused saying so."""
    try:
        return chosen.profile(rules)
    except ProfileFileError as e:
        if rules.endswith(".toml"):
            _refuse_another_systems(chosen, rules, e)
        raise


def _refuse_another_systems(chosen: AnySystem, path: str, error: ProfileFileError) -> None:
    """Raise `OtherSystemHouseError` when the house file at `path` names no system and what it
    writes (its `base`, its switches) fits another system and not `chosen`; else return."""
    from mcr_score.engine.house import data_of  # here: only a house file that failed needs it

    try:
        data = data_of(path)
    except McrError:
        return  # the file cannot be read: `error` says so
    base, switches = data.get("base"), data.get("switches")
    keys = sorted(switches) if isinstance(switches, dict) else []
    if "system" in data or (base is None and not keys) or not (base is None or isinstance(base, str)):
        return
    from mcr_score.engine.switches import RENAMED  # here, as above

    def fits(system: AnySystem) -> bool:
        named = base is None or base in system.profile_names or (base in RENAMED and system.name != DEFAULT)
        return named and set(keys) <= set(system.switch_keys)

    if fits(chosen):
        return  # the file is one of the chosen system's with a problem of its own: `error` says it
    others = [name for name in NAMES if name != chosen.name and fits(get(name))]
    if not others:
        return
    written = ([f'base = "{base}"'] if base is not None else []) + ([f"[switches] {', '.join(keys)}"] if keys else [])
    said = {"path": path, "evidence": ", ".join(written), "system": chosen.name}
    if len(others) == 1:
        message = msg("error.system.looks-like", house=others[0], **said)
    else:
        message = msg("error.system.looks-like-several", houses=", ".join(others), **said)
    raise OtherSystemHouseError(message) from error


def pick(system: str | None, rules: str | None) -> AnySystem:
    """The system that `--system` and `--rules` name together: a house file may name its system
    (`system = "six"`), which then needs no `--system`, and must agree with one given."""
    declared: object = None
    if rules is not None and rules.endswith(".toml"):
        from mcr_score.engine.house import system_of  # here: only house files need it

        declared = system_of(rules)
        if declared is not None and not (isinstance(declared, str) and declared in _MODULES):
            raise UnknownSystemError(msg("error.system.house", name=str(declared), path=rules, known=", ".join(NAMES)))
    if system is not None and declared is not None and declared != system:
        raise OtherSystemHouseError(msg("error.system.disagree", path=rules, house=str(declared), system=system))
    return get(system or (declared if isinstance(declared, str) else DEFAULT))
