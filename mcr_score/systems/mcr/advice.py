"""The questions a player asks before the Hu: what am I waiting on and is each win worth 8
(`waits`), how far am I from ready (`shanten`), which tile should I let go (`discards`).

Each answer is computed here from the engine's parts (`readiness` for shanten, `arrangements` for
whether a tile completes the hand, `scoring` for what the win scores) and returned as a frozen
value whose `to_dict()` is the command's JSON; the pages only lay it out.

Copies left of a tile: four, less those in the hand (standing tiles and declared melds) and those
`seen` elsewhere on the table. A kind the hand holds all four of is not a wait (no copy is left to
win on). When the other three copies are visible (in the hand's melds or seen) and the hand does
not hold one, the win on that tile is on the last copy (和绝张, Last Tile, fan 58): it is scored so.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mcr_score import errors
from mcr_score.engine.arrangements import completing_tiles, counts_of
from mcr_score.engine.shanten import FORMS, FormReading, form_readings, overall
from mcr_score.hand import FOUR_SETS, Hand, check_hand
from mcr_score.messages import count, msg
from mcr_score.notation import parse_hand, parse_located, parse_tiles, read_tile
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.scoring import Score, score_with_profile
from mcr_score.systems.mcr.valuation import (
    MOST_DISCARDED,
    MOST_MELDS,
    NO_VALUE,
    WALL_MOST,
    Opponent,
    Value,
    Valuer,
    sight,
    too_many_opponents,
)
from mcr_score.tiles import COPIES, LAST_COPY_SEEN, Tile
from mcr_score.vocabulary import Form

HAND_TILES = FOUR_SETS.waiting(0)  # a waiting hand: standing tiles plus three for each declared meld


@dataclass(frozen=True, slots=True)
class WaitTile:
    """One tile that completes the hand: copies left, whether a win on it is the last copy, and
    the best score of the win on a discard and self-drawn."""

    tile: Tile
    left: int
    last_copy: bool
    discard: Score
    self_drawn: Score
    unrobbable: bool = False  # robbing the kong was asked, but the hand holds this tile: an ordinary discard win

    @property
    def best(self) -> Score:
        """The better of the two wins (self-drawn on a tie)."""
        return self.discard if self.discard.total > self.self_drawn.total else self.self_drawn

    @property
    def meets_minimum(self) -> bool:
        """Whether a win on this tile reaches 8 points (flowers kept out) on a discard or self-drawn."""
        return self.discard.meets_minimum or self.self_drawn.meets_minimum

    def to_dict(self) -> dict[str, Any]:
        return {
            "tile": self.tile.code,
            "left": self.left,
            "last_copy": self.last_copy,
            "discard": self.discard.to_dict(),
            "self_drawn": self.self_drawn.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class WaitsResult:
    """Every wait of a 13-tile hand under one rule profile (empty when it waits on nothing)."""

    rules: str
    hand: Hand
    waits: tuple[WaitTile, ...]

    @property
    def ready(self) -> bool:
        return bool(self.waits)

    @property
    def left(self) -> int:
        """Copies left of all the waits together."""
        return sum(w.left for w in self.waits)

    def to_dict(self) -> dict[str, Any]:
        return {"ok": True, "rules": self.rules, "ready": self.ready, "waits": [w.to_dict() for w in self.waits]}


@dataclass(frozen=True, slots=True)
class FormShanten:
    """One winning form's shanten and its useful tiles with the copies left of each."""

    form: Form
    shanten: int
    useful: tuple[Tile, ...]
    left: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"shanten": self.shanten, "useful": [t.code for t in self.useful]}


@dataclass(frozen=True, slots=True)
class ShantenResult:
    """The shanten of each form (None where the declared melds rule it out) and the least of them,
    with the tiles that lower that least and the copies left of each."""

    shanten: int
    forms: tuple[FormShanten | None, ...]  # in the order of `readiness.FORMS`
    useful: tuple[Tile, ...]
    left: tuple[int, ...]

    @property
    def useful_left(self) -> int:
        return sum(self.left)

    def form(self, name: str) -> FormShanten | None:
        """The reading of the form `name` (a `Form`, or its text: `seven-pairs`)."""
        return self.forms[FORMS.index(Form(name))]

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": True,
            "shanten": self.shanten,
            "forms": {name: f.to_dict() if f else None for name, f in zip(FORMS, self.forms, strict=True)},
            "useful": [t.code for t in self.useful],
            "useful_left": self.useful_left,
        }


