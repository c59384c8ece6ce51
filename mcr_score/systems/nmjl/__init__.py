"""American mah-jongg, seed 002 (docs/rulesets.md §3): a hand wins when its 14 tiles are one line
of a card, and is worth that line's value; jokers fill pungs, kongs and quints, never a pair.

The card is the League's yearly publication, which the project does not ship: the user supplies it
as a file (`--card FILE`, rulesets.md §3.4), and a hand scored without one is a usage error naming
what to supply. Modules: `tiles` (the 152 tiles), `notation` (the nmjl dialect of hands), `card`
(the card file and its patterns), `match` (by counts), `rules` (switches), `scoring` (value and
payments).
"""

from mcr_score.lazy import attributes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mcr_score.systems.nmjl.system import (
        SYSTEM,
        Card,
        CardError,
        CardRequiredError,
        Hand,
        NmjlRules,
        NmjlScore,
        Win,
        card_of,
        load_card,
        win_of,
    )

# The system and its functions, loaded on first use (`system`): importing the package, as reading its
# CLI options does (`options`), loads none of its rules.
__getattr__ = attributes(
    __name__,
    {
        "Card": "system",
        "CardError": "system",
        "CardRequiredError": "system",
        "Hand": "system",
        "NmjlRules": "system",
        "NmjlScore": "system",
        "SYSTEM": "system",
        "Win": "system",
        "card_of": "system",
        "load_card": "system",
        "win_of": "system",
    },
    globals(),
)

__all__ = [
    "SYSTEM",
    "Card",
    "CardError",
    "CardRequiredError",
    "Hand",
    "NmjlRules",
    "NmjlScore",
    "Win",
    "card_of",
    "load_card",
    "win_of",
]
