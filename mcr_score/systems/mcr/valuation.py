"""What a decision is worth: the chance of a valid Hu before the wall runs out, its expected
points under the payments, and the danger of the tile let go (issue 41).

Everything here reads only what the player sees (`Sight`): their own tiles and melds, the tiles
in sight on the table (discards, the other seats' exposed melds), how many tiles each opponent has
discarded and melded, and the tiles left in the wall. The tiles a player cannot see are the
`unseen` ones: four copies of each kind less those in sight; they may lie in the wall or in an
opponent's hand, and every draw is taken as one of them at random.

The model, one rule per step (its figures are the constants below, measured in docs/review.md):
- **rounds**: the player draws about one tile in four of the wall (`rounds`); each round the hand
  may also end on another seat's Hu (`ends`, from how ready the opponents look).
- **ready**: each wait whose win reaches the profile's minimum (flowers out) counts its copies
  left; on the player's own draw every such wait counts, on each of the three discards of the
  round only those a discard win brings to the minimum (a wait that reaches it only self-drawn
  counts for less), and a discard is `DISCARD_LOOK` of a draw (the opponents keep what they use),
  each kind weighed by how soon players let it go (`DISCARDED_HONOUR` ... `DISCARDED_MIDDLE`).
  The value of a win is what the payments give (`payments.owed`): the total and 8 from the
  discarder and 8 from each other on a discard, the total and 8 from each on a self-draw.
- **1-shanten** (and a ready hand whose waits all fall short): each draw is tried with every
  discard after it; a draw whose best discard leaves a ready hand reaching the minimum is a good
  draw, one that leaves only a ready hand under it a dead draw. The chance is a two-step chain:
  a good draw (the player's own draws only: a claim exposes the hand, which a Hu of 8 often cannot
  afford, and mostly takes a tile a later draw would bring; counting a claim as half a draw more
  predicted 0.251 valid Hus for 0.197 in the real games of docs/review.md, own draws only 0.200),
  then a win of that ready hand. A ready hand changes its waits at `SHORT_READY_STEP` of that
  rate: the players the issue quotes rank a ready hand under the minimum below a 1-shanten with
  good draws (a judgement this factor encodes; it is not measured).
- **every way on**: a hand is worth the best of the ways open to it, so that keeping a tile never
  costs a way: a ready hand its waits or a change of them (a wait with few copies left is no worse
  than one with none), a 1-shanten hand its good draws or a change of a block, which makes it a
  typical hand two from ready (`TYPICAL_USEFUL`) with its own completions' routes (a live
  1-shanten is no worse than a dead one, nor than the hand two from ready it can turn into), a
  hand further out its own useful draws or a change of a block (a narrow hand is no worse than a
  typical one a tile further out).
- **further out**: a chain of one step per tile still needed,
  the first at the rate of the hand's useful copies, the next ones at those of a typical hand one
  shanten nearer (`TYPICAL_USEFUL`), each step `FAR_STEP` of a draw (many useful tiles lower the
  shanten of a form the hand will not keep), the last at a typical wait; times the chance that the
  completed hand reaches the minimum. That chance and the value of a win come from scoring: up to
  `FAR_SAMPLES` completions by the fewest draws are sampled from the unseen tiles
  (`engine/completions.py`: a reading of the hand at its least shanten kept, the missing tiles
  drawn by their copies; the seed is the hand's own, so a hand always gets the same ones) and
  scored by the scorer, self-drawn (`SELF_DRAWN_SHARE` of the wins) and on a discard. The routes
  are what those scores say: a hand of one suit and honours completes to flushes, one of pungs to
  All Pungs, one holding two chows of a Mixed Triple Chow to it, the knitted and seven-pairs forms
  to theirs. The chance is `FAR_VALID` moved
  `FAR_ROUTES` of the way to the share of the completions reaching the minimum, the win a typical
  one moved `FAR_WIN_ROUTES` of the way to their mean payment: the three fitted on the Botzone
  games of docs/review.md, where the sampled share and points, taken whole, predicted the Hus that
  followed hardly better than constants (the program and the players change route, and claim, on
  the way). The share's sampling error, at most 0.5 / sqrt(24) = 0.10, moves the chance by 0.016
  at most, well inside the estimate's `ERROR`.
- **danger**: for each opponent, the chance they are ready (from their discards and melds) times the
  share of the waits a ready hand can have that the tile completes, weighted by the unseen copies
  each shape needs (a pair or single-tile wait `PAIR_WAIT` times, an honour's `HONOUR_WAIT` times:
  no chow uses an honour); an opponent whose melds are all of one suit favours that suit a little.
  What the opponent showed of the kind lowers it, never to 0 (MCR has no furiten): a kind another
  player discarded since their last discard and they did not Hu on (`PASSED_NOW`: a player takes
  a Hu of 8 or more when they can, and their hand is the same), a kind of their own discards
  (`OWN_DISCARD`: players seldom wait on a kind they let go), a kind they let go before their last
  discard (`PASSED_BEFORE`: their hand has changed since). The weights are fitted on the Botzone
  games' candidates that would have dealt in (the records' hidden hands) and reported on the
  session in docs/review.md. A deal-in costs the discarder the Hu's total and the base
  (`DEAL_IN_TOTAL` + 8).

The value ranked is the expected score change: the win's value times its chance (when the tile
does not deal in: a deal-in ends the hand), less the deal-in's cost times the danger. Its error
(`error`) is the tolerance a verdict allows.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mcr_score.decoding import ascii_int
from mcr_score.engine.arrangements import completing_tiles
from mcr_score.engine.completions import sample as completions_of
from mcr_score.engine.shanten import FormReading, form_readings, overall
from mcr_score.errors import BadFieldError, TableViewError
from mcr_score.hand import Hand, Meld, Situation
from mcr_score.messages import Message, msg
from mcr_score.notation import parse_tiles
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.payments import owed, received
from mcr_score.systems.mcr.scoring import score_with_profile
from mcr_score.tiles import Tile, chow_partners, is_honor, is_terminal, rank_of
from mcr_score.vocabulary import Form, Method

KINDS = 34
COPIES = 4
GAME_TILES = KINDS * COPIES
DEALT = 13 * 4 + 1  # the tiles the deal gives (the dealer's fourteenth included)
FLOWERS = 8
SEATS = 4
OPPONENTS = 3
WALL_MOST = GAME_TILES + FLOWERS  # the tiles left in the wall, at most: the game's
MOST_DISCARDED = 40  # an opponent's discards, at most (about twice a player's share of the wall's draws)
MOST_MELDS = 4  # an opponent's exposed melds: four sets and a pair

DISCARD_LOOK = 0.5  # an opponent's discard as a share of a random unseen tile
# ...and how much likelier a kind is to be discarded than its unseen copies say, by its place in its
# suit: honours (no chow uses them) and terminals go first, middle tiles are kept. Measured on the
# Botzone games of docs/review.md from the sixth discard on (discards of the kind against its share
# of the unseen tiles: 926 / 666 honours, 798 / 687 terminals, 744 / 738 twos and eights, 1554 /
# 1931 middle tiles); the session, held out, gives 1.49, 1.15, 1.04, 0.79.
DISCARDED_HONOUR, DISCARDED_TERMINAL, DISCARDED_SECOND, DISCARDED_MIDDLE = 1.39, 1.16, 1.01, 0.80
OTHER_WIN = 0.12  # a ready opponent's chance per round of a Hu (their draw and the others' discards)
# The danger's weights, fitted on the Botzone games by the likelihood of the candidates that would
# have dealt in (the records' hidden hands), reported on the tziakcha session (docs/review.md).
READY_PER_DISCARD = 0.036  # an opponent's chance of being ready grows with each tile they discarded...
READY_FREE_DISCARDS = 4  # ...after their first four
READY_PER_MELD = 0.08  # ...and with each meld they exposed
READY_MOST = 0.85
WAITS_WHEN_READY = 2.0  # the kinds a ready hand waits on, on average
PAIR_WAIT = 2.0  # a suit kind's pair and single-tile waits, against its chow waits (players keep such waits)
HONOUR_WAIT = 5.0  # the same for an honour, which no chow can use: kept as a pair or a single wait
FLUSH_IN = 1.1  # an opponent whose melds are all of one suit: that suit's weight...
FLUSH_OUT = 0.7  # ...and the other suits' (honours unchanged)
# What an opponent showed of a kind, as a share of its danger from them (never 0: no furiten in MCR):
PASSED_NOW = 0.05  # another player discarded it since their last discard and they made no Hu: they
# take a Hu of 8 when they can and their hand is the same (0 of 11.5 expected would have dealt in)
OWN_DISCARD = 0.03  # they discarded it themselves: 0 of 101 expected dealt in, 3 in 101 by the rule of three
PASSED_BEFORE = 0.5  # let go so only before their last discard, their hand changed since (106 of 226)
DEAL_IN_TOTAL = 14  # the total of a typical Hu a discard deals in to (flowers included)
TYPICAL_TOTAL = 12  # the total of a typical valid Hu of the player's own
TYPICAL_WAIT = 5  # copies of a typical wait, for a hand not yet ready
# the useful copies of a typical hand at 1, 2, 3... shanten: the steps after a far hand's first
TYPICAL_USEFUL = (15, 30, 45, 60, 75, 90, 105)
FAR_VALID = 0.70  # a far hand's chance of reaching the minimum once complete, before its routes (fitted)
FAR_ROUTES = 0.16  # the weight of the share of its sampled completions that reach it (fitted)
FAR_WIN_ROUTES = 0.2  # the weight of the mean payment of those that do, against a typical win's (fitted)
FAR_SAMPLES = 24  # the completions of a far hand sampled and scored (`engine/completions.py`)
SELF_DRAWN_SHARE = 1 / (1 + OPPONENTS * DISCARD_LOOK)  # of a hand's wins, those on its own draw
# A ready hand under the minimum: a draw that changes its waits, as a share of a live 1-shanten's
# good draw: 0.4 of a draw against the 1.5 that good draw counted while a claim added half a draw
# (the issue's players' judgement, kept as it was when claims were dropped; not measured).
SHORT_READY_STEP = 0.27
FAR_STEP = 0.75  # a far hand's useful draw as a share of a step forward (many lower the shanten of a form not kept)
ERROR = {Method.READY: 0.1, Method.ONE_SHANTEN: 0.15, Method.FAR: 0.25}  # relative error of `expected`
ERROR_FLOOR = 1.0  # points: no estimate is finer than this
TYPICAL_WIN = (received(TYPICAL_TOTAL, self_drawn=False) + received(TYPICAL_TOTAL, self_drawn=True)) / 2


@dataclass(frozen=True, slots=True)
class Opponent:
    """What the player sees of one opponent: how many tiles they discarded, how many melds they
    exposed, the suit (0-2: m, p, s) all of those melds are of, when there are two or more, the
    kinds (tile indices, ascending, each once) of the discards of theirs that lie face up, and the
    kinds the other players discarded that this opponent let go without a Hu: `passed` since their
    last discard (their hand has not changed since), `passed_before` only before it."""

    discarded: int = 0
    melds: int = 0
    one_suit: int | None = None
    own: tuple[int, ...] = ()
    passed: tuple[int, ...] = ()
    passed_before: tuple[int, ...] = ()

    @classmethod
    def of(
        cls,
        discards: Sequence[Tile | None],
        melds: Sequence[Meld],
        passes: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    ) -> Opponent:
        """An opponent from their discards (None: one another seat claimed), exposed melds and the
        kinds they let go without a Hu (`let_go`): honour melds say nothing of a suit."""
        suits = {m.tile.index // 9 for m in melds if not is_honor(m.tile.index)}
        one = next(iter(suits)) if len(suits) == 1 and len(melds) >= 2 else None
        return cls(len(discards), len(melds), one, own_kinds(discards), *passes)

    def fits(self) -> bool:
        """Whether a game can show this opponent: the bounds of `--opponent`, each list of kinds
        ascending tile indices each once, no more kinds among their discards than tiles discarded."""
        kinds = (self.own, self.passed, self.passed_before)
        return (
            0 <= self.discarded <= MOST_DISCARDED
            and 0 <= self.melds <= MOST_MELDS
            and self.one_suit in (None, 0, 1, 2)
            and all(list(k) == sorted(set(k)) and all(0 <= i < KINDS for i in k) for k in kinds)
            and len(self.own) <= self.discarded
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "discarded": self.discarded,
            "melds": self.melds,
            "one_suit": SUITS[self.one_suit] if self.one_suit is not None else None,
            "own": [Tile.from_index(i).code for i in self.own],
            "passed": [Tile.from_index(i).code for i in self.passed],
            "passed_before": [Tile.from_index(i).code for i in self.passed_before],
        }


def too_many_opponents(n: int) -> Message | None:
    """The problem of `n` opponents when a player has three (`--opponent`, the service's
    `opponent`, the Python API's `opponents`), or None."""
    return msg("error.table-view.opponents", n=n, most=OPPONENTS) if n > OPPONENTS else None


def opponent_from_text(text: str) -> Opponent | None:
    """The opponent `D:M[:S][/TILES[/NOW[/BEFORE]]]` writes (`--opponent`, the service's
    `opponent`), or None for a text that is none or no opponent a game shows (`Opponent.fits`): D
    tiles discarded, M melds exposed, all of suit S, TILES the kinds among their discards, NOW and
    BEFORE the kinds they let go since their last discard and before it; only the last part after a
    slash may not be empty."""
    counts, slash, kinds_text = text.partition("/")
    parts = counts.split(":")
    numbers = [ascii_int(p) for p in parts[:2]]
    suit = parts[2] if len(parts) == 3 else None
    if len(parts) not in (2, 3) or None in numbers or (suit is not None and suit not in SUITS):
        return None
    lists: list[tuple[Tile, ...]] = []
    if slash:
        texts = kinds_text.split("/")
        if len(texts) > 3 or not texts[-1].strip():
            return None
        try:
            lists = [parse_tiles(t) if t.strip() else () for t in texts]
        except ValueError:
            return None
    own, now, before = (*lists, (), (), ())[:3]
    discarded, melds = (n for n in numbers if n is not None)
    suit_index = None if suit is None else SUITS.index(suit)
    opponent = Opponent(discarded, melds, suit_index, own_kinds(own), own_kinds(now), own_kinds(before))
    return opponent if opponent.fits() else None


def opponents_from_text(text: str, where: str) -> tuple[Opponent, ...] | None:
    """The opponents of a text of several, each as `opponent_from_text` reads it, separated by
    spaces (the service's `opponent`), or None when it names none; one that is no opponent is a
    `BadFieldError`, more than three a `TableViewError`, each naming `where`."""
    out = []
    for item in text.split():
        opponent = opponent_from_text(item)
        if opponent is None:
            raise BadFieldError(msg("error.option.opponent", value=repr(item)), where=where)
        out.append(opponent)
    problem = too_many_opponents(len(out))
    if problem is not None:
        raise TableViewError(problem, where=where)
    return tuple(out) or None


def let_go(discards: Sequence[tuple[int, int]], seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`Opponent.passed` and `Opponent.passed_before` of the player at `seat`, from the hand's
    discards so far in the order they were made (each a seat and a kind, a claimed one too: the Hu
    outranks a claim, so nobody who could Hu on it did). MCR players take a Hu of 8 or more when
    they can, so a kind let go since their last discard is, for their present hand, no wait reaching
    8; one let go before it was none for a hand one tile or more different."""
    now: set[int] = set()
    before: set[int] = set()
    since_last = True
    for who, kind in reversed(discards):
        if who == seat:
            since_last = False
        else:
            (now if since_last else before).add(kind)
    return tuple(sorted(now)), tuple(sorted(before - now))


SUITS = "mps"


def own_kinds(discards: Iterable[Tile | None]) -> tuple[int, ...]:
    """`Opponent.own` of an opponent's discards (None: one another seat claimed): each kind once, ascending."""
    return tuple(sorted({t.index for t in discards if t is not None}))


@dataclass(frozen=True, slots=True)
class Sight:
    """What the player sees besides their own hand: the copies of each kind they cannot see, the
    tiles left in the wall and the opponents."""

    unseen: tuple[int, ...]
    wall_left: int
    opponents: tuple[Opponent, ...]

    @property
    def unseen_total(self) -> int:
        return max(1, sum(self.unseen))

    @property
    def rounds(self) -> int:
        """The player's draws left: one tile in four of the wall, rounded up."""
        return -(-max(0, self.wall_left) // SEATS)


def default_wall(seen: int) -> int:
    """The wall when the table does not say: after the deal and the flowers, one draw per tile seen."""
    return max(0, GAME_TILES + FLOWERS - DEALT - FLOWERS - seen)


def default_opponents(seen: int) -> tuple[Opponent, ...]:
    """Three opponents, the tiles seen shared out between them as discards, when only the tiles are known."""
    return tuple(Opponent(seen // OPPONENTS) for _ in range(OPPONENTS))


def sight(visible: Sequence[int], wall_left: int | None, opponents: Sequence[Opponent] | None, seen: int) -> Sight:
    """The `Sight` of a player: `visible` counts every tile they see (their own concealed tiles and
    melds, the table's); `seen` is the number of tiles on the table (for the defaults)."""
    wall = default_wall(seen) if wall_left is None else wall_left
    opp = default_opponents(seen) if opponents is None else tuple(opponents)
    return Sight(tuple(max(0, COPIES - v) for v in visible), wall, opp)


@dataclass(frozen=True, slots=True)
class Value:
    """The worth of a 13-tile hand left by a decision, and of the tile let go. `good_draws`,
    `dead_draws`: at ready, copies of the waits that reach the minimum and of those that do not;
    at 1-shanten, copies of the draws that reach a valid ready hand and of those reaching only one
    under the minimum; None further out. `win`: the points a valid Hu brings on average; `deal_in`:
    what dealing in costs; `error`: the estimate's error in points."""

    valid_chance: float
    expected: float
    danger: float
    good_draws: int | None
    dead_draws: int | None
    win: float
    deal_in: float
    method: Method
    error: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid_chance": round(self.valid_chance, 4),
            "expected": round(self.expected, 2),
            "danger": round(self.danger, 4),
            "good_draws": self.good_draws,
            "dead_draws": self.dead_draws,
        }


NO_VALUE = {"valid_chance": None, "expected": None, "danger": None, "good_draws": None, "dead_draws": None}


@dataclass(frozen=True, slots=True)
class _Ready:
    """A ready hand's round: the chance a round brings a valid Hu, and the points of one."""

    hit: float
    win: float
    good: int
    dead: int


@dataclass(frozen=True, slots=True)
class Routes:
    """What the scorer says of a far hand's completions (`Valuer.routes`): the chance that the hand,
    once complete, reaches the minimum (`FAR_VALID`, moved `FAR_ROUTES` of the way to the share of
    the completions that reach it) and the points of a valid Hu (`TYPICAL_WIN`, moved
    `FAR_WIN_ROUTES` of the way to the mean payment of those completions); the completions scored
    and how many reached the minimum (a self-drawn win counting `SELF_DRAWN_SHARE`, one on a
    discard the rest)."""

    valid: float
    win: float
    samples: int
    reached: float


@dataclass(frozen=True, slots=True)
class HandWorth:
    """A 13-tile hand's chance of a valid Hu and its value, before any danger."""

    valid_chance: float
    win: float
    good_draws: int | None
    dead_draws: int | None
    method: Method


class Valuer:
    """The worth of the hands of one position: the melds, the situation, the profile and the sight
    are fixed, and what each ready hand is worth is kept, as many decisions share them."""

    def __init__(self, melds: tuple[Meld, ...], situation: Situation, profile: profiles.Profile, view: Sight):
        self.melds = melds
        self.n_melds = len(melds)
        self.situation = dataclasses.replace(situation, self_drawn=False, last_copy=False, wall_last=False, kong=False)
        self.profile = profile
        self.sight = view
        self._ready: dict[tuple[int, ...], _Ready | None] = {}
        self._routes: dict[tuple[int, ...], Routes] = {}
        self.ends = min(0.9, sum(ready_chance(o) for o in view.opponents) * OTHER_WIN)
        self._shapes = [_shapes(i, view.unseen) for i in range(KINDS)]
        self._spread = sum(self._shapes) or 1.0

    # -- the chain --------------------------------------------------------------------------------

    def chain(self, rates: Sequence[float]) -> float:
        """The chance of passing every step of `rates` (each a chance per round, one step a round at
        most) within the rounds left, the hand ending each round on another's Hu with `ends`."""
        state = [1.0] + [0.0] * len(rates)
        done = 0.0
        for _ in range(self.sight.rounds):
            nxt = [0.0] * (len(rates) + 1)
            for k, p in enumerate(state):
                if not p:
                    continue
                p *= 1 - self.ends
                r = rates[k]
                nxt[k] += p * (1 - r)
                if k + 1 == len(rates):
                    done += p * r
                else:
                    nxt[k + 1] += p * r
            state = nxt
        return done

    # -- ready -----------------------------------------------------------------------------------

    def _score(self, standing: tuple[int, ...], win: int, self_drawn: bool, last: bool) -> tuple[int, bool]:
        return _scored(self.melds, self.situation, self.profile, standing, win, self_drawn, last)

    def ready(self, standing: tuple[int, ...]) -> _Ready | None:
        """A ready hand's round (None: not ready, or no copy of a wait left)."""
        if standing in self._ready:
            return self._ready[standing]
        unseen, total = self.sight.unseen, self.sight.unseen_total
        p_self = p_disc = gain_self = gain_disc = 0.0
        good = dead = 0
        waits = [w for w in completing_tiles(list(standing), self.n_melds) if unseen[w] > 0 and standing[w] < COPIES]
        for w in waits:
            c = unseen[w]
            last = standing[w] == 0 and c == 1
            d_total, d_ok = self._score(standing, w, False, last)
            s_total, s_ok = self._score(standing, w, True, last)
            if s_ok:
                p_self += c / total
                gain_self += c / total * OPPONENTS * owed(s_total, self_drawn=True, discarder=True)
            if d_ok:
                p_disc += c * _DISCARDED[w] / total
                gain_disc += c * _DISCARDED[w] / total * received(d_total, self_drawn=False)
            if s_ok or d_ok:
                good += c
            else:
                dead += c
        if not waits:
            self._ready[standing] = None
            return None
        p_self, p_disc = min(p_self, 1.0), min(p_disc, 1.0)
        miss_disc = (1 - p_disc) ** (OPPONENTS * DISCARD_LOOK)
        hit = 1 - (1 - p_self) * miss_disc
        win = 0.0
        if hit > 0:
            w_self = gain_self / p_self if p_self else 0.0
            w_disc = gain_disc / p_disc if p_disc else 0.0
            win = (p_self * w_self + (1 - p_self) * (1 - miss_disc) * w_disc) / hit
        out = _Ready(hit, win, good, dead)
        self._ready[standing] = out
        return out

    # -- a hand ----------------------------------------------------------------------------------

    def worth(self, standing: tuple[int, ...]) -> HandWorth:
        """The chance of a valid Hu of the 13-tile hand with these standing counts, and its value."""
        readings = form_readings(standing, self.n_melds)
        least, useful = overall(readings)
        if least > 1:  # its own useful draws, or a change of a block: a typical hand one further out
            copies = sum(self.sight.unseen[i] for i in useful if standing[i] < COPIES)
            routes = self.routes(standing, readings)
            wider = TYPICAL_USEFUL[min(least, len(TYPICAL_USEFUL) - 1)]
            own, changed = self._far(copies, least, None, None, routes), self._far(wider, least + 1, None, None, routes)
            return _best_way([own, changed])
        ready = self.ready(standing) if least == 0 else None
        good, dead, hit, win = self._draws(standing, range(KINDS) if least == 0 else useful)
        if least == 0:  # a ready hand: its waits (and their copies), or a change of them
            good_draws, dead_draws = (ready.good, ready.dead) if ready is not None else (0, 0)
        else:
            good_draws, dead_draws = good, dead
        # Every way on is open to the hand, so it is worth the best of them: a ready hand can still
        # change its waits, a live 1-shanten can still change a block as a dead one must.
        ways: list[HandWorth] = []
        if ready is not None and ready.good:
            ways.append(HandWorth(self.chain([ready.hit]), ready.win, ready.good, ready.dead, Method.READY))
        if good:
            step = min(1.0, good / self.sight.unseen_total) * (SHORT_READY_STEP if least == 0 else 1.0)
            ways.append(HandWorth(self.chain([step, hit]), win, good_draws, dead_draws, Method.ONE_SHANTEN))
        if least == 1 or not ways:  # changing a block: a typical hand two from ready, with the hand's routes
            ways.append(self._far(TYPICAL_USEFUL[1], 2, good_draws, dead_draws, self.routes(standing, readings)))
        return _best_way(ways)

    def _far(self, copies: int, shanten: int, good: int | None, dead: int | None, routes: Routes | None) -> HandWorth:
        """The chain of a hand `shanten` from ready whose useful draws have `copies` left, times the
        share of its completions that reach the minimum (`routes`; None: `FAR_VALID`, a typical win)."""
        total = self.sight.unseen_total
        steps = [min(1.0, copies / total) * FAR_STEP]
        steps += [min(1.0, TYPICAL_USEFUL[k - 1] / total) * FAR_STEP for k in range(shanten - 1, 0, -1)]
        last = 1 - (1 - TYPICAL_WAIT / total) * (1 - TYPICAL_WAIT / total) ** (OPPONENTS * DISCARD_LOOK)
        valid, win = (FAR_VALID, TYPICAL_WIN) if routes is None else (routes.valid, routes.win)
        return HandWorth(self.chain([*steps, last]) * valid, win, good, dead, Method.FAR)

    def routes(self, standing: tuple[int, ...], readings: dict[Form, FormReading | None]) -> Routes:
        """What scoring `FAR_SAMPLES` completions of a hand short of ready says (`Routes`)."""
        found = self._routes.get(standing)
        if found is not None:
            return found
        meld_tiles = [t.index for m in self.melds for t in m.tiles]
        rng = random.Random(zlib.crc32(bytes([*standing, KINDS, *meld_tiles])))
        completions = completions_of(standing, self.n_melds, readings, self.sight.unseen, rng, FAR_SAMPLES)
        valid = gain = 0.0
        for c in completions:
            for self_drawn, share in ((True, SELF_DRAWN_SHARE), (False, 1 - SELF_DRAWN_SHARE)):
                total, ok = self._score(c.standing, c.win, self_drawn, False)
                if ok:
                    valid += share
                    gain += share * received(total, self_drawn=self_drawn)
        share = valid / len(completions) if completions else FAR_VALID
        win = gain / valid if valid else TYPICAL_WIN
        found = Routes(
            FAR_VALID + FAR_ROUTES * (share - FAR_VALID),
            TYPICAL_WIN + FAR_WIN_ROUTES * (win - TYPICAL_WIN),
            len(completions),
            valid,
        )
        self._routes[standing] = found
        return found

    def _draws(self, standing: tuple[int, ...], kinds: Sequence[int] | range) -> tuple[int, int, float, float]:
        """Each drawable kind tried with every discard after it: copies of good and dead draws, and
        the good draws' average round hit and win value (weighted by copies)."""
        unseen = self.sight.unseen
        good = dead = 0
        hit = win = 0.0
        for k in kinds:
            c = unseen[k]
            if c <= 0 or standing[k] >= COPIES:
                continue
            more = list(standing)
            more[k] += 1
            best: _Ready | None = None
            short = False
            for e in range(KINDS):
                if not more[e] or e == k:
                    continue
                more[e] -= 1
                r = self.ready(tuple(more))
                more[e] += 1
                if r is None:
                    continue
                if r.good and (best is None or r.hit * r.win > best.hit * best.win):
                    best = r
                short = short or not r.good
            if best is not None:
                good += c
                hit += c * best.hit
                win += c * best.win
            elif short:
                dead += c
        return good, dead, (hit / good if good else 0.0), (win / good if good else 0.0)

    def danger(self, t: int) -> float:
        """The chance that kind `t`, discarded now, completes an opponent's Hu (`danger_of`)."""
        safe = 1.0
        for o in self.sight.opponents:
            share = min(1.0, WAITS_WHEN_READY * _suit_weight(o, t) * self._shapes[t] / self._spread)
            safe *= 1 - ready_chance(o) * share * _let_go_weight(o, t)
        return 1 - safe

    # -- a decision ------------------------------------------------------------------------------

    def value(self, standing: tuple[int, ...], discarded: Tile | None) -> Value:
        """The worth of the 13-tile hand `standing` left after letting `discarded` go (None: no tile
        let go, as a pass or a kong)."""
        w = self.worth(standing)
        danger = 0.0 if discarded is None else self.danger(discarded.index)
        deal_in = float(owed(DEAL_IN_TOTAL, self_drawn=False, discarder=True))
        expected = (1 - danger) * w.valid_chance * w.win - danger * deal_in  # a deal-in also ends the hand
        error = max(ERROR_FLOOR, ERROR[w.method] * w.valid_chance * w.win + 0.5 * danger * deal_in)
        return Value(w.valid_chance, expected, danger, w.good_draws, w.dead_draws, w.win, deal_in, w.method, error)


def _best_way(ways: Sequence[HandWorth]) -> HandWorth:
    """Of the ways on open to a hand, the one worth most: its chance of a valid Hu times its win."""
    return max(ways, key=lambda w: w.valid_chance * w.win)


@functools.lru_cache(maxsize=1 << 16)
def _scored(
    melds: tuple[Meld, ...],
    situation: Situation,
    profile: profiles.Profile,
    standing: tuple[int, ...],
    win: int,
    self_drawn: bool,
    last: bool,
) -> tuple[int, bool]:
    """The total and whether it reaches the minimum of the Hu of `standing` and `win`, kept: the
    next positions of a hand share many of its ready hands and of its far completions."""
    tiles = tuple(Tile.from_index(i) for i in range(KINDS) for _ in range(standing[i]))
    s = dataclasses.replace(situation, self_drawn=self_drawn, last_copy=last)
    score = score_with_profile(Hand(melds, tiles, Tile.from_index(win), s), profile)
    return score.total, score.meets_minimum


def _discarded(t: int) -> float:
    """How much likelier kind `t` is discarded than its unseen copies say (`DISCARDED_HONOUR`...)."""
    if is_honor(t):
        return DISCARDED_HONOUR
    if is_terminal(t):
        return DISCARDED_TERMINAL
    return DISCARDED_SECOND if rank_of(t) in (2, 8) else DISCARDED_MIDDLE


_DISCARDED = tuple(_discarded(t) for t in range(KINDS))


def ready_chance(o: Opponent) -> float:
    """The chance an opponent is ready, from what is seen of them: tiles discarded and melds exposed."""
    by_discards = READY_PER_DISCARD * max(0, o.discarded - READY_FREE_DISCARDS)
    return min(READY_MOST, by_discards + READY_PER_MELD * o.melds)


def _shapes(t: int, unseen: Sequence[int]) -> float:
    """How many ways a ready hand can wait on kind `t`, each weighted by the unseen copies it needs:
    a chow's two tiles on either side (open, closed, edge waits), and `PAIR_WAIT` (`HONOUR_WAIT` for
    an honour) times a pair waiting for its pung and a single tile waiting for its pair."""
    u = unseen
    pairs = u[t] * max(0, u[t] - 1) / 2 + 0.5 * u[t]
    if is_honor(t):
        return HONOUR_WAIT * pairs
    return PAIR_WAIT * pairs + sum(u[a] * u[b] for a, b in chow_partners(t))


def _suit_weight(o: Opponent, t: int) -> float:
    if is_honor(t) or o.one_suit is None:
        return 1.0
    return FLUSH_IN if t // 9 == o.one_suit else FLUSH_OUT


def _let_go_weight(o: Opponent, t: int) -> float:
    """What the opponent's own discards and the kinds they let go say of kind `t` as their wait:
    never safe (no furiten in MCR; a Hu may be let go, a hand changes), only less likely."""
    weight = 1.0
    if t in o.own:
        weight = OWN_DISCARD
    if t in o.passed:
        weight = min(weight, PASSED_NOW)
    elif t in o.passed_before:
        weight = min(weight, PASSED_BEFORE)
    return weight


def tolerance(best: Value, chosen: Value) -> float:
    """The loss a verdict forgives: the two estimates' errors together."""
    return math.hypot(best.error, chosen.error)