@dataclass(frozen=True, slots=True)
class Discard:
    """One tile let go from a 14-tile hand: the shanten after it, the useful tiles then and their
    copies left, and when it leaves the hand ready, its waits."""

    tile: Tile
    shanten: int
    useful: tuple[Tile, ...]
    left: tuple[int, ...]
    waits: tuple[WaitTile, ...] = ()
    value: Value | None = None  # the chance of a valid Hu, its expected points, the danger (`valuation`)

    @property
    def useful_left(self) -> int:
        return sum(self.left)

    @property
    def expected(self) -> float:
        """The expected score change of this discard (0 when it was not valued)."""
        return self.value.expected if self.value is not None else 0.0

    @property
    def best(self) -> Score | None:
        """The best score among the waits, None when the discard does not leave the hand ready."""
        return max((w.best for w in self.waits), key=lambda s: s.total, default=None)

    @property
    def below_minimum(self) -> bool:
        """Ready, but no wait reaches 8 points: this discard leaves no route to a valid Hu."""
        return bool(self.waits) and not any(w.meets_minimum for w in self.waits)

    def to_dict(self) -> dict[str, Any]:
        best = self.best
        return {
            "tile": self.tile.code,
            "shanten": self.shanten,
            "useful": [t.code for t in self.useful],
            "useful_left": self.useful_left,
            "waits": [w.to_dict() for w in self.waits],
            "best": best.total if best else None,
            "below_minimum": self.below_minimum,
            **(self.value.to_dict() if self.value is not None else NO_VALUE),
        }


@dataclass(frozen=True, slots=True)
class DiscardsResult:
    """Every distinct discard of a 14-tile hand, best first (`rank`): the highest expected score
    change (the chance of a valid Hu times its value, less the danger times a deal-in's cost)."""

    rules: str
    hand: Hand
    discards: tuple[Discard, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"ok": True, "rules": self.rules, "discards": [d.to_dict() for d in self.discards]}


# The longest `--seen` text read: every tile of the game (136) written with a suit letter and a
# separator (`5m, `). Longer text is refused unread, as an over-long notation is.
MAX_SEEN = 4 * 136


def parse_seen(text: str) -> tuple[Tile, ...]:
    """Tiles written as the notation writes standing tiles (`335m7pEE`, `5z`, Unicode tiles; spaces
    and commas between them), read by the notation's own grammar; each problem a `SeenTilesError`
    with the column of its character."""
    if len(text) > MAX_SEEN:
        raise errors.SeenTilesError(msg("error.seen.too-long", n=len(text), max=MAX_SEEN), where="--seen")
    try:
        return parse_tiles(text.replace(",", " "))  # a comma separates as a space does: the columns hold
    except errors.McrError as e:
        problems = [
            errors.SeenTilesError(msg("error.seen.problem", problem=p.msg), text=text, column=p.column, where="--seen")
            for p in e.problems
        ]
        errors.raise_all(problems)
        raise  # not reached: there was a problem


def _hand(hand: Hand | str, want_winning: bool, command: str) -> Hand:
    """The parsed, checked hand; a named error when its size is not the one `command` needs. A
    14-tile hand (`discards`) holds the tile just drawn, not a winning tile: the situation's checks
    of a win on that tile do not apply to it."""
    if isinstance(hand, str):
        hand = parse_located(hand, drawn=want_winning)[0] if want_winning else parse_hand(hand)
    elif isinstance(hand, Hand):
        errors.raise_all(check_hand(hand, drawn=want_winning))
    else:
        raise TypeError(f"{command}() takes a Hand or its notation (str), not {type(hand).__name__}")
    if (hand.winning is not None) != want_winning:
        got = FOUR_SETS.size(len(hand.standing) + (hand.winning is not None), len(hand.melds))
        raise errors.HandSizeError(
            msg("error.hand-size", command=command, want=HAND_TILES + want_winning, got=got), where="hand"
        )
    return hand


