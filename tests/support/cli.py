"""The command line as the tests drive it: in process with click's runner, stdout and stderr apart."""

from __future__ import annotations

from click.testing import CliRunner


def runner() -> CliRunner:
    """A runner whose result has `stdout` and `stderr` apart: always so on click 8.2+, asked for on 8.1."""
    try:
        return CliRunner(mix_stderr=False)  # click 8.1; 8.2 dropped the argument
    except TypeError:
        return CliRunner()
