"""The suite's own rule that each test has its own id (tests/conftest.py): pytest-xdist hands tests
out by id and runs one of several that share it, so a shared id would leave tests unrun, the run
green. Stand-ins for pytest's items: only the id, the name and schemathesis's operation label count."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.conftest import _unique_ids


@dataclass(frozen=True)
class Id:
    base: str
    params: str | None = None

    def with_params(self, params: str) -> Id:
        return Id(self.base, params)

    def __str__(self) -> str:
        return self.base if self.params is None else f"{self.base}[{self.params}]"


class Item:
    def __init__(self, name: str, label: str | None = None) -> None:
        self.name = name
        self._id = Id(f"tests/web/test_x.py::{name.partition('[')[0]}")
        if label is not None:
            self.operation_label = label

    @property
    def nodeid(self) -> str:
        return str(self._id)


def test_each_operation_of_a_schema_test_gets_its_own_id() -> None:
    items = [
        Item("test_schema[GET /api/score]", "GET /api/score"),
        Item("test_schema[POST /api/score]", "POST /api/score"),
    ]
    _unique_ids(items)  # type: ignore[arg-type]
    assert [i.nodeid for i in items] == [
        "tests/web/test_x.py::test_schema[GET /api/score]",
        "tests/web/test_x.py::test_schema[POST /api/score]",
    ]


def test_an_id_alone_is_left_as_it_is() -> None:
    items = [Item("test_schema[GET /api/score]", "GET /api/score"), Item("test_other")]
    _unique_ids(items)  # type: ignore[arg-type]
    assert [i.nodeid for i in items] == ["tests/web/test_x.py::test_schema", "tests/web/test_x.py::test_other"]


def test_two_tests_with_one_id_stop_the_run() -> None:
    with pytest.raises(pytest.UsageError, match=r"tests share an id .*tests/web/test_x\.py::test_same"):
        _unique_ids([Item("test_same"), Item("test_same")])  # type: ignore[list-item]
