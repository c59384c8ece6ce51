"""What a Maho! command is given besides the hand: the mode (`--mode`, Standard unless said), the deck
(`--deck FILE`, the placeholder unless given) and the Original mode's bonus table (`--bonus FILE`),
which the mode needs and the others refuse."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcr_score.errors import McrError
from mcr_score.messages import msg
from mcr_score.notation.situation import ContradictoryOptionsError
from mcr_score.systems.maho.bonus import Bonus, read_bonus
from mcr_score.systems.maho.cards import PLACEHOLDER, Deck, read_deck
from mcr_score.systems.maho.modes import DEFAULT_MODE, MODES, Mode, Scoring


class BonusRequiredError(McrError):
    """The Original mode without its bonus table, which only the user can supply: a usage error."""

    code = "bonus-required"
    exit_code = 2


class UnknownModeError(McrError):
    """A mode that is not one of the seed's three."""

    code = "unknown-mode"
    exit_code = 2


def mode_of(value: Any, where: str = "--mode") -> Mode:
    """The mode named `value` (None: the default, Standard)."""
    if value is None:
        return DEFAULT_MODE
    try:
        return Mode(value)
    except ValueError:
        raise UnknownModeError(msg("maho.error.mode", mode=str(value), modes=", ".join(Mode)), where=where) from None


def deck_of(fields: Mapping[str, Any]) -> Deck:
    """The deck file given (`--deck`), else the placeholder deck of rulesets.md §1.2."""
    path = fields.get("deck")
    return PLACEHOLDER if path is None else read_deck(path)


def bonus_of(mode: Mode, fields: Mapping[str, Any]) -> Bonus | None:
    """The bonus table (`--bonus`): required by the Original mode, refused by the others."""
    path = fields.get("bonus")
    needs = MODES[mode].scoring is Scoring.BONUS
    if needs and path is None:
        raise BonusRequiredError(msg("maho.error.bonus-required"), where="--bonus")
    if not needs and path is not None:
        raise ContradictoryOptionsError(msg("maho.error.bonus-mode", mode=str(mode)), where="--bonus")
    return None if path is None else read_bonus(path)
