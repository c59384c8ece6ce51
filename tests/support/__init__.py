"""Helpers shared by the tests and the benchmarks (hand generators, the reference adapter, /proc, the CLI).

Nothing is imported here: `reference` needs the optional PyMahjongGB, and each user imports only
the module it needs (`from tests.support import strategies`).
"""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
"""The repository: where the examples, docs and the package are, whatever folder a test is in."""
TESTS = REPO / "tests"
"""The tests' own files: `golden/`, `fixtures/`."""
