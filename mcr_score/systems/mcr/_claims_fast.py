"""The fast path of `claims` for a batch record's claim (`batch --from`: a record's own fans, a list of
ids): the ids counted on dicts of ints, the check written as its `claim` object at once, without the
`Counter`s, the `Fan` made of each id (an enum's call, interpreted) and the `Checked` in between
(some 10% of a Botzone hand's CPU in a compiled worker, callgrind).

`claimed_ids` reads only a list `claims._claimed_fans` reads without a word to say (every item an int
that is a fan's id, none more often than a hand counts it); any other list is None, and
`_claimed_fans` reads it and names its problem. `checked` is `claims.check(...).to_dict()`
(tests/systems/mcr/test_claims_fast.py).
"""

from __future__ import annotations

from typing import Any


def claimed_ids(values: list[object], most: dict[int, int]) -> tuple[int, ...] | None:
    """The ids of a JSON list of claimed fans, as `claims._claimed_fans` reads them, or None where it
    has something to say. `most`: every fan's id and how often one hand can count it (`claims.most`)."""
    counts: dict[int, int] = {}
    out: list[int] = []
    for value in values:
        if type(value) is not int:
            return None
        fan: int = value
        bound = most.get(fan, 0)  # 0: no fan's id
        n = counts.get(fan, 0) + 1
        if n > bound:
            return None
        counts[fan] = n
        out.append(fan)
    return tuple(out) if out else None


def checked(total: int | None, fans: tuple[int, ...] | None, computed: int, counted: dict[int, int]) -> dict[str, Any]:
    """The `claim` object of a claim of `total` and `fans` checked against a hand's `computed` total
    and `counted` fans: `claims.check(Claim(total, fans), computed, counted).to_dict()`."""
    if fans is None:
        missing: list[int] | None = None
        extra: list[int] | None = None
        matches = total is None or total == computed
    else:
        claimed: dict[int, int] = {}
        for fan in fans:
            claimed[fan] = claimed.get(fan, 0) + 1
        missing, extra = [], []
        for fan, n in counted.items():  # `Counter` subtraction: what is left above 0, a count below 0 negated
            c = claimed.get(fan, 0)
            if n > c:
                missing.extend([fan] * (n - c))
            elif n < 0 and fan not in claimed:
                extra.extend([fan] * -n)
        for fan, c in claimed.items():
            n = counted.get(fan, 0)
            if c > n:
                extra.extend([fan] * (c - n))
        missing.sort()
        extra.sort()
        matches = (total is None or total == computed) and not missing and not extra
    return {
        "matches": matches,
        "claimed_total": total,
        "claimed_fans": list(fans) if fans is not None else None,
        "missing": missing,
        "extra": extra,
    }
