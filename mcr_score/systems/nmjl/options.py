"""The command-line options of a hand only American mah-jongg has: the card it is scored on, and a
bet, as the CLI reads them (`systems.option_specs`)."""

from mcr_score.systems.base import Capability, OptionKind, OptionSpec

_HAND = frozenset({Capability.SCORE, Capability.EXPLAIN})

OPTIONS = (
    OptionSpec("card", "--card", OptionKind.FILE, "help.opt.card", _HAND, metavar="FILE"),
    OptionSpec("bet", "--bet", OptionKind.FLAG, "help.opt.bet", _HAND),
)
