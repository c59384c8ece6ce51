"""The data model: declared melds, standing tiles, the winning tile and the situation.

Values are frozen and their `repr` rebuilds them. `check_hand` lists every way a hand or its
situation is impossible; it knows nothing about text, so each problem names its place with a
reference that the caller turns into a column (notation) or a field name (JSON).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

from mcr_score import errors, vocabulary
from mcr_score._hand_fast import surely_valid
from mcr_score.messages import Message, count, msg
from mcr_score.tiles import COPIES, FLOWER_LETTERS, INDEX, TILES, WINDS, Tile, starts_chow
from mcr_score.tiles import MAX_FLOWERS as MAX_FLOWERS  # where the other modules read it (R98 #81)
from mcr_score.values import reduce

MELD_KINDS: tuple[str, ...] = tuple(str(k) for k in vocabulary.MELD_KINDS)
"""The kinds a declared meld can be: `vocabulary.MELD_KINDS`, the one spelling, as plain texts (what
`Meld.kind` holds, compared on every meld checked)."""
# Meld digits, as in the notation: a chow names the claimed tile (1-3, lowest first); a pung
# or an exposed kong the player it came from (1 left, 2 opposite, 3 right); 5-7 mark a kong
# promoted from a pung claimed from player 1-3. A concealed kong has none.
PROMOTED = 4
"""A promoted kong's claim digit is its pung's plus this one number (5-7: the pung came from 1-3)."""
FROM = {1: "left", 2: "opposite", 3: "right"}
"""The player a pung's or a kong's claim digit names, seen from the player who claimed."""
CLAIMS = {"chow": (1, 2, 3), "pung": tuple(FROM), "kong": (*FROM, *(c + PROMOTED for c in FROM))}


def promoted_claim(claim: int) -> int:
    """The claim digit of the kong made by adding a tile to a pung claimed with digit `claim`."""
    return claim + PROMOTED


@dataclass(frozen=True, slots=True, init=False)
class Shape:
    """How many sets a winning hand holds besides its pair: four in MCR (14 tiles), two in the
    six-player variant (8). A rule system's hand size is this one number; every count follows."""

    sets: int

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(self, sets: int) -> None:
        object.__setattr__(self, "sets", sets)

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce(self)

    def tiles(self, melds: int) -> int:
        """The concealed tiles of a winning hand with `melds` declared melds, the winning tile included."""
        return 3 * (self.sets - melds) + 2

    def waiting(self, melds: int) -> int:
        """The concealed tiles of a waiting hand with `melds` declared melds: a winning tile short."""
        return self.tiles(melds) - 1

    def size(self, concealed: int, melds: int) -> int:
        """A hand's size as the rules count it: its concealed tiles, and three for each declared meld
        (a kong's fourth tile is its replacement's), so a winning hand is `tiles(0)`."""
        return concealed + 3 * melds


FOUR_SETS = Shape(4)
"""Four sets and a pair: the hand of MCR (R98 Art. 8) and of the Chinese systems built like it."""


def _check_type(owner: str, name: str, part: object, kind: type) -> None:
    """A `TypeError` naming the field when `part`, the field `name` of an `owner`, is not a `kind`
    (a bool is no int here). Checked in `__init__` before the field is set: compiled, setting it
    first would raise mypyc's own `TypeError`."""
    if type(part) is not kind and not (isinstance(part, kind) and not isinstance(part, bool)):
        raise TypeError(f"{owner}.{name} is a {kind.__name__}, not {type(part).__name__}")


