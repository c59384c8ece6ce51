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
(e) no module of `cli/`, `web/`, `batch/`, `games/`, `review/`, `present/` or MCR's own package
    (its tournament, advice, pages) imports `systems.six`, `.hk`, `.maho` or `.nmjl`, at any depth:
    shared code receives a `System` from the registry, and a system's options are its own
    (`systems/<x>/options.py`, read by `systems.option_specs`);
(f) the layers, lowest first: the root model (`tiles`, `hand`, `errors`...), `engine/` (below the
    notation: it takes a `Hand`), `notation/`, `systems/`, then `present/` `review/` `games/`, then
    `batch/`, then `cli/` `web/`: no module imports a layer above its own, but for the named
    exceptions of `LAYER_EXCEPTIONS` (the entry point; a system's pages, which are presentation);
(g) no import cycle between the subpackages (each a node, a system's pages with `present`);
(h) every field of `System` is read by shared code (outside the systems' own packages): a fact of
    a system that nothing reads is deleted, not carried.

Each checker is also run on a small package planted in a temporary directory, with one violation
of its rule, to show it finds it (a checker that finds nothing anywhere would pass above).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcr_score.messages import LANGS
from tests.support import REPO
from tests.support.architecture import (
    LAYER_EXCEPTIONS,
    find_cycle,
    front_end_edges,
    import_graph,
    language_literals,
    layer_edges,
    package_cycle,
    system_imports,
    system_literals,
    unread_fields,
)

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


def test_no_other_system_is_imported_by_shared_code() -> None:
    assert system_imports(import_graph(ROOT, PACKAGE), PACKAGE) == []


def test_every_fact_of_a_system_is_read_by_shared_code() -> None:
    from dataclasses import fields

    from mcr_score.systems.base import System

    assert unread_fields(ROOT, PACKAGE, [f.name for f in fields(System)]) == []


def test_no_module_imports_a_layer_above_its_own() -> None:
    assert layer_edges(ROOT, PACKAGE, import_graph(ROOT, PACKAGE)) == []


def test_no_import_cycle_between_packages() -> None:
    assert package_cycle(ROOT, PACKAGE, import_graph(ROOT, PACKAGE)) is None


def test_each_layer_exception_is_used() -> None:
    """An exception that no longer matches an edge is a stale one: it would hide a future debt."""
    import fnmatch

    graph = import_graph(ROOT, PACKAGE)
    edges = [f"{s} -> {t}" for s, ts in graph.items() for t in ts]
    for pattern in LAYER_EXCEPTIONS:
        assert any(fnmatch.fnmatchcase(e, pattern.format(p=PACKAGE)) for e in edges), pattern


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


def test_a_fact_of_a_system_read_only_by_a_system_is_found(tmp_path: Path) -> None:
    root = plant(
        tmp_path,
        {
            "systems/base.py": "class System:\n    def can(self, c):\n        return c in self.capabilities\n",
            "systems/six/system.py": "SEATS = SYSTEM.players\n",
            "cli/hand.py": "def run(chosen, game):\n    return chosen.shape, game.minimum\n",
            "batch/report.py": "from pkg.systems.mcr import SYSTEM\nLEAST = SYSTEM.seed\n",
        },
    )
    fields = ["capabilities", "players", "shape", "minimum", "seed"]
    assert unread_fields(root, "pkg", fields) == ["minimum", "players"]


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


@pytest.mark.parametrize(
    ("files", "found"),
    [
        # at the top, inside a function, by name or by module
        ({"cli/hand.py": "from ..systems.maho import given\n"}, ["pkg.cli.hand -> pkg.systems.maho.given"]),
        ({"web/api.py": "def f():\n    import pkg.systems.nmjl\n"}, ["pkg.web.api -> pkg.systems.nmjl"]),
        ({"present/x.py": "from pkg.systems.six import SYSTEM\n"}, ["pkg.present.x -> pkg.systems.six"]),
        (
            {"systems/mcr/tournament/a.py": "from ....systems.hk import rules\n"},
            ["pkg.systems.mcr.tournament.a -> pkg.systems.hk.rules"],
        ),
        ({"games/a.py": "from pkg.systems import six\n"}, ["pkg.games.a -> pkg.systems.six"]),
        # MCR by name, the registry, and a system's own modules are fine
        ({"cli/advice.py": "from ..systems.mcr import advice\nfrom ..systems import get\n"}, []),
        ({"systems/six/pages.py": "from pkg.systems.six import rules\n"}, []),
    ],
)
def test_another_system_imported_by_shared_code_is_found(
    tmp_path: Path, files: dict[str, str], found: list[str]
) -> None:
    targets = {
        "systems/maho/given.py",
        "systems/nmjl/__init__.py",
        "systems/six/__init__.py",
        "systems/hk/rules.py",
        "systems/six/rules.py",
        "systems/mcr/advice.py",
        "systems/__init__.py",
    }
    root = plant(tmp_path, {**dict.fromkeys(targets, ""), **files})
    assert system_imports(import_graph(root, "pkg"), "pkg") == found


@pytest.mark.parametrize(
    ("files", "found"),
    [
        (
            {"engine/waits.py": "from ..notation import parse\n", "notation/parse.py": ""},
            ["pkg.engine.waits -> pkg.notation.parse"],
        ),
        (
            {"tiles.py": "def f():\n    from .systems import get\n", "systems/__init__.py": ""},
            ["pkg.tiles -> pkg.systems"],
        ),
        ({"engine/a.py": "from pkg.cli import options\n", "cli/options.py": ""}, ["pkg.engine.a -> pkg.cli.options"]),
        (
            {"systems/six/rules.py": "from pkg.games import api\n", "games/api.py": ""},
            ["pkg.systems.six.rules -> pkg.games.api"],
        ),
        ({"present/a.py": "from pkg.batch import run\n", "batch/run.py": ""}, ["pkg.present.a -> pkg.batch.run"]),
        ({"batch/a.py": "import pkg.web.api\n", "web/api.py": ""}, ["pkg.batch.a -> pkg.web.api"]),
        # down the layers, and the named exceptions, are fine
        (
            {
                "notation/a.py": "from ..engine import waits\nfrom .. import tiles\n",
                "engine/waits.py": "",
                "tiles.py": "",
            },
            [],
        ),
        ({"systems/six/pages.py": "from pkg.present import style\n", "present/style.py": ""}, []),
        ({"__main__.py": "from pkg.cli import main\n", "cli/__init__.py": ""}, []),
    ],
)
def test_an_import_up_the_layers_is_found(tmp_path: Path, files: dict[str, str], found: list[str]) -> None:
    root = plant(tmp_path, files)
    assert layer_edges(root, "pkg", import_graph(root, "pkg")) == found


def test_a_cycle_between_packages_is_found(tmp_path: Path) -> None:
    """No module cycle, yet `games` and `review` import each other (by different modules)."""
    root = plant(
        tmp_path,
        {
            "games/a.py": "from ..review import b\n",
            "review/b.py": "",
            "review/c.py": "from ..games import d\n",
            "games/d.py": "",
        },
    )
    graph = import_graph(root, "pkg")
    assert find_cycle(graph) is None
    assert package_cycle(root, "pkg", graph) == ["games", "review", "games"]


def test_a_system_s_pages_count_with_the_presentation(tmp_path: Path) -> None:
    """`present` may read MCR's fan table while MCR's pages use `present`: no cycle of packages."""
    root = plant(
        tmp_path,
        {
            "systems/mcr/pages/text.py": "from pkg.present import i18n\n",
            "present/i18n.py": "from pkg.systems.mcr import table\n",
            "systems/mcr/table.py": "",
        },
    )
    assert package_cycle(root, "pkg", import_graph(root, "pkg")) is None
