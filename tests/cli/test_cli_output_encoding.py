"""The command line's output and encoding, as a real process (found in issue 12):
output that cannot be written, a terminal whose
encoding lacks the tiles. Each ran into a traceback before."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

HAND = "123456789m123p5s5s"
DEV_FULL = os.path.exists("/dev/full")


def cli(
    *args: str, env: dict[str, str] | None = None, stdout: int | None = subprocess.PIPE
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mcr_score", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        errors="replace",
        env={**os.environ, **(env or {})},
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(not DEV_FULL, reason="needs /dev/full")
@pytest.mark.parametrize(
    "args", [["score", HAND], ["explain", HAND], ["fans"], ["fan", "28"], ["parse", HAND], ["rules"]], ids=str
)
def test_a_full_disk_on_standard_output_is_a_named_error(args):
    """`mcr-score score HAND > /dev/full`."""
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "mcr_score", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    assert result.returncode == 1
    assert result.stderr.strip() == "Error: cannot write to standard output: No space left on device"


@pytest.mark.parametrize("args", [["explain", HAND], ["fans"], ["score", HAND], ["fan", "1"]], ids=str)
def test_an_encoding_without_the_characters_replaces_them(args):
    """PYTHONIOENCODING=latin-1: characters the encoding lacks (≥, 中) print as '?', no crash."""
    result = cli(*args, env={"PYTHONIOENCODING": "latin-1"})
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout


def test_an_encoding_without_the_characters_keeps_errors_readable():
    result = cli("explain", "[124m]x1m", "--lang", "zh", env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "[124m]x1m" in result.stderr
