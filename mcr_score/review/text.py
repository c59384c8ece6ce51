"""The page of `mcr-score review`: per player, a summary, a line per hand and the costliest decisions
with the command that shows each position. It reads a `review.judge.GameReview` and computes
nothing; words come from the catalogues."""

from __future__ import annotations

from mcr_score.messages import count, text
from mcr_score.review.judge import Decision, GameReview, HandReview, Summary
from mcr_score.systems.mcr.valuation import SUITS, Opponent
from mcr_score.textwidth import columns
from mcr_score.tiles import Tile
from mcr_score.vocabulary import DecisionKind as Kind

RIGHT = (True, False, True, True, True, True, True, True, True)


def percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}%"


def lost(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def command(d: Decision) -> str:
    """The command that shows the position as the review judged it."""
    if d.kind in (Kind.DISCARD, Kind.KONG):
        wall = "" if d.wall_left is None else f" --wall {d.wall_left}"
        opponents = "".join(f" --opponent {_opponent(o)}" for o in d.opponents)
        return f"mcr-score discards '{d.position}' --seen '{d.visible}'{wall}{opponents}"
    if d.kind in (Kind.CLAIM, Kind.PASS):
        return f"mcr-score shanten '{d.position}' --seen '{d.visible}'"
    return f"mcr-score score '{d.position}'"


def _opponent(o: Opponent) -> str:
    suit = "" if o.one_suit is None else f":{SUITS[o.one_suit]}"
    kinds = [o.own, o.passed, o.passed_before]
    while kinds and not kinds[-1]:
        kinds.pop()
    lists = "".join("/" + "".join(Tile.from_index(k).code for k in part) for part in kinds)
    return f"{o.discarded}:{o.melds}{suit}{lists}"


def costly_line(d: Decision, lang: str) -> str:
    """One of the costliest decisions, in a sentence."""
    kind = text(f"review.kind.{d.kind}", lang)
    if d.kind in (Kind.MISSED_HU, Kind.FALSE_HU, Kind.HU):
        if d.choice is None:  # a false Hu the record gives without its tile
            return text("review.costly-hu-no-tile", lang, hand=d.hand, turn=d.turn, kind=kind)
        if d.score is None:  # a false Hu on tiles that make no winning hand: it has no points
            return text("review.costly-hu-unscored", lang, hand=d.hand, turn=d.turn, kind=kind, tile=d.choice)
        return text("review.costly-hu", lang, hand=d.hand, turn=d.turn, kind=kind, tile=d.choice, score=d.score)
    return text(
        "review.costly",
        lang,
        hand=d.hand,
        turn=d.turn,
        kind=kind,
        choice=d.choice,
        best=d.best,
        shanten=d.shanten_lost,
        useful=count("n.useful-copy-fewer", d.useful_lost),
    )


def summary_line(player: str, s: Summary, lang: str, reviewed: bool = True) -> str:
    """The player's summary; `reviewed` False: none of their hands could be replayed, and "0 of 0
    discards agree" would say a review was made."""
    if not reviewed:
        return text("review.player-none", lang, player=player)
    head = text(
        "review.player",
        lang,
        player=player,
        agreed=s.agreed,
        discards=count("n.discard", s.discards),
        agreement=percent(s.agreement),
        lost=lost(s.average_shanten_lost),
        missed=s.missed_hu,
        false=s.false_hu,
    )
    value = text(
        "review.value", lang, bad=s.bad_moves, judged=s.judged, rate=percent(s.bad_move_rate), mean=lost(s.mean_loss)
    )
    return f"{head}; {value}"


def _row(h: HandReview) -> list[str]:
    s = h.summary
    agreement, shanten = percent(s.agreement), lost(s.average_shanten_lost)
    bad, mean = percent(s.bad_move_rate), lost(s.mean_loss)
    return [str(h.hand), h.seat, str(s.discards), agreement, shanten, bad, mean, str(s.missed_hu), str(s.false_hu)]


def head_line(review: GameReview, lang: str) -> str:
    """The game reviewed: its id, title, format and the rules."""
    return text("review.head", lang, game=review.game, title=review.title, format=review.format, rules=review.rules)


def review_text(review: GameReview, lang: str) -> str:
    """The review of one game: a block per player."""
    lines = [head_line(review, lang)]
    for player in review.players:
        hands = [h for h in review.hands if h.player == player]
        summary = review.summary(player)
        reviewed = any(h.problem is None or h.decisions for h in hands)
        lines += ["", summary_line(player, summary, lang, reviewed)]
        heads = [
            text(f"review.col.{c}", lang)
            for c in ("hand", "seat", "discards", "agreement", "lost", "bad", "mean-loss", "missed", "false")
        ]
        lines += ["  " + line for line in columns([heads, *(_row(h) for h in hands)], RIGHT)]
        for h in hands:
            if h.problem is not None:
                lines.append("  " + text("review.skipped", lang, hand=h.hand, problem=h.problem.text(lang)))
        if not summary.costliest:
            if reviewed:  # no decision at all is no decision worse than the best
                lines.append("  " + text("review.no-costly", lang))
            continue
        lines.append("  " + text("review.costliest", lang))
        for d in summary.costliest:
            lines += ["    " + costly_line(d, lang)]
            if d.reason is not None:
                lines.append("      " + text("review.costly-reason", lang, reason=d.reason.text(lang)))
            lines.append("      " + command(d))
    return "\n".join(lines)
