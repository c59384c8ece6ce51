"""Maho!, the card game of seed 000 (docs/rulesets.md §1): « Le but du jeu est de poser 4 séries sur la
table, les unes après les autres, jusqu'à n'avoir ainsi plus qu'une carte en main », then to make a
pair with that card. Four kinds of series of 3 cards, silver series only pure triples; three modes
(Basic, Standard, Original) that differ in hand size, deck and what a round is worth.

Cards, not tiles: the hands have their own notation (`grammar/maho.lark`, read by `notation`) over a
deck that is data (`cards`: the placeholder deck, or a deck file). Its modules: `cards`, `modes`
(the three modes as data), `rules` (switches and profiles), `series` (what three cards are, and the
splits of a hand), `notation`, `given` (the mode, deck and bonus table a command gives), `bonus`
(the Original mode's table, supplied by the user), `scoring`, `game` (a game of rounds settled).
"""

from mcr_score.lazy import attributes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mcr_score.systems.maho.system import (
        SYSTEM,
        GameResult,
        MahoHand,
        MahoRules,
        MahoScore,
        read,
        read_game,
        score_hand,
    )

# The system and its functions, loaded on first use (`system`): importing the package, as reading its
# CLI options does (`options`), loads none of its rules.
__getattr__ = attributes(
    __name__,
    {
        "GameResult": "system",
        "MahoHand": "system",
        "MahoRules": "system",
        "MahoScore": "system",
        "SYSTEM": "system",
        "read": "system",
        "read_game": "system",
        "score_hand": "system",
    },
    globals(),
)

__all__ = ["SYSTEM", "GameResult", "MahoHand", "MahoRules", "MahoScore", "read", "read_game", "score_hand"]
