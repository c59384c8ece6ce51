"""The rule systems, in one registry: the only place a system is named (an architecture test keeps
it so). MCR is the first system and the default; the six-player variant of seed 004 the second.

Each system's module is imported when it is first asked for, as the CLI loads its commands: `mcr-score
score` pays nothing for the systems it does not use.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..errors import McrError
from ..lazy import attributes
from ..messages import msg

if TYPE_CHECKING:
    from .base import Capability, Situated, System

# What a system is (`base`), loaded on first use: the names of the systems (`NAMES`, which the
# group's --help lists) cost no hand model.
__getattr__ = attributes(__name__, {"Capability": "base", "Situated": "base", "System": "base"}, globals())

__all__ = ["DEFAULT", "NAMES", "Capability", "Situated", "System", "UnknownSystemError", "get"]

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
def get(name: str) -> System:
    """The system called `name`."""
    module = _MODULES.get(name)
    if module is None:
        raise UnknownSystemError(msg("error.system.unknown", name=name, known=", ".join(NAMES)))
    system: System = importlib.import_module(module, __name__).SYSTEM
    return system


def choose(system: str | None, rules: str | None) -> tuple[System, str]:
    """The system and the profile that `--system` and `--rules` name together, the profile checked
    (`pick`). Without `--rules`, the system's default profile."""
    chosen = pick(system, rules)
    rules = rules or chosen.default_profile
    chosen.profile(rules)  # checked now: a bad profile is the user's first problem
    return chosen, rules


def pick(system: str | None, rules: str | None) -> System:
    """The system that `--system` and `--rules` name together: a house file may name its system
    (`system = "six"`), which then needs no `--system`, and must agree with one given."""
    declared: object = None
    if rules is not None and rules.endswith(".toml"):
        from ..house import system_of  # here: only house files need it

        declared = system_of(rules)
        if declared is not None and not (isinstance(declared, str) and declared in _MODULES):
            raise UnknownSystemError(msg("error.system.house", name=str(declared), path=rules, known=", ".join(NAMES)))
    if system is not None and declared is not None and declared != system:
        raise UnknownSystemError(msg("error.system.disagree", path=rules, house=str(declared), system=system))
    return get(system or (declared if isinstance(declared, str) else DEFAULT))
