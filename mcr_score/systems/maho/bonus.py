"""The Original mode's bonus table, as a file the user supplies: the seed says the mode « intègre les
BONUS. Une manche rapporte plus ou moins de points selon la beauté des assemblages de séries » and
gives no table, so none is guessed (docs/rulesets.md §1.2).

A bonus file (TOML) is a list of rows, each `when` (a condition of the won hand, from a closed
vocabulary: `round`, a kind of series, `silver-series`, `silver-pair`), `points` (a whole number,
0 or more) and optionally `at-least`:
    source = "the table of my copy of the rules, page 4"   # optional: where the rows come from
    [[bonus]]
    when = "round"            # 1 for the round won
    points = 1
    [[bonus]]
    when = "silver-series"    # per silver series (a silver final pair too, with silver-pair-counts = yes)
    points = 2
    [[bonus]]
    when = "rainbow-run"      # once, when the hand holds at least 2 rainbow runs
    at-least = 2
    points = 5
A row without `at-least` scores `points` for each time its condition holds in the hand; a row with
`at-least = n` scores `points` once when it holds n times or more. A round is worth the sum of the
rows. A condition outside the vocabulary is refused by name: a table that needs another is not
expressible until the vocabulary grows with it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mcr_score import decoding, files
from mcr_score.errors import McrError, raise_all
from mcr_score.messages import Message, msg
from mcr_score.systems.maho.cards import file_where
from mcr_score.systems.maho.series import Kind

MAX_ROWS = 100  # a bound on the input, not a rule
MAX_POINTS = 10_000  # a bound on the input: no table of a card game gives more to a row
ROW_KEYS = ("when", "points", "at-least")
TOP_KEYS = ("source", "bonus")


class Special(StrEnum):
    """What a row may count besides the series of each kind (`series.Kind`)."""

    ROUND = "round"  # the round won: 1
    SILVER_SERIES = "silver-series"  # each « série argentée »
    SILVER_PAIR = "silver-pair"  # 1 when the final pair is silver


Condition = Kind | Special
CONDITIONS: tuple[Condition, ...] = (Special.ROUND, *Kind, Special.SILVER_SERIES, Special.SILVER_PAIR)
_BY_NAME: Mapping[str, Condition] = {str(c): c for c in CONDITIONS}


class BonusFileError(McrError):
    """A bonus file that cannot be read, or whose rows are not a bonus table."""

    code = "bad-bonus-file"


@dataclass(frozen=True, slots=True)
class BonusRow:
    when: Condition
    points: int
    at_least: int | None = None

    def score(self, counts: Mapping[str, int]) -> int:
        """What the row gives a hand whose conditions hold `counts` times."""
        n = counts.get(self.when, 0)
        if self.at_least is not None:
            return self.points if n >= self.at_least else 0
        return self.points * n


@dataclass(frozen=True, slots=True)
class Bonus:
    rows: tuple[BonusRow, ...]
    path: str
    source: str | None = None


def read_bonus(path: str | os.PathLike[str]) -> Bonus:
    """A bonus file, read as every user file is; every problem at once, each naming its row and key."""
    where = file_where(path)
    try:
        data = decoding.loads_toml(files.read_text(path))
    except McrError as e:  # the readers' own messages, the file named here
        raise BonusFileError(e.msg, where=where) from None
    problems: list[McrError] = []

    def problem(message: Message, key: str) -> None:
        problems.append(BonusFileError(message, where=f"{where}: {key}"))

    for key in data:
        if key not in TOP_KEYS:
            problem(msg("maho.bonus.unknown-key", key=key, keys=", ".join(TOP_KEYS)), key)
    source = data.get("source")
    if source is not None and not isinstance(source, str):
        problem(msg("maho.bonus.source"), "source")
    raw = data.get("bonus")
    if not (isinstance(raw, list) and 1 <= len(raw) <= MAX_ROWS and all(isinstance(r, dict) for r in raw)):
        problem(msg("maho.bonus.rows", most=MAX_ROWS), "bonus")
        raise_all(problems)
    rows = []
    for i, row in enumerate(raw):  # type: ignore[arg-type]  # a list of tables, checked above
        name = f"bonus[{i + 1}]"
        for key in row:
            if key not in ROW_KEYS:
                problem(msg("maho.bonus.unknown-row-key", key=key, keys=", ".join(ROW_KEYS)), f"{name}.{key}")
        when = row.get("when")
        condition = _BY_NAME.get(when) if isinstance(when, str) else None
        known = ", ".join(CONDITIONS)
        if when is None:
            problem(msg("maho.bonus.when-missing", known=known), f"{name}.when")
        elif condition is None:
            problem(msg("maho.bonus.when", when=decoding.shown(when), known=known), f"{name}.when")
        points = _whole(row.get("points"), 0, MAX_POINTS)
        if points is None:
            problem(msg("maho.bonus.number", key="points", low=0, high=MAX_POINTS), f"{name}.points")
        at_least = row.get("at-least")
        if at_least is not None and _whole(at_least, 1, MAX_ROWS) is None:
            problem(msg("maho.bonus.number", key="at-least", low=1, high=MAX_ROWS), f"{name}.at-least")
        if condition is not None and points is not None:
            rows.append(BonusRow(condition, points, at_least))
    raise_all(problems)
    return Bonus(tuple(rows), where, source)


def _whole(value: Any, low: int, high: int) -> int | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    return value if ok else None
