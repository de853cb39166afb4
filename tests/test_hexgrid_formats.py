"""Hex id formats a game declares: prefix, digit pairs, compass directions, orientation.

The default format (four digits ``CCRR``, columns growing east, rows south, flat-topped) is
covered by test_hexgrid.py; here the same grid arithmetic under other declarations.
"""

from __future__ import annotations

import pytest

from adjudicator.hexgrid import (
    DEFAULT_FORMAT,
    HexFormat,
    HexGrid,
    format_hex_id,
    is_hex_id,
    parse_hex_id,
    parse_hexside_id,
)

KB = HexFormat(prefix="KB")


def block(fmt: HexFormat, cols=range(30, 40), rows=range(10, 20)) -> list[str]:
    return [fmt.format(c, r) for c in cols for r in rows]


def test_a_prefixed_id_parses_under_its_format_only():
    assert KB.is_id("KB3617") and is_hex_id("KB3617", KB)
    assert parse_hex_id("KB3617", KB) == (36, 17)
    assert format_hex_id(36, 17, KB) == "KB3617"
    assert not is_hex_id("KB3617") and not KB.is_id("3617") and not KB.is_id("KB361")
    with pytest.raises(ValueError, match='not a hex id like "KB0404"'):
        KB.parse("3617")
    assert parse_hexside_id("KB3618-KB3617", KB) == ("KB3617", "KB3618")
    with pytest.raises(ValueError, match="KB0404-KB0405"):
        parse_hexside_id("3617-3618", KB)


def test_the_default_format_is_unchanged():
    assert DEFAULT_FORMAT.describe() == 'a four-digit hex id like "0404"'
    assert parse_hex_id("0417") == (4, 17) and format_hex_id(4, 17) == "0417"
    g = HexGrid.of(block(DEFAULT_FORMAT))
    assert g.neighbours("3514") == ["3513", "3613", "3614", "3515", "3414", "3413"]


def test_a_prefix_changes_no_neighbour():
    plain = HexGrid.of(block(DEFAULT_FORMAT))
    kb = HexGrid.of(block(KB), fmt=KB)
    for h in block(DEFAULT_FORMAT):
        assert kb.neighbours("KB" + h) == ["KB" + n for n in plain.neighbours(h)]


def test_row_first_ids_read_the_row_number_first():
    fmt = HexFormat(first="row")
    assert fmt.parse("1736") == (36, 17) and fmt.format(36, 17) == "1736"
    g = HexGrid.of(block(fmt), fmt=fmt)
    assert g.neighbours("1435") == ["1335", "1336", "1436", "1535", "1434", "1334"]


def test_columns_growing_west_mirror_the_map():
    """With column numbers growing west, 3514's east neighbours have smaller numbers."""
    west = HexFormat(columns_grow="west")
    g = HexGrid.of(block(west), fmt=west)
    # Clockwise from north: north-east and south-east are in column 34, to the east.
    assert g.neighbours("3514") == ["3513", "3413", "3414", "3515", "3614", "3613"]
    assert g.xy("3514") == (-35, 14)


def test_rows_growing_north_keep_adjacency_and_distance():
    north = HexFormat(rows_grow="north")
    g = HexGrid.of(block(north), fmt=north)
    assert g.are_adjacent("3514", "3515") and not g.are_adjacent("3514", "3516")
    assert g.distance("3510", "3519") == 9
    # The hex north of 3514 now has the larger row number, and the even columns, half a
    # hex further south, meet it in rows 15 (north-east) and 14 (south-east).
    assert g.neighbours("3514") == ["3515", "3615", "3614", "3513", "3414", "3415"]


def test_pointy_topped_rows_have_six_neighbours_two_in_the_same_row():
    pointy = HexFormat(orientation="pointy")
    g = HexGrid.of(block(pointy), fmt=pointy)
    # Row 14 is even, so it sits half a hex east of rows 13 and 15: its neighbours are the
    # hexes either side in its row and columns 35 and 36 of the rows above and below.
    assert set(g.neighbours("3514")) == {"3414", "3614", "3513", "3613", "3515", "3615"}
    for a in block(pointy):
        for b in g.neighbours(a):
            assert a in g.neighbours(b)


def test_the_shift_decides_which_rows_sit_half_a_hex_east():
    even = HexGrid.of(block(HexFormat(orientation="pointy")), "even",
                      HexFormat(orientation="pointy"))
    odd = HexGrid.of(block(HexFormat(orientation="pointy")), "odd",
                     HexFormat(orientation="pointy"))
    assert set(even.neighbours("3514")) == {"3414", "3614", "3513", "3613", "3515", "3615"}
    assert set(odd.neighbours("3514")) == {"3414", "3614", "3413", "3513", "3415", "3515"}


@pytest.mark.parametrize("kw", [{"columns_grow": "north"}, {"rows_grow": "east"},
                                {"digits": 0}, {"prefix": "K-B"}])
def test_an_impossible_format_is_refused(kw):
    with pytest.raises(ValueError):
        HexFormat(**kw)


def test_ids_beyond_the_digits_are_off_the_map():
    fmt = HexFormat(prefix="X", digits=1)
    g = HexGrid.of([fmt.format(c, r) for c in range(10) for r in range(10)], fmt=fmt)
    assert g.neighbours("X00") == ["X10", "X11", "X01"]
    assert g.on_edge("X99") and not g.on_edge("X55")
