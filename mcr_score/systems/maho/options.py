"""The command-line options only Maho! has: its mode, its deck, the Original mode's bonus table, as
the CLI reads them (`systems.option_specs`)."""

from mcr_score.systems.base import Capability, OptionKind, OptionSpec

_ALL = frozenset({Capability.PARSE, Capability.SCORE, Capability.EXPLAIN, Capability.SESSION})


def _mode(value: str) -> str:
    """The mode named `value`, checked by the system (its modes are its own data)."""
    from mcr_score.systems.maho.given import mode_of  # here: only a Maho! command loads the system

    return str(mode_of(value))


OPTIONS = (
    OptionSpec(
        "mode", "--mode", OptionKind.WORD, "help.opt.mode", _ALL, metavar="[basic|standard|original]", check=_mode
    ),
    OptionSpec("deck", "--deck", OptionKind.FILE, "help.opt.deck", _ALL, metavar="FILE"),
    OptionSpec("bonus", "--bonus", OptionKind.FILE, "help.opt.bonus", _ALL, metavar="FILE"),
)