@dataclass(frozen=True, slots=True, init=False)
class Meld:
    """A declared set. Chows and pungs are exposed; a kong is exposed or concealed."""

    kind: str
    tile: Tile  # the lowest tile of a chow, the tile of a pung or kong
    concealed: bool = False
    claim: int | None = None

    # Written out, not generated, with parameters typed `object`: mypyc compiles it, and each part is
    # checked before it is set (tests/core/test_value_classes.py).
    def __init__(self, kind: object, tile: object, concealed: object = False, claim: object = None) -> None:
        if not (  # one expression for the usual case: a batch makes a meld for every declared one read
            type(kind) is str
            and type(tile) is Tile
            and type(concealed) is bool
            and (claim is None or type(claim) is int)
        ):
            _check_type("Meld", "kind", kind, str)
            _check_type("Meld", "tile", tile, Tile)
            _check_type("Meld", "concealed", concealed, bool)
            if claim is not None:
                _check_type("Meld", "claim", claim, int)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tile", tile)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "claim", claim)
        self._check()

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce(self)

    def _check(self) -> None:
        """The values: a kind, a chow's tile, a concealed kong, a claim that fits the kind."""
        if self.kind not in MELD_KINDS:
            raise errors.BadMeldError(msg("error.meld.kind", kind=self.kind))
        if self.kind == "chow" and not starts_chow(INDEX[self.tile.code]):
            raise errors.BadMeldError(msg("error.meld.no-chow", tile=self.tile))
        if self.concealed and self.kind != "kong":
            raise errors.BadMeldError(msg("error.meld.concealed", kind=msg(f"kind.{self.kind}")))
        if self.claim is not None and (self.concealed or self.claim not in CLAIMS[self.kind]):
            raise errors.BadClaimError(
                msg(
                    "error.claim.misfit-concealed" if self.concealed else "error.claim.misfit",
                    claim=self.claim,
                    kind=msg(f"kind.{self.kind}"),
                )
            )
        if self.kind == "kong" and not self.concealed and self.claim is None:
            raise errors.BadClaimError(msg("error.claim.exposed-kong"))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind == "chow":
            i = INDEX[self.tile.code]
            return (self.tile, TILES[i + 1], TILES[i + 2])
        return (self.tile,) * (4 if self.kind == "kong" else 3)

    @property
    def promoted(self) -> bool:
        """A kong made by adding a drawn tile to an exposed pung (加杠)."""
        return self.kind == "kong" and self.claim is not None and self.claim > PROMOTED

    @property
    def claimed_from(self) -> str | None:
        """Who a pung's or an exposed kong's tiles came from (`FROM`: left, opposite, right), a
        promoted kong's pung included; None for a chow (its digit names a tile) or with no digit."""
        if self.claim is None or self.kind == "chow":
            return None
        return FROM[self.claim - PROMOTED if self.promoted else self.claim]


@dataclass(frozen=True, slots=True, init=False)
class Situation:
    """How and when the hand was won, as in the `|EE0000|N` suffix."""

    self_drawn: bool = False
    last_copy: bool = False  # 绝张: the winning tile is the last copy not yet visible
    wall_last: bool = False  # the last tile of the wall (drawn, or the discard after it)
    kong: bool = False  # robbing a kong on a discard; the replacement tile on a self-draw
    seat_wind: str = "E"
    prevalent_wind: str = "E"
    flowers: int = 0
    flower_letters: str = ""  # which flowers (a-h), when they were named rather than counted

    # Written out, not generated, with parameters typed `object`: mypyc compiles it, and each part is
    # checked before it is set (tests/core/test_value_classes.py).
    def __init__(
        self,
        self_drawn: object = False,
        last_copy: object = False,
        wall_last: object = False,
        kong: object = False,
        seat_wind: object = "E",
        prevalent_wind: object = "E",
        flowers: object = 0,
        flower_letters: object = "",
    ) -> None:
        """Each field of its type: `self_drawn="no"`, truthy, would otherwise score as self-drawn.
        Values (a wind X, 9 flowers) are `check_hand`'s, which names and locates each problem."""
        if not (  # one expression for the usual case: a situation is made for every hand read
            type(self_drawn) is bool
            and type(last_copy) is bool
            and type(wall_last) is bool
            and type(kong) is bool
            and type(seat_wind) is str
            and type(prevalent_wind) is str
            and type(flowers) is int
            and type(flower_letters) is str
        ):
            parts = (self_drawn, last_copy, wall_last, kong, seat_wind, prevalent_wind, flowers, flower_letters)
            for (name, kind), part in zip(_SITUATION_TYPES, parts, strict=True):
                _check_type("Situation", name, part, kind)
        # Field by field: compiled, a loop setting attributes by name cost some 8k instructions a hand.
        object.__setattr__(self, "self_drawn", self_drawn)
        object.__setattr__(self, "last_copy", last_copy)
        object.__setattr__(self, "wall_last", wall_last)
        object.__setattr__(self, "kong", kong)
        object.__setattr__(self, "seat_wind", seat_wind)
        object.__setattr__(self, "prevalent_wind", prevalent_wind)
        object.__setattr__(self, "flowers", flowers)
        object.__setattr__(self, "flower_letters", flower_letters)

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce(self)

    @property
    def robbing_kong(self) -> bool:
        return self.kong and not self.self_drawn

    @property
    def replacement(self) -> bool:
        return self.kong and self.self_drawn


_SITUATION_TYPES = (
    ("self_drawn", bool),
    ("last_copy", bool),
    ("wall_last", bool),
    ("kong", bool),
    ("seat_wind", str),
    ("prevalent_wind", str),
    ("flowers", int),
    ("flower_letters", str),
)
_MELD = frozenset({Meld})
_TILE = frozenset({Tile})
_NO_SITUATION = Situation()


