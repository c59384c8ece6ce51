"""Claims: what was recorded at the table (a total, fan ids), read and checked against the score.

One reader of claims and one check, for every front end: `batch` reads a record's claimed total
and fans (`claim_from_text`, `claim_from_json`) and writes the check as its record's `claim`
object (`Claim.check`); `explain --claim/--claim-fans` and the service read them with
`claim_from_text` and check them with `check` (`systems.mcr.pages.referee.check_claim` adds why each extra
fan is not counted).

A claim is bounded by what one hand can hold: each fan at most `most(fan)` times, the total at
most `MAX_TOTAL`. So `69x0`, `,,,` and `28x99999999999999999999` are named errors, never an empty
claim, a list of a billion ids or Python's own `ValueError`/`MemoryError`, whatever the length of
the text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mcr_score.decoding import ascii_int, shown, too_long
from mcr_score.errors import BadFieldError
from mcr_score.hand import FOUR_SETS
from mcr_score.messages import msg
from mcr_score.notation.record import json_type
from mcr_score.systems.mcr import _claims_fast
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.systems.mcr.limits import MAX_POINTS
from mcr_score.systems.mcr.scoring import Score

SETS = FOUR_SETS.sets
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


_MOST_OF: dict[int, int] = {int(fan): most(fan) for fan in FANS}
"""Every fan's id and `most` of it, for `_claims_fast.claimed_ids`."""

MAX_TOTAL = MAX_POINTS
"""The most a hand can total, flowers included (`limits`): a claimed total above it is a typing error."""

# The claim text syntax, written once: fan ids separated by spaces, commas or semicolons, each `69`
# or `69x2` (`*`, `×` too). `CLAIM_TEXT` is a whole field of such items, which batch reads as a
# claim (not a hand) where a hand was expected.
_SEPARATORS = r"\s,;"
_TIMES = "x*×"
_ITEM = re.compile(rf"[^{_SEPARATORS}]+")
_FAN_ITEM = re.compile(rf"([^{_TIMES}]+)(?:[{_TIMES}]([^{_TIMES}]+))?")
CLAIM_TEXT = re.compile(rf"\d+(?:[{_TIMES}]\d+)?(?:[{_SEPARATORS}]+\d+(?:[{_TIMES}]\d+)?)*")
_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: not ٣, ２, ²


@dataclass(frozen=True, slots=True)
class Claim:
    """What was recorded at the table: a total and/or the fans (ids, a repeated id counts twice)."""

    total: int | None = None
    fans: tuple[int, ...] | None = None

    def check(self, result: Score) -> dict[str, Any]:
        """A batch record's `claim` object: the claim `check`ed against `result` (`check(...).to_dict()`,
        written at once by `_claims_fast.checked`)."""
        return _claims_fast.checked(self.total, self.fans, result.total, result.fan_counts() if result.winning else {})


@dataclass(frozen=True, slots=True)
class Checked:
    """A claim against the score: the total computed, and, when fans were claimed, the fans counted
    but not claimed (`missing`) and claimed but not counted (`extra`), with repeats, in id order."""

    claim: Claim
    computed: int
    missing: tuple[int, ...] | None = None
    extra: tuple[int, ...] | None = None

    @property
    def matches(self) -> bool:
        """The claimed total (if any) is the total computed, and the claimed fans (if any) are the fans counted."""
        total = self.claim.total
        return (total is None or total == self.computed) and not self.missing and not self.extra

    def to_dict(self) -> dict[str, Any]:
        """The `claim` object of a batch record."""
        fans = self.claim.fans
        return {
            "matches": self.matches,
            "claimed_total": self.claim.total,
            "claimed_fans": list(fans) if fans is not None else None,
            "missing": list(self.missing) if self.missing is not None else None,
            "extra": list(self.extra) if self.extra is not None else None,
        }


def check(claim: Claim, total: int, counted: Mapping[int, int]) -> Checked:
    """The one claim check: `claim` against a hand's `total` and its `counted` fans (fan id -> count;
    none for a hand that does not win)."""
    if claim.fans is None:
        return Checked(claim, total)
    ours = Counter(counted)
    claimed = Counter(claim.fans)
    return Checked(claim, total, tuple(sorted((ours - claimed).elements())), tuple(sorted((claimed - ours).elements())))


def claim_from_json(total: object, fans: object) -> Claim | None:
    """The claim of a JSON record's `claimed_total` and `claimed_fans` (None: the record has none):
    a JSON number and a JSON list of numbers, not text (`"25"`, `"28 62"`), as JSON writes numbers."""
    if total is None and fans is None:
        return None
    if isinstance(total, str):
        raise BadFieldError(msg("error.claimed.total", value=shown(total)), where="claimed_total")
    if isinstance(fans, str):
        raise BadFieldError(msg("error.claimed.fans-list", type=json_type(fans)), where="claimed_fans")
    ids = _claims_fast.claimed_ids(fans, _MOST_OF) if type(fans) is list else None  # None: read by `_claimed_fans`
    return Claim(
        _claimed_total(total, "claimed_total") if total is not None else None,
        ids if ids is not None else _claimed_fans(fans, "claimed_fans") if fans is not None else None,
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
