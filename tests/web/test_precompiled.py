"""The page's dataclass methods compiled at build time (`mcr_score.web._precompiled`): recorded as
`dataclasses` writes them, replayed as the same code, and nothing else about a class changed."""

from __future__ import annotations

import dataclasses
import importlib.util
import inspect
import marshal
import tempfile
from pathlib import Path
from types import CodeType

import pytest

from mcr_score.web import _precompiled


def make_classes() -> tuple[type, type]:
    """Two dataclasses as the package writes them: a frozen, ordered record and a mutable one."""

    @dataclasses.dataclass(frozen=True, order=True)
    class Point:
        x: int
        y: int = 0

    @dataclasses.dataclass
    class Bag:
        items: list[int] = dataclasses.field(default_factory=list)
        name: str = "bag"

    return Point, Bag


def behaviour(point: type, bag: type) -> tuple[object, ...]:
    p, q = point(1, 2), point(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3
    b = bag()
    b.items.append(1)
    return repr(p), p == point(1, 2), p < q, q < p, hash(p) == hash(point(1, 2)), repr(b), b == bag([1])


def test_recording_keeps_each_source_with_the_code_compile_makes_of_it() -> None:
    with _precompiled.record() as made:
        classes = make_classes()
    assert made
    assert all(isinstance(code, CodeType) for code in made.values())
    assert _precompiled.mismatched(made) == []
    assert behaviour(*classes) == behaviour(*make_classes())
    assert "exec" not in vars(dataclasses)


def test_replayed_classes_run_the_recorded_code_and_behave_the_same() -> None:
    with _precompiled.record() as made:
        make_classes()
    with _precompiled.replayed(made) as replay:
        point, bag = make_classes()
    assert replay.hits == len(made)
    assert replay.misses == []
    plain = make_classes()
    assert vars(point)["__init__"].__code__ == vars(plain[0])["__init__"].__code__
    assert behaviour(point, bag) == behaviour(*plain)


def nested(code: CodeType) -> list[CodeType]:
    """Every code object inside `code` (the methods `dataclasses` makes its functions of)."""
    inner = [c for c in code.co_consts if isinstance(c, CodeType)]
    return inner + [n for c in inner for n in nested(c)]


def test_the_replayed_code_is_the_tables_not_a_fresh_compile() -> None:
    """The methods of a replayed class are the very code objects of the table (a fresh compile
    would make equal but new ones), so the replay does take its code from the table."""
    with _precompiled.record() as made:
        make_classes()
    table = {id(c) for code in made.values() for c in nested(code)}
    with _precompiled.replayed(made):
        point, bag = make_classes()
    methods = [vars(point)[name] for name in ("__init__", "__repr__", "__lt__")]
    methods += [vars(bag)[name] for name in ("__init__", "__eq__")]
    for method in methods:
        assert id(inspect.unwrap(method).__code__) in table, method
    plain, _ = make_classes()
    assert id(vars(plain)["__init__"].__code__) not in table


def test_a_table_that_does_not_match_its_sources_is_found() -> None:
    with _precompiled.record() as made:
        make_classes()
    source = next(iter(made))
    assert _precompiled.mismatched({source: compile("x = 1", "<string>", "exec")}) == [source]


def test_a_source_not_in_the_table_is_compiled_as_dataclasses_would() -> None:
    with _precompiled.replayed({}) as replay:
        point, bag = make_classes()
    assert replay.hits == 0
    assert replay.misses
    assert behaviour(point, bag) == behaviour(*make_classes())


def test_dataclasses_gets_exec_back_after_the_block_even_on_an_error() -> None:
    with pytest.raises(ZeroDivisionError), _precompiled.replayed({}):
        _ = 1 / 0
    assert "exec" not in vars(dataclasses)
    with _precompiled.record(), pytest.raises(RuntimeError, match="already replaced"), _precompiled.replayed({}):
        pass
    assert "exec" not in vars(dataclasses)


def test_the_table_round_trips_and_another_pythons_is_not_read() -> None:
    with _precompiled.record() as made:
        make_classes()
    data = _precompiled.dumps(made)
    assert data.startswith(importlib.util.MAGIC_NUMBER)
    assert _precompiled.loads(data) == made
    assert _precompiled.loads(b"\x00\x00\r\n" + data[4:]) == {}
    with pytest.raises(ValueError, match="not a table"):
        _precompiled.loads(importlib.util.MAGIC_NUMBER + marshal.dumps({"x": 1}))


def test_outside_a_page_build_the_engine_is_imported_as_anywhere() -> None:
    from mcr_score.web import engine

    assert not _precompiled.FILE.exists()  # only the page's build writes it, into its site
    started = _precompiled.import_engine()
    assert started.engine is engine
    assert (started.hits, started.misses) == (0, 0)  # imported already here: nothing made


def test_the_builds_lark_caches_are_kept_and_put_back_where_lark_looks(tmp_path: Path) -> None:
    """Only Lark's cache files are kept; put back, they are where `cache=True` reads them, and a
    cache already there is not overwritten."""
    written, site, start = tmp_path / "tmp", tmp_path / "site" / "_lark_caches", tmp_path / "start"
    written.mkdir()
    start.mkdir()
    (written / ".lark_cache_web_user_abc_3_13.tmp").write_bytes(b"parser")
    (written / "other.tmp").write_bytes(b"not lark's")
    assert _precompiled.keep_lark_caches(written, site) == 1
    assert [p.name for p in site.iterdir()] == [".lark_cache_web_user_abc_3_13.tmp"]
    (start / ".lark_cache_web_user_abc_3_13.tmp").write_bytes(b"newer")
    assert _precompiled.restore_lark_caches(site, start) == 0
    assert (start / ".lark_cache_web_user_abc_3_13.tmp").read_bytes() == b"newer"
    (start / ".lark_cache_web_user_abc_3_13.tmp").unlink()
    assert _precompiled.restore_lark_caches(site, start) == 1
    assert (start / ".lark_cache_web_user_abc_3_13.tmp").read_bytes() == b"parser"
    assert _precompiled.restore_lark_caches(tmp_path / "none", start) == 0


def test_a_kept_lark_cache_is_one_lark_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The notation's parser built with `cache=True` writes a file `LARK_CACHE_GLOB` finds, and a
    new parser made where that file was put back reads it: the same parse, without building."""
    from lark import Lark

    from mcr_score.notation import parser

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "first"))
    (tmp_path / "first").mkdir()
    Lark(parser._grammar(), parser="lalr", cache=True)
    assert _precompiled.keep_lark_caches(tmp_path / "first", tmp_path / "kept") == 1
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "second"))
    (tmp_path / "second").mkdir()
    assert _precompiled.restore_lark_caches(tmp_path / "kept") == 1
    fresh = Lark(parser._grammar(), parser="lalr")
    built: list[Lark] = []
    monkeypatch.setattr(Lark, "_build_parser", lambda self: built.append(self))
    read = Lark(parser._grammar(), parser="lalr", cache=True)
    assert built == []  # read from the cache, not built
    for text in ("123m456p789s11z[EEE]", "1z1z1z2z2z2z3z3z3z4z4z5z5z5z", "[WWWW1][444s]45m678pFF6m|ES1000"):
        assert read.parse(text) == fresh.parse(text), text
