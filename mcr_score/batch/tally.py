"""The summary of a run: counts over the output records (`Tally`), the run's `Outcome`, and the
summary text printed at the end."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mcr_score.batch.output import OutputRecord
from mcr_score.decoding import ascii_int
from mcr_score.messages import DEFAULT_LANG, Message, count, text
from mcr_score.textwidth import pad

if TYPE_CHECKING:
    from mcr_score.systems.mcr.result import Score


TallyKey = tuple[bool, bool, bool, int, "str | None", "bool | None"]
"""What `Tally.add` counts of a record: ok, winning, meets_minimum, total, error code, claim matches."""


def output_key(out: OutputRecord) -> TallyKey:
    """What the tally counts of an output object."""
    claim = out.get("claim")
    return (
        bool(out.get("ok")),
        bool(out.get("winning")),
        bool(out.get("meets_minimum")),
        out.get("total") or 0,
        (out.get("error") or {}).get("code"),
        None if claim is None else bool(claim.get("matches")),
    )


def scored_key(score: Score, claim: dict[str, Any] | None) -> TallyKey:
    """What the tally counts of a record scored: what `output_key` reads of its output object."""
    return (
        True,
        score.winning,
        score.meets_minimum,
        score.total,
        None,
        None if claim is None else bool(claim["matches"]),
    )


@dataclass
class Tally:
    """Counts over output records; merged across chunks, rebuilt from the output on --resume."""

    records: int = 0
    winning: int = 0
    valid: int = 0  # winning and at least 8 points
    below_minimum: int = 0
    not_winning: int = 0
    errors: int = 0
    claims: int = 0
    claim_mismatches: int = 0
    error_codes: Counter[str | None] = field(default_factory=Counter)
    totals: Counter[int] = field(default_factory=Counter)  # total (flowers included) of winning hands

    def add(
        self, ok: bool, winning: bool, meets_minimum: bool, total: int, code: str | None, claim_matches: bool | None
    ) -> None:
        """Count one record, from its output object or from a CSV row read back."""
        self.records += 1
        if not ok:
            self.errors += 1
            self.error_codes[code] += 1
        elif not winning:
            self.not_winning += 1
        else:
            self.winning += 1
            self.totals[total] += 1
            if meets_minimum:
                self.valid += 1
            else:
                self.below_minimum += 1
        if claim_matches is not None:
            self.claims += 1
            self.claim_mismatches += not claim_matches

    def add_output(self, out: OutputRecord) -> None:
        """Count an output record as written (or read back from a JSON-lines output)."""
        self.add(*output_key(out))

    def add_scored(self, score: Score, claim: dict[str, Any] | None) -> None:
        """Count a record scored (`output.Scored`) as `add_output` counts its output object."""
        self.add(*scored_key(score, claim))

    def add_csv_row(self, row: dict[str, str]) -> None:
        """An output record read back from a CSV output (on --resume)."""
        total = row.get("total") or "0"
        claim = row.get("claim_matches") or ""
        self.add(
            row.get("ok") == "true",
            row.get("winning") == "true",
            row.get("meets_minimum") == "true",
            max(ascii_int(total) or 0, 0),  # ASCII digits: a CSV edited by hand is not trusted
            row.get("error_code") or None,
            None if not claim else claim == "true",
        )

    def merge(self, other: Tally) -> None:
        """Add the counts of a chunk (scored in a worker) or of the resumed part."""
        for name in (
            "records",
            "winning",
            "valid",
            "below_minimum",
            "not_winning",
            "errors",
            "claims",
            "claim_mismatches",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.error_codes.update(other.error_codes)
        self.totals.update(other.totals)

    @property
    def all_good(self) -> bool:
        """Every record a winning hand of at least 8 points whose claims (if any) match."""
        return not (self.errors or self.not_winning or self.below_minimum or self.claim_mismatches)


@dataclass
class Outcome:
    """A finished (or interrupted) run, as the summary reports it."""

    tally: Tally  # every output record, the resumed part included
    scored: int  # records scored by this run
    seconds: float
    jobs: int
    rules: str
    resumed_from: int = 0
    interrupted: bool = False
    blank_lines: int = 0  # blank lines of the input read by this run: skipped, not records

    damage: Message | None = None  # the input ended on damage (a corrupt .gz) after the records counted
    games: dict[str, Any] | None = None  # `batch --from`: what the game records held (`batch.games.GameTally`)

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON (`--summary-json`)."""
        t = self.tally
        return {
            "records": t.records,
            "winning": t.winning,
            "valid": t.valid,
            "below_minimum": t.below_minimum,
            "not_winning": t.not_winning,
            "errors": t.errors,
            "error_codes": dict(sorted(t.error_codes.items())),
            "claims": t.claims,
            "claim_mismatches": t.claim_mismatches,
            "totals": {str(k): v for k, v in sorted(t.totals.items())},
            "rules": self.rules,
            "jobs": self.jobs,
            "resumed_from": self.resumed_from,
            "scored": self.scored,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.scored / self.seconds, 1) if self.seconds > 0 else None,
            "interrupted": self.interrupted,
            "blank_lines": self.blank_lines,
            "input_damaged": self.damage.text() if self.damage is not None else None,
        } | ({"games": self.games} if self.games is not None else {})


