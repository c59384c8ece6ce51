"""The page's engine: what the table-side page asks, answered in the page itself (Pyodide runs this
module in a Web Worker of the static build, `scripts/build-page`).

The page asks by the service's own names (`edit`, `explain`, `waits`, `parse`, `text/explain`,
`rules`, `fans`) with a hand, the rules and the language, and gets what `mcr-score serve` would
answer: the same `commands` build both, so the page scores with the CLI's code whether it runs on
a server or alone on a phone. No FastAPI and no pydantic here: neither is in Pyodide.
"""

from __future__ import annotations

import html as markup
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from mcr_score import errors
from mcr_score.messages import DEFAULT_LANG, LANGS, msg, page_strings
from mcr_score.systems.mcr.pages.referee import fan_table, rejection
from mcr_score.systems.mcr.pages.referee_text import render_rejection
from mcr_score.systems.mcr.pages.text import rules_to_dict
from mcr_score.systems.mcr.profiles import DEFAULT, PROFILES
from mcr_score.web.commands import Request, do_edit, do_explain, do_parse, do_waits, explain_words

_JSON: dict[str, Callable[[Request], Any]] = {
    "parse": do_parse,
    "edit": do_edit,
    "explain": do_explain,
    "waits": do_waits,
    "fans": lambda r: fan_table(r.rules),
    "rules": lambda r: rules_to_dict(),
}


class EngineError(errors.McrError):
    """A question the page's engine does not answer (a bug of the page, not of the hand)."""

    code = "bad-request"
    exit_code = 2


def _request(params: dict[str, str]) -> Request:
    rules = params.get("rules") or DEFAULT
    lang = params.get("lang") or DEFAULT_LANG
    if rules not in PROFILES:
        problem = f"unknown rule profile; known: {', '.join(PROFILES)}"
        raise EngineError(msg("error.request.field", field="rules", problem=problem), where="rules")
    if lang not in LANGS:
        raise EngineError(msg("error.request.lang", lang=lang), where="lang")
    return Request(hand=params.get("hand", ""), rules=rules, lang=lang, edit=params.get("edit", ""))


FIRST: tuple[tuple[str, dict[str, str]], ...] = (
    ("edit", {"hand": "", "edit": ""}),
    ("rules", {}),
    ("fans", {"rules": DEFAULT}),
)
"""What the page asks before anything else: the empty hand with its picker, the rule profiles, and
the fan names of the default profile. Their answers are written into the page itself (`page_html`),
so the page draws its picker and takes taps before its engine has started."""

FIRST_MARK = "<!-- first answers -->"
"""Where index.html takes the engine's first answers (`page_html`)."""


def first_answers() -> dict[str, Any]:
    """The bodies of `FIRST`'s questions by name, each exactly as `answer` gives it."""
    return {name: json.loads(answer(name, json.dumps(params)))["body"] for name, params in FIRST}


PICKER_MARK = "<!-- picker -->"
"""Where index.html takes the picker's markup (`page_html`), inside `#picker`."""

TILES_MARK = "<!-- tiles -->"
"""Where index.html takes the tile faces' sprite (static/tiles.svg, written in: `page_html`)."""

SPRITE = ""
"""Where the page's tile faces are (`face` in app.js): its own document, the sprite written in, so
that the picker's faces are drawn in the page's first frame, with no file to fetch and read first."""


STYLE_LINK = '<link rel="stylesheet" href="static/style.css">'
"""index.html's style sheet, which `page_html` writes into the page (`style_html`)."""


def style_html() -> str:
    """static/style.css as the page's own style element: the first paint waits for no other file."""
    css = (resources.files("mcr_score.web") / "static" / "style.css").read_text(encoding="utf-8")
    if "</" in css:
        raise ValueError("static/style.css holds '</', which would end its style element")
    return f"<style>\n{css.strip()}\n</style>"


def sprite_html() -> str:
    """static/tiles.svg as an element of the page: its symbols, the element itself not shown."""
    text = (resources.files("mcr_score.web") / "static" / "tiles.svg").read_text(encoding="utf-8")
    opening = '<svg xmlns="http://www.w3.org/2000/svg">'
    if not text.startswith(opening):
        raise ValueError(f"static/tiles.svg does not begin with {opening}")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" id="tiles" class="hidden" aria-hidden="true">'
        + text[len(opening) :].strip()
    )


def picker_html(rows: list[tuple[str, list[str]]], words: dict[str, str]) -> str:
    """The picker's markup for the engine's picker `rows` (each suit's key and its tiles' codes),
    its labels in `words`: exactly what app.js's `buildPicker` draws from the same rows (tested in
    Chromium), written into the page so that the picker is there at its first paint, before any
    script has run."""
    out = []
    for key, codes in rows:
        label = f"page.suit.{key}"
        out.append(f'<div class="suit-label" data-i18n="{label}">{markup.escape(words.get(label, label))}</div>')
        out.append(f'<div class="suit" data-suit="{markup.escape(key)}">')
        for code in codes:
            tile = markup.escape(code)
            out.append(
                f'<button type="button" class="tile" data-tile="{tile}" aria-label="{tile}" '
                f'data-flower="{str(key == "f").lower()}"><svg viewBox="0 0 60 80" aria-hidden="true">'
                f'<use href="{SPRITE}#t-{tile}"></use></svg></button>'
            )
        out.append("</div>")
    return "".join(out)


