"""The package's shape (issue 23), checked on its source (`tests/support/architecture.py`):

(a) no import cycle among `mcr_score`'s modules (imports inside functions count; `if TYPE_CHECKING:`
    blocks do not);
(b) the front ends never import each other: `web` and `batch` never import `cli`, `web` never
    imports `batch` nor `batch` `web`, and `cli` imports `batch` only in `cli/batch.py` and `web`
    only in `cli/serve.py`, the commands that start them;
(c) no rule system is named by a string literal (`"mcr"`, `"six"`, `"hk"`, `"nmjl"`, `"maho"`)
    outside `mcr_score/systems/`, the registry and the systems' own packages;
(d) no language is named by a string literal (`"en"`, `"fr"`, `"zh"`: `messages.LANGS`) outside
    the messages layer, which is `mcr_score/messages.py` alone (it reads the languages from the
    catalogue files and holds the default, `DEFAULT_LANG`): what differs between languages (words,
    punctuation, plural forms, number separators, which other names to show) is in each language's
    catalogue, so that a fourth language is one more file in `mcr_score/locales/`.

Each checker is also run on a small package planted in a temporary directory, with one violation
of its rule, to show it finds it (a checker that finds nothing anywhere would pass above).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcr_score.messages import LANGS
from tests.support import REPO
from tests.support.architecture import find_cycle, front_end_edges, import_graph, language_literals, system_literals

ROOT = REPO
PACKAGE = "mcr_score"


def test_no_import_cycle() -> None:
    cycle = find_cycle(import_graph(ROOT, PACKAGE))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


def test_the_front_ends_do_not_import_each_other() -> None:
    assert front_end_edges(import_graph(ROOT, PACKAGE), PACKAGE) == []


def test_no_rule_system_is_named_outside_the_registry() -> None:
    assert system_literals(ROOT, PACKAGE) == []


def test_no_language_is_named_outside_the_messages_layer() -> None:
    assert language_literals(ROOT, PACKAGE, LANGS) == []


def test_the_graph_sees_the_edges_the_rules_are_about() -> None:
    """The rules above are checked on a graph that holds what they speak of: the command that starts
    the service imports it, a lazy import inside a function is an edge, a package's names are one."""
    graph = import_graph(ROOT, PACKAGE)
    assert "mcr_score.web.api" in graph["mcr_score.cli.serve"]
    assert "mcr_score.notation.parser" in graph["mcr_score.notation"]  # inside functions: Lark loads on demand
    assert "mcr_score.batch" in graph["mcr_score.cli.batch"]


# ---- planted violations ---------------------------------------------------------------------------


def plant(root: Path, files: dict[str, str]) -> Path:
    """A package `pkg` under `root` with these files (paths relative to it, `/` separated)."""
    for name, text in files.items():
        path = root / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for directory in {p.parent for p in (root / "pkg").rglob("*.py")} | {root / "pkg"}:
        (directory / "__init__.py").touch()
    return root


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "a.py": "from . import b\n",
            "b.py": "def f():\n    from .c import g\n    return g\n",
            "c.py": "from .a import x\n",
            "d.py": "from .a import x\n",
        },
    )
    assert find_cycle(import_graph(root, "pkg")) == ["pkg.a", "pkg.b", "pkg.c", "pkg.a"]


def test_an_import_for_type_checking_only_is_no_edge(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "a.py": "from . import b\n",
            "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\nelse:\n    import os\n",
            "c.py": "import typing\nif typing.TYPE_CHECKING:\n    from pkg.a import A\n",
        },
    )
    graph = import_graph(root, "pkg")
    assert find_cycle(graph) is None
    assert graph["pkg.b"] == set()


def test_absolute_and_relative_imports_of_modules_and_names(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "sub/x.py": "from .. import y\nfrom ..sub import z\nfrom .z import name\nimport pkg.w\nimport os\n",
            "sub/z.py": "",
            "y.py": "from pkg.sub import name\n",
            "w.py": "",
        },
    )
    graph = import_graph(root, "pkg")
    assert graph["pkg.sub.x"] == {"pkg.y", "pkg.sub.z", "pkg.w"}
    assert graph["pkg.y"] == {"pkg.sub"}


@pytest.mark.parametrize(
    ("files", "found"),
    [
        ({"web/api.py": "from ..cli import options\n", "cli/options.py": ""}, ["pkg.web.api -> pkg.cli.options"]),
        ({"batch/run.py": "def f():\n    import pkg.cli\n", "cli/__init__.py": ""}, ["pkg.batch.run -> pkg.cli"]),
        ({"web/api.py": "from ..batch import claims\n", "batch/claims.py": ""}, ["pkg.web.api -> pkg.batch.claims"]),
        ({"batch/out.py": "from pkg.web import api\n", "web/api.py": ""}, ["pkg.batch.out -> pkg.web.api"]),
        (
            {"cli/hand.py": "from ..batch import records\n", "batch/records.py": ""},
            ["pkg.cli.hand -> pkg.batch.records"],
        ),
        (
            {"cli/options.py": "from ..web import schemas\n", "web/schemas.py": ""},
            ["pkg.cli.options -> pkg.web.schemas"],
        ),
        ({"cli/batch.py": "from ..web import api\n", "web/api.py": ""}, ["pkg.cli.batch -> pkg.web.api"]),
        # the commands that start a front end, and the core, may import it
        ({"cli/batch.py": "from ..batch import run\n", "batch/run.py": ""}, []),
        ({"cli/serve.py": "from ..web import api\n", "web/api.py": ""}, []),
        (
            {"web/api.py": "from .. import claims\n", "batch/run.py": "from ..claims import check\n", "claims.py": ""},
            [],
        ),
    ],
)
def test_a_front_end_importing_another_is_found(tmp_path: Path, files: dict[str, str], found: list[str]) -> None:
    root = plant(tmp_path, files)
    assert front_end_edges(import_graph(root, "pkg"), "pkg") == found


def test_a_rule_system_named_outside_the_registry_is_found(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "pages.py": 'def f(system):\n    return system == "six" or system in (\'hk\', "x")\n',
            "more.py": 'A = f"mcr"\nB = b"nmjl"\nC = "sixty"\nD = f"{x}six"\nE = "maho is a system"\n',
            "systems/__init__.py": 'SYSTEMS = {"mcr": 1, "six": 2}\n',
            "systems/six/rules.py": 'NAME = "six"\n',
        },
    )
    assert system_literals(root, "pkg") == [
        "pkg/more.py:1: 'mcr'",
        "pkg/more.py:2: 'nmjl'",
        "pkg/pages.py:2: 'six'",
        "pkg/pages.py:2: 'hk'",
    ]


def test_a_language_named_outside_the_messages_layer_is_found(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "pages.py": 'def sep(lang):\n    return "、" if lang == "zh" else ", "\n',
            "more.py": 'A = {"en": 1, \'fr\': 2}\nB = "english"\nC = f"{x}en"\nD = "fr_FR"\n',
            "messages.py": 'LANGS = ("en", "fr", "zh")\n',
        },
    )
    assert language_literals(root, "pkg", ("en", "fr", "zh")) == [
        "pkg/more.py:1: 'en'",
        "pkg/more.py:1: 'fr'",
        "pkg/pages.py:2: 'zh'",
    ]
