"""The package's shape, read from its source: the import graph, the front ends' edges, and the rule
systems named in literals (`tests/package/test_architecture.py` states the rules; its planted-violation
tests run these checkers on a small package made in a temporary directory).

The import graph has an edge for every `import` and `from ... import` written in a module, at any
depth (an import inside a function runs too, later), except inside `if TYPE_CHECKING:` (never run).
An edge goes to the module named: `from . import errors` to `pkg.errors`, `from .hand import Hand`
to `pkg.hand`, `from .fans import ids` to `pkg.fans.ids`, `from .fans import Fan` to `pkg.fans`
(its `__init__`). Not edges: the package `__init__`s Python runs before a module of theirs (they
would tie every module to `pkg/__init__.py`, which loads its names on first use), imports of other
packages, and `importlib.import_module` calls (a name computed at run time: the registry's).
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterable, Iterator
from pathlib import Path

FRONT_ENDS = ("cli", "web", "batch")
# The one module of the command line that may import each other front end: the command that starts it.
STARTED_BY = {"batch": "cli.batch", "web": "cli.serve"}
SYSTEM_NAMES = frozenset({"mcr", "six", "hk", "nmjl", "maho"})

Graph = dict[str, set[str]]


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of `package` (a directory under `root`) by its dotted name; a package by its own."""
    out = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, in functions and classes too, but not under `if TYPE_CHECKING:`."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def import_graph(root: Path, package: str) -> Graph:
    """Module -> the modules of the same package it imports (see the module's docstring)."""
    known = modules(root, package)
    graph: Graph = {}
    for name, path in known.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                edges.update(a.name for a in node.names if a.name in known)
                continue
            if node.level:
                parts = here.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                target = ".".join([*parts, node.module] if node.module else parts)
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in known:
                    edges.add(sub)
                elif target in known:
                    edges.add(target)
        edges.discard(name)
        graph[name] = edges
    return graph


def find_cycle(graph: Graph) -> list[str] | None:
    """One import cycle as the modules along it, the first repeated at the end; None when there is none."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = []
        on_path: dict[str, int] = {}
        stack: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        path.append(start)
        on_path[start] = 0
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                del on_path[node]
                done.add(node)
            elif child in on_path:
                return [*path[on_path[child] :], child]
            elif child not in done and child in graph:
                on_path[child] = len(path)
                path.append(child)
                stack.append((child, iter(sorted(graph[child]))))
    return None


def _front_end(name: str, package: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == package and parts[1] in FRONT_ENDS else None


def front_end_edges(graph: Graph, package: str) -> list[str]:
    """The edges between front ends that the rules forbid: `web` and `batch` never import `cli`, nor
    each other; `cli` imports `batch` only in `cli.batch` and `web` only in `cli.serve`."""
    bad = []
    for source in sorted(graph):
        src = _front_end(source, package)
        for target in sorted(graph[source]):
            dst = _front_end(target, package)
            if src is None or dst is None or src == dst:
                continue
            if src == "cli" and source == f"{package}.{STARTED_BY[dst]}":
                continue
            bad.append(f"{source} -> {target}")
    return bad


def _literals(source: str) -> Iterator[tuple[int, str]]:
    """(line, value) of every string literal of a module: plain, bytes and f-strings without a field."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    pieces: list[str] = []  # an f-string's text (Python 3.12 gives it in parts)
    for tok in tokens:
        kind = tokenize.tok_name[tok.type]
        if kind == "STRING":
            text = tok.string
            prefix = text[: len(text) - len(text.lstrip("rRbBuUfF"))]
            if "f" in prefix.lower():
                text = text[len(prefix) :] if "{" not in text else ""
                prefix = prefix.lower().replace("f", "")
                text = prefix + text if text else ""
            if text:
                value = ast.literal_eval(text)
                yield tok.start[0], value.decode("latin-1") if isinstance(value, bytes) else value
        elif kind == "FSTRING_START":
            pieces = []
        elif kind == "FSTRING_MIDDLE":
            pieces.append(tok.string)
        elif kind == "FSTRING_END" and len(pieces) == 1:
            yield tok.start[0], pieces[0]


def system_literals(
    root: Path, package: str, exempt: str = "systems", names: Iterable[str] = SYSTEM_NAMES
) -> list[str]:
    """`path:line: 'name'` for every string literal that is exactly a rule system's name, in a module
    of `package` outside its `exempt` subpackage (the registry and the systems' own packages)."""
    wanted = frozenset(names)
    found = []
    for name, path in modules(root, package).items():
        if name.split(".")[1:2] == [exempt]:
            continue
        for line, value in _literals(path.read_text(encoding="utf-8")):
            if value in wanted:
                found.append(f"{path.relative_to(root)}:{line}: {value!r}")
    return found


def language_literals(
    root: Path, package: str, names: Iterable[str], allowed: Iterable[str] = ("messages",)
) -> list[str]:
    """`path:line: 'code'` for every string literal that is exactly a language code (`names`: the
    catalogues' languages), in a module of `package` other than the `allowed` ones (dotted names
    under the package: the messages layer)."""
    wanted = frozenset(names)
    exempt = {f"{package}.{name}" for name in allowed}
    found = []
    for name, path in modules(root, package).items():
        if name in exempt:
            continue
        for line, value in _literals(path.read_text(encoding="utf-8")):
            if value in wanted:
                found.append(f"{path.relative_to(root)}:{line}: {value!r}")
    return found


# ---- layers --------------------------------------------------------------------------------------