def seen_tiles(seen: Iterable[Tile | str] | str) -> tuple[Tile, ...]:
    """The tiles of `seen`: a text (`parse_seen`), or an iterable of `Tile`s and one-tile texts
    (`"5m"`, `"5z"`, `"🀄"`). Anything else is a `TypeError`; a text that is not a tile, `BadTileError`."""
    if isinstance(seen, str):
        return parse_seen(seen)
    if isinstance(seen, (bytes, bytearray)) or not isinstance(seen, Iterable):
        raise TypeError(f"seen is a text or a list of tiles, not {type(seen).__name__}")
    out = []
    for i, t in enumerate(seen):
        if not isinstance(t, (Tile, str)):
            raise TypeError(f"seen[{i}] is a Tile or a tile's text, not {type(t).__name__}")
        out.append(read_tile(t, where=f"seen[{i}]"))
        if len(out) > 136:  # the tiles of the game: no table shows more
            raise errors.SeenTilesError(msg("error.seen.too-many-tiles", most=136), where="seen")
    return tuple(out)


def _visible(hand: Hand, seen: Iterable[Tile | str] | str) -> tuple[list[int], list[int]]:
    """(tiles in the hand's melds, tiles seen elsewhere) as counts per kind; a kind over four
    copies between the hand and what was seen is a named error."""
    seen_tiles_ = seen_tiles(seen)
    in_melds = counts_of(t for m in hand.melds for t in m.tiles)
    seen_counts = counts_of(seen_tiles_)
    held = counts_of(hand.concealed_tiles())
    for i in range(34):
        if seen_counts[i] and held[i] + in_melds[i] + seen_counts[i] > COPIES:
            raise errors.TooManyCopiesError(
                msg("error.seen.too-many", tile=Tile.from_index(i), n=held[i] + in_melds[i] + seen_counts[i]),
                where="--seen",
            )
    return in_melds, seen_counts


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _table_view(
    wall_left: int | None, opponents: Sequence[Opponent] | None
) -> tuple[int | None, tuple[Opponent, ...] | None]:
    """`wall_left` and `opponents` as the advice takes them from Python (the CLI bounds its options
    the same way): another type is a `TypeError` naming the argument, a number or an opponent that
    no game can show a `TableViewError`."""
    if wall_left is not None:
        if not _int(wall_left):
            raise TypeError(f"wall_left is an int (the tiles left in the wall) or None, not {type(wall_left).__name__}")
        if not 0 <= wall_left <= WALL_MOST:
            small = abs(wall_left) < 10**9  # Python writes no int past 4,300 digits
            tiles = count("n.tile", wall_left if small else 2, str(wall_left) if small else "…")
            raise errors.TableViewError(msg("error.table-view.wall", tiles=tiles, most=WALL_MOST), where="wall_left")
    if opponents is None:
        return wall_left, None
    if isinstance(opponents, str | bytes | bytearray) or not isinstance(opponents, Sequence):
        raise TypeError(f"opponents is a sequence of Opponent or None, not {type(opponents).__name__}")
    problem = too_many_opponents(len(opponents))
    if problem is not None:
        raise errors.TableViewError(problem, where="opponents")
    for i, o in enumerate(opponents):
        if not isinstance(o, Opponent):
            raise TypeError(f"opponents[{i}] is an Opponent, not {type(o).__name__}")
        for name in ("discarded", "melds", "one_suit"):
            value = getattr(o, name)
            if not _int(value) and not (name == "one_suit" and value is None):
                raise TypeError(f"opponents[{i}].{name} is an int, not {type(value).__name__}")
        for name in ("own", "passed", "passed_before"):
            kinds = getattr(o, name)
            if not isinstance(kinds, tuple) or not all(_int(k) for k in kinds):
                raise TypeError(f"opponents[{i}].{name} is a tuple of tile indices (int), not {type(kinds).__name__}")
        if not o.fits():
            problem = msg("error.table-view.opponent", n=i + 1, discards=MOST_DISCARDED, melds=MOST_MELDS)
            raise errors.TableViewError(problem, where=f"opponents[{i}]")
    return wall_left, tuple(opponents)


