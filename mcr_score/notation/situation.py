"""A hand's situation given as options (the command line's, the service's fields) merged into the
hand its notation gives: the one place this is done. Two options that cannot both hold are named;
a problem of the merged situation names the option that set the field, or points into the suffix.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mcr_score import errors
from mcr_score.hand import FOUR_SETS, Hand, Locator, Ref, Shape, check_hand
from mcr_score.messages import msg
from mcr_score.notation import parse_hand, parse_located, with_situation, with_winning

_OPTION_OF_FIELD = {
    "self_drawn": "--self-drawn",
    "last_copy": "--last-tile",
    "wall_last": "--wall-last",
    "kong": "--kong",
    "seat_wind": "--seat",
    "prevalent_wind": "--prevalent",
    "flowers": "--flowers",
}


def read_hand(text: str, win: str | None, shape: Shape = FOUR_SETS) -> Hand:
    """The hand of HAND and `--win`: the named winning tile must be among its tiles and agree
    with a tile marked in the notation. `shape`: the rule system's hand size."""
    if win is None:
        return parse_hand(text) if shape == FOUR_SETS else parse_located(text, shape=shape)[0]
    hand, located = parse_located(text, shape=shape)
    return with_winning(hand, win, marked=located.marked, where="--win")


class ContradictoryOptionsError(errors.McrError):
    """Two options that cannot both hold (`--robbing-kong --self-drawn`): a usage error, exit 2."""

    code = "contradictory-options"
    exit_code = 2


def apply_situation(
    text: str, hand: Hand, robbing_kong: bool, replacement: bool, *, shape: Shape = FOUR_SETS, **fields: Any
) -> Hand:
    """Merge the situation options into the parsed hand, rejecting contradictions by name; a problem
    of the situation names the option that set the field, or points into the suffix. The one
    merging of options and notation: the CLI and the service both call it."""
    return _situated(text, hand, robbing_kong, replacement, fields, drawn=False, shape=shape)


def apply_situation_drawn(text: str, hand: Hand, robbing_kong: bool, replacement: bool, **fields: Any) -> Hand:
    """`apply_situation` for a 14-tile hand whose last tile is the one just drawn (`discards`): the
    situation is the one of the win to come, so the checks of a win on that tile do not apply."""
    return _situated(text, hand, robbing_kong, replacement, fields, drawn=True)


def _situated(
    text: str,
    hand: Hand,
    robbing_kong: bool,
    replacement: bool,
    fields: dict[str, Any],
    drawn: bool,
    shape: Shape = FOUR_SETS,
) -> Hand:
    conflicts = []
    if robbing_kong and fields["self_drawn"]:
        conflicts.append(msg("error.options.robbing-self-drawn"))
    if replacement and fields["self_drawn"] is False:
        conflicts.append(msg("error.options.replacement-discard"))
    if robbing_kong and replacement:
        conflicts.append(msg("error.options.robbing-replacement"))
    if conflicts:
        errors.raise_all([ContradictoryOptionsError(c, where="options") for c in conflicts])
    typed = {name: _OPTION_OF_FIELD[name] for name, value in fields.items() if value is not None}
    if fields["self_drawn"] is not None:
        typed["self_drawn"] = "--self-drawn" if fields["self_drawn"] else "--discard"
    if robbing_kong:
        fields.update(kong=True, self_drawn=False)
        typed.update(kong="--robbing-kong", self_drawn="--robbing-kong")
    if replacement:
        fields.update(kong=True, self_drawn=True)
        typed.update(kong="--replacement", self_drawn="--replacement")
    if all(v is None for v in fields.values()):
        return hand
    hand = with_situation(hand, check=False, **fields)
    where = {name: f"situation: {option}" for name, option in typed.items()}
    errors.raise_all(check_hand(hand, locator(text, where, drawn=drawn, shape=shape), text, drawn=drawn, shape=shape))
    return hand


def locator(text: str, set_by: Mapping[str, str | None], *, drawn: bool = False, shape: Shape = FOUR_SETS) -> Locator:
    """Where a problem of a hand read from `text` and options lies: a situation field an option
    set is named by `set_by` (field -> how to name it), anything else is a column of `text`, found
    by reading it again (the text itself is valid: only the options can be at fault). The one
    locator of text and options: `apply_situation` and the systems' own checks (hk) use it."""
    in_text = parse_located(text, drawn, shape)[1].locate

    def locate(ref: Ref) -> tuple[int | None, str | None]:
        if ref[0] == "situation" and ref[1] in set_by:
            return None, set_by[ref[1]]
        return in_text(ref)

    return locate
