"""The page's engine: what the table-side page asks, answered in the page itself (Pyodide runs this
module in a Web Worker of the static build, `scripts/build-page`).

The page asks by the service's own names (`edit`, `explain`, `waits`, `parse`, `text/explain`,
`rules`, `fans`) with a hand, the rules and the language, and gets what `mcr-score serve` would
answer: the same `commands` build both, so the page scores with the CLI's code whether it runs on
a server or alone on a phone. No FastAPI and no pydantic here: neither is in Pyodide.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mcr_score import errors
from mcr_score.messages import DEFAULT_LANG, LANGS, msg
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
