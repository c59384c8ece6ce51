"""PMN written from a game record (`convert --to pmn`): each hand's tags, deal, play, fans and
results as `pmn` reads them, and the text written read back through `pmn.read` and compared, so
that a hand that would read as another is refused, never written.

Apart from the reader so that the reader is compiled (issue 40: every reader on the compiled path)
while this module reads back through the module's attribute, `pmn.read`, which a test replaces to
show the guard (tests/games/test_convert_faithful.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NoReturn

from mcr_score.errors import McrError
from mcr_score.games import pmn
from mcr_score.games.fan_names import standard_points
from mcr_score.games.model import Act, Event, Flower, Game, HandRecord, Outcome, Piece, Win
from mcr_score.games.pmn import MAX_BOARD, SEAT_TAGS, TAKEN, code_of
from mcr_score.games.reading import Input
from mcr_score.hand import FOUR_SETS
from mcr_score.messages import Message, msg
from mcr_score.notation import format_hand
from mcr_score.systems.mcr.claims import most
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.tournament.limits import MAX_HAND_SCORE, MAX_PENALTY
from mcr_score.tiles import WINDS


class PmnWriteError(McrError):
    """A hand PMN cannot hold as the record gives it: no deal or no play (a score sheet's hand), a
    hand the replay stopped in, a result PMN has no place for or that no hand can give. The message
    names the hand and what cannot be written; `where` is `game/hand`."""

    code = "unwritable-pmn"


MAX_FAN_POINTS = max(standard_points(fan) for fan in Fan)
"""The most one fan is worth (88): a recorded value above it is no fan's."""
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
"""What ends a line for the reader (`str.splitlines`): a tag's value cannot hold one."""


def write_game(game: Game) -> str:
    """Every hand of the game as PMN games separated by blank lines; a hand PMN cannot hold raises
    `PmnWriteError` (`write_hand`)."""
    return "\n".join(write_hand(game, hand) for hand in game.hands)


def write_hand(game: Game, hand: HandRecord) -> str:
    """The hand as one PMN game, which reads back (`read`) to the same hand: the same deal and play,
    winners, winning hands and their situations, fans, totals, results and penalties, as the record
    gives them (none made up). What PMN cannot hold so is a `PmnWriteError` naming the hand and why;
    the text written is read back and compared, so that a hand that would read as another is
    refused, never written."""
    where = f"{game.id}/{hand.number}"
    problem = _unwritable(hand)
    if problem is not None:
        raise PmnWriteError(problem, where=where)
    try:
        text = _text(game, hand)
    except PmnWriteError as e:
        raise PmnWriteError(e.msg, where=where) from None
    _read_back(hand, text, where)
    return text


def _unwritable(hand: HandRecord) -> Message | None:
    """Why the hand cannot be PMN, before it is written (None: it can)."""
    n = hand.number
    if hand.problem is not None:  # what `batch` refuses: its message names the game, hand and action or line
        return hand.problem.msg  # (a Botzone match refused at a line has no deal either: no score sheet)
    if hand.deal is None or len(hand.deal.hands) != len(WINDS):
        return msg("convert.pmn-no-deal" if hand.events else "convert.pmn-no-play", hand=n)
    if not hand.events:
        return msg("convert.pmn-no-play", hand=n)
    if not 1 <= n <= MAX_BOARD:
        return msg("convert.pmn-board", hand=n, most=MAX_BOARD)
    if not hand.wins and hand.outcome is not Outcome.DRAW:
        return msg("convert.pmn-unfinished", hand=n)
    false = [*hand.false_wins, *(e.seat for e in hand.events if e.act is Act.FALSE_WIN)]
    if false:
        return msg("convert.pmn-false-hu", hand=n, seat=WINDS[false[0]] if 0 <= false[0] < len(WINDS) else false[0])
    for tag, values, bound in (("Result", hand.scores, MAX_HAND_SCORE), ("Penalty", hand.penalties, MAX_PENALTY)):
        for seat, value in enumerate(values or ()):
            if not -bound <= value <= bound:
                return msg("convert.pmn-score", hand=n, tag=tag, seat=WINDS[seat], value=value, most=bound)
    return None


def _text(game: Game, hand: HandRecord) -> str:
    assert hand.deal is not None
    deal = [list(h) for h in hand.deal.hands]
    first = deal[0].pop() if len(deal[0]) == FOUR_SETS.tiles(0) else None  # East's 14th: its first `T`
    winners = [w.seat for w in hand.wins]
    fans = ["None"] * len(WINDS)
    for w in hand.wins:
        fans[w.seat] = _fan_text(w, hand.number)
    scores = hand.scores
    date = game.date[:10].replace("-", ".") if re.fullmatch(r"\d{4}-\d{2}-\d{2}.*", game.date) else "????.??.??"
    # duplicate MCR: several winners may share a discard, and the results do not sum to zero
    duplicate = len(winners) > 1 or (scores is not None and sum(scores) != 0)
    tags = [
        ("Event", game.title or game.format.value),
        ("Site", game.site),
        ("Date", date),
        ("Board", str(hand.number)),
        ("PWind", hand.prevalent),
        *zip(SEAT_TAGS, hand.players, strict=True),
        ("Deal", " ".join(_hand_text(h) for h in deal)),
        ("Scoring", "Duplicate MCR" if duplicate else "MCR"),
        ("Starting", "0 0 0 0"),
        *((("Result", _four(scores)),) if scores is not None else ()),  # none made up: the record's own, or none
        *((("Penalty", _four(hand.penalties)),) if hand.penalties is not None else ()),
        ("Play", _play_text(hand, first)),
        ("Fan", " ".join(fans)),
    ]
    for tag, value in tags:
        if any(c in LINE_BREAKS for c in value):
            raise PmnWriteError(msg("convert.pmn-line-break", hand=hand.number, tag=tag, value=value[:40]))
    return "".join(f'[{tag} "{_escaped(value)}"]\n' for tag, value in tags)


def _four(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


def _escaped(value: str) -> str:
    """A tag's value as PGN writes a string: `\\` and `"` after a backslash (`_unescaped` reads them)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _play_text(hand: HandRecord, first: Piece | None) -> str:
    """The play: a token per act in the record's order, a Hu (`H`) where it stands, then `N0` for a
    hand without a Hu. A discard is `z1` (the tile just taken) only when it is the seat's last draw,
    as the reader takes `z1`."""
    tokens: list[str] = []
    last: dict[int, Piece] = {}
    if first is not None:
        tokens.append("T0" + code_of(first))
        last[0] = first
    for e in hand.events:
        if e.act is Act.WIN:
            tokens.append(f"H{e.seat}")
            continue
        token = _token(e, last.get(e.seat))
        if e.act in (Act.DRAW, Act.REPLACEMENT):
            p = e.flower if e.flower is not None else e.tile
            if p is not None:
                last[e.seat] = p
        if token:
            tokens.append(token)
    if not hand.wins and hand.outcome is Outcome.DRAW:
        tokens.append("N0")
    return "".join(tokens)


def _token(e: Event, last: Piece | None) -> str:
    seat = str(e.seat)
    if e.act in (Act.DRAW, Act.REPLACEMENT):
        p: Piece | None = e.flower if e.flower is not None else e.tile
        return f"T{seat}{code_of(p)}" if p is not None else ""
    if e.act is Act.FLOWER:
        return f"R{seat}{code_of(e.flower or Flower(0))}"
    if e.tile is None and not e.meld:
        return ""
    letter = {
        Act.DISCARD: "D",
        Act.CHOW: "C",
        Act.PUNG: "P",
        Act.KONG: "Z",
        Act.CONCEALED_KONG: "A",
        Act.ADDED_KONG: "B",
    }.get(e.act)
    if letter is None:
        return ""
    if e.act is Act.CHOW:
        return f"C{seat}{code_of(sorted(e.meld, key=lambda t: t.index)[1])}"
    if e.act is Act.DISCARD and e.hand_cut is False and e.tile is not None and e.tile == last:
        return f"D{seat}{TAKEN}"
    tile = e.tile or e.meld[0]
    return f"{letter}{seat}{code_of(tile)}"


def _hand_text(pieces: Sequence[Piece]) -> str:
    groups: dict[str, list[str]] = {k: [] for k in "cdbwrf"}
    for p in pieces:
        code = code_of(p)
        groups[code[0]].append(code[1])
    return "".join(k + "".join(sorted(v)) for k, v in groups.items())


def _fan_text(win: Win, hand: int) -> str:
    """A winner's `Fan` part: the record's own fans by their Green Book numbers, values and counts,
    whose sum is the record's total (PMN gives a total only so); `None` for a Hu the record gives
    neither fans nor total of. A fan the record names that has no number, a count no hand can
    count, a value no fan has, or a total that is not the fans' sum cannot be written."""
    seat = WINDS[win.seat]
    if not win.fans:
        if win.total is None:
            return "None"
        return _refuse(msg("convert.pmn-total-only", hand=hand, seat=seat, total=win.total))
    if win.total is None:
        return _refuse(msg("convert.pmn-fans-only", hand=hand, seat=seat))
    items = []
    counts: dict[Fan, int] = {}
    total = 0
    for x in win.fans:
        if x.fan is None:
            return _refuse(msg("convert.pmn-fan-name", hand=hand, seat=seat, name=x.name[:40]))
        counts[x.fan] = counts.get(x.fan, 0) + x.count
        if x.count < 1 or counts[x.fan] > most(x.fan):
            count, bound = counts[x.fan], most(x.fan)
            return _refuse(msg("convert.pmn-fan-count", hand=hand, seat=seat, fan=int(x.fan), count=count, most=bound))
        points = standard_points(x.fan) if x.points is None else x.points
        if not 0 <= points <= MAX_FAN_POINTS:
            return _refuse(msg("convert.pmn-fan-value", hand=hand, seat=seat, fan=int(x.fan), value=points))
        items.append(f"{int(x.fan)}/{points}/{x.count}")
        total += points * x.count
    if total != win.total:
        return _refuse(msg("convert.pmn-total", hand=hand, seat=seat, total=win.total, sum=total))
    return ".".join(items)


def _refuse(problem: Message) -> NoReturn:
    raise PmnWriteError(problem)


def _facts(hand: HandRecord) -> dict[str, str]:
    """What a hand written as PMN must read back to, each as text for the message that names a
    difference: the wind, the players, how it ended, the winners, their hands (with the situation),
    their fans and totals, the results."""

    def text(values: Iterable[object] | None) -> str:
        return "-" if values is None else " ".join("-" if v is None else str(v) for v in values)

    return {
        "wind": hand.prevalent,
        "players": ", ".join(hand.players),
        "outcome": hand.outcome.value,
        "winners": text(
            f"{WINDS[w.seat]}<{WINDS[w.discarder] if w.discarder is not None else WINDS[w.seat]}" for w in hand.wins
        ),
        "hands": text(format_hand(w.hand) if w.hand is not None else None for w in hand.wins),
        "claims": text(f"{w.total}:{_fan_text(w, hand.number)}" for w in hand.wins),
        "scores": text(hand.scores),
        "penalties": text(hand.penalties),
    }


def _read_back(hand: HandRecord, text: str, where: str) -> None:
    """The PMN written for `hand` read back: a problem, or a fact that differs, refuses it."""
    n = hand.number
    try:
        again = pmn.read(Input(f"{where}.pmn", text.encode("utf-8")))[0].hands[0]
    except McrError as e:
        raise PmnWriteError(msg("convert.pmn-unreadable", hand=n, problem=e.msg), where=where) from None
    if again.problem is not None:
        raise PmnWriteError(msg("convert.pmn-unreadable", hand=n, problem=again.problem.msg), where=where)
    ours, back = _facts(hand), _facts(again)
    for fact, value in ours.items():
        if back[fact] != value:
            raise PmnWriteError(
                msg("convert.pmn-differs", hand=n, fact=msg(f"convert.fact.{fact}"), back=back[fact], ours=value),
                where=where,
            )
