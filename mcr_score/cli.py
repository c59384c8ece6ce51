"""The `mcr-score` command line. Notation errors exit 2, other errors 1, never a traceback."""

from __future__ import annotations

import functools
import json
import sys

import click

from . import __version__, errors
from .hand import Hand, check_hand
from .notation import parse_hand, with_situation
from .notation import format_hand
from . import profiles
from .profiles import DEFAULT, PROFILES
from .render import hand_text, hand_to_dict, rules_markdown, rules_text, score_text
from .scoring import score as score_hand

WIND = click.Choice(["E", "S", "W", "N"], case_sensitive=False)


class RulesType(click.ParamType):
    """A built-in profile name or a house profile file (`.toml`), checked when the command starts."""

    name = "PROFILE"

    def get_metavar(self, param, *args) -> str:
        return "[" + "|".join(PROFILES) + "|FILE.toml]"

    def convert(self, value, param, ctx):
        try:
            profiles.get(value)  # a file is resolved there, against the working directory workers share
        except ValueError as e:
            self.fail(str(e), param, ctx)
        return value


RULES = RulesType()
RULES_HELP = "Rule profile: green-book, china, or a house profile file NAME.toml."

_OPTION_OF_FIELD = {"self_drawn": "--self-drawn/--discard", "last_copy": "--last-tile", "wall_last": "--wall-last",
                    "kong": "--kong", "seat_wind": "--seat", "prevalent_wind": "--prevalent", "flowers": "--flowers"}


def situation_options(f):
    """Options that set or override the hand's `|EE0000|N` situation."""
    options = [
        click.option("--self-drawn/--discard", "self_drawn", default=None,
                     help="Won by self-draw / on a discard (overrides the suffix)."),
        click.option("--last-tile", "last_copy", is_flag=True, default=None,
                     help="The winning tile was the last copy (绝张, fan 58)."),
        click.option("--wall-last", is_flag=True, default=None,
                     help="Won with the last tile of the wall (fans 44/45)."),
        click.option("--kong", is_flag=True, default=None,
                     help="Kong involved: robbing the kong on a discard, replacement tile on a self-draw."),
        click.option("--robbing-kong", is_flag=True, default=False, help="Won by robbing a kong (--kong --discard)."),
        click.option("--replacement", is_flag=True, default=False,
                     help="Won on a kong replacement tile (--kong --self-drawn)."),
        click.option("--seat", "seat_wind", type=WIND, default=None, help="Seat wind."),
        click.option("--prevalent", "prevalent_wind", type=WIND, default=None, help="Prevalent (round) wind."),
        click.option("--flowers", type=click.IntRange(0, 8), default=None, help="Number of flowers (0-8)."),
    ]
    for option in reversed(options):
        f = option(f)
    return f


def apply_situation(text: str, hand: Hand, robbing_kong: bool, replacement: bool, **fields) -> Hand:
    """Merge the situation options into the parsed hand, rejecting contradictions by name."""
    conflicts = []
    if robbing_kong and fields["self_drawn"]:
        conflicts.append("--robbing-kong with --self-drawn: a robbed kong is claimed like a discard")
    if replacement and fields["self_drawn"] is False:
        conflicts.append("--replacement with --discard: a replacement tile is drawn")
    if robbing_kong and replacement:
        conflicts.append("--robbing-kong with --replacement: a win is one or the other")
    if conflicts:
        errors.raise_all([errors.ImpossibleSituationError(c, where="options") for c in conflicts])
    if robbing_kong:
        fields.update(kong=True, self_drawn=False)
    if replacement:
        fields.update(kong=True, self_drawn=True)
    if fields["seat_wind"]:
        fields["seat_wind"] = fields["seat_wind"].upper()
    if fields["prevalent_wind"]:
        fields["prevalent_wind"] = fields["prevalent_wind"].upper()
    if all(v is None for v in fields.values()):
        return hand
    hand = with_situation(hand, **fields)

    def locate(ref: tuple):
        if ref[0] == "situation":
            return None, f"situation: {_OPTION_OF_FIELD.get(ref[1], ref[1])} or the |suffix"
        return None, ref[0]

    errors.raise_all(check_hand(hand, locate, text))
    return hand


def _fail(error: errors.McrError, as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps({"ok": False, "error": error.to_dict()}, ensure_ascii=False))
    else:
        click.echo(str(error), err=True)
    sys.exit(error.exit_code)


def handles_errors(f):
    """Turn our errors into a message and exit code 2 (notation) or 1 (other)."""
    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        try:
            return f(*args, **kwargs)
        except errors.McrError as e:
            _fail(e, kwargs.get("as_json", False))
    return wrapper


@click.group()
@click.version_option(version=__version__)
def main() -> None:
    """Score Chinese Official Mahjong (MCR) hands."""


@main.command()
@click.argument("text", metavar="HAND")
@situation_options
@click.option("--json", "as_json", is_flag=True, help="Print the structure as JSON.")
@handles_errors
def parse(text: str, as_json: bool, robbing_kong: bool, replacement: bool, **fields) -> None:
    """Parse HAND and print its canonical form and structure."""
    hand = apply_situation(text, parse_hand(text), robbing_kong, replacement, **fields)
    if as_json:
        click.echo(json.dumps({"ok": True, **hand_to_dict(hand)}, ensure_ascii=False))
    else:
        click.echo(hand_text(hand))



@main.command()
@click.option("--markdown", is_flag=True, help="Print the docs/rules.md table.")
def rules(markdown: bool) -> None:
    """The rule profiles and every switch, with its options, citations and an example."""
    click.echo(rules_markdown() if markdown else rules_text(), nl=not markdown)


@main.command()
@click.argument("text", metavar="HAND")
@situation_options
@click.option("--rules", type=RULES, default=DEFAULT, show_default=True, help=RULES_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@handles_errors
def score(text: str, rules: str, as_json: bool, robbing_kong: bool, replacement: bool, **fields) -> None:
    """Score HAND: the best arrangement, counted and not-counted fans, total and the 8-point verdict."""
    hand = apply_situation(text, parse_hand(text), robbing_kong, replacement, **fields)
    result = score_hand(hand, rules)
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        click.echo(score_text(result, format_hand(hand)))


from .referee_cli import explain, fan, fans  # noqa: E402
main.add_command(explain)
main.add_command(fans)
main.add_command(fan)


from .batch_cli import batch  # noqa: E402
main.add_command(batch)
