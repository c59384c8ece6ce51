"""`review --html` (issue 41): one offline page, the review's JSON embedded once, every word from the
catalogues, player names escaped; the valuation's fields (`valid_chance`, `expected`, `danger`,
`good_draws`, `dead_draws`, `loss`, `reason`, `dealt_in`) kept by name for the script to draw.
The page's script is driven in Chromium by tests/review/test_review_browser.py."""

from __future__ import annotations

import json
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from mcr_score.cli import main
from mcr_score.messages import LANGS, catalogue, msg
from mcr_score.review import html
from mcr_score.review.judge import GameReview, review_file
from tests.support import REPO
from tests.support.cli import runner

PMN = REPO / "tests" / "fixtures" / "records" / "pmn" / "example_2.pmn"
EVIL = "</script><b>bold</b><!--&amp;"


class Page(HTMLParser):
    """The elements of a page, and the text of each script."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._in: dict[str, str | None] | None = None
        self.feed(source)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._in = dict(attrs)
            self.scripts.append((self._in, ""))

    def handle_data(self, data: str) -> None:
        if self._in is not None:
            attrs, text = self.scripts[-1]
            self.scripts[-1] = (attrs, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in = None

    def json(self, element_id: str) -> Any:
        (text,) = [t for a, t in self.scripts if a.get("id") == element_id]
        return json.loads(text)


@cache
def reviews() -> tuple[GameReview, ...]:
    return review_file(PMN)


@cache
def page(lang: str = "en") -> str:
    return html.review_html(reviews(), lang)


def test_one_self_contained_page_with_the_review_embedded_once() -> None:
    source = page()
    parsed = Page(source)
    assert source.startswith("<!DOCTYPE html>")
    kinds = [a.get("type") for a, _ in parsed.scripts]
    assert kinds == ["application/json", "application/json", None]  # the data, the labels, the script
    assert not any("src" in a for a, _ in parsed.scripts)
    assert not any(tag in ("link", "img", "iframe", "object") for tag, _ in parsed.tags)
    assert "http" not in source  # nothing fetched: the sprite's namespace is not needed inline
    data = parsed.json("review-data")
    (game,) = data["games"]
    expected = reviews()[0].to_dict()
    assert [d["position"] for d in game["decisions"]] == [d["position"] for d in expected["decisions"]]
    assert source.count('id="review-data"') == 1
    for mine, theirs in zip(game["decisions"], expected["decisions"], strict=True):
        assert {k: v for k, v in mine.items() if k not in ("ranking", "draw")} == {
            k: v for k, v in theirs.items() if k != "ranking"
        }
        assert [e.get("tile") or e["choice"] for e in mine["ranking"]] == [
            e.get("tile") or e["choice"] for e in theirs["ranking"]
        ]


def test_the_sprite_is_embedded_with_every_tile_the_page_draws() -> None:
    source = page()
    symbols = set(re.findall(r'<symbol id="t-([^"]+)"', source))
    data = Page(source).json("review-data")
    drawn = set()
    for d in data["games"][0]["decisions"]:
        p = d["draw"]["position"]
        drawn |= {*p["standing"], *(t for m in p["melds"] for t in m["tiles"])}
        drawn |= {
            t or "back" for s in d["table"] for t in [*s["discards"], *(x for m in s["melds"] for x in m["tiles"])]
        }
        drawn |= {e["tile"] for e in d["ranking"] if "tile" in e}
    assert drawn
    assert drawn <= symbols
    assert '<template id="tile">' in source


def test_a_decision_is_drawn_from_its_notation() -> None:
    """The script is given the tiles, read by the notation, never the notation to read."""
    d = html.decision_data(
        {
            "position": "[345m1]57p12233567s3p|EE0000|2",
            "visible": "1556m",
            "choice": "chow 345m",
            "ranking": [{"choice": "chow 345m", "then": "5m"}, {"choice": "pass", "then": None}, {"tile": "3p"}],
        },
        "en",
    )
    assert d["draw"]["position"] == {
        "melds": [{"kind": "chow", "tiles": ["3m", "4m", "5m"], "concealed": False}],
        "standing": ["5p", "7p", "1s", "2s", "2s", "3s", "3s", "5s", "6s", "7s"],
        "apart": "3p",
    }
    assert d["draw"]["choice"] == {"word": "chow", "tiles": ["3m", "4m", "5m"]}
    assert [e.get("draw") for e in d["ranking"]] == [
        {"word": "chow", "tiles": ["3m", "4m", "5m"], "then": "5m"},
        {"word": "pass", "tiles": []},
        None,  # a discard's tile is drawn as it is
    ]
    assert html.decision_data({"position": "123m456p789s123s5p5p", "visible": "", "choice": None}, "en")["draw"][
        "choice"
    ] == {"word": None, "tiles": []}


def test_the_valuation_s_fields_slot_in_by_name() -> None:
    """A decision as the valuation (issue 41) writes it: every field kept as it is, a `reason` given as
    a message written in the page's language."""
    entry = {
        "tile": "9m",
        "shanten": 1,
        "useful_left": 12,
        "waits": [],
        "valid_chance": 0.31,
        "expected": -2.5,
        "danger": 0.12,
        "good_draws": 9,
        "dead_draws": 3,
    }
    made = {
        "position": "123m456p789s1s5p5p9m|EE0000",
        "visible": "",
        "choice": "9m",
        "ranking": [entry],
        "loss": 1.75,
        "reason": {"id": "x", "text": "kept"},
        "dealt_in": True,
    }
    d = html.decision_data(made, "fr")
    assert {k: d["ranking"][0][k] for k in entry} == entry
    assert (d["loss"], d["reason"], d["dealt_in"]) == (1.75, {"id": "x", "text": "kept"}, True)
    said = html.decision_data(made, "fr", reason=msg("review.viewer.no-decision"))
    assert said["reason"] == {"id": "review.viewer.no-decision", "text": catalogue("fr")["review.viewer.no-decision"]}


