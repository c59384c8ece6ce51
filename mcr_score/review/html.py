"""`review --html`: the review as one self-contained page a player steps through, decision by decision.

The page holds the review's JSON once (`<script type="application/json" id="review-data">`), the
labels it needs in the chosen language (`id="labels"`, from the catalogues), the tiles' SVG sprite
of the table-side page, its style and its script (`viewer/`); nothing is fetched. The script only
draws what the JSON says: each decision's hand and the tiles in sight as tile pictures, the
candidates with their values as bars, the verdict and the reason. What it cannot read from the
JSON it is given here, already worked out by the code that owns it: the tiles of a position (read
by the notation), a fan's name in the language. The summaries per player and the costliest
decisions are written out as HTML too (each a link to its decision), so the page reads without its
script and prints.

Player names and every other text of a record are data: the JSON is written so that no `<`, `>`
or `&` appears in it as such, and the HTML around it is escaped.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

from mcr_score.messages import LANGS, Message, catalogue, count, text
from mcr_score.notation import parse_hand, parse_tiles
from mcr_score.present.i18n import fan_name
from mcr_score.review.judge import GameReview
from mcr_score.review.text import costly_line, head_line, summary_line

HERE = os.path.dirname(os.path.realpath(__file__))
VIEWER = os.path.join(HERE, "viewer")
SPRITE = os.path.join(os.path.dirname(HERE), "web", "static", "tiles.svg")

# The labels the script writes, by message id: every word on the page comes from the catalogues.
LABELS = (
    "review.title",
    "review.kind.discard",
    "review.kind.claim",
    "review.kind.pass",
    "review.kind.kong",
    "review.kind.hu",
    "review.kind.missed-hu",
    "review.kind.false-hu",
    "review.verdict.best",
    "review.verdict.equal-best",
    "review.verdict.worse",
    "review.viewer.player",
    "review.viewer.game",
    "review.viewer.game-n",
    "review.viewer.where",
    "review.viewer.step",
    "review.viewer.prev-hand",
    "review.viewer.next-hand",
    "review.viewer.prev-turn",
    "review.viewer.next-turn",
    "review.viewer.keys",
    "review.viewer.hand-tiles",
    "review.viewer.seen",
    "review.viewer.seen-none",
    "review.viewer.candidates",
    "review.viewer.played",
    "review.viewer.hu-on",
    "review.viewer.best",
    "review.viewer.loss",
    "review.viewer.shanten",
    "review.viewer.ready",
    "review.viewer.short",
    "review.viewer.then",
    "review.viewer.waits",
    "review.viewer.wait",
    "review.viewer.no-score",
    "review.viewer.no-tile",
    "review.viewer.no-decision",
    "review.viewer.dealt-in",
    "review.viewer.good-draws",
    "review.viewer.dead-draws",
    "review.viewer.danger",
    "review.viewer.metric.expected",
    "review.viewer.metric.valid_chance",
    "review.viewer.metric.useful_left",
    "review.viewer.choice.pass",
    "review.viewer.choice.chow",
    "review.viewer.choice.pung",
    "review.viewer.choice.kong",
    "review.viewer.choice.discard",
    "review.viewer.skipped",
    "seat.E",
    "seat.S",
    "seat.W",
    "seat.N",
)
CHOICE_WORDS = ("pass", "chow", "pung", "kong", "discard")  # how judge.py writes a choice other than a tile
# What the page keeps of a score (`Score.to_dict`): its total and whether it reaches the minimum
# (the fans are said in words, `_wait`); and what it never draws of a ranked choice: the useful tiles
# one by one (their copies left, `useful_left`, are drawn). The rest is left out of the embedded
# JSON, so that the 16-hand session's page weighs under 2 MB, not 3; every other field, the
# valuation's included, is kept as the review wrote it.
SCORE_KEPT = ("total", "meets_minimum")
ENTRY_UNDRAWN = frozenset({"useful"})


def _json(value: object) -> str:
    """JSON safe inside `<script>`: `<`, `>`, `&` written as escapes, so a name holding `</script>`
    or `<!--` ends nothing (JSON.parse reads the escapes back)."""
    out = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return out.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _tiles(codes: Iterable[Any]) -> list[str]:
    return [t.code for t in codes]


def _position(notation: str) -> dict[str, Any]:
    """The tiles of a decision's position, as the notation reads them: declared melds, standing
    tiles, the tile apart (drawn, or the winning tile)."""
    hand = parse_hand(notation)
    return {
        "melds": [{"kind": m.kind, "tiles": _tiles(m.tiles), "concealed": m.concealed} for m in hand.melds],
        "standing": _tiles(hand.standing),
        "apart": hand.winning.code if hand.winning is not None else None,
    }


def _choice(choice: str | None) -> dict[str, Any]:
    """A choice as the page draws it: a word (pass, chow, ...) and tiles, or a tile alone."""
    if not choice:
        return {"word": None, "tiles": []}
    word, _, rest = choice.partition(" ")
    if word in CHOICE_WORDS:
        return {"word": word, "tiles": _tiles(parse_tiles(rest)) if rest else []}
    return {"word": None, "tiles": _tiles(parse_tiles(choice))}


def _wait(wait: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A wait as the page shows it: the totals of its two wins, and in words the copies left, the
    points and the fans of the better win (self-drawn on a tie, as `WaitTile.best`), in the language."""
    wins = {k: wait[k] for k in ("self_drawn", "discard") if isinstance(wait.get(k), Mapping)}
    best = max(wins.values(), key=lambda s: s.get("total", 0), default=None)
    out = dict(wait) | {k: {f: w[f] for f in SCORE_KEPT if f in w} for k, w in wins.items()}
    fans = [] if best is None else best.get("fans", ())
    out["draw"] = {
        "left": count("n.copy-left", wait["left"]).text(lang),
        "points": count("n.point", best["total"]).text(lang) if best is not None else "",
        "fans": [fan_name(f["id"], lang) + (f" ×{f['count']}" if f.get("count", 1) > 1 else "") for f in fans],
        "meets_minimum": bool(best and best.get("meets_minimum")),
    }
    return out