def _wait_list(hand: Hand, profile: profiles.Profile, in_melds: list[int], seen: list[int]) -> tuple[WaitTile, ...]:
    """The waits of a checked 13-tile hand, each scored on a discard and self-drawn.

    The situation's kong win goes to its own column: robbing the kong (the kong flag, not
    self-drawn: `--kong`, `--robbing-kong`, `|EE0001`) to the win on a discard, the replacement tile
    (`--replacement`, `|EE1001`) to the self-drawn win; the other column is an ordinary win. No
    kong of a tile the hand holds or has melded can be robbed: that discard win is an ordinary one,
    and the wait says so (`unrobbable`)."""
    standing = counts_of(hand.standing)
    n_melds = len(hand.melds)
    situation = hand.situation
    out = []
    for w in completing_tiles(standing, n_melds):
        if standing[w] + in_melds[w] >= COPIES:
            continue
        visible = in_melds[w] + seen[w]
        last = standing[w] == 0 and visible == LAST_COPY_SEEN
        tile = Tile.from_index(w)
        unrobbable = situation.robbing_kong and bool(standing[w] or in_melds[w])
        scores = []
        for self_drawn in (False, True):
            kong = situation.kong and self_drawn == situation.self_drawn and not (unrobbable and not self_drawn)
            s = dataclasses.replace(
                situation,
                self_drawn=self_drawn,
                last_copy=(situation.last_copy or last) and not standing[w],
                kong=kong,
            )
            won = Hand(hand.melds, hand.standing, tile, s)
            errors.raise_all(check_hand(won))
            scores.append(score_with_profile(won, profile))
        out.append(WaitTile(tile, COPIES - standing[w] - visible, last, scores[0], scores[1], unrobbable))
    return tuple(out)


def waits(
    hand: Hand | str, rules: str | os.PathLike[str] = profiles.DEFAULT, seen: Iterable[Tile | str] | str = ()
) -> WaitsResult:
    """Every tile that completes a 13-tile hand (declared melds counting 3), each scored on a
    discard and self-drawn with the hand's situation (winds, flowers, flags); `seen`: tiles other
    players have shown, for the copies left and the last copy."""
    hand = _hand(hand, False, "waits")
    profile = profiles.get(rules)
    in_melds, seen_counts = _visible(hand, seen)
    return WaitsResult(profile.name, hand, _wait_list(hand, profile, in_melds, seen_counts))


def _lefts(tiles: Iterable[int], unavailable: list[int]) -> tuple[tuple[Tile, ...], tuple[int, ...]]:
    chosen = tuple(tiles)
    return tuple(Tile.from_index(i) for i in chosen), tuple(max(0, COPIES - unavailable[i]) for i in chosen)


def _form(reading: FormReading | None, unavailable: list[int]) -> FormShanten | None:
    if reading is None:
        return None
    useful, left = _lefts(reading.useful, unavailable)
    return FormShanten(reading.form, reading.shanten, useful, left)


def shanten(hand: Hand | str, seen: Iterable[Tile | str] | str = ()) -> ShantenResult:
    """The shanten of a 13-tile hand in each of the five forms and overall (0 = ready), with the
    tiles that lower it and the copies left of each."""
    hand = _hand(hand, False, "shanten")
    in_melds, seen_counts = _visible(hand, seen)
    standing = counts_of(hand.standing)
    readings = form_readings(standing, len(hand.melds), in_melds)
    unavailable = [standing[i] + in_melds[i] + seen_counts[i] for i in range(34)]
    least, useful = overall(readings)
    tiles, left = _lefts(useful, unavailable)
    return ShantenResult(least, tuple(_form(readings[f], unavailable) for f in FORMS), tiles, left)


