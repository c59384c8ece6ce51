"""House files: a club's profile of a rule system, written as data (TOML): optional `system` (the
registry checks it), `name`, optional `description`, optional `base` (a built-in profile whose
choices it starts from) and a `[switches]` table of switch = option. Every system reads its house
files here, against its own switches; every problem in a file is reported at once, by key.

The file is read as every user file is (`files.read_text`: a regular file of bounded size, so a
FIFO or `/dev/zero` is refused, not read forever) and decoded with `decoding.loads_toml` (bounded
nesting and numbers); each problem is a `ProfileFileError` naming the file.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from . import decoding, files
from .errors import McrError, ProfileFileError, raise_all
from .messages import Message, msg

HOUSE_KEYS = ("system", "name", "description", "base", "switches")
_TOML_TYPES = {"list": "array", "dict": "table", "int": "integer", "bool": "boolean"}


@dataclass(frozen=True, slots=True)
class House:
    """What a house file chose: its name and description, and an option for every switch it sets
    (with its base's choices under them)."""

    name: str
    description: str
    choices: Mapping[str, str]


def where_of(path: str | os.PathLike[str]) -> str:
    """The path as the user wrote it, for messages (a `TypeError` for anything but a path)."""
    where = os.fspath(path) if isinstance(path, os.PathLike) else path
    if not isinstance(where, str):
        raise TypeError(f"a house file's path is a str or a PathLike of str, not {type(where).__name__}")
    return where


def data_of(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The decoded TOML of a house file; a file that cannot be read or decoded names itself."""
    where = where_of(path)
    try:
        return decoding.loads_toml(files.read_text(path))
    except McrError as e:  # files' and decoding's own messages, the file named here
        message = msg("error.profile.deep") if e.msg.id == "data.deep" else e.msg
        raise ProfileFileError(message, where=where.replace("\x00", "\\0") or "''") from None


def read_house(
    path: str | os.PathLike[str],
    builtins: Mapping[str, Mapping[str, str]],
    switches: Mapping[str, Collection[str]],
    data: Mapping[str, Any] | None = None,
) -> House:
    """A house file checked against a system's built-in profiles (name -> choices) and switches
    (key -> options). Without a `base`, every switch must be set."""
    where = where_of(path)
    data = data_of(path) if data is None else data
    problems: list[ProfileFileError] = []

    def problem(message: Message, key: str) -> None:
        problems.append(ProfileFileError(message, where=f"{where}: {key}"))

    for key in data:
        if key not in HOUSE_KEYS:
            problem(msg("error.profile.unknown-key", key=key, keys=", ".join(HOUSE_KEYS)), key)
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
            toml_type = _TOML_TYPES.get(type(base).__name__, type(base).__name__)
            problem(msg("error.profile.base-type", type=toml_type, known=", ".join(builtins)), "base")
        elif base in builtins:
            choices.update(builtins[base])
        else:
            problem(msg("error.profile.base", base=base, known=", ".join(builtins)), "base")
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
    if base is None and not problems:
        for key in switches.keys() - chosen.keys():
            problem(msg("error.profile.unset"), f"switches.{key}")
    raise_all(problems)
    assert isinstance(name, str)  # a missing or empty name was raised above
    return House(name, description or f"house rules from {os.path.basename(where)}", choices)


def system_of(path: str | os.PathLike[str]) -> object:
    """The `system` a house file names (None when it names none); the registry checks the value."""
    return data_of(path).get("system")