def _check_parts(melds: object, standing: object, winning: object, situation: object) -> None:
    """The `TypeError` that names the first part of a `Hand` not of its type."""
    for name, part in (("melds", melds), ("standing", standing)):
        if type(part) is not tuple:
            raise TypeError(f"Hand.{name} is a tuple, not {type(part).__name__}")
    melds, standing = cast(tuple[object, ...], melds), cast(tuple[object, ...], standing)
    if not _MELD.issuperset(map(type, melds)):
        i = next(i for i, m in enumerate(melds) if type(m) is not Meld)
        raise TypeError(f"Hand.melds[{i}] is a Meld, not {type(melds[i]).__name__}")
    if not _TILE.issuperset(map(type, standing)):
        i = next(i for i, t in enumerate(standing) if type(t) is not Tile)
        raise TypeError(f"Hand.standing[{i}] is a Tile, not {type(standing[i]).__name__}")
    if winning is not None:
        _check_type("Hand", "winning", winning, Tile)
    _check_type("Hand", "situation", situation, Situation)


@dataclass(frozen=True, slots=True, init=False)
class Hand:
    """A hand: declared melds, standing tiles (sorted), and the winning tile (None while waiting)."""

    melds: tuple[Meld, ...] = ()
    standing: tuple[Tile, ...] = ()
    winning: Tile | None = None
    situation: Situation = field(default_factory=Situation)

    # Written out, not generated, with parameters typed `object`: mypyc compiles it, and each part is
    # checked before it is set (tests/core/test_value_classes.py). The default situation is one shared
    # value, as good as a new one each time: it is frozen.
    def __init__(
        self, melds: object = (), standing: object = (), winning: object = None, situation: object = _NO_SITUATION
    ) -> None:
        """Parts of their types: tuples of `Meld`s and `Tile`s (a value holds no list), a `Tile` or
        None, a `Situation`; anything else is a `TypeError` naming the part."""
        if not (  # one expression for the usual case: a hand is made for every text read
            type(melds) is tuple
            and type(standing) is tuple
            and _TILE.issuperset(map(type, standing))
            and (not melds or _MELD.issuperset(map(type, melds)))
            and (winning is None or type(winning) is Tile)
            and type(situation) is Situation
        ):
            _check_parts(melds, standing, winning, situation)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "standing", standing)
        object.__setattr__(self, "winning", winning)
        object.__setattr__(self, "situation", situation)

    def __reduce__(self) -> tuple[Any, ...]:
        return reduce(self)

    @property
    def is_waiting(self) -> bool:
        return self.winning is None

    def concealed_tiles(self) -> tuple[Tile, ...]:
        """Standing tiles plus the winning tile."""
        return self.standing + ((self.winning,) if self.winning else ())


# A place in a hand, for error locations: ("meld", i), ("standing", i), ("winning",),
# ("situation", field_name) or ("end",).
Ref = tuple[Any, ...]
Locator = Callable[[Ref], tuple[int | None, str | None]]


def field_locator(ref: Ref) -> tuple[int | None, str | None]:
    """Default locator: names a field (for hands that did not come from text)."""
    if ref[0] in ("meld", "standing"):
        return None, f"{'melds' if ref[0] == 'meld' else 'standing'}[{ref[1]}]"
    if ref[0] == "situation":
        return None, f"situation.{ref[1]}"
    return None, ref[0]


def _tile_refs(hand: Hand) -> Iterator[tuple[Tile, Ref]]:
    for i, meld in enumerate(hand.melds):
        for t in meld.tiles:
            yield t, ("meld", i)
    for i, t in enumerate(hand.standing):
        yield t, ("standing", i)
    if hand.winning is not None:
        yield hand.winning, ("winning",)


def check_hand(
    hand: object,
    locate: Locator = field_locator,
    text: str | None = None,
    *,
    drawn: bool = False,
    shape: object = FOUR_SETS,
) -> list[errors.McrError]:
    """Every problem of the hand and its situation, each located; an empty list means valid.

    `drawn`: the 14th tile is the tile just drawn (`discards`), not a winning tile, so the checks of
    a win on it (robbing the kong of it, its last copy) do not apply; the situation is the one of
    the win to come. Something else than a `Hand` is a `TypeError` (as a part of the wrong type
    is when the value is made: a programming error, not a problem of the hand). The hand and the
    shape are typed `object` so that, compiled, they reach these named errors, not mypyc's own."""
    if not isinstance(hand, Hand):
        raise TypeError(f"check_hand() takes a Hand, not {type(hand).__name__}")
    if not isinstance(shape, Shape):
        raise TypeError(f"check_hand(shape=) takes a Shape, not {type(shape).__name__}")
    if not callable(locate):
        raise TypeError(f"check_hand(locate=) takes a function, not {type(locate).__name__}")
    if surely_valid(hand, shape):
        return []
    return _problems(hand, locate, text, drawn, shape)


