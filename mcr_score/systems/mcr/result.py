"""The result of scoring a hand: plain values that the pages (text, JSON, HTML) read.

`Score` is what `mcr_score.score` returns; `Reading` is one arrangement scored (the chosen one and
the alternatives); `Group` a group of tiles of an arrangement; `FanCount` and `NotCounted` a fan
counted, or found and not counted, with the sets it used. The compiled build compiles them too
(issue 30: left interpreted, building them was about half of building the result): each writes its
`__init__` out and pickles through `values.reduce`, so they pickle, compare and print the same in
both builds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol

from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.tiles import TILES, Tile
from mcr_score.values import reduce
from mcr_score.vocabulary import Form, Kind, Reason, Rule, Wait

if TYPE_CHECKING:
    from mcr_score.engine.arrangements import Arrangement

__all__ = [
    "SCORE_FIELDS",
    "SCORE_FIELD_NAMES",
    "FanCount",
    "Form",
    "Group",
    "Kind",
    "NotCounted",
    "Reading",
    "Reason",
    "Rule",
    "Score",
    "ScoreField",
    "Tiles",
    "Wait",
    "result_groups",
]

Tiles = tuple[Tile, ...]


def _codes(tiles: Tiles) -> list[str]:
    return [t.code for t in tiles]


# A fan's English name indexed by the fan itself (an `IntEnum` numbered from 1), for `to_dict`, which
# reads it for every fan of every record of a batch: one lookup instead of the `name` property's.
_NAMES: Final[tuple[str, ...]] = tuple(FANS[Fan(i)].name if i else "" for i in range(max(Fan) + 1))


@dataclass(frozen=True, slots=True, init=False)
class Group:
    """One group of tiles of an arrangement: a set, a pair, or the knitted or single tiles."""

    kind: Kind  # chow, pung, kong, pair, knitted, single
    tiles: Tiles
    concealed: bool
    declared: bool = False

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(self, kind: Kind, tiles: Tiles, concealed: bool, declared: bool = False) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "declared", declared)

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce(self)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "tiles": _codes(self.tiles),
            "concealed": self.concealed,
            "declared": self.declared,
        }


def result_groups(arr: Arrangement) -> tuple[Group, ...]:
    """The arrangement's groups as the result shows them (`engine.groups.groups_of`: their order and
    kinds), their tiles as `Tile` values: what every system's result lists as its arrangement."""
    from mcr_score.engine.groups import groups_of  # on first use: `score()` reads its own memos of it

    return tuple(Group(g.kind, tuple(TILES[i] for i in g.tiles), g.concealed, g.declared) for g in groups_of(arr))


class _HasFan(Protocol):
    @property
    def fan(self) -> Fan: ...


