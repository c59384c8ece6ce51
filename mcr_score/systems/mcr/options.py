"""The command-line options only this system has, as the CLI reads them (`systems.option_specs`):
none (the situation options of MCR's notation are every system's that reads it)."""

from mcr_score.systems.base import OptionSpec

OPTIONS: tuple[OptionSpec, ...] = ()
