"""The printable session sheet (`session --html`): a well-formed, self-contained HTML page, checked
with the standard library's HTML parser (Chromium is not installed here, so no screenshot; no new
test dependency is needed for these checks): every element closed in order, the table's rows all
as wide as its header, the A4 portrait page rule, nothing fetched, and an inline SVG chart with one
line per player through the running scores."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from mcr_score.systems.mcr.pages.sheet_html import session_html
from mcr_score.systems.mcr.tournament import score_session
from tests.support import TESTS

GOLDEN = TESTS / "golden" / "sessions"
VOID = {"meta", "link", "br", "hr", "img", "input", "col", "area", "base", "embed", "source", "track", "wbr"}


class Checker(HTMLParser):
    """Records the problems of nesting and the width of each table row (in columns, colspans counted)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.counts: dict[str, int] = {}
        self.rows: list[tuple[str, int]] = []  # (section, width)
        self.section = ""
        self.attrs: dict[str, list[dict[str, str | None]]] = {}
        self.doctype = ""

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.counts[tag] = self.counts.get(tag, 0) + 1
        self.attrs.setdefault(tag, []).append(dict(attrs))
        if tag in ("thead", "tbody", "tfoot"):
            self.section = tag
        if tag == "tr":
            self.rows.append((self.section, 0))
        if tag in ("td", "th"):
            span = int(dict(attrs).get("colspan") or 1)
            section, width = self.rows[-1]
            self.rows[-1] = (section, width + span)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.counts[tag] = self.counts.get(tag, 0) + 1
        self.attrs.setdefault(tag, []).append(dict(attrs))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.problems.append(f"end tag of void element {tag}")
        elif not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()


def _check(page: str) -> Checker:
    checker = Checker()
    checker.feed(page)
    checker.close()
    return checker


TITLES = [("en", "Session sheet"), ("fr", "Feuille de session"), ("zh", "场次记录表")]


@pytest.mark.parametrize(("lang", "title"), TITLES)
def test_the_sheet_is_well_formed_self_contained_html(lang: str, title: str) -> None:
    page = session_html(score_session(GOLDEN / "full-16.json"), lang)
    checker = _check(page)
    assert checker.problems == []
    assert checker.stack == []
    assert checker.doctype.lower() == "doctype html"
    assert checker.attrs["html"] == [{"lang": lang}]
    assert {"charset": "utf-8"} in checker.attrs["meta"]
    assert all(checker.counts[t] == 1 for t in ("html", "head", "body", "title", "table", "svg"))
    assert re.search(r"<title>" + title, page)
    assert "@page { size: A4 portrait;" in page
    # nothing fetched, nothing run
    assert not re.search(r"https?:|<script|<link|<img|<iframe|src=|url\(|@import", page)
    # no., wind, 4 x (seat, hand, total), result; the header's second row under the three rowspans
    assert checker.rows[:2] == [("thead", 15), ("thead", 12)]
    assert {width for _, width in checker.rows[2:]} == {15}
    assert [s for s, _ in checker.rows].count("tbody") == 16


def test_the_chart_draws_each_players_running_score() -> None:
    result = score_session(GOLDEN / "full-16.json")
    page = session_html(result, "en")
    svg = page[page.index("<svg") : page.index("</svg>") + len("</svg>")]
    root = ET.fromstring(svg)  # the inline SVG is well-formed XML too
    lines = root.findall("polyline")
    assert len(lines) == 4
    for p, line in enumerate(lines):
        ys = [float(pair.split(",")[1]) for pair in line.attrib["points"].split()]
        assert len(ys) == 17  # 0 before hand 1, then each hand
        running = [0, *(h.running[p] for h in result.hands)]
        # higher scores are drawn higher (smaller y), in the same order as the running totals
        for a, b in zip(range(17), range(1, 17), strict=False):
            assert (running[a] < running[b]) == (ys[a] > ys[b])
    labels = [t.text for t in root.findall("text")]
    assert "Ana 41" in labels
    assert "Bo 80" in labels


def test_player_names_are_escaped() -> None:
    result = score_session({"players": ["<b>A</b>", "B&B", "C", "D"], "hands": [{"winner": 1, "points": 8}]})
    page = session_html(result, "en")
    assert "<b>A</b>" not in page
    assert "&lt;b&gt;A&lt;/b&gt;" in page
    assert _check(page).problems == []
