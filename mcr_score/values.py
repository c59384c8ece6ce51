"""Pickling for the frozen value classes (tiles, hands, results), the same in both builds.

Compiled by mypyc, a class builds its instances with its `__init__` only, so the default pickling
(an empty instance, then its fields set) fails; each value class gives `__reduce__` = `reduce`
instead: the class and its fields by name, rebuilt through `__init__` (checks included) on loading.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def rebuild(cls: Callable[..., T], values: dict[str, Any]) -> T:
    return cls(**values)


def reduce(value: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """What `__reduce__` returns for a dataclass instance: `rebuild` and its arguments."""
    return rebuild, (type(value), {f.name: getattr(value, f.name) for f in fields(value)})
