"""The `System` value of hk (what the registry reads) and the functions it names; the package's
`__init__` exposes them on first use, so that reading the system's CLI options (`options`) costs
nothing."""

from __future__ import annotations

from typing import Any

from mcr_score import errors
from mcr_score.hand import FOUR_SETS, Hand, field_locator
from mcr_score.notation.situation import apply_situation, locator, read_hand
from mcr_score.systems.base import Capability, Situated, System
from mcr_score.systems.hk.check import NOT_IN_TABLE, check_hk
from mcr_score.systems.hk.rules import DEFAULT, PROFILES, SWITCHES, HkRules, profile
from mcr_score.systems.hk.scoring import HkScore, score

# The situation options the hand commands take (by parameter name): MCR's, but the last copy and
# the last tile of the wall, which no row of the table reads.
SITUATION = frozenset({"self_drawn", "kong", "robbing_kong", "replacement", "seat_wind", "prevalent_wind", "flowers"})
_FIELDS = tuple(sorted(SITUATION - {"robbing_kong", "replacement"}))  # the fields of `Situation` among them


def read(text: str, situated: Situated) -> Hand:
    """The hand of HAND, `--win` and the situation options, as MCR reads it (`situation.apply_situation`),
    then what the seed's table cannot score, every problem located."""
    fields = situated.fields
    given: dict[str, Any] = {name: fields.get(name) for name in (*_FIELDS, *NOT_IN_TABLE)}
    hand = apply_situation(
        text,
        read_hand(text, situated.get("win", str)),
        bool(fields.get("robbing_kong")),
        bool(fields.get("replacement")),
        **given,
    )
    if any(getattr(hand.situation, name) for name in NOT_IN_TABLE):
        set_by = {name: field_locator(("situation", name))[1] for name in NOT_IN_TABLE if fields.get(name)}
        errors.raise_all(check_hk(hand, locator(text, set_by), text))  # set by a field, or in the suffix
    return hand


def score_hand(hand: Hand, rules: HkRules, situated: Situated) -> HkScore:
    return score(hand, rules)


SYSTEM: System[Hand, HkScore, HkRules] = System(
    name="hk",
    shape=FOUR_SETS,
    minimum=None,  # the seed names no number; a house file's `minimum` (rulesets.md §4.2)
    capabilities=frozenset({Capability.PARSE, Capability.SCORE, Capability.EXPLAIN, Capability.FANS, Capability.RULES}),
    options={
        Capability.PARSE: SITUATION | {"win"},
        Capability.SCORE: SITUATION | {"win", "brief", "check"},
        Capability.EXPLAIN: SITUATION | {"win"},
        Capability.FANS: frozenset(),
        Capability.RULES: frozenset({"markdown"}),
    },
    default_profile=DEFAULT,
    profile_names=tuple(PROFILES),
    switch_keys=tuple(s.key for s in SWITCHES),
    profile=profile,
    read=read,
    score=score_hand,
    pages="mcr_score.systems.hk.pages",
)

__all__ = ["SITUATION", "SYSTEM", "HkRules", "HkScore"]
