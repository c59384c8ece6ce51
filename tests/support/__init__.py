"""Helpers shared by the tests and the benchmarks (hand generators, the reference adapter, /proc, the CLI).

Nothing is imported here: `reference` needs the optional PyMahjongGB, and each user imports only
the module it needs (`from tests.support import strategies`).
"""
