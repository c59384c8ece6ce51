"""The grammar lives outside the package in the repository; an installed wheel must still find it.

An editable install or a source checkout would hide a packaging mistake (the parser falls back to
the repository's `grammar/`), so this builds a real wheel and imports it from an unzipped copy.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NETWORK_DOWN = ("Failed to establish a new connection", "Temporary failure in name resolution",
                "Name or service not known", "Network is unreachable", "Could not fetch URL",
                "No matching distribution found for hatchling", "ConnectTimeoutError", "ReadTimeoutError")


def build_wheel(out: Path) -> Path:
    """Build with pip (isolated build: it downloads hatchling); skip only when that download fails."""
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
                           "-w", str(out), str(ROOT)], capture_output=True, text=True, timeout=600)
    log = proc.stdout + proc.stderr
    if proc.returncode != 0:
        if any(sign in log for sign in NETWORK_DOWN):
            pytest.skip("pip cannot download the build backend (hatchling): the network seems down")
        pytest.fail(f"pip wheel failed:\n{log}")
    (wheel,) = out.glob("mcr_score-*.whl")
    return wheel


def test_grammar_is_found_from_an_installed_wheel(tmp_path):
    wheel = build_wheel(tmp_path / "dist")
    with zipfile.ZipFile(wheel) as zf:
        assert "mcr_score/grammar/mcr.lark" in zf.namelist()
        assert zf.read("mcr_score/grammar/mcr.lark") == (ROOT / "grammar" / "mcr.lark").read_bytes()
        zf.extractall(tmp_path / "site")
    site = (tmp_path / "site").resolve()
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    code = ("import mcr_score, mcr_score.notation as n; print(mcr_score.__file__); print(n.grammar_path()); "
            "print(mcr_score.parse_hand('1112345678999s9s').winning)")
    env = {**os.environ, "PYTHONPATH": str(site)}
    proc = subprocess.run([sys.executable, "-c", code], cwd=elsewhere, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    module_file, grammar, winning = proc.stdout.splitlines()
    assert Path(module_file).resolve().is_relative_to(site), module_file
    assert not Path(module_file).resolve().is_relative_to(ROOT)
    assert Path(grammar).resolve() == site / "mcr_score" / "grammar" / "mcr.lark"
    assert winning == "9s"