def page_html(html: str) -> str:
    """index.html with the engine's first answers and the page's words in each language (the
    catalogues' `page_strings`) in a JSON script element (`#first`), the picker of the first
    answer drawn (`picker_html`, in the default language), the tile faces (`sprite_html`) and the
    style sheet (`style_html`), written by the static build at build time and by `mcr-score serve`
    for its page: the same bodies as the engine's live answers (tested), so what the page draws
    before its engine answers is what it draws after, and its first paint waits for no file."""
    for mark in (FIRST_MARK, PICKER_MARK, TILES_MARK, STYLE_LINK):
        if mark not in html:
            raise ValueError(f"index.html has no {mark}")
    answers = first_answers()
    strings = {lang: page_strings(lang) for lang in LANGS}
    first = {"answers": answers, "strings": strings}
    data = json.dumps(first, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    rows = [(key, list(codes)) for key, codes in answers["edit"]["picker"]["rows"]]
    html = html.replace(PICKER_MARK, picker_html(rows, strings[DEFAULT_LANG]), 1)
    html = html.replace(TILES_MARK, sprite_html(), 1).replace(STYLE_LINK, style_html(), 1)
    return html.replace(FIRST_MARK, f'<script id="first" type="application/json">{data}</script>', 1)


WARM_UP: tuple[tuple[str, dict[str, str]], ...] = (
    ("edit", {"hand": "123456789m123p5s", "edit": "add single 5s"}),
    ("explain", {"hand": "123456789m123p5s5s", "rules": DEFAULT}),
    ("waits", {"hand": "1112345678999m", "rules": DEFAULT}),
)
"""Questions the page's worker asks its engine once started, before a player does: a tap, a score
and the waits, whose modules are then imported and warm when the player asks the first of them."""

_RULES = tuple(PROFILES)
_HANDS = ("123456789m123p5s5s", "123m345p678s22m456s|EE1000|ab", "[EEEE][CCCC][FFFF][PPPP]NN")
QUESTIONS: tuple[tuple[str, dict[str, str]], ...] = (
    ("rules", {}),
    *[("fans", {"rules": rules}) for rules in _RULES],
    ("edit", {"hand": "", "edit": ""}),
    ("edit", {"hand": "123456789m123p5s", "edit": "add single 5s"}),
    *[("edit", {"hand": "1m", "edit": f"add {mode}"}) for mode in ("chow 2m", "kong 9s", "concealed E", "promoted P")],
    *[("edit", {"hand": "1m2m", "edit": edit}) for edit in ("remove 0", "flower a", "self-drawn 1", "add chow 8m")],
    ("edit", {"hand": "1m2m", "edit": "seat S"}),
    ("edit", {"hand": "123456789m123p5s5s", "edit": "win 0"}),
    ("edit", {"hand": "11111m", "edit": ""}),  # a fifth copy: the building check's error
    ("edit", {"hand": "1m", "edit": "nonsense"}),
    *[("explain", {"hand": hand, "rules": rules}) for hand in _HANDS for rules in _RULES],
    ("explain", {"hand": "123456789m123p5s5s|EE0100", "rules": DEFAULT}),  # an impossible situation
    ("explain", {"hand": "123456789m123p5s6s", "rules": DEFAULT}),  # not winning
    *[("waits", {"hand": "1112345678999m", "rules": rules}) for rules in _RULES],
    ("waits", {"hand": "1357m2468p13579s", "rules": DEFAULT}),  # no waits
    ("parse", {"hand": "123456789m123p5s5s"}),
    ("edit", {"hand": "1z1z1z2z2z2z3z3z3z4z4z5z5z5z", "edit": ""}),  # the grammar: Lark
    *[("text/explain", {"hand": hand, "lang": lang}) for hand in ("12x", "11111m", _HANDS[0]) for lang in LANGS],
    ("nothing", {}),
    ("edit", {"hand": "", "rules": "none"}),
)
"""Everything the page asks, on every path: each profile and language, each edit, errors. The static
build keeps only the modules these import (scripts/page_precompile.py), and the page's snapshot of
its engine is made after asking them all, so that a start from it needs no file of the package."""


def warm(every: bool = False) -> None:
    """Ask `WARM_UP`'s questions (`QUESTIONS` if `every`) and drop the answers."""
    for name, params in QUESTIONS if every else WARM_UP:
        answer(name, json.dumps(params))


def answer(name: str, params: str) -> str:
    """`{"status": ..., "body": ...}` as JSON: the service's status (200, or 422 with the named error)
    and its body, for `name` asked with `params` (a JSON object of strings)."""
    status, body = _answer(name, json.loads(params))
    return json.dumps({"status": status, "body": body}, ensure_ascii=False)


def _answer(name: str, params: dict[str, str]) -> tuple[int, Any]:
    try:
        request = _request(params)
        if name == "text/explain":
            try:
                return 200, explain_words(request)
            except errors.McrError as e:
                return 422, render_rejection(e, request.lang)
        if name not in _JSON:
            raise EngineError(msg("error.request.not-found", path=name), where="path")
        return 200, _JSON[name](request)
    except errors.McrError as e:
        return 422, rejection(e)
