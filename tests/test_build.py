"""The two builds of the same source: pure Python, and the engine modules compiled by mypyc
(`hatch_build.py`). `mcr_score.compiled` says which one runs and `--version` prints it; CI runs the
whole suite on each (`scripts/test` and `scripts/test-compiled` set `MCR_SCORE_EXPECT_BUILD`)."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
from pathlib import Path

import pytest

import mcr_score
from tests.support.cli import CLI

ROOT = Path(__file__).resolve().parents[1]


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
    assert "mcr_score.scoring" in names
    kinds = {name: not (importlib.import_module(name).__file__ or "").endswith(".py") for name in names}
    assert set(kinds.values()) == {mcr_score.compiled}, kinds


def test_only_the_engine_is_compiled_and_the_results_stay_python_classes() -> None:
    for name in ("mcr_score.result", "mcr_score.notation", "mcr_score.profiles", "mcr_score.cli"):
        assert (importlib.import_module(name).__file__ or "").endswith(".py"), name
    assert type(mcr_score.Score) is type  # a plain class: pickles and prints alike in both builds


@pytest.mark.skipif(not os.environ.get("MCR_SCORE_EXPECT_BUILD"), reason="only where the build is known (CI)")
def test_the_expected_build_runs() -> None:
    assert os.environ["MCR_SCORE_EXPECT_BUILD"] == ("compiled" if mcr_score.compiled else "pure")


def test_version_names_the_build() -> None:
    proc = subprocess.run([*CLI, "--version"], capture_output=True, text=True, check=True)
    build = "compiled with mypyc" if mcr_score.compiled else "pure Python"
    assert proc.stdout.strip() == f"python -m mcr_score, version {mcr_score.__version__} ({build})"
