"""Issue 38: the engine sits below the notation. The shared engine (`engine/`) imports neither the
notation nor a rule system, and MCR's engine (scoring, result, exclusions, profiles, payments, the
fans) does not reach the notation, even through another module: it takes a `Hand`, and the text is
read above it (`mcr_score.score`, `systems/mcr/api.py`; a group as written, `pages.text.group_label`)."""

from __future__ import annotations

from pathlib import Path

from tests.support import REPO
from tests.support.architecture import Graph, import_graph

MCR_ENGINE = ("scoring", "result", "exclusions", "profiles", "payments", "fans")


def _engine(module: str, package: str) -> bool:
    mcr = f"{package}.systems.mcr."
    return module.startswith(f"{package}.engine") or any(
        module == mcr + m or module.startswith(mcr + m + ".") for m in MCR_ENGINE
    )


def _reached(graph: Graph, start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for edge in graph.get(todo.pop(), ()):
            if edge not in seen:
                seen.add(edge)
                todo.append(edge)
    return seen


def engine_above(graph: Graph, package: str) -> list[str]:
    """Each engine module that reaches the notation (or, for `engine/`, imports a system): `a -> b`."""
    out = []
    for module in sorted(m for m in graph if _engine(m, package)):
        out += [f"{module} -> {e}" for e in sorted(_reached(graph, module)) if e.startswith(f"{package}.notation")]
        if module.startswith(f"{package}.engine"):
            out += [f"{module} -> {e}" for e in sorted(graph[module]) if e.startswith(f"{package}.systems")]
    return out


def test_the_engine_is_below_the_notation_and_the_systems() -> None:
    graph = import_graph(REPO, "mcr_score")
    assert "mcr_score.systems.mcr.scoring" in graph
    assert "mcr_score.engine.arrangements" in graph
    assert engine_above(graph, "mcr_score") == []


def test_a_planted_engine_import_of_the_notation_is_found(tmp_path: Path) -> None:
    files = {
        "pkg/__init__.py": "",
        "pkg/notation/__init__.py": "def parse_hand(text): ...\n",
        "pkg/engine/__init__.py": "",
        "pkg/engine/waits.py": "from pkg.systems.mcr import profiles\n",
        "pkg/systems/__init__.py": "",
        "pkg/systems/mcr/__init__.py": "",
        "pkg/systems/mcr/profiles.py": "",
        "pkg/systems/mcr/helper.py": "def read():\n    from pkg.notation import parse_hand\n",
        "pkg/systems/mcr/scoring.py": "from pkg.systems.mcr import helper\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert engine_above(import_graph(tmp_path, "pkg"), "pkg") == [
        "pkg.engine.waits -> pkg.systems.mcr.profiles",
        "pkg.systems.mcr.scoring -> pkg.notation",
    ]
