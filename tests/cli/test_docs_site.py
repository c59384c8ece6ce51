"""The documentation site (issue 29) as far as it can be checked without MkDocs: every page is in the nav
of mkdocs.yml, the README's snippets are marked, and the hook shows a table's `a\\|b` code as `a|b`.
`scripts/docs` (CI) builds the site itself, strict."""

from __future__ import annotations

import importlib.util
import re

from tests.support import REPO

ROOT = REPO
MKDOCS = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_every_page_is_in_the_nav_once() -> None:
    nav = re.findall(r"^\s+- (?:[^:\n]+: )?([\w-]+\.md)$", MKDOCS, re.M)
    assert sorted(nav) == sorted(p.name for p in (ROOT / "docs").glob("*.md"))


def test_the_snippets_the_pages_include_are_marked_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in (ROOT / "docs").glob("*.md"):
        for section in re.findall(r'^--8<-- "README\.md:([\w-]+)"$', page.read_text(encoding="utf-8"), re.M):
            assert readme.count(f"<!-- --8<-- [start:{section}] -->") == 1, (page.name, section)
            assert readme.count(f"<!-- --8<-- [end:{section}] -->") == 1, (page.name, section)


def test_the_hook_unescapes_pipes_in_table_code_only() -> None:
    spec = importlib.util.spec_from_file_location("mkdocs_hooks", ROOT / "scripts" / "mkdocs_hooks.py")
    assert spec is not None
    assert spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    cell = "<td><code>--lang en\\|fr</code> or <code>x</code></td>"
    assert hooks.on_page_content(cell) == "<td><code>--lang en|fr</code> or <code>x</code></td>"
    outside = "<p><code>grep 'a\\|b'</code></p><pre><code>a\\|b</code></pre>"
    assert hooks.on_page_content(outside) == outside