def discards(
    hand: Hand | str,
    rules: str | os.PathLike[str] = profiles.DEFAULT,
    seen: Iterable[Tile | str] | str = (),
    wall_left: int | None = None,
    opponents: Sequence[Opponent] | None = None,
) -> DiscardsResult:
    """For each distinct tile of a 14-tile hand's concealed tiles: the shanten after discarding it,
    its useful tiles and their copies left (the discarded tile counts as seen), when it leaves the
    hand ready its waits scored, and its value (`valuation`: the chance of a valid Hu before the
    wall's `wall_left` tiles run out, the expected points, the danger against `opponents`; each
    estimated from the tiles seen when not given); ranked best first (`rank`)."""
    hand = _hand(hand, True, "discards")
    wall_left, opponents = _table_view(wall_left, opponents)
    profile = profiles.get(rules)
    in_melds, seen_counts = _visible(hand, seen)
    for n, o in enumerate(opponents or (), 1):  # discards lie face up (or in a meld claimed)
        for key, kinds in (("own", o.own), ("passed", (*o.passed, *o.passed_before))):
            for k in kinds:
                if not seen_counts[k] + in_melds[k]:
                    problem = msg(f"error.seen.opponent-{key}", tile=Tile.from_index(k), n=n)
                    raise errors.SeenTilesError(problem, where="--opponent")
    concealed = counts_of(hand.concealed_tiles())
    unavailable = [concealed[i] + in_melds[i] + seen_counts[i] for i in range(34)]
    valuer = Valuer(hand.melds, hand.situation, profile, sight(unavailable, wall_left, opponents, sum(seen_counts)))
    n_melds = len(hand.melds)
    out = []
    for d in range(34):
        if not concealed[d]:
            continue
        rest = list(concealed)
        rest[d] -= 1
        least, useful = overall(form_readings(rest, n_melds, in_melds))
        tiles, left = _lefts(useful, unavailable)
        found: tuple[WaitTile, ...] = ()
        if least == 0:
            standing = tuple(Tile.from_index(i) for i in range(34) for _ in range(rest[i]))
            after = Hand(hand.melds, standing, None, hand.situation)
            seen_after = list(seen_counts)
            seen_after[d] += 1
            found = _wait_list(after, profile, in_melds, seen_after)
        value = valuer.value(tuple(rest), Tile.from_index(d))
        out.append(Discard(Tile.from_index(d), least, tiles, left, found, value))
    return DiscardsResult(profile.name, hand, rank(out))


def hand_value(
    hand: Hand,
    rules: str | os.PathLike[str] = profiles.DEFAULT,
    seen: Iterable[Tile | str] | str = (),
    wall_left: int | None = None,
    opponents: Sequence[Opponent] | None = None,
) -> Value:
    """The value of a checked 13-tile hand as it stands, no tile let go (a pass, a kong): as a
    discard's (`discards`), without danger."""
    wall_left, opponents = _table_view(wall_left, opponents)
    profile = profiles.get(rules)
    in_melds, seen_counts = _visible(hand, seen)
    standing = counts_of(hand.standing)
    visible = [standing[i] + in_melds[i] + seen_counts[i] for i in range(34)]
    valuer = Valuer(hand.melds, hand.situation, profile, sight(visible, wall_left, opponents, sum(seen_counts)))
    return valuer.value(tuple(standing), None)


def merit(d: Discard) -> tuple[int, bool, int, int]:
    """The ranking of before the valuation, lower first: shanten, waits under 8, copies of the useful
    tiles left, the best score; it now breaks ties of the expected score change only."""
    best = d.best
    return (d.shanten, d.below_minimum, -d.useful_left, -(best.total if best else 0))


def rank(found: Iterable[Discard]) -> tuple[Discard, ...]:
    """The one ranking of discards (`discards`, `review`): the highest expected score change first,
    then `merit`, then the tile's order."""
    return tuple(sorted(found, key=lambda d: (-round(d.expected, 6), *merit(d), d.tile.index)))
