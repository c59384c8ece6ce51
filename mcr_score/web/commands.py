"""The hand commands as the service and the page's engine run them, free of FastAPI and pydantic.

`api` reads a request's fields into its pydantic models and calls these; `engine` (the page's
engine in the browser, under Pyodide, where neither FastAPI nor pydantic is installed) calls the
same functions with a plain `Request`. Each returns what the CLI command prints with `--json`, so
the service, the page and the CLI cannot differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from mcr_score.hand import Hand
from mcr_score.messages import DEFAULT_LANG
from mcr_score.notation import format_hand, parse_hand, parse_located
from mcr_score.notation.situation import apply_situation, apply_situation_drawn, read_hand
from mcr_score.systems.mcr.claims import claim_from_text
from mcr_score.systems.mcr.pages.referee import check_claim
from mcr_score.systems.mcr.pages.referee import explain as explain_hand
from mcr_score.systems.mcr.pages.referee_text import render_explanation
from mcr_score.systems.mcr.pages.text import hand_to_dict, score_text
from mcr_score.systems.mcr.profiles import DEFAULT
from mcr_score.systems.mcr.scoring import score as score_hand
from mcr_score.web.picker import edit as edit_hand


class Situation(Protocol):
    """A hand and its situation options (`mcr-score parse`'s inputs but `--win`)."""

    @property
    def hand(self) -> str: ...
    @property
    def self_drawn(self) -> bool | None: ...
    @property
    def last_tile(self) -> bool: ...
    @property
    def wall_last(self) -> bool: ...
    @property
    def kong(self) -> bool: ...
    @property
    def robbing_kong(self) -> bool: ...
    @property
    def replacement(self) -> bool: ...
    @property
    def seat(self) -> str | None: ...
    @property
    def prevalent(self) -> str | None: ...
    @property
    def flowers(self) -> int | None: ...


class Situated(Situation, Protocol):
    """And `--win`."""

    @property
    def win(self) -> str | None: ...


class Ruled(Situated, Protocol):
    """And `--rules`: `mcr-score score`."""

    @property
    def rules(self) -> str: ...


class Explained(Ruled, Protocol):
    """And `--from`, `--claim`, `--claim-fans`: `mcr-score explain`."""

    @property
    def discarder(self) -> str | None: ...
    @property
    def claim(self) -> int | None: ...
    @property
    def claim_fans(self) -> str | None: ...


class Waiting(Situation, Protocol):
    """`mcr-score waits` and `discards`: the situation, `--rules` and `--seen`."""

    @property
    def rules(self) -> str: ...
    @property
    def seen(self) -> str: ...


class Discarding(Waiting, Protocol):
    """`mcr-score discards`: and `--wall` and `--opponent` (the opponents, separated by spaces)."""

    @property
    def wall(self) -> int | None: ...
    @property
    def opponent(self) -> str: ...


class Shaped(Protocol):
    """`mcr-score shanten`: the hand and `--seen`."""

    @property
    def hand(self) -> str: ...
    @property
    def seen(self) -> str: ...


class Edited(Protocol):
    """The page's picker: the hand so far and a tap (`picker`)."""

    @property
    def hand(self) -> str: ...
    @property
    def edit(self) -> str: ...


class Worded(Protocol):
    """A command's text output: `--lang`."""

    @property
    def lang(self) -> str: ...


class ScoredText(Ruled, Worded, Protocol):
    """`mcr-score score` in words."""


class ExplainedText(Explained, Worded, Protocol):
    """`mcr-score explain` in words."""


@dataclass(frozen=True)
class Request:
    """Every command's options with the CLI's defaults: the page's engine asks with a hand, the
    rules and the language, and leaves the rest to the hand's own suffix."""

    hand: str
    rules: str = DEFAULT
    lang: str = DEFAULT_LANG
    win: str | None = None
    self_drawn: bool | None = None
    last_tile: bool = False
    wall_last: bool = False
    kong: bool = False
    robbing_kong: bool = False
    replacement: bool = False
    seat: str | None = None
    prevalent: str | None = None
    flowers: int | None = None
    discarder: str | None = None
    claim: int | None = None
    claim_fans: str | None = None
    seen: str = ""
    edit: str = ""


def _situated(data: Situated) -> Hand:
    """The hand with the options applied, by the CLI's own `apply_situation` (the same checks, the same errors)."""
    hand = read_hand(data.hand, data.win)
    return apply_situation(data.hand, hand, data.robbing_kong, data.replacement, **_fields(data))


def _fields(data: Situation) -> dict[str, Any]:
    """The situation options as `apply_situation` takes them."""
    return {
        "self_drawn": data.self_drawn,
        "last_copy": data.last_tile or None,
        "wall_last": data.wall_last or None,
        "kong": data.kong or None,
        "seat_wind": data.seat,
        "prevalent_wind": data.prevalent,
        "flowers": data.flowers,
    }


def do_parse(data: Situated) -> dict[str, Any]:
    """`parse --json`."""
    return {"ok": True, **hand_to_dict(_situated(data))}


def do_score(data: Ruled) -> dict[str, Any]:
    """`score --json`."""
    return score_hand(_situated(data), data.rules).to_dict()


def do_explain(data: Explained) -> dict[str, Any]:
    """`explain --json`, with the claim checked when one is given (`--claim`, `--claim-fans`)."""
    answer = explain_hand(_situated(data), data.rules, data.discarder)
    if data.claim is not None or data.claim_fans is not None:
        claim = claim_from_text(None, data.claim_fans) if data.claim_fans is not None else None
        answer["claim"] = check_claim(answer, data.claim, claim.fans if claim is not None else None)
    return answer


def do_session(session: dict[str, Any], rules: str) -> dict[str, Any]:
    """`session --json` of a sheet sent as the JSON a session file holds. Imported here, as `advice`
    below: the page's engine never asks it, and each module imported costs its start in Pyodide."""
    from mcr_score.systems.mcr.tournament import score_session

    return score_session(session, rules).to_dict()


def do_waits(data: Waiting) -> dict[str, Any]:
    """`waits --json`."""
    from mcr_score.systems.mcr.advice import waits as waits_of

    hand = apply_situation(data.hand, parse_hand(data.hand), data.robbing_kong, data.replacement, **_fields(data))
    return waits_of(hand, data.rules, data.seen).to_dict()


def do_shanten(data: Shaped) -> dict[str, Any]:
    """`shanten --json`."""
    from mcr_score.systems.mcr.advice import shanten as shanten_of

    return shanten_of(parse_hand(data.hand), data.seen).to_dict()


def do_discards(data: Discarding) -> dict[str, Any]:
    """`discards --json`: the 14th tile is the one just drawn, as `mcr-score discards` reads it."""
    from mcr_score.systems.mcr.advice import discards as discards_of
    from mcr_score.systems.mcr.valuation import opponents_from_text

    hand = parse_located(data.hand, drawn=True)[0]
    hand = apply_situation_drawn(data.hand, hand, data.robbing_kong, data.replacement, **_fields(data))
    return discards_of(
        hand, data.rules, data.seen, data.wall, opponents_from_text(data.opponent, "--opponent")
    ).to_dict()


def do_edit(data: Edited) -> dict[str, Any]:
    """The page's picker (no CLI command): the hand with the tap made, as the page shows it (`picker.edit`)."""
    return edit_hand(data.hand, data.edit)


def score_words(data: ScoredText) -> str:
    """`score` in words, in `lang`."""
    hand = _situated(data)
    return score_text(score_hand(hand, data.rules), format_hand(hand), data.lang)


def explain_words(data: ExplainedText) -> str:
    """`explain` in words, in `lang`."""
    return render_explanation(do_explain(data), data.lang)
