"""The two builds of the same source: pure Python, and the engine modules compiled by mypyc
(`hatch_build.py`). `mcr_score.compiled` says which one runs and `--version` prints it; CI runs the
whole suite on each (`scripts/test` and `scripts/test-compiled` set `MCR_SCORE_EXPECT_BUILD`)."""

from __future__ import annotations

import ast
import copy
import importlib
import importlib.util
import os
import pickle
import subprocess
import sys
import types

import pytest

import mcr_score
from mcr_score import score
from mcr_score.hand import FOUR_SETS, Hand
from tests.support import REPO
from tests.support.cli import CLI
from tests.support.strategies import generate

ROOT = REPO


def compiled_modules() -> list[str]:
    """The module names hatch_build.py compiles (read from its source: hatchling is not installed here)."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "COMPILED":
            paths = ast.literal_eval(node.value)
            return [p.removesuffix(".py").replace("/", ".") for p in paths]
    raise AssertionError("COMPILED not found in hatch_build.py")


def test_the_flag_says_whether_the_engine_modules_are_extension_modules() -> None:
    names = compiled_modules()
    assert "mcr_score.systems.mcr.scoring" in names
    kinds = {name: not (importlib.import_module(name).__file__ or "").endswith(".py") for name in names}
    assert set(kinds.values()) == {mcr_score.compiled}, kinds


def test_the_engine_and_its_values_are_compiled_and_nothing_else() -> None:
    names = compiled_modules()
    for name in ("mcr_score.systems.mcr.result", "mcr_score.tiles", "mcr_score.hand"):  # the values too (issue 30)
        assert name in names
    for name in ("mcr_score.notation", "mcr_score.systems.mcr.profiles", "mcr_score.cli"):
        assert name not in names
        assert (importlib.import_module(name).__file__ or "").endswith(".py"), name
    assert type(mcr_score.Score) is type


def _hand_with_everything() -> Hand:
    """A winning hand with a meld and flowers whose score has fans on sets, fans not counted and
    other readings."""
    for hand in generate(400, 9):
        if hand.winning is None or not hand.melds or not hand.situation.flowers:
            continue
        result = score(hand, "china")
        if result.alternatives and result.not_counted and any(f.sets for f in result.fans):
            return hand
    raise AssertionError("no such hand among the generated ones")


def test_the_values_pickle_copy_compare_and_hash_alike_in_both_builds() -> None:
    """Compiled values are built by their `__init__` only (`values.reduce` pickles them): the suite runs
    on both builds, so both keep the behaviour of the pure classes."""
    hand = _hand_with_everything()
    result = score(hand, "china")
    values = [hand, *hand.melds, hand.situation, *hand.standing, FOUR_SETS, result]  # (the first five: Python)
    values += [*result.fans, *result.not_counted, *result.arrangement, *result.alternatives]
    for value in values:
        for twin in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
            assert twin == value, value
            assert type(twin) is type(value)
            assert hash(twin) == hash(value)
            assert repr(twin) == repr(value)


@pytest.mark.skipif(not os.environ.get("MCR_SCORE_EXPECT_BUILD"), reason="only where the build is known (CI)")
def test_the_expected_build_runs() -> None:
    assert os.environ["MCR_SCORE_EXPECT_BUILD"] == ("compiled" if mcr_score.compiled else "pure")


def test_version_names_the_build() -> None:
    proc = subprocess.run([*CLI, "--version"], capture_output=True, text=True, check=True)
    build = "compiled with mypyc" if mcr_score.compiled else "pure Python"
    assert proc.stdout.strip() == f"python -m mcr_score, version {mcr_score.__version__} ({build})"


def _hatch_build(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """hatch_build.py imported with a stand-in for hatchling's hook base (hatchling is not installed here)."""
    interface = types.ModuleType("hatchling.builders.hooks.plugin.interface")
    interface.BuildHookInterface = type("BuildHookInterface", (), {})  # type: ignore[attr-defined]
    for name in ("hatchling", "hatchling.builders", "hatchling.builders.hooks", "hatchling.builders.hooks.plugin"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, interface.__name__, interface)
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_a_c_compiler_the_build_asks_for_and_compiles_with_zig(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine with Python's headers and no C compiler gets the compiled build through `ziglang`
    (issue 30): the build requires the package, then compiles and links with `python -m ziglang cc`."""
    hb = _hatch_build(monkeypatch)
    monkeypatch.delenv("MCR_SCORE_PURE", raising=False)
    monkeypatch.setattr(hb, "headers", lambda: True)
    monkeypatch.setattr(hb, "c_compiler", lambda: None)
    hook = object.__new__(hb.MypycHook)
    hook.target_name = "wheel"
    assert hook.dependencies() == [*hb.BUILD_REQUIRES, "ziglang"]
    monkeypatch.setattr(hb.importlib.util, "find_spec", lambda name: object() if name == "ziglang" else None)
    env = hb.compile_env()
    assert env["CC"] == f"{sys.executable} -m ziglang cc"
    assert env["LDSHARED"] == f"{sys.executable} -m ziglang cc -shared"
    monkeypatch.setattr(hb.importlib.util, "find_spec", lambda name: None)
    assert hb.compile_env() is None  # neither: the pure wheel
    monkeypatch.setattr(hb, "c_compiler", lambda: "/usr/bin/cc")
    assert hook.dependencies() == hb.BUILD_REQUIRES
    assert hb.compile_env() == dict(os.environ)  # the system's compiler, as setuptools finds it
    monkeypatch.setenv("MCR_SCORE_PURE", "1")
    assert hook.dependencies() == []