class _Named:
    """The number and English name of a result's `fan`, and its pickling. The field is the subclass's
    own, not declared here: compiled, a base's field would be a descriptor the dataclass takes for
    the subclass field's default."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce(self)

    @property
    def id(self: _HasFan) -> int:
        return int(self.fan)

    @property
    def name(self: _HasFan) -> str:
        return _NAMES[self.fan]


@dataclass(frozen=True, slots=True, init=False)
class FanCount(_Named):
    """A counted fan: points for one instance, how many times, and the sets it used (one entry per set)."""

    fan: Fan
    points: int
    count: int
    sets: tuple[Tiles, ...] = ()

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(self, fan: Fan, points: int, count: int, sets: tuple[Tiles, ...] = ()) -> None:
        object.__setattr__(self, "fan", fan)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "sets", sets)

    def to_dict(self) -> dict[str, Any]:
        fan = self.fan
        return {
            "id": int(fan),
            "name": _NAMES[fan],
            "points": self.points,
            "count": self.count,
            "sets": [_codes(s) for s in self.sets],
        }


@dataclass(frozen=True, slots=True, init=False)
class NotCounted(_Named):
    """A fan found but not counted: the rule that removed it (`exclusions.RULES`) and the fan responsible."""

    fan: Fan
    rule: Rule
    by: Fan | None
    sets: tuple[Tiles, ...] = ()
    by_sets: tuple[Tiles, ...] = ()

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(
        self, fan: Fan, rule: Rule, by: Fan | None, sets: tuple[Tiles, ...] = (), by_sets: tuple[Tiles, ...] = ()
    ) -> None:
        object.__setattr__(self, "fan", fan)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "by", by)
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "by_sets", by_sets)

    def to_dict(self) -> dict[str, Any]:
        fan, by = self.fan, self.by
        return {
            "id": int(fan),
            "name": _NAMES[fan],
            "rule": self.rule,
            "by": int(by) if by is not None else None,
            "sets": [_codes(s) for s in self.sets],
            "by_sets": [_codes(s) for s in self.by_sets],
        }


@dataclass(frozen=True, slots=True, init=False)
class Reading:
    """One arrangement scored: its groups, counted and removed fans, points without flowers, and
    where the winning tile sits (`win_set` indexes `groups`)."""

    form: Form
    groups: tuple[Group, ...]
    fans: tuple[FanCount, ...]
    not_counted: tuple[NotCounted, ...]
    points: int
    win_set: int | None = None
    wait: Wait | None = None

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(
        self,
        form: Form,
        groups: tuple[Group, ...],
        fans: tuple[FanCount, ...],
        not_counted: tuple[NotCounted, ...],
        points: int,
        win_set: int | None = None,
        wait: Wait | None = None,
    ) -> None:
        object.__setattr__(self, "form", form)
        object.__setattr__(self, "groups", groups)
        object.__setattr__(self, "fans", fans)
        object.__setattr__(self, "not_counted", not_counted)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "win_set", win_set)
        object.__setattr__(self, "wait", wait)

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce(self)

    def to_dict(self) -> dict[str, Any]:
        return {"form": self.form, "sets": [_codes(g.tiles) for g in self.groups], "points": self.points}


@dataclass(frozen=True, kw_only=True, init=False)
class Score:
    """The result for one hand under one rule profile, built with keywords (`scoring` builds it)."""

    rules: str
    winning: bool
    reason: Reason | None = None
    total: int = 0
    points: int = 0
    flower_points: int = 0
    minimum: int  # the least points (flowers kept out) a valid Hu scores: `Profile.minimum`
    meets_minimum: bool = False
    form: Form | None = None  # None for a hand that does not win
    fans: tuple[FanCount, ...] = ()
    not_counted: tuple[NotCounted, ...] = ()
    arrangement: tuple[Group, ...] = ()
    win_tile: Tile | None = None
    win_set: int | None = None  # index in `arrangement` of the group the winning tile completed
    wait: Wait | None = None
    alternatives: tuple[Reading, ...] = field(default=(), repr=False)

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(
        self,
        *,
        rules: str,
        winning: bool,
        reason: Reason | None = None,
        total: int = 0,
        points: int = 0,
        flower_points: int = 0,
        minimum: int,
        meets_minimum: bool = False,
        form: Form | None = None,
        fans: tuple[FanCount, ...] = (),
        not_counted: tuple[NotCounted, ...] = (),
        arrangement: tuple[Group, ...] = (),
        win_tile: Tile | None = None,
        win_set: int | None = None,
        wait: Wait | None = None,
        alternatives: tuple[Reading, ...] = (),
    ) -> None:
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "winning", winning)
        object.__setattr__(self, "reason", reason)
        object.__setattr__(self, "total", total)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "flower_points", flower_points)
        object.__setattr__(self, "minimum", minimum)
        object.__setattr__(self, "meets_minimum", meets_minimum)
        object.__setattr__(self, "form", form)
        object.__setattr__(self, "fans", fans)
        object.__setattr__(self, "not_counted", not_counted)
        object.__setattr__(self, "arrangement", arrangement)
        object.__setattr__(self, "win_tile", win_tile)
        object.__setattr__(self, "win_set", win_set)
        object.__setattr__(self, "wait", wait)
        object.__setattr__(self, "alternatives", alternatives)

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce(self)

    def fan_counts(self) -> dict[int, int]:
        return {f.id: f.count for f in self.fans}

    @property
    def valid(self) -> bool:
        """A valid Hu: a winning hand of at least the minimum without flowers (`score --check`)."""
        return self.winning and self.meets_minimum

    @property
    def short_by(self) -> int | None:
        """The points (flowers kept out) a winning hand lacks to reach the minimum: 0 when it does;
        None for a hand that does not win. Every page that says how far short a hand is reads it."""
        return max(0, self.minimum - self.points) if self.winning else None

    @property
    def win_group(self) -> Group | None:
        return self.arrangement[self.win_set] if self.win_set is not None else None

    def to_dict(self) -> dict[str, Any]:
        """`score --json`: `"ok": true`, then each of `SCORE_FIELDS` in order."""
        out: dict[str, Any] = {"ok": True}
        for name, read in SCORE_FIELDS:
            out[name] = read(self)
        return out


def _win_set(s: Score) -> list[str] | None:
    group = s.win_group
    return _codes(group.tiles) if group else None


ScoreField = tuple[str, Callable[[Score], object]]

SCORE_FIELDS: Final[tuple[ScoreField, ...]] = (
    ("rules", lambda s: s.rules),
    ("winning", lambda s: s.winning),
    ("reason", lambda s: s.reason),
    ("total", lambda s: s.total),
    ("points", lambda s: s.points),
    ("flower_points", lambda s: s.flower_points),
    ("meets_minimum", lambda s: s.meets_minimum),
    ("minimum", lambda s: s.minimum),
    ("short_by", lambda s: s.short_by),
    ("form", lambda s: s.form),
    ("win_tile", lambda s: s.win_tile.code if s.win_tile else None),
    ("win_set", _win_set),
    ("wait", lambda s: s.wait),
    ("fans", lambda s: [f.to_dict() for f in s.fans]),
    ("not_counted", lambda s: [n.to_dict() for n in s.not_counted]),
    ("arrangement", lambda s: [g.to_dict() for g in s.arrangement]),
    ("alternatives", lambda s: [r.to_dict() for r in s.alternatives]),
)
"""The score's JSON fields after `"ok"`, in the order `score --json` writes them, each with how it is
read from a `Score`: written here once. `Score.to_dict` is made of them; the batch's line writer
(`batch/output.Scored.jsonl`) writes them in this order (its own fast writer for a field it knows,
this reader's JSON for any other), the service's schema (`web/schemas.ScoreBody`) lists the same
names (a test holds it), and the referee's verdict takes its fields from here by name."""
SCORE_FIELD_NAMES: Final[tuple[str, ...]] = tuple(name for name, _ in SCORE_FIELDS)
