"""Fixtures shared by several test files.

The repository root is on `sys.path` (pyproject's `[tool.pytest.ini_options] pythonpath`), so the
tests and the benchmarks import their helpers as `tests.support.*` without path tricks.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tests.support.cli import runner


@pytest.fixture
def cli_runner() -> CliRunner:
    """A click runner that keeps stdout and stderr apart, so a test can check each stream."""
    return runner()
