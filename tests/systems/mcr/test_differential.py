"""Differential tests: the `china` profile must give exactly the fans of the reference calculator.

PyMahjongGB 1.4.0 is an independent implementation of the same rules, so agreement on thousands
of varied hands is the strongest check we have of the detectors and the exclusion passes
together. The fixed sample makes failures reproducible; the hypothesis test keeps exploring new
hands (and near-miss non-winning ones) on every run. The coverage check guards the sample itself:
if the generators stopped producing some fan, agreement would silently stop testing it.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, note, settings

from mcr_score import Hand, format_hand, score
from tests.support.reference import REFERENCE_NAMES, reference_fans
from tests.support.strategies import generate, hands

SEED = 20240611
SAMPLE_SIZE = 3000
MAX_REPORTED = 20
FAN_NAMES = {fan: name for name, fan in REFERENCE_NAMES.items()}


def our_fans(hand: Hand) -> dict[int, int] | None:
    """{fan id: count} under the `china` profile, or None when we say the hand does not win."""
    result = score(hand, "china")
    return result.fan_counts() if result.winning else None


def describe(hand: Hand, ours: dict | None, ref: dict | None) -> str:
    def show(fans: dict | None) -> str:
        return "not winning" if fans is None else str(dict(sorted(fans.items())))

    return f"{format_hand(hand)}\n    ours:      {show(ours)}\n    reference: {show(ref)}"


@pytest.fixture(scope="module")
def sample() -> list[tuple[Hand, dict | None, dict | None]]:
    """The fixed sample, scored once by both calculators and shared by the tests below."""
    return [(h, our_fans(h), reference_fans(h)) for h in generate(SAMPLE_SIZE, SEED)]


def test_sample_agrees_with_reference(sample):
    differing = [(h, o, r) for h, o, r in sample if o != r]
    shown = "\n".join(describe(*d) for d in differing[:MAX_REPORTED])
    assert not differing, (
        f"{len(differing)} of {len(sample)} hands (seed {SEED}) differ from the reference "
        f"(first {min(len(differing), MAX_REPORTED)}):\n{shown}"
    )


def test_sample_covers_every_fan(sample):
    seen = Counter(f for _, _, ref in sample if ref for f in ref)
    missing = [f"{f} {FAN_NAMES[f]}" for f in range(1, 83) if not seen[f]]
    assert not missing, f"the {SAMPLE_SIZE}-hand sample (seed {SEED}) never contains: {', '.join(missing)}"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_generated_hands_agree_with_reference(hand):
    ours, ref = our_fans(hand), reference_fans(hand)
    note(describe(hand, ours, ref))
    assert ours == ref, describe(hand, ours, ref)
