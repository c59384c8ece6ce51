"""The six-player variant's table (seed 004, « POINTS »): its sixteen rows, in the seed's order, as data.

Each row keeps the seed's French words and what the row does: a *pattern* gives the hand its value,
a *multiplier* doubles or quadruples it, a *kong payment* is paid when a kong is declared, apart
from any hand. `components` are the rows a composite row is made of (« Tout pung pur » is « Tout
pung » in one suit): under either combination rule a composite replaces its components.
Readings of each row: docs/rulesets.md §2.1 (the project's reading of the seed), with the gaps
G1-G14 of §2.2 and their defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


class Row(StrEnum):
    """A row of the seed's table; the value is its id in JSON and in message ids."""

    KONG = "kong"
    CONCEALED_KONG = "concealed-kong"
    PROMOTED_KONG = "promoted-kong"
    DISCARD_KONG = "discard-kong"
    CHOWS = "chows"
    FIRST_DISCARD = "first-discard"
    FOUR_ALIKE = "four-alike"
    FOUR_PAIRS = "four-pairs"
    REPLACEMENT = "replacement"
    PURE = "pure"
    PUNGS_258 = "pungs-258"
    PURE_PUNGS_258 = "pure-pungs-258"
    PURE_TERMINALS = "pure-terminals"
    ALL_PUNGS = "all-pungs"
    TERMINAL_PUNGS = "terminal-pungs"
    PURE_PUNGS = "pure-pungs"


class Kind(StrEnum):
    """What a row does."""

    PATTERN = "pattern"  # the hand's value
    MULTIPLIER = "multiplier"  # multiplies the value, once per occurrence
    KONG_PAYMENT = "kong-payment"  # paid when a kong is declared, not part of a hand's value


class Payer(StrEnum):
    """Who pays a kong payment (seed: « payés par ceux qui n'ont pas mahjong », « payé par le défausseur »)."""

    STILL_IN = "still-in"  # each player who has not won, the declarer apart
    DISCARDER = "discarder"


@dataclass(frozen=True, slots=True)
class RowDef:
    """One row: the seed's words and value, and the reading the engine applies (rulesets.md §2.1)."""

    row: Row
    seed: str  # the row's words in the seed, as written
    seed_value: str  # its value column, as written
    kind: Kind
    value: int  # a pattern's points, a multiplier's factor, a kong payment's amount
    components: frozenset[Row] = frozenset()
    payer: Payer | None = None


def _row(row: Row, seed: str, seed_value: str, kind: Kind, value: int, *components: Row) -> RowDef:
    return RowDef(row, seed, seed_value, kind, value, frozenset(components))


def _kong(row: Row, seed: str, seed_value: str, value: int, payer: Payer) -> RowDef:
    return RowDef(row, seed, seed_value, Kind.KONG_PAYMENT, value, payer=payer)


_P, _M = Kind.PATTERN, Kind.MULTIPLIER
TABLE: Mapping[Row, RowDef] = MappingProxyType(
    {
        d.row: d
        for d in (
            _row(Row.KONG, "1 kong", "Points x 2", _M, 2),
            _kong(
                Row.CONCEALED_KONG,
                "1 kong caché (poser et exposer 1 tuile sur les 4)",
                "2 (payés par ceux qui n'ont pas mahjong)",
                2,
                Payer.STILL_IN,
            ),
            _kong(Row.PROMOTED_KONG, "1 kong exposé", "1 (payé par ceux qui n'ont pas mahjong)", 1, Payer.STILL_IN),
            _kong(Row.DISCARD_KONG, "1 kong sur une défausse", "2 (payé par le défausseeur)", 2, Payer.DISCARDER),
            _row(Row.CHOWS, "1 ou 2 chows", "1", _P, 1),
            _row(Row.FIRST_DISCARD, "1ère tuile jetée réclamée", "Points x 4 pour le preneur", _M, 4),
            _row(Row.FOUR_ALIKE, "4 identiques", "Points x 2", _M, 2),
            _row(Row.FOUR_PAIRS, "4 paires", "4", _P, 4),
            _row(Row.REPLACEMENT, "Finir sur 1 kong", "Points x 2", _M, 2),
            _row(Row.PURE, "Main pure", "4", _P, 4),
            _row(Row.PUNGS_258, "Pungs de 2, 5 et 8", "8", _P, 8, Row.ALL_PUNGS),
            _row(
                Row.PURE_PUNGS_258,
                "Pungs purs de 2, 5 et 8",
                "64",
                _P,
                64,
                Row.PUNGS_258,
                Row.PURE_PUNGS,
                Row.ALL_PUNGS,
                Row.PURE,
            ),
            _row(Row.PURE_TERMINALS, "Tout extrémité pur", "32", _P, 32, Row.PURE),
            _row(Row.ALL_PUNGS, "Tout pung", "2", _P, 2),
            _row(Row.TERMINAL_PUNGS, "Tout pung extrémités", "16", _P, 16, Row.ALL_PUNGS),
            _row(Row.PURE_PUNGS, "Tout pung pur", "8", _P, 8, Row.ALL_PUNGS, Row.PURE),
        )
    }
)
"""The seed's table, row by row in its order (004, « POINTS »)."""

PATTERNS = tuple(r for r, d in TABLE.items() if d.kind is Kind.PATTERN)
MULTIPLIERS = tuple(r for r, d in TABLE.items() if d.kind is Kind.MULTIPLIER)
KONG_PAYMENTS = tuple(r for r, d in TABLE.items() if d.kind is Kind.KONG_PAYMENT)
