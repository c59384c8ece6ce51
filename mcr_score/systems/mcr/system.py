"""The `System` value of mcr (what the registry reads) and the functions it names; the package's
`__init__` exposes them on first use, so that reading the system's CLI options (`options`) costs
nothing."""

from __future__ import annotations

from typing import Any

from mcr_score.hand import FOUR_SETS, Hand
from mcr_score.notation.situation import apply_situation, read_hand
from mcr_score.systems.base import Capability, Situated, System
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.profiles import Profile
from mcr_score.systems.mcr.scoring import Score, score_with_profile

# The situation options of the hand commands (cli/options.situation_options), by parameter name.
SITUATION = frozenset(
    {
        "self_drawn",
        "last_copy",
        "wall_last",
        "kong",
        "robbing_kong",
        "replacement",
        "seat_wind",
        "prevalent_wind",
        "flowers",
    }
)


def read(text: str, situated: Situated) -> Hand:
    """The hand of HAND, `--win` and the situation options (`situation.apply_situation`)."""
    fields = dict(situated.fields)
    robbing_kong = bool(fields.pop("robbing_kong", False))
    replacement = bool(fields.pop("replacement", False))
    mcr_fields: dict[str, Any] = {
        name: fields.get(name) for name in SITUATION - {"robbing_kong", "replacement"}
    }  # not `win`
    return apply_situation(text, read_hand(text, situated.get("win", str)), robbing_kong, replacement, **mcr_fields)


def score(hand: Hand, profile: Profile, situated: Situated) -> Score:
    return score_with_profile(hand, profile)


SYSTEM: System[Hand, Score, Profile] = System(
    name="mcr",
    shape=FOUR_SETS,
    minimum=profiles.PROFILES[profiles.DEFAULT].minimum,
    capabilities=frozenset(Capability) - {Capability.CARD},  # MCR's hands are not lines of a card
    options={
        Capability.PARSE: SITUATION | {"win"},
        Capability.SCORE: SITUATION | {"win", "brief", "check", "color"},
        Capability.EXPLAIN: SITUATION | {"win", "discarder", "claimed_total", "claimed_fans", "color"},
        Capability.FANS: frozenset(),
        Capability.FAN: frozenset(),
        Capability.RULES: frozenset({"markdown"}),
        Capability.SESSION: frozenset({"false_hu", "html_out", "csv_out", "record_format", "game"}),
        Capability.REVIEW: frozenset({"record_format", "player", "jobs", "html_out"}),
    },
    default_profile=profiles.DEFAULT,
    profile_names=tuple(profiles.PROFILES),
    switch_keys=tuple(s.key for s in profiles.SWITCHES),
    profile=profiles.get,
    read=read,
    score=score,
    pages="mcr_score.systems.mcr.pages",
)
