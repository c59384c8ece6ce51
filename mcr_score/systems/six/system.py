"""The `System` value of six (what the registry reads) and the functions it names; the package's
`__init__` exposes them on first use, so that reading the system's CLI options (`options`) costs
nothing."""

from __future__ import annotations

from mcr_score import errors
from mcr_score.hand import Hand, Shape
from mcr_score.notation import parse_located
from mcr_score.notation.situation import apply_situation
from mcr_score.systems.base import Capability, Situated, System
from mcr_score.systems.six.check import check_six
from mcr_score.systems.six.rules import DEFAULT, PROFILES, SWITCHES, SixRules, profile
from mcr_score.systems.six.scoring import SETS, SixScore, Win, score

SHAPE = Shape(SETS)
# The options the six-player hand commands take (by parameter name).
SITUATION = frozenset({"self_drawn", "replacement", "robbing_kong", "first_discard", "order"})


def read(text: str, situated: Situated) -> Hand:
    """A hand of the system: the notation read for 8 tiles (plus one per kong), the options
    applied, then what the seed forbids, every problem located in the text."""
    fields = situated.fields
    hand, located = parse_located(text, shape=SHAPE)
    hand = apply_situation(
        text,
        hand,
        bool(fields.get("robbing_kong")),
        bool(fields.get("replacement")),
        shape=SHAPE,
        self_drawn=fields.get("self_drawn"),
        last_copy=None,
        wall_last=None,
        kong=None,
        seat_wind=None,
        prevalent_wind=None,
        flowers=None,
    )
    errors.raise_all(check_six(hand, bool(fields.get("first_discard")), located.locate, text))
    return hand


def win_of(hand: Hand, situated: Situated) -> Win:
    """How the hand won: from its situation (self-drawn, a kong's replacement tile) and the options
    only this system has (the round's first discard, the winner's order)."""
    s = hand.situation
    order = situated.get("order", int) or 1
    return Win(s.self_drawn, s.replacement, bool(situated.fields.get("first_discard")), order)


def score_hand(hand: Hand, rules: SixRules, situated: Situated) -> SixScore:
    return score(hand, rules, win_of(hand, situated))


SYSTEM: System[Hand, SixScore, SixRules] = System(
    name="six",
    shape=SHAPE,
    minimum=None,
    capabilities=frozenset(
        {Capability.PARSE, Capability.SCORE, Capability.EXPLAIN, Capability.FANS, Capability.RULES, Capability.SESSION}
    ),
    options={
        Capability.PARSE: SITUATION - {"first_discard", "order"},
        Capability.SCORE: SITUATION | {"check"},
        Capability.EXPLAIN: SITUATION,
        Capability.FANS: frozenset(),
        Capability.RULES: frozenset({"markdown"}),
        Capability.SESSION: frozenset({"html_out"}),
    },
    default_profile=DEFAULT,
    profile_names=tuple(PROFILES),
    switch_keys=tuple(s.key for s in SWITCHES),
    profile=profile,
    read=read,
    score=score_hand,
    pages="mcr_score.systems.six.pages",
)

__all__ = ["SHAPE", "SYSTEM", "SixRules", "SixScore", "Win"]
