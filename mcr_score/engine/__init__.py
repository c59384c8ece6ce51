"""The engine every system of MCR's tiles shares: the arrangements of a hand, its waits and shanten, the
groups of a result, and a system's switches and house files."""
