"""Claims: what was recorded at the table (a total, fan ids), read from a record and checked
against the score.

A claim is bounded by what one hand can hold: each fan at most `most(fan)` times, the total at
most `MAX_TOTAL`. So `69x0`, `,,,` and `28x99999999999999999999` are named errors, never an empty
claim, a list of a billion ids or Python's own `ValueError`/`MemoryError`, whatever the length of
the text (the service reads claims with `claim_from_text` too).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..decoding import ascii_int, shown, too_long
from ..fans.ids import Fan
from ..fans.table import FANS
from ..limits import MAX_POINTS
from ..messages import msg
from ..records import BadFieldError, json_type
from ..scoring import Score

SETS = 4
"""The sets of a winning hand (four sets and a pair): no fan counted per set counts more often."""

_MOST = {
    Fan.DRAGON_PUNG: 3,  # one per dragon pung: there are three dragons (C, F, P)
    Fan.TILE_HOG: 3,  # four copies of a kind outside a kong, per kind: 14 tiles hold three such kinds
    Fan.PUNG_OF_TERMINALS_OR_HONORS: SETS,  # one per pung or kong
    Fan.FLOWER_TILES: 8,  # one per flower tile: four flowers and four seasons
}


def most(fan: int) -> int:
    """How many times one hand can count `fan`: once for a fan that is not repeatable (its table
    row), `SETS - 1` for a repeatable fan made of two sets (the account-once principle, R98 Art. 10
    p.29, keeps the sets of the counted combinations a forest: four sets hold three such links,
    `exclusions.combine`), else the count of what it is counted for (`_MOST`)."""
    row = FANS[Fan(fan)]
    if not row.repeatable:
        return 1
    if row.combination:
        return SETS - 1
    return _MOST[row.fan]


MAX_TOTAL = MAX_POINTS
"""The most a hand can total, flowers included (`limits`): a claimed total above it is a typing error."""

_ITEM = re.compile(r"[^\s,;]+")  # a claimed fan in text: ids are separated by spaces, commas or semicolons
_FAN_ITEM = re.compile(r"([^x*×]+)(?:[x*×]([^x*×]+))?")  # `69` or `69x2` (`*`, `×` too)
_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: not ٣, ２, ²


@dataclass(frozen=True, slots=True)
class Claim:
    """What was recorded at the table: a total and/or the fans (ids, a repeated id counts twice)."""

    total: int | None = None
    fans: tuple[int, ...] | None = None

    def check(self, result: Score) -> dict[str, Any]:
        """The output's `claim` object: whether the claim matches, and the fans missing or extra."""
        out: dict[str, Any] = {
            "matches": True,
            "claimed_total": self.total,
            "claimed_fans": list(self.fans) if self.fans is not None else None,
            "missing": None,
            "extra": None,
        }
        if self.total is not None and self.total != result.total:
            out["matches"] = False
        if self.fans is not None:
            ours = Counter(result.fan_counts()) if result.winning else Counter()
            claimed = Counter(self.fans)
            out["missing"] = sorted((ours - claimed).elements())
            out["extra"] = sorted((claimed - ours).elements())
            if out["missing"] or out["extra"]:
                out["matches"] = False
        return out


def claim_from_json(total: object, fans: object) -> Claim | None:
    """The claim of a JSON record's `claimed_total` and `claimed_fans` (None: the record has none):
    a JSON number and a JSON list of numbers, not text (`"25"`, `"28 62"`), as JSON writes numbers."""
    if total is None and fans is None:
        return None
    if isinstance(total, str):
        raise BadFieldError(msg("error.claimed.total", value=shown(total)), where="claimed_total")
    if isinstance(fans, str):
        raise BadFieldError(msg("error.claimed.fans-list", type=json_type(fans)), where="claimed_fans")
    return Claim(
        _claimed_total(total, "claimed_total") if total is not None else None,
        _claimed_fans(fans, "claimed_fans") if fans is not None else None,
    )


def claim_from_text(total: str | None, fans: str | None) -> Claim | None:
    """The claim of the text or CSV fields (blank fields: no claim)."""
    total = (total or "").strip()
    fans = (fans or "").strip()
    if not total and not fans:
        return None
    return Claim(
        _claimed_total(total, "claimed_total") if total else None, _claimed_fans(fans, "claimed_fans") if fans else None
    )


def _claimed_total(value: object, where: str) -> int:
    if isinstance(value, str):
        if too_long(value) and not value.strip().startswith("-"):
            raise BadFieldError(msg("error.claimed.total-large", most=MAX_TOTAL), where=where)
        number = ascii_int(value)  # ASCII digits only: not "٣", "２２", "²", "+8", "1_0"
        value = value if number is None else number
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadFieldError(msg("error.claimed.total", value=shown(value)), where=where)
    if value > MAX_TOTAL:
        raise BadFieldError(msg("error.claimed.total-large", most=MAX_TOTAL), where=where)
    return value


def _fan_id(value: object, where: str) -> Fan:
    if isinstance(value, bool) or not isinstance(value, int) or value not in FANS:
        raise BadFieldError(msg("error.claimed.fan-id", value=shown(value), last=max(FANS)), where=where)
    return Fan(value)


def _claimed_fans(value: object, where: str) -> tuple[int, ...]:
    """A JSON list of ids, or text: ids separated by spaces, commas or semicolons, `69x2` for two.
    Read one item at a time, each count checked before it is added: the claim never holds more
    ids than a hand can, whatever the text."""
    counts: Counter[Fan] = Counter()
    out: list[int] = []

    def add(fan: Fan, count: int, at: str) -> None:
        if counts[fan] + count > most(fan):
            raise BadFieldError(
                msg("error.claimed.fan-count", fan=int(fan), count=counts[fan] + count, most=most(fan)), where=at
            )
        counts[fan] += count
        out.extend([int(fan)] * count)

    if isinstance(value, list):
        for i, v in enumerate(value):
            add(_fan_id(v, f"{where}[{i}]"), 1, f"{where}[{i}]")
    elif isinstance(value, str):
        for i, item in enumerate(m[0] for m in _ITEM.finditer(value)):
            at = f"{where}[{i}]"
            parts = _FAN_ITEM.fullmatch(item)
            fan = _number(parts[1], item, at) if parts else None
            count = _number(parts[2], item, at) if parts and parts[2] is not None else 1
            if fan is None or count is None:
                raise BadFieldError(msg("error.claimed.fan-item", item=_quoted(item)), where=at)
            if count < 1:
                raise BadFieldError(msg("error.claimed.fan-count-zero", item=_quoted(item)), where=at)
            add(_fan_id(fan, at), count, at)
    else:
        raise BadFieldError(msg("error.claimed.fans-list", type=json_type(value)), where=where)
    if not out:
        raise BadFieldError(msg("error.claimed.no-fans"), where=where)
    return tuple(out)


def _number(text: str, item: str, where: str) -> int | None:
    """A fan id or a count written in ASCII digits (None: not one); one too long for any is an error."""
    if not _DIGITS.fullmatch(text):
        return None
    number = ascii_int(text)
    if number is None:
        raise BadFieldError(msg("error.claimed.fan-item-large", item=_quoted(item)), where=where)
    return number


def _quoted(item: str) -> str:
    """An item of the text quoted in a message, at most 20 characters of it."""
    return repr(item if len(item) <= 20 else item[:19] + "…")
