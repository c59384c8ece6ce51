"""The replay's plumbing for speed: a frozen dataclass's value made field by field (`made`), what the
readers and the replay make a hand's values with (a `HandRecord`, its `Deal`, its `Win`s and
`Holding`s), instead of the dataclass's own `__init__`, interpreted code called from compiled code.
Pinned by tests/games/test_games_read_cost.py: a value made so is the one its class makes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Final, TypeVar

V = TypeVar("V")
_NEW: Final = object.__new__


def setters(cls: type) -> tuple[Callable[[object, object], None], ...]:
    """What sets each field of a frozen dataclass with slots, in order: its slot's `__set__`."""
    return tuple([getattr(cls, f.name).__set__ for f in dataclasses.fields(cls)])


def made(cls: type[V], fields: tuple[Callable[[object, object], None], ...], values: tuple[object, ...]) -> V:
    """A value of the frozen dataclass `cls` (slotted, no `__post_init__`) from all its fields in
    order, each set in its slot, as its `__init__` sets it: the values a hand's reading makes (a
    `HandRecord`, its `Deal`, its `Win`s and `Holding`s) made by the dataclasses' own `__init__`,
    interpreted code called from compiled code, cost some 1.2k instructions a field, a fifth of a
    hand's reading (issue 26); so, about 300. `fields`: `setters(cls)`; values for more or fewer
    fields than the class has are refused (`TypeError`), so a field added to it fails where it is made."""
    if len(values) != len(fields):  # a field added to the class and not where it is made: at once
        raise TypeError(f"{cls.__name__} has {len(fields)} fields, {len(values)} given")
    value = _NEW(cls)
    for i in range(len(fields)):
        fields[i](value, values[i])
    return value
