"""The package's public `score`: it takes a hand or its notation, reads the notation here, at the
top, and hands the engine (`systems/mcr/scoring.py`, which takes a `Hand` and never imports the
notation) the hand it read."""

from __future__ import annotations

import os
from typing import overload

from mcr_score.hand import Hand
from mcr_score.notation import parse_hand
from mcr_score.systems.mcr import profiles, scoring
from mcr_score.systems.mcr.result import Score

__all__ = ["score"]


@overload
def score(hand: Hand, rules: str | os.PathLike[str] = ...) -> Score: ...
@overload
def score(hand: str, rules: str | os.PathLike[str] = ...) -> Score: ...


# The implementation takes `object` so that, compiled, a hand of another type reaches the named
# `TypeError` below instead of mypyc's own (the overloads above are the signature callers see).
def score(hand: object, rules: str | os.PathLike[str] = profiles.DEFAULT) -> Score:
    """Score a hand (or its notation) under a rule profile: a built-in name or a house file (a path
    ending in `.toml`, or any `os.PathLike`). Raise `McrError` for impossible input, `TypeError`
    for a hand or rules of another type (`rules=None` included: the default is written out)."""
    if isinstance(hand, str):
        hand = parse_hand(hand)
    elif not isinstance(hand, Hand):
        raise TypeError(f"score() takes a Hand or its notation (str), not {type(hand).__name__}")
    return scoring.score(hand, rules)
