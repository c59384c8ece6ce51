"""The `System` value of nmjl (what the registry reads) and the functions it names; the package's
`__init__` exposes them on first use, so that reading the system's CLI options (`options`) costs
nothing."""

from __future__ import annotations

from mcr_score.hand import FOUR_SETS
from mcr_score.messages import msg
from mcr_score.systems.base import Capability, Situated, System
from mcr_score.systems.nmjl.card import Card, CardError, CardRequiredError, load_card
from mcr_score.systems.nmjl.notation import Hand, read
from mcr_score.systems.nmjl.rules import DEFAULT, PROFILES, SWITCHES, NmjlRules, profile
from mcr_score.systems.nmjl.scoring import NAME, NmjlScore, Win, score

# The options the hand commands take (by parameter name): --self-drawn/--discard, --card, --bet.
SITUATION = frozenset({"self_drawn", "card", "bet"})


def _card_path(situated: Situated) -> str:
    """The file `--card` names; without one, a usage error saying to supply it (never a guess)."""
    path = situated.fields.get("card")
    if path is None:
        raise CardRequiredError(msg("nmjl.card.required"), where="--card")
    return str(path)


def card_of(situated: Situated) -> Card:
    """The card `--card` names, read whole (every problem of it at once)."""
    return load_card(_card_path(situated))


def read_hand(text: str, situated: Situated) -> Hand:
    """The hand of HAND in the nmjl dialect; the card is asked for first: nothing is scored without it."""
    _card_path(situated)
    return read(text)


def win_of(situated: Situated) -> Win:
    return Win(bool(situated.fields.get("self_drawn")), bool(situated.fields.get("bet")))


def score_hand(hand: Hand, rules: NmjlRules, situated: Situated) -> NmjlScore:
    return score(hand, card_of(situated), rules, win_of(situated))


SYSTEM: System[Hand, NmjlScore, NmjlRules] = System(
    name=NAME,
    shape=FOUR_SETS,  # 14 tiles, as four sets and a pair have; the card, not a shape, says what wins
    minimum=None,
    capabilities=frozenset({Capability.SCORE, Capability.EXPLAIN, Capability.RULES, Capability.CARD}),
    options={
        Capability.SCORE: SITUATION | {"check"},
        Capability.EXPLAIN: SITUATION,
        Capability.RULES: frozenset({"markdown"}),
        Capability.CARD: frozenset(),
    },
    default_profile=DEFAULT,
    profile_names=tuple(PROFILES),
    switch_keys=tuple(s.key for s in SWITCHES),
    profile=profile,
    read=read_hand,
    score=score_hand,
    pages="mcr_score.systems.nmjl.pages",
)

__all__ = ["SYSTEM", "Card", "CardError", "CardRequiredError", "Hand", "NmjlRules", "NmjlScore", "Win", "load_card"]
