"""The six-player variant of seed 004 (docs/rulesets.md §2): 108 suited tiles, 7 in hand and 8 to
win (two sets and a pair, or four pairs), at most two suits, no claimed chow; a hand is worth its
highest pattern times its multipliers, and six players pay each other by the order they win in.

MCR's notation writes its hands (suited tiles, bracketed melds); this package reads them with the
system's hand shape and refuses what the seed removes. Its modules: `table` (the seed's sixteen
rows), `rules` (switches and profiles), `check` (what the seed forbids), `scoring`, `rounds` (a round
of play settled).
"""

from mcr_score.lazy import attributes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mcr_score.systems.six.system import SHAPE, SYSTEM, SixRules, SixScore, Win, read, score_hand

# The system and its functions, loaded on first use (`system`): importing the package, as reading its
# CLI options does (`options`), loads none of its rules.
__getattr__ = attributes(
    __name__,
    {
        "SHAPE": "system",
        "SYSTEM": "system",
        "SixRules": "system",
        "SixScore": "system",
        "Win": "system",
        "read": "system",
        "score_hand": "system",
    },
    globals(),
)

__all__ = ["SHAPE", "SYSTEM", "SixRules", "SixScore", "Win", "read", "score_hand"]
