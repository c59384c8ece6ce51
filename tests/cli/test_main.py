"""`python -m mcr_score` and the version: one number, written in `mcr_score/__init__.py`, everywhere."""

from __future__ import annotations

import json
import subprocess
from importlib.metadata import version

import mcr_score
from tests.support.cli import CLI

HAND = "123456789m123p5s5s"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m mcr_score ARGS` in a fresh interpreter: what a user without the console script runs."""
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120)


def test_python_m_prints_the_package_version() -> None:
    proc = run("--version")
    assert proc.returncode == 0, proc.stderr
    build = "compiled with mypyc" if mcr_score.compiled else "pure Python"
    assert proc.stdout.strip().endswith(f"version {mcr_score.__version__} ({build})")


def test_python_m_scores_a_hand() -> None:
    proc = run("score", HAND, "--rules", "china", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["total"] == mcr_score.score(HAND, "china").total == 22


def test_python_m_keeps_the_exit_codes() -> None:
    proc = run("score", "[124m]x1m")
    assert proc.returncode == 2
    assert "bad-meld" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_installed_metadata_has_the_package_version() -> None:
    assert version("mcr-score") == mcr_score.__version__
