"""Opt-in measurements, run from the repository root as modules (`python -m benchmarks.speed`) so that
they import the shared generators as `tests.support` without touching `sys.path`."""
