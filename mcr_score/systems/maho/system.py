"""The `System` value of maho (what the registry reads) and the functions it names; the package's
`__init__` exposes them on first use, so that reading the system's CLI options (`options`) costs
nothing."""

from __future__ import annotations

from mcr_score.hand import Shape
from mcr_score.systems.base import Capability, Situated, System
from mcr_score.systems.maho.game import GameResult, game_mode, load_game, settle_game
from mcr_score.systems.maho.given import bonus_of, deck_of, mode_of
from mcr_score.systems.maho.modes import DEFAULT_MODE, MODES
from mcr_score.systems.maho.notation import MahoHand, read_hand
from mcr_score.systems.maho.rules import DEFAULT, NAME, PROFILES, SWITCHES, MahoRules, profile
from mcr_score.systems.maho.scoring import MahoScore, score

# The options of the Maho! commands (by parameter name): the mode, the deck file, the bonus table.
OPTIONS = frozenset({"mode", "deck"})


def read(text: str, situated: Situated) -> MahoHand:
    """A hand of the deck and mode the command gives, every problem located in the text."""
    fields = situated.fields
    return read_hand(text, deck_of(fields), mode_of(fields.get("mode")))


def score_hand(hand: MahoHand, rules: MahoRules, situated: Situated) -> MahoScore:
    """The hand scored in its mode; the Original mode with the bonus table given (`--bonus`)."""
    return score(hand, rules, bonus_of(hand.mode, situated.fields))


def read_game(path: str, rules: MahoRules, situated: Situated) -> GameResult:
    """A game file settled with the deck, the mode (the file's, or `--mode`) and the bonus table given."""
    data = load_game(path)
    mode = game_mode(data, situated.get("mode", str))
    deck = deck_of(situated.fields)
    bonus = bonus_of(mode, situated.fields)
    return settle_game(data, mode, rules.name, lambda text: score(read_hand(text, deck, mode), rules, bonus))


SYSTEM: System[MahoHand, MahoScore, MahoRules] = System(
    name=NAME,
    shape=Shape(MODES[DEFAULT_MODE].series),  # four series and a pair; the Basic mode lays three
    minimum=None,
    capabilities=frozenset(
        {Capability.PARSE, Capability.SCORE, Capability.EXPLAIN, Capability.FANS, Capability.RULES, Capability.SESSION}
    ),
    options={
        Capability.PARSE: OPTIONS,
        Capability.SCORE: OPTIONS | {"bonus", "check"},
        Capability.EXPLAIN: OPTIONS | {"bonus"},
        Capability.FANS: frozenset(),
        Capability.RULES: frozenset({"markdown"}),
        Capability.SESSION: OPTIONS | {"bonus", "html_out"},
    },
    default_profile=DEFAULT,
    profile_names=tuple(PROFILES),
    switch_keys=tuple(s.key for s in SWITCHES),
    profile=profile,
    read=read,
    score=score_hand,
    pages="mcr_score.systems.maho.pages",
)

__all__ = ["SYSTEM", "GameResult", "MahoHand", "MahoRules", "MahoScore", "read", "read_game", "score_hand"]
