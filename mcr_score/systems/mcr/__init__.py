"""MCR as a rule system: the engine as it is (profiles, scoring, sessions), described by a `System`
value so that shared code reads its facts from the value instead of importing MCR's globals.

The seed is the French list of the 81 fans with the 8-point minimum and the payments; the points
come from the rulebooks the fan table cites (docs/fan-table.md).
"""

from mcr_score.lazy import attributes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from mcr_score.systems.mcr.system import SYSTEM

# The system and its functions, loaded on first use (`system`): importing the package, as reading its
# CLI options does (`options`), loads none of its rules.
__getattr__ = attributes(__name__, {"SYSTEM": "system"}, globals())

__all__ = ["SYSTEM"]
