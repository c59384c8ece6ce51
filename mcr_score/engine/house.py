"""House files: a club's profile of a rule system, written as data (TOML): optional `system` (the
registry checks it), `name`, optional `description`, optional `base` (a built-in profile whose
choices it starts from; without one, the system's default profile) and a `[switches]` table of
switch = option; a system whose table has values a club sets (the general Chinese rules' kong
bonus, limit, minimum) also takes a `[values]` table of name = whole number, each within its
bounds. Every system reads its house files here, against its own switches and values; every
problem in a file is reported at once, by key.

The file is read as every user file is (`files.read_text`: a regular file of bounded size, so a
FIFO or `/dev/zero` is refused, not read forever) and decoded with `decoding.loads_toml` (bounded
nesting and numbers); each problem is a `ProfileFileError` naming the file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from mcr_score import decoding, files
from mcr_score.errors import McrError, ProfileFileError, raise_all
from mcr_score.messages import Message, msg

HOUSE_KEYS = ("system", "name", "description", "base", "switches")
VALUES_KEY = "values"  # a house key only for a system that has values
_TOML_TYPES = {"list": "array", "dict": "table", "int": "integer", "bool": "boolean", "str": "string"}


def _toml_type(value: object) -> str:
    """The TOML name of a decoded value's type (`string`, `array`, `float`, ...)."""
    return _TOML_TYPES.get(type(value).__name__, type(value).__name__)


@dataclass(frozen=True, slots=True)
class House:
    """What a house file chose: its name and description, an option for every switch it sets
    (with its base's choices under them), and the values it sets (none unless the system has values)."""

    name: str
    description: str
    choices: Mapping[str, str]
    values: Mapping[str, int] = field(default_factory=dict)


def where_of(path: str | os.PathLike[str]) -> str:
    """The path as the user wrote it, for messages (a `TypeError` for anything but a path)."""
    return files.user_path(path, "a house file's path")


def data_of(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The decoded TOML of a house file; a file that cannot be read or decoded names itself."""
    where = where_of(path)
    try:
        return decoding.loads_toml(files.read_text(path))
    except McrError as e:  # files' and decoding's own messages, the file named here
        message = msg("error.profile.deep") if e.msg.id == "data.deep" else e.msg
        raise ProfileFileError(message, where=files.shown_name(where)) from None


def read_house(
    path: str | os.PathLike[str],
    builtins: Mapping[str, Mapping[str, str]],
    switches: Mapping[str, Collection[str]],
    data: Mapping[str, Any] | None = None,
    values: Mapping[str, tuple[int, int]] | None = None,
    default: str | None = None,
    renamed: Mapping[str, str] | None = None,
) -> House:
    """A house file checked against a system's built-in profiles (name -> choices), switches
    (key -> options) and values (name -> lowest and highest whole number; None: the system has
    none, and `[values]` is an unknown key). Without a `base`, the file starts from the profile
    `default` (the system's default), or, with none given, must set every switch; a value left out
    is unset. A `base` naming a former profile name (`renamed`: old -> new) is refused with the new."""
    where = where_of(path)
    data = data_of(path) if data is None else data
    problems: list[ProfileFileError] = []
    keys = HOUSE_KEYS if values is None else (*HOUSE_KEYS, VALUES_KEY)

    def problem(message: Message, key: str) -> None:
        problems.append(ProfileFileError(message, where=f"{where}: {key}"))

    for key in data:
        if key not in keys:
            problem(msg("error.profile.unknown-key", key=key, keys=", ".join(keys)), key)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problem(msg("error.profile.name"), "name")
    elif name in builtins:
        problem(msg("error.profile.builtin-name", name=name), "name")
    description = data.get("description", "")
    if not isinstance(description, str):
        problem(msg("error.profile.description"), "description")
    base = data.get("base")
    choices: dict[str, str] = {}
    if base is not None:
        if not isinstance(base, str):  # a list or a table: `base` is one profile's name
            problem(msg("error.profile.base-type", type=_toml_type(base), known=", ".join(builtins)), "base")
        elif base in builtins:
            choices.update(builtins[base])
        elif renamed and base in renamed:
            problem(msg("error.profile.base-renamed", base=base, new=renamed[base]), "base")
        else:
            problem(msg("error.profile.base", base=base, known=", ".join(builtins)), "base")
    elif default is not None:
        choices.update(builtins[default])
    chosen = data.get("switches", {})
    if not isinstance(chosen, dict):
        problem(msg("error.profile.switches-table"), "switches")
        chosen = {}
    for key, option in chosen.items():
        if key not in switches:
            problem(msg("error.profile.unknown-switch", switch=key), f"switches.{key}")
        elif not isinstance(option, str) or option not in switches[key]:
            problem(
                msg("error.profile.option", switch=key, option=option, options=", ".join(switches[key])),
                f"switches.{key}",
            )
        else:
            choices[key] = option
    if base is None and default is None and not problems:
        for key in switches.keys() - chosen.keys():
            problem(msg("error.profile.unset"), f"switches.{key}")
    chosen_values = _values(data.get(VALUES_KEY, {}), values or {}, problem) if values is not None else {}
    raise_all(problems)
    assert isinstance(name, str)  # a missing or empty name was raised above
    described = description or msg("house.description", file=os.path.basename(where)).text()
    return House(name, described, choices, chosen_values)


def _values(
    given: object, bounds: Mapping[str, tuple[int, int]], problem: Callable[[Message, str], None]
) -> dict[str, int]:
    """The `[values]` table: each a whole number within its bounds (a TOML boolean is no number)."""
    if not isinstance(given, dict):
        problem(msg("error.profile.values-table"), VALUES_KEY)
        return {}
    out: dict[str, int] = {}
    for key, value in given.items():
        where = f"{VALUES_KEY}.{key}"
        if key not in bounds:
            problem(msg("error.profile.unknown-value", key=key, keys=", ".join(bounds)), where)
            continue
        low, high = bounds[key]
        if type(value) is not int:
            problem(msg("error.profile.value-type", key=key, low=low, high=high, type=_toml_type(value)), where)
        elif not low <= value <= high:
            problem(msg("error.profile.value-range", key=key, low=low, high=high, value=value), where)
        else:
            out[key] = value
    return out


def system_of(path: str | os.PathLike[str]) -> object:
    """The `system` a house file names (None when it names none); the registry checks the value."""
    return data_of(path).get("system")
