"""The general Chinese rules of seed 003 (docs/rulesets.md §4): MCR's 144 tiles and hand, won with
four sets and a pair, seven different pairs or thirteen orphans; the seed's table of elements with
their « valeurs indicatives », read as "F fan + P points (indicative)", a limit flag and an optional
minimum; no payments (the seed gives no rule that turns fan and points into one).

MCR's notation writes its hands, flowers included (`a`-`h`, 4 points each); MCR's situation options
give the winds, self-draw and kong, and the fields the table has no element for are refused. Its
modules: `table` (the seed's eight rows), `rules` (switches, values, profiles), `check`, `scoring`.
"""

from mcr_score.lazy import attributes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mcr_score.systems.hk.system import SITUATION, SYSTEM, HkRules, HkScore, score_hand

# The system and its functions, loaded on first use (`system`): importing the package, as reading its
# CLI options does (`options`), loads none of its rules.
__getattr__ = attributes(
    __name__,
    {"HkRules": "system", "HkScore": "system", "SITUATION": "system", "SYSTEM": "system", "score_hand": "system"},
    globals(),
)

__all__ = ["SITUATION", "SYSTEM", "HkRules", "HkScore", "score_hand"]
