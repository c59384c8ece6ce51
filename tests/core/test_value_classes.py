"""The value classes write their `__init__` out (issue 30: mypyc compiles a written `__init__`, while a
dataclass's generated one runs interpreted and sets each field of a frozen class through
`object.__setattr__`, the costliest part of building a result). Each written `__init__` must be
the one the dataclass would generate: the same parameters in the field order, the same defaults
and keyword-only marks, every field set, and a frozen instance still frozen. The values a caller
builds (tiles, hands) write theirs out too, checking each part before setting it; they compare, hash
and pickle as the dataclass's would."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from typing import Any

import pytest

from mcr_score import score
from mcr_score.engine.arrangements import Arrangement, arrange, counts_of, meld_set
from mcr_score.engine.waits import Placement, placements
from mcr_score.hand import FOUR_SETS, Hand, Meld, Shape, Situation
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.exclusions import Removed, apply
from mcr_score.systems.mcr.fans.detectors import DETECTORS
from mcr_score.systems.mcr.fans.facts import Facts, build_facts
from mcr_score.systems.mcr.result import FanCount, Group, NotCounted, Reading, Score
from mcr_score.tiles import NAMES, Tile
from tests.support.strategies import generate

VALUES = (
    *(Group, FanCount, NotCounted, Reading, Score),
    *(Arrangement, Placement, Facts, Removed),
    *(Tile, Meld, Situation, Hand, Shape),
)


def _examples() -> dict[type, Any]:
    """One instance of each class, taken from scoring real hands (a field of each kind set)."""
    found: dict[type, Any] = {Shape: FOUR_SETS}
    profile = profiles.get("china")
    for hand in generate(300, 4):
        if hand.winning is None:
            continue
        found.setdefault(Hand, hand)
        found.setdefault(Situation, hand.situation)
        found.setdefault(Tile, hand.winning)
        for meld in hand.melds:
            if meld.kind != "kong":  # a kong needs its claim or concealed mark: no example for the defaults
                found.setdefault(Meld, meld)
        result = score(hand, "china")
        for name in ("fans", "not_counted", "arrangement", "alternatives"):
            for value in getattr(result, name):
                found.setdefault(type(value), value)
        if result.winning and result.alternatives:
            found.setdefault(Score, result)
        counts = tuple(counts_of(hand.concealed_tiles()))
        for arr in arrange(counts, tuple(meld_set(m) for m in hand.melds)):
            found.setdefault(Arrangement, arr)
            places = placements(arr, hand.winning.index)
            for place in places:
                found.setdefault(Placement, place)
            facts = build_facts(arr, places, counts, hand.winning.index, hand.situation, False, 0, profile.flags)
            found.setdefault(Facts, facts)
            hits = {fan: h for fan, detect in DETECTORS.items() if fan in profile.points and (h := detect(facts))}
            for removed in apply(hits, profile)[1]:
                found.setdefault(Removed, removed)
    return found


EXAMPLES = _examples()


def test_every_class_has_an_example() -> None:
    assert set(EXAMPLES) == set(VALUES)


@pytest.mark.parametrize("cls", VALUES, ids=lambda c: c.__name__)
def test_the_written_init_is_the_dataclass_one(cls: type) -> None:
    fields = dataclasses.fields(cls)
    example = EXAMPLES[cls]
    values = {f.name: getattr(example, f.name) for f in fields}
    # Every field set, by keyword and (where the dataclass allows it) by position.
    assert cls(**values) == example
    if not any(f.kw_only for f in fields):
        assert cls(*values.values()) == example
    # The defaults, with only the fields without one given.
    required = {f.name: values[f.name] for f in fields if f.default is f.default_factory is dataclasses.MISSING}
    bare = cls(**required)
    for f in fields:
        if f.default is not dataclasses.MISSING:
            assert getattr(bare, f.name) == f.default, f.name
        elif f.default_factory is not dataclasses.MISSING:
            assert getattr(bare, f.name) == f.default_factory(), f.name
    if cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        with pytest.raises(AttributeError):
            setattr(example, fields[0].name, values[fields[0].name])
    assert dataclasses.replace(example) == example


@pytest.mark.parametrize("cls", VALUES, ids=lambda c: c.__name__)
def test_the_written_init_has_the_fields_parameters(cls: type) -> None:
    """Names, order, defaults and keyword-only marks, read off the signature where the build gives one."""
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params):  # compiled: `(*args, **kwargs)`
        pytest.skip("no signature to read in this build (the behaviour is checked above)")
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        default = f.default if f.default_factory is dataclasses.MISSING else f.default_factory()
        assert (p.default is inspect.Parameter.empty) == (default is dataclasses.MISSING), f.name
        if default is not dataclasses.MISSING:
            assert p.default == default, f.name
        assert (p.kind is inspect.Parameter.KEYWORD_ONLY) == f.kw_only, f.name


@pytest.mark.parametrize("cls", [Tile, Meld, Situation, Hand, Shape], ids=lambda c: c.__name__)
def test_a_caller_value_compares_hashes_and_pickles_as_the_dataclass_one(cls: type) -> None:
    """Equal to a copy and to its unpickled self, with the hash of its fields' tuple (a dataclass's),
    and unequal to another class's value with the same fields."""
    example = EXAMPLES[cls]
    values = tuple(getattr(example, f.name) for f in dataclasses.fields(cls))
    copy = cls(*values)
    assert copy == example
    assert hash(copy) == hash(example) == hash(values)
    assert pickle.loads(pickle.dumps(example)) == example
    assert (example == values) is False
    assert (example != values) is True


def test_tiles_compare_as_their_codes_and_order_by_index() -> None:
    tiles = [Tile(n) for n in NAMES]
    assert len(set(tiles)) == len(NAMES)
    assert [t == Tile(t.code) for t in tiles] == [True] * len(NAMES)
    assert sorted(tiles[17:] + tiles[:17]) == tiles
    assert Tile("1m") != Tile("2m")
    assert Tile("1m") != "1m"