def test_scores_keep_their_totals_and_name_fans_in_the_language() -> None:
    data = Page(page("zh")).json("review-data")
    waits = [w for d in data["games"][0]["decisions"] for e in d["ranking"] for w in e.get("waits", ())]
    assert waits
    for w in waits:
        assert set(w["discard"]) == set(w["self_drawn"]) == {"total", "meets_minimum"}
        assert w["draw"]["fans"]
        assert all(re.search(r"[\u4e00-\u9fff]", name) for name in w["draw"]["fans"])
        better = max(w["self_drawn"], w["discard"], key=lambda s: s["total"])
        assert w["draw"]["points"] == f"{better['total']}番"
        assert w["draw"]["meets_minimum"] == better["meets_minimum"]
    assert '"arrangement"' not in page("zh")
    assert '"useful":' not in page("zh")


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_comes_from_the_catalogue_of_the_language(lang: str) -> None:
    parsed = Page(page(lang))
    labels = parsed.json("labels")
    assert labels == {k: catalogue(lang)[k] for k in html.LABELS}
    assert f'<html lang="{lang}">' in page(lang)
    script = parsed.scripts[-1][1]
    static = set(re.findall(r'\bL\("([a-z0-9_.-]+[a-z0-9])"', script))
    prefixes = set(re.findall(r'\bL\("([a-z0-9_.-]+\.)" \+', script))
    assert static
    assert prefixes
    assert static <= set(html.LABELS), sorted(static - set(html.LABELS))
    assert all(any(k.startswith(p) for k in html.LABELS) for p in prefixes)
    english = {catalogue("en")[k] for k in html.LABELS if " " in catalogue("en")[k]}
    assert not [e for e in english if e in script]  # no sentence of the page is written in the script


def test_the_summaries_are_written_in_the_language_and_link_into_the_viewer() -> None:
    fr = page("fr")
    assert "Décisions les plus coûteuses" in fr
    links = re.findall(r'<a href="(#game=1&amp;player=\d&amp;hand=\d+&amp;decision=\d+)">', fr)
    assert links
    data = Page(fr).json("review-data")["games"][0]
    for link in links:
        q = dict(part.split("=") for part in link[1:].replace("&amp;", "&").split("&"))
        player = data["players"][int(q["player"]) - 1]["player"]
        mine = [d for d in data["decisions"] if d["player"] == player and d["hand"] == int(q["hand"])]
        assert mine[int(q["decision"]) - 1]["verdict"] == "worse"  # a costly decision is a worse one


def test_a_player_name_is_data_never_markup(tmp_path: Path) -> None:
    record = tmp_path / "evil.pmn"
    record.write_text(PMN.read_text(encoding="utf-8").replace('[East "SIM"]', f'[East "{EVIL}"]'), encoding="utf-8")
    out = tmp_path / "review.html"
    result = runner().invoke(main, ["review", str(record), "--html", str(out)])
    assert result.exit_code == 0, result.output
    source = out.read_text(encoding="utf-8")
    parsed = Page(source)
    assert len(parsed.scripts) == 3  # the name closed no script and opened none
    assert not any(tag == "b" for tag, _ in parsed.tags)
    assert EVIL not in source
    assert "<b>" not in source
    assert "<!--&" not in source
    data = parsed.json("review-data")["games"][0]
    assert data["players"][0]["player"] == EVIL  # read back whole by the script
    assert any(d["player"] == EVIL for d in data["decisions"])
    assert "&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;" in source  # the summaries, escaped


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        html.page({"lang": "xx", "games": []}, "xx")


def test_counts_are_written_by_the_catalogue_s_plural_forms() -> None:
    """A wait's copies and points and a Hu's score are said by the review (`n.copy-left`, `n.point`),
    in the language's plural form: the script writes no number with a noun of its own."""
    waits = {
        (w["left"], w["draw"]["left"])
        for d in Page(page("fr")).json("review-data")["games"][0]["decisions"]
        for e in d["ranking"]
        for w in e["waits"]
    }
    assert (1, "1 exemplaire restant") in waits
    assert any(n > 1 and said == f"{n} exemplaires restants" for n, said in waits)
    hus = [d for d in Page(page()).json("review-data")["games"][0]["decisions"] if d["kind"] == "hu"]
    assert hus
    assert all(d["draw"]["score"] == f"{d['score']} points" for d in hus)
    d = html.decision_data({"position": "123m456p789s123s5p5p", "visible": "", "choice": "5p", "score": None}, "en")
    assert d["draw"]["score"] is None
