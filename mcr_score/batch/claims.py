"""Claims: what was recorded at the table (a total, fan ids), read from a record and checked
against the score."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..fans.table import FANS
from ..messages import msg
from ..records import BadFieldError, json_type
from ..scoring import Score

_FAN_ITEM = re.compile(r"([0-9]+)(?:\s*[x*×]\s*([0-9]+))?$")  # ASCII digits only: not ٣, ２, ²


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
    """The claim of a JSON record's `claimed_total` and `claimed_fans` (None: the record has none)."""
    if total is None and fans is None:
        return None
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
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():  # not "٣", "２２", "²"
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadFieldError(msg("error.claimed.total", value=repr(value)), where=where)
    return value


def _fan_id(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in FANS:
        raise BadFieldError(msg("error.claimed.fan-id", value=repr(value), last=max(FANS)), where=where)
    return value


def _claimed_fans(value: object, where: str) -> tuple[int, ...]:
    """A JSON list of ids, or text: ids separated by spaces, commas or semicolons, `69x2` for two."""
    if isinstance(value, list):
        return tuple(_fan_id(v, f"{where}[{i}]") for i, v in enumerate(value))
    if not isinstance(value, str):
        raise BadFieldError(msg("error.claimed.fans-list", type=json_type(value)), where=where)
    out: list[int] = []
    for i, item in enumerate(t for t in re.split(r"[\s,;]+", value.strip()) if t):
        m = _FAN_ITEM.match(item)
        if not m:
            raise BadFieldError(msg("error.claimed.fan-item", item=repr(item)), where=f"{where}[{i}]")
        out.extend([_fan_id(int(m[1]), f"{where}[{i}]")] * int(m[2] or 1))
    return tuple(out)