# The layers, lowest first: a module may import its own layer and those below, never one above. The
# root model is every module directly under the package (`tiles`, `hand`, `errors`...).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("",),  # the root model
    ("engine",),  # below the notation: it takes a `Hand`, never text
    ("notation",),
    ("systems",),
    ("present", "review", "games"),
    ("batch",),
    ("cli", "web"),
)
# The systems other than MCR, which nothing outside their packages, the registry and the pages they
# name imports: shared code receives a `System` (the registry's), never one of these by name.
OTHER_SYSTEMS = ("six", "hk", "maho", "nmjl")
# Where those imports are forbidden: the front ends, the shared presentation, review and games, and
# MCR's own package (its tournament, advice, pages), which is a system like the others.
NOT_IMPORTING_SYSTEMS = ("cli", "web", "batch", "games", "review", "present", "systems.mcr")


def subpackage(name: str, dirs: set[str]) -> str:
    """The first part of a module's name under the package: `engine` for `pkg.engine.waits` (and for
    `pkg.engine` when it is a directory of `dirs`), `""` for a root module (`pkg.tiles`) or the package."""
    parts = name.split(".")
    return parts[1] if len(parts) > 2 or name in dirs else ""


def package_dirs(root: Path, package: str) -> set[str]:
    """The dotted names of the package's subpackages (directories with an `__init__.py`)."""
    return {
        ".".join(p.parent.relative_to(root).parts)
        for p in (root / package).rglob("__init__.py")
        if p.parent != root / package
    }


def layer_index(part: str, layers: tuple[tuple[str, ...], ...] = LAYERS) -> int | None:
    return next((i for i, names in enumerate(layers) if part in names), None)


# The imports up the layers that are allowed, each with why (`source -> target`, `*` any part of a
# name: fnmatch): by design, not debts.
LAYER_EXCEPTIONS: dict[str, str] = {
    "{p}.__main__ -> {p}.cli": "`python -m mcr_score` is an entry point: it runs the command line",
    "{p}.systems.*.pages -> {p}.present.*": "a system's pages (`System.pages`) are its presentation, "
    "built on the shared one; the front ends import them only through the registry",
    "{p}.systems.*.pages.* -> {p}.present.*": "the same, for a system whose pages are a package (MCR's)",
}


def layer_edges(
    root: Path,
    package: str,
    graph: Graph,
    layers: tuple[tuple[str, ...], ...] = LAYERS,
    exceptions: Iterable[str] = LAYER_EXCEPTIONS,
) -> list[str]:
    """`source -> target` for every import from a layer to one above it (see `LAYERS`), but those
    `exceptions` allow (`{p}` is the package)."""
    import fnmatch

    dirs = package_dirs(root, package)
    allowed = [e.format(p=package) for e in exceptions]
    bad = []
    for source in sorted(graph):
        low = layer_index(subpackage(source, dirs), layers)
        for target in sorted(graph[source]):
            high = layer_index(subpackage(target, dirs), layers)
            edge = f"{source} -> {target}"
            up = low is not None and high is not None and high > low
            if up and not any(fnmatch.fnmatchcase(edge, pattern) for pattern in allowed):
                bad.append(edge)
    return bad


def system_imports(
    graph: Graph,
    package: str,
    systems: Iterable[str] = OTHER_SYSTEMS,
    importers: Iterable[str] = NOT_IMPORTING_SYSTEMS,
) -> list[str]:
    """`source -> target` for every import of one of `systems` (`pkg.systems.<name>` or below) by a
    module under one of `importers` (dotted, under the package)."""
    targets = tuple(f"{package}.systems.{name}" for name in systems)
    sources = tuple(f"{package}.{name}" for name in importers)
    bad = []
    for source in sorted(graph):
        if not any(source == s or source.startswith(s + ".") for s in sources):
            continue
        for target in sorted(graph[source]):
            if any(target == t or target.startswith(t + ".") for t in targets):
                bad.append(f"{source} -> {target}")
    return bad


def package_cycle(root: Path, package: str, graph: Graph) -> list[str] | None:
    """An import cycle between the package's subpackages (each a node, the root model one, a system's
    pages counted with `present`), or None."""
    dirs = package_dirs(root, package)

    def node(name: str) -> str:
        parts = name.split(".")
        if parts[1:2] == ["systems"] and parts[3:4] == ["pages"]:
            return "present"  # a system's pages are presentation (`LAYER_EXCEPTIONS`)
        return subpackage(name, dirs) or "(root)"

    collapsed: Graph = {}
    for source, targets in graph.items():
        if source == f"{package}.__main__":
            continue  # the entry point, above everything (`LAYER_EXCEPTIONS`)
        collapsed.setdefault(node(source), set()).update(node(t) for t in targets)
    for part, edges in collapsed.items():
        edges.discard(part)
    return find_cycle(collapsed)


# A `System` as shared code holds it: the registry's value (`system`, `chosen`, MCR's `SYSTEM` or
# `MCR`), or `self` in the class's own methods (`System.can` reads `capabilities`).
_SYSTEM_RECEIVER = ("system", "chosen", "mcr", "self")


def unread_fields(root: Path, package: str, fields: Iterable[str]) -> list[str]:
    """The fields of the `System` value that no shared module reads (a module outside the systems'
    own packages, `systems/<name>/`): each fact it carries is for the shared code, or it goes."""
    wanted = set(fields)
    read: set[str] = set()
    for name, path in modules(root, package).items():
        parts = name.split(".")
        if len(parts) > 2 and parts[1] == "systems" and parts[2] in SYSTEM_NAMES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in wanted:
                receiver = ast.unparse(node.value).lower()
                if receiver.rsplit(".", 1)[-1].endswith(_SYSTEM_RECEIVER) or "systems.get(" in receiver:
                    read.add(node.attr)
    return sorted(wanted - read)
