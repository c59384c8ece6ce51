"""Issue 12: a bounded fuzz in the default run. Random strings of notation pieces and stray
characters, and valid hands mutated, go into `parse_hand`, `score`, `batch.score_line` and
`mcr-score score`: only documented error codes, no traceback, each input answered within a second.
`scripts/fuzz N` runs the same checks over N strings (opt-in, for long runs)."""

from __future__ import annotations

from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support import fuzz

FUZZ = settings(
    max_examples=150,
    deadline=timedelta(seconds=fuzz.LIMIT),
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=False,
)
CHECKER = fuzz.Checker()

pieces = st.lists(st.one_of(st.sampled_from(fuzz.PIECES), st.characters(codec="utf-8")), max_size=260).map("".join)
mutated = st.builds(fuzz.mutate, st.sampled_from(fuzz.SEEDS), st.randoms(use_true_random=False), st.integers(1, 8))


@FUZZ
@given(pieces)
def test_random_strings_get_an_answer_or_a_documented_error(text):
    assert CHECKER.check(text) == []


@FUZZ
@given(mutated)
def test_mutated_hands_get_an_answer_or_a_documented_error(text):
    assert CHECKER.check(text) == []


def test_the_fuzz_script_prints_its_counts(capsys):
    assert fuzz.main_(["40", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "inputs            40 (seed 7)" in out
    assert "failures          0" in out
    assert "CLI exit codes" in out
