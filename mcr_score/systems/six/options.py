"""The command-line options only the six-player system has (seed 004's multipliers and payments),
as the CLI reads them (`systems.option_specs`)."""

from mcr_score.systems.base import Capability, OptionKind, OptionSpec

_WIN = frozenset({Capability.SCORE, Capability.EXPLAIN})

OPTIONS = (
    OptionSpec("first_discard", "--first-discard", OptionKind.FLAG, "help.opt.first-discard", _WIN),
    OptionSpec("order", "--order", OptionKind.NUMBER, "help.opt.order", _WIN, metavar="K", low=1, high=5),
)
