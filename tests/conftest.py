"""Fixtures shared by several test files, and the tests marked `slow`.

The repository root is on `sys.path` (pyproject's `[tool.pytest.ini_options] pythonpath`), so the
tests and the benchmarks import their helpers as `tests.support.*` without path tricks.

`scripts/test --quick` runs `pytest -m "not slow"`: the tests listed in `SLOW` (whole files, or
one test of a file) are marked here, in one place, rather than in each file. Each takes seconds
in the whole suite's timing (`scripts/test --durations=60`): it builds a wheel or the page, drives
a browser, starts fresh processes or a cluster, or searches a large generated sample. A listed
name that matches no test of a collected file fails the run, so a renamed test cannot leave the
list without a word.
"""

from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner

from tests.support.cli import runner

SLOW = (
    # builds, browsers, fresh processes and clusters: whole files
    "test_build.py",
    "test_completion.py",
    "test_dask_example.py",
    "test_packaging.py",
    "test_startup.py",
    "test_seam_types.py",  # mypy on a module that imports the package
    "test_web_browser.py",
    "test_review_browser.py",
    "test_web_phone.py",
    "test_web_static.py",
    # processes: batch workers, signals, the CLI in a fresh interpreter
    "test_batch.py::test_ctrl_c_leaves_complete_records_and_resume_finishes_the_same_output",
    "test_batch.py::test_kill_9_then_resume_gives_the_same_output",
    "test_batch.py::test_reading_stays_a_bounded_distance_ahead_of_writing",
    "test_batch_games.py::test_a_hand_scores_as_its_notation_in_a_worker_and_here",
    "test_batch_dask.py::test_dask_local_gives_the_local_batch_byte_for_byte",
    "test_batch_dask.py::test_dask_resume_finishes_an_interrupted_output",
    "test_batch_dask.py::test_a_worker_killed_mid_run_loses_nothing",
    "test_review_cli.py::test_jobs_review_the_games_in_parallel_in_order",
    "test_batch_io_and_resume.py::test_the_summary_json_says_the_input_was_damaged",
    "test_batch_io_and_resume.py::test_a_corrupt_gz_is_reported",
    # large generated samples (hypothesis, searches, the reference on thousands of hands)
    "test_notation.py::test_fuzz_near_misses",
    "test_notation.py::test_fast_path_agrees_with_the_grammar_near_canonical_text",
    "test_notation.py::test_fast_path_gives_the_grammars_hand_or_defers",
    "test_notation.py::test_every_written_form_parses_to_the_hand",
    "test_notation.py::test_round_trip",
    "test_notation.py::test_repr_rebuilds_the_hand",
    "test_arrangement_search.py::test_the_generated_cases_reach_every_special_wait",
    "test_arrangement_search.py::test_arrange_lists_what_the_straightforward_search_lists_in_its_order",
    "test_arrangement_search.py::test_completing_tiles_are_the_kinds_that_complete",
    "test_arrangement_search.py::test_every_suit_shape_splits_as_the_straightforward_search_splits_it",
    "test_advice_reference.py::test_sample_agrees_with_reference",
    "test_advice_reference.py::test_sample_reaches_ready_in_every_special_form",
    "test_profiles.py::test_profile_differences_are_explained_by_switches",
    "test_review.py::test_hidden_tiles_change_no_decision",
    "test_review.py::test_every_real_game_is_reviewed_whole",
    "test_review.py::test_each_decision_agrees_with_the_engine",
    "test_nmjl.py::test_counting_agrees_with_a_search",
    "test_nmjl.py::test_a_joker_in_a_pair_or_single_never_matches",
    "test_web_bad_input.py::test_no_body_makes_a_500",
    "test_web_bad_input.py::test_no_query_string_makes_a_500",
    "test_web_schema.py::test_the_service_keeps_its_schema",
    "test_table.py::test_marked_form_round_trips_through_format_hand",
    "test_session_limits.py::test_any_json_sheet_is_settled_or_a_named_error",
    "test_fast_paths.py::test_completing_tiles_is_is_complete_over_every_tile",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give each test its own id, then mark the tests of `SLOW` slow; a name of a collected file that
    matches no test is an error."""
    _unique_ids(items)
    collected = {item.path.name for item in items}
    used: set[str] = set()
    for item in items:
        test = item.originalname if isinstance(item, pytest.Function) else item.name
        for name in (item.path.name, f"{item.path.name}::{test}"):
            if name in SLOW:
                item.add_marker(pytest.mark.slow)
                used.add(name)
    stale = [name for name in SLOW if name.split("::")[0] in collected and name not in used]
    if stale and not config.getoption("keyword") and not config.getoption("markexpr", ""):
        raise pytest.UsageError(f"tests/conftest.py SLOW names tests that do not exist: {', '.join(stale)}")


def _unique_ids(items: list[pytest.Item]) -> None:
    """Make every collected test's id its own, or stop the run.

    pytest-xdist (`scripts/test` runs the suite in two processes) hands tests out by id, so of tests
    that share one it runs a single test. Under pytest 9.2 every operation of schemathesis's
    `@schema.parametrize()` gets the test function's bare id (pytest builds an id from a
    parametrization schemathesis does not use): 19 of the service's 20 operations went unchecked,
    the run green. Such a test gets its operation in its id, as its name has it; any other id met
    twice is an error rather than tests quietly left out.
    """
    count = Counter(item.nodeid for item in items)
    for item in items:
        label = getattr(item, "operation_label", None)
        if count[item.nodeid] > 1 and isinstance(label, str) and item.name.endswith(f"[{label}]"):
            item._id = item._id.with_params(label)  # type: ignore[attr-defined]  # pytest's id of the item
    twice = sorted(nodeid for nodeid, n in Counter(item.nodeid for item in items).items() if n > 1)
    if twice:
        raise pytest.UsageError(f"tests share an id (pytest-xdist would run one of them): {', '.join(twice)}")


@pytest.fixture
def cli_runner() -> CliRunner:
    """A click runner that keeps stdout and stderr apart, so a test can check each stream."""
    return runner()