def building_problems(
    hand: Hand, locate: Locator = field_locator, text: str | None = None, *, shape: Shape = FOUR_SETS
) -> list[errors.McrError]:
    """`check_hand` for a hand still being put together (the table-side page's picker): fewer tiles
    than a waiting hand are no problem yet, nor is a situation that the tiles do not allow (judged
    when the hand is complete and scored); more tiles than a winning hand, more melds than the
    shape, a fifth copy and an unreadable situation are, as in `check_hand`."""
    held = len(hand.standing) + (hand.winning is not None)
    short = hand.winning is None and len(hand.melds) <= shape.sets and held < shape.waiting(len(hand.melds))
    return [
        p
        for p in check_hand(hand, locate, text, shape=shape)
        if not (short and isinstance(p, errors.TileCountError)) and not isinstance(p, errors.ImpossibleSituationError)
    ]


def _problems(hand: Hand, locate: Locator, text: str | None, drawn: bool, shape: Shape) -> list[errors.McrError]:
    """`check_hand`'s full check: every problem, located."""
    problems: list[errors.McrError] = []

    def add(cls: type[errors.McrError], message: Message, ref: Ref) -> None:
        column, where = locate(ref)
        problems.append(cls(message, text=text, column=column, where=where))

    k = len(hand.melds)
    if k > shape.sets:
        add(errors.TooManyMeldsError, msg("error.too-many-melds", n=k, most=shape.sets), ("meld", shape.sets))
    else:
        held = len(hand.standing) + (hand.winning is not None)
        want = shape.tiles(k)
        if held != (want if hand.winning is not None else want - 1):
            add(
                errors.TileCountError,
                msg(
                    "error.tile-count",
                    held=count("n.standing-tile", held),
                    melds=count("n.meld", k),
                    want=want,
                    waiting=want - 1,
                ),
                ("end",),
            )

    codes = [t.code for m in hand.melds for t in m.tiles] + [t.code for t in hand.standing]
    if hand.winning is not None:
        codes.append(hand.winning.code)
    if len(codes) - len(set(codes)) >= COPIES and max(map(codes.count, set(codes))) > COPIES:  # cheap test first
        places: dict[Tile, list[Ref]] = {}
        for t, ref in _tile_refs(hand):
            places.setdefault(t, []).append(ref)
        for t, refs in places.items():
            if len(refs) > COPIES:
                located = sorted((locate(r)[0] or 0, r) for r in refs)
                add(
                    errors.TooManyCopiesError, msg("error.too-many-copies", n=len(refs), tile=t), located[COPIES][1]
                )  # the fifth copy, in the order written

    _check_situation(hand, add, drawn)
    return problems


def _check_situation(
    hand: Hand, add: Callable[[type[errors.McrError], Message, Ref], None], drawn: bool = False
) -> None:
    s = hand.situation
    for name, wind in (("seat_wind", s.seat_wind), ("prevalent_wind", s.prevalent_wind)):
        if wind not in WINDS:
            add(
                errors.BadSituationError,
                msg("error.wind", name=msg(f"error.wind-name.{name}"), value=wind),
                ("situation", name),
            )
    letters = s.flower_letters
    if letters != "" and (len(letters) != len(set(letters)) or any(c not in FLOWER_LETTERS for c in letters)):
        add(errors.FlowerError, msg("error.flowers.letters", letters=letters), ("situation", "flowers"))
    if letters and len(letters) != s.flowers:
        add(
            errors.FlowerError,
            msg("error.flowers.count-mismatch", counted=count("n.flower-counted", s.flowers), named=len(letters)),
            ("situation", "flowers"),
        )
    if s.flowers > MAX_FLOWERS:
        add(errors.FlowerError, msg("error.flowers.too-many", n=s.flowers), ("situation", "flowers"))
    elif s.flowers < 0:
        add(errors.FlowerError, msg("error.flowers.range", n=s.flowers), ("situation", "flowers"))
    if not (s.kong or s.last_copy):
        return  # the usual case: none of the checks below can find anything
    # Checks that need no winning tile hold for a waiting (13-tile) hand too.
    if s.robbing_kong and s.wall_last:
        add(errors.ImpossibleSituationError, msg("error.robbing.wall-last"), ("situation", "kong"))
    if s.replacement and not any(m.kind == "kong" for m in hand.melds):
        add(errors.ImpossibleSituationError, msg("error.replacement.no-kong"), ("situation", "kong"))
    win = hand.winning
    if win is None or drawn:
        return
    held = sum(1 for t in hand.standing if t.code == win.code)
    if s.robbing_kong and (held or any(t.code == win.code for m in hand.melds for t in m.tiles)):
        add(errors.ImpossibleSituationError, msg("error.robbing.held", tile=win), ("situation", "kong"))
    if s.last_copy and held:
        add(errors.ImpossibleSituationError, msg("error.last-copy.held", tile=win), ("situation", "last_copy"))
