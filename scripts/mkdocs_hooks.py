"""MkDocs hook (mkdocs.yml `hooks`): a table cell's code span shows `a|b` where the Markdown writes
`a\\|b`, as GitHub does. Python-Markdown keeps the backslash in code, and the README's command table
is written for GitHub; fixed in the HTML, so the table the home page includes from it is fixed too."""

from __future__ import annotations

import re

CELL = re.compile(r"<td[^>]*>.*?</td>", re.S)
CODE = re.compile(r"<code>[^<]*</code>")


def unescape_pipes(html: str) -> str:
    """`\\|` as `|` in the plain code spans of table cells, and nowhere else."""
    return CELL.sub(lambda cell: CODE.sub(lambda code: code[0].replace("\\|", "|"), cell[0]), html)


def on_page_content(html: str, **_: object) -> str:
    return unescape_pipes(html)