def _entry(entry: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A ranked choice (`Discard.to_dict`, `Option.to_dict`, and whatever the valuation adds), with
    how its label is drawn and its waits' scores named in the language."""
    out = {k: v for k, v in entry.items() if k not in ENTRY_UNDRAWN}
    out["waits"] = [_wait(w, lang) for w in entry.get("waits", ())]
    choice = entry.get("choice")
    if isinstance(choice, str):  # a tile (a discard's `tile`) the script draws as it is
        out["draw"] = _choice(choice) | ({"then": entry["then"]} if isinstance(entry.get("then"), str) else {})
    return out


def decision_data(decision: Mapping[str, Any], lang: str, reason: object = None) -> dict[str, Any]:
    """A decision of the review's JSON as the page reads it: the same fields, and `draw` (the tiles
    of its position and of its choice, its score in words; the tiles in sight are its `table`).
    `reason`: the valuation's reason as a `Message`, written in the page's language."""
    out = dict(decision)
    out["ranking"] = [_entry(e, lang) for e in decision.get("ranking", ())]
    out["draw"] = {
        "position": _position(decision["position"]),
        "choice": _choice(decision.get("choice")),
        "score": count("n.point", decision["score"]).text(lang) if isinstance(decision.get("score"), int) else None,
    }
    if isinstance(reason, Message):
        out["reason"] = {"id": reason.id, "text": reason.text(lang)}
    return out


def game_data(review: GameReview, lang: str) -> dict[str, Any]:
    """A game of the review's JSON (`GameReview.to_dict`) for the page."""
    data = review.to_dict()
    for h, obj in zip(data["hands"], review.hands, strict=True):
        h["problem"] = obj.problem.text(lang) if obj.problem is not None else None
    data["decisions"] = [
        decision_data(d, lang, getattr(obj, "reason", None))
        for d, obj in zip(data["decisions"], review.decisions, strict=True)
    ]
    return data


def labels(lang: str) -> dict[str, str]:
    """The page's words in `lang`, by id (templates keep their `{placeholders}` for the script)."""
    words = catalogue(lang)
    return {k: words[k] for k in LABELS}


def _asset(name: str) -> str:
    with open(os.path.join(VIEWER, name), encoding="utf-8") as f:
        return f.read()


def sprite() -> str:
    """The table-side page's tile faces, inline: no namespace needed (nor fetched) inside HTML."""
    with open(SPRITE, encoding="utf-8") as f:
        svg = f.read()
    return svg.replace('<svg xmlns="http://www.w3.org/2000/svg">', '<svg class="sprite" aria-hidden="true">', 1)


def _anchor(game: int, player: int, hand: int, decision: int) -> str:
    """The URL hash that opens a decision (all 1-based), as the script writes it."""
    return f"#game={game}&player={player}&hand={hand}&decision={decision}"


def _summaries(reviews: Sequence[GameReview], lang: str) -> str:
    """Per game and player: the summary line and the costliest decisions, each a link into the viewer."""
    parts = []
    for g, review in enumerate(reviews, 1):
        parts.append(f'<section class="game"><h2>{escape(head_line(review, lang))}</h2>')
        for p, player in enumerate(review.players, 1):
            summary = review.summary(player)
            reviewed = any(h.problem is None or h.decisions for h in review.hands if h.player == player)
            parts.append(f"<h3>{escape(summary_line(player, summary, lang, reviewed))}</h3>")
            for h in review.hands:
                if h.player == player and h.problem is not None:
                    parts.append(
                        f"<p>{escape(text('review.skipped', lang, hand=h.hand, problem=h.problem.text(lang)))}</p>"
                    )
            if summary.costliest:
                parts.append(f"<p>{escape(text('review.costliest', lang))}</p><ol>")
                for d in summary.costliest:
                    mine = [x for x in review.decisions if x.player == player and x.hand == d.hand]
                    href = _anchor(g, p, d.hand, mine.index(d) + 1)
                    parts.append(f'<li><a href="{escape(href)}">{escape(costly_line(d, lang))}</a></li>')
                parts.append("</ol>")
        parts.append("</section>")
    return "".join(parts)


TILE_TEMPLATE = '<template id="tile"><svg class="tile" role="img" viewBox="0 0 60 80"><use href=""/></svg></template>'


def page(data: Mapping[str, Any], lang: str, summaries: str = "") -> str:
    """The page around `data` (`{"lang", "games": [game_data ...]}`) and the summaries' HTML."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    title = escape(text("review.title", lang))
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{_asset('viewer.css')}</style></head><body>"
        f"{sprite()}{TILE_TEMPLATE}"
        f'<main id="viewer" aria-live="polite"><h1>{title}</h1></main>'
        f'<section id="summaries">{summaries}</section>'
        f'<script type="application/json" id="review-data">{_json(data)}</script>'
        f'<script type="application/json" id="labels">{_json(labels(lang))}</script>'
        f"<script>{_asset('viewer.js')}</script></body></html>\n"
    )


def review_html(reviews: Sequence[GameReview], lang: str) -> str:
    """The page of `review --html`: the viewer over every game reviewed, then the summaries."""
    data = {"lang": lang, "games": [game_data(r, lang) for r in reviews]}
    return page(data, lang, _summaries(reviews, lang))
