"""Hex geometry: the contract's neighbour lists for both shifts, and properties."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.hexgrid import (
    HexGrid,
    cube_to_offset,
    format_hex_id,
    hexside_id,
    is_hex_id,
    offset_to_cube,
    parse_hex_id,
    parse_hexside_id,
)

ALL = [format_hex_id(c, r) for c in range(1, 21) for r in range(1, 21)]
EVEN = HexGrid.of(ALL, "even")
ODD = HexGrid.of(ALL, "odd")


def contract_neighbours(col, row, shifted):
    """The contract's lists (section 1), written out literally."""
    odd_list = [(col, row - 1), (col + 1, row - 1), (col + 1, row), (col, row + 1),
                (col - 1, row), (col - 1, row - 1)]
    even_list = [(col, row - 1), (col + 1, row), (col + 1, row + 1), (col, row + 1),
                 (col - 1, row + 1), (col - 1, row)]
    lowered_even = shifted == "even"
    if (col % 2 == 1) == lowered_even:
        lst = odd_list
    else:
        lst = even_list
    return {format_hex_id(c, r) for c, r in lst}


@pytest.mark.parametrize("grid", [EVEN, ODD], ids=["even", "odd"])
@pytest.mark.parametrize("hex_id", ["0505", "0606", "1011", "1210"])
def test_neighbours_match_the_contract(grid, hex_id):
    col, row = parse_hex_id(hex_id)
    assert set(grid.neighbours(hex_id)) == contract_neighbours(col, row, grid.shifted)


def test_contract_examples_even_shift():
    assert set(EVEN.neighbours("0404")) == {"0403", "0504", "0505", "0405", "0305", "0304"}
    assert set(EVEN.neighbours("0505")) == {"0504", "0604", "0605", "0506", "0405", "0404"}


def test_map_edge_hexes_have_fewer_neighbours():
    assert len(EVEN.neighbours("0101")) < 6 and EVEN.on_edge("0101")
    assert not EVEN.on_edge("0505")


hexes = st.sampled_from(ALL)


@given(hexes, st.sampled_from(["even", "odd"]))
def test_cube_round_trip(h, shifted):
    col, row = parse_hex_id(h)
    c = offset_to_cube(col, row, shifted)
    assert c.q + c.r + c.s == 0
    assert cube_to_offset(c, shifted) == (col, row)


@given(hexes, st.sampled_from([EVEN, ODD]))
def test_neighbour_relation_is_symmetric(h, grid):
    for n in grid.neighbours(h):
        assert h in grid.neighbours(n)
        assert grid.distance(h, n) == 1


@given(hexes, hexes, hexes, st.sampled_from([EVEN, ODD]))
def test_distance_triangle_inequality(a, b, c, grid):
    assert grid.distance(a, c) <= grid.distance(a, b) + grid.distance(b, c)
    assert grid.distance(a, b) == grid.distance(b, a)
    assert (grid.distance(a, b) == 0) == (a == b)


def test_distance_counts_hexes_along_a_column_and_diagonal():
    assert EVEN.distance("0404", "0408") == 4
    assert EVEN.distance("0404", "0804") == 4


def test_straight_pairs_are_two_apart_through_a_common_neighbour():
    pairs = list(EVEN.straight_pairs())
    assert ("0404", "0405", "0406") in pairs
    for a, m, b in pairs:
        assert EVEN.distance(a, b) == 2
        assert EVEN.distance(a, m) == EVEN.distance(m, b) == 1


def test_bent_pairs_share_exactly_two_neighbours_across_a_hexside():
    pairs = list(EVEN.bent_pairs())
    assert pairs
    for a, b, m1, m2 in pairs:
        assert EVEN.distance(a, b) == 2
        assert EVEN.are_adjacent(m1, m2)
        common = set(EVEN.neighbours(a)) & set(EVEN.neighbours(b))
        assert common == {m1, m2}
    # 0404 and 0505 are adjacent; 0404 and 0605 are two apart off line
    assert any({a, b} == {"0403", "0505"} for a, b, _, _ in pairs)


def test_each_distance_two_pair_is_straight_or_bent_exactly_once():
    straight = {frozenset((a, b)) for a, _, b in EVEN.straight_pairs()}
    bent = {frozenset((a, b)) for a, b, _, _ in EVEN.bent_pairs()}
    assert not straight & bent
    interior = "1010"
    ring = {h for h in ALL if EVEN.distance(interior, h) == 2}
    assert len(ring) == 12
    assert {h for h in ring if frozenset((interior, h)) in straight} | {
        h for h in ring if frozenset((interior, h)) in bent} == ring


def test_edge_bent_far_end_is_off_the_map():
    small = HexGrid.of([format_hex_id(c, r) for c in range(1, 5) for r in range(1, 5)])
    rel = list(small.bent_offmap())
    assert rel
    for a, m1, m2 in rel:
        assert small.are_adjacent(a, m1) and small.are_adjacent(a, m2)
        assert small.are_adjacent(m1, m2)
        assert small.on_edge(m1) and small.on_edge(m2)


def test_hexside_ids_in_either_order():
    assert hexside_id("0405", "0404") == "0404-0405"
    assert parse_hexside_id("0405-0404") == ("0404", "0405")
    with pytest.raises(ValueError):
        parse_hexside_id("0404-0404")
    with pytest.raises(ValueError):
        parse_hexside_id("0404")
    assert is_hex_id("2403") and not is_hex_id("243") and not is_hex_id("W")


def test_a_malformed_id_in_a_grid_has_no_neighbours_and_breaks_nothing():
    # the scenario checks report the id; the grid's relations must not trip over it first
    grid = HexGrid.of(["0101", "0102", ":'0101"])
    assert grid.neighbours(":'0101") == []
    assert list(grid.edges()) == [("0101", "0102")]
    assert grid.on_edge("0102")