_BUCKETS = ((0, 7), (8, 11), (12, 15), (16, 23), (24, 31), (32, 47), (48, 63), (64, 87), (88, None))


def summary_text(outcome: Outcome, lang: str = DEFAULT_LANG) -> str:
    """The summary printed on stderr at the end of a run, in `lang` (the CLI prints it in English)."""
    d = outcome.to_dict()
    t = outcome.tally

    def n(value: float, decimals: int = 0) -> str:
        return _number(value, lang, decimals)

    rate = text("summary.rate", lang, rate=n(d["hands_per_second"])) if d["hands_per_second"] is not None else "-"
    processes = text("summary.process" if outcome.jobs == 1 else "summary.processes", lang, n=outcome.jobs)
    facts = {
        "records": count("n.record", t.records, n(t.records)),
        "scored": n(outcome.scored),
        "seconds": n(outcome.seconds, 1),
        "rate": rate,
        "processes": processes,
        "rules": outcome.rules,
    }
    if outcome.resumed_from:
        head = text("summary.head-resumed", lang, resumed=n(outcome.resumed_from), **facts)
    else:
        head = text("summary.head", lang, **facts)
    if outcome.interrupted:
        head += "\n" + text("summary.interrupted", lang)
    codes = ", ".join(f"{c} {n(k)}" for c, k in t.error_codes.most_common())
    rows = [
        ("summary.winning", 0, t.winning, ""),
        ("summary.valid", 2, t.valid, ""),
        ("summary.below", 2, t.below_minimum, ""),
        ("summary.not-winning", 0, t.not_winning, ""),
        ("summary.errors", 0, t.errors, f"  ({codes})" if codes else ""),
        ("summary.claims", 0, t.claims, ""),
        ("summary.mismatches", 0, t.claim_mismatches, ""),
    ]
    if outcome.blank_lines:
        rows.append(("summary.blank", 0, outcome.blank_lines, ""))
    lines = [head] + [
        f"  {pad(' ' * indent + text(label, lang), 20)}{pad(n(count), 12, right=True)}{extra}"
        for label, indent, count, extra in rows
    ]
    if outcome.games is not None:
        games = {k: n(v) for k, v in outcome.games.items() if k != "formats"}
        nouns = {"files": "n.file", "games": "n.game", "hands": "n.hand", "winning_hands": "n.winning-hand-scored"}
        counted = {k: count(noun, outcome.games[k], games[k]) for k, noun in nouns.items()}
        lines.append(text("summary.games", lang, **games | counted))
    buckets = []
    for lo, hi in _BUCKETS:
        k = sum(c for total, c in t.totals.items() if total >= lo and (hi is None or total <= hi))
        if k:
            buckets.append(f"{lo}+: {n(k)}" if hi is None else f"{lo}-{hi}: {n(k)}")
    if buckets:
        lines.append("  " + pad(text("summary.totals", lang), 20) + "  ".join(buckets))
    return "\n".join(lines)


def _number(value: float, lang: str, decimals: int = 0) -> str:
    """A count or a duration as `lang` writes it: 1,234.5 in English and Chinese, 1 234,5 in French
    (the catalogue's `i18n.number` writes 1234.5 with the language's separators)."""
    sample = text("i18n.number", lang)
    return f"{value:,.{decimals}f}".translate({ord(","): sample[1], ord("."): sample[-2]})
