"""The garbage collector is switched by the front ends alone (issue 38): the command line (at exit,
`cli/__init__.py`) and the batch, which owns its processes (`batch/pool.py` settles the collector
between chunks, `batch/runner.py` sets its thresholds back). Library code, a reader of records
included, leaves this process-wide state as its caller set it.

The check reads the source (`import gc`, `from gc import ...`, imports inside functions too) and is
also run on a planted module, to show it finds an import.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support import REPO

FRONT_ENDS = frozenset({"mcr_score/cli/__init__.py", "mcr_score/batch/pool.py", "mcr_score/batch/runner.py"})


def collector_users(root: Path, package: str) -> list[str]:
    """The modules of `package` under `root` that import `gc`, as paths relative to `root`."""
    found = []
    for path in sorted((root / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            if any(n == "gc" or n.startswith("gc.") for n in names):
                found.append(path.relative_to(root).as_posix())
                break
    return found


def test_only_the_front_ends_switch_the_collector() -> None:
    assert sorted(set(collector_users(REPO, "mcr_score")) - FRONT_ENDS) == []


def test_the_check_finds_a_planted_import(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "games").mkdir(parents=True)
    (tmp_path / "pkg" / "games" / "reading.py").write_text("def f():\n    import gc\n    gc.disable()\n")
    (tmp_path / "pkg" / "clean.py").write_text("import gcd_helpers\n")
    assert collector_users(tmp_path, "pkg") == ["pkg/games/reading.py"]
