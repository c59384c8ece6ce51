"""A package's public names loaded on first use (PEP 562's module `__getattr__`), so that importing
the package loads none of the modules a run does not ask for."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def attributes(package: str, home: Mapping[str, str], namespace: dict[str, Any]) -> Callable[[str], Any]:
    """The `__getattr__` of `package`: a name of `home` (name -> its module, relative to the
    package) imported from its module and kept in `namespace`, so the next use is a plain lookup."""

    def __getattr__(name: str) -> Any:
        if name not in home:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f".{home[name]}", package), name)
        namespace[name] = value
        return value

    return __getattr__
