"""The short cuts that make a tziakcha hand cheaper to read and replay (issue 26) give what the plain
rules give: the wall's check, the record's own hand compared with the one played."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mcr_score.games import replay, tziakcha
from mcr_score.hand import Hand, Situation
from mcr_score.tiles import TILES

WALLS = st.one_of(
    st.permutations(range(144)).map(bytes),
    st.binary(min_size=140, max_size=148),
    st.tuples(st.permutations(range(144)), st.integers(0, 143), st.integers(0, 255)).map(
        lambda t: bytes(t[0][: t[1]]) + bytes([t[2]]) + bytes(t[0][t[1] + 1 :])
    ),
)


@given(WALLS)
def test_a_wall_holds_every_tile_id_once_as_sorting_it_tells(ids: bytes) -> None:
    assert tziakcha._every_id_once(ids) == (sorted(ids) == list(range(144)))


TILE_LISTS = st.lists(st.integers(0, 33), min_size=1, max_size=14)


@given(TILE_LISTS, st.data(), st.booleans())
def test_the_record_s_own_hand_matches_the_played_one_as_its_tile_counts_tell(
    own: list[int], data: st.DataObject, sort: bool
) -> None:
    """`_same_concealed` answers at once when the standing tiles and the winning tile are the same,
    in the same order; else it compares counts: the answer is the counts' either way (the played
    hand: any, or the own one's tiles in another order, or its winning tile another)."""
    played = data.draw(
        st.one_of(
            TILE_LISTS,
            st.permutations(own[:-1]).map(lambda p: [*p, own[-1]]),
            st.permutations(own),
        )
    )

    def hand(codes: list[int]) -> Hand:
        standing = sorted(codes[:-1]) if sort else codes[:-1]
        return Hand((), tuple(TILES[c] for c in standing), TILES[codes[-1]], Situation())

    a, b = hand(own), hand(played)
    want = (sorted(own), own[-1]) == (sorted(played), played[-1])
    assert replay._same_concealed(a, b) == want
    assert replay._same_concealed(a, a)
