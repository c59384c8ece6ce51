"""Pages: the score and the hand as text (in en, fr or zh) and as JSON-ready data.

A page reads a `Score` (or a `Hand`) and never recomputes it: every number, set and reason comes
from the engine; these modules only choose words, order and layout.
"""
