"""Game review: a recorded game replayed from each player's seat, every decision judged, as text and HTML."""
