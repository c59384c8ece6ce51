"""The command line as the tests and benchmarks drive it: in process with click's runner (stdout and
stderr apart), or as a fresh process for what needs one (signals, worker processes, exit on a pipe)."""

from __future__ import annotations

import sys

from click.testing import CliRunner

CLI: list[str] = [sys.executable, "-m", "mcr_score"]
"""`mcr-score` in a new process of this interpreter, without relying on the console script being on PATH."""


def runner() -> CliRunner:
    """A runner whose result has `stdout` and `stderr` apart: always so on click 8.2+, asked for on 8.1."""
    try:
        return CliRunner(mix_stderr=False)  # click 8.1; 8.2 dropped the argument
    except TypeError:
        return CliRunner()
