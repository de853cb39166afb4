"""Rulings found by differential testing (reference against the ASP adjudicator).

Each test is a position on which the two disagreed, decided from the rule text. Where
the ASP side was judged wrong the test is marked ``xfail(strict=True)`` with the reason,
so it starts passing (and the mark must go) once the owner fixes it. Where the reference
was wrong it was fixed, and the test pins the ruling for both sides.
"""

from __future__ import annotations

import pytest
from positions import pos, unit

from adjudicator.queries.bonds import bonds as asp_bonds
from adjudicator.reference.bonds import bonds as ref_bonds

EDGE_B = {"B": {"side": "soviet", "hexes": ["0308", "0408", "0508"]}}


def _standing_edge_sides(items) -> set[str]:
    return {s for b in items if b.kind == "edge" and not b.negated and not b.broken
            for s in b.through_hexsides}


@pytest.mark.rules("7.3", "7.5")
def test_7_3_edge_bond_negated_needs_enemy_on_both_sides_reference():
    """0407 reaches Entry Area B past two edge hexsides: 0308-0408 and 0408-0508.

    Axis units in 0408 and 0508 negate the bond closing 0408-0508 only; the one closing
    0308-0408 still stands, since 0308 is empty (7.3).
    """
    sc = pos([unit("S", "soviet", "0407"), unit("A1", "axis", "0408"),
              unit("A2", "axis", "0508")], entry_areas=EDGE_B)
    assert _standing_edge_sides(ref_bonds(sc)) == {"0308-0408"}
    sc = pos([unit("S", "soviet", "0407"), unit("A1", "axis", "0408"),
              unit("A2", "axis", "0308"), unit("A3", "axis", "0508")], entry_areas=EDGE_B)
    assert _standing_edge_sides(ref_bonds(sc)) == set()


@pytest.mark.rules("7.3", "7.5")
@pytest.mark.xfail(strict=True, reason=(
    "queries/bonds.py keys a bond by (side, kind, ends); two edge bonds from one hex into "
    "one Entry Area closing different hexsides are merged, so the negation of one hides "
    "the other, which still stands"))
def test_7_3_edge_bond_negated_needs_enemy_on_both_sides_asp():
    sc = pos([unit("S", "soviet", "0407"), unit("A1", "axis", "0408"),
              unit("A2", "axis", "0508")], entry_areas=EDGE_B)
    assert asp_bonds(sc).closed_hexsides("soviet") == ["0308-0408"]


@pytest.mark.rules("7.6.1")
def test_7_6_1_no_push_into_enemy_hex_breaks_bond_over_two_major_rivers():
    """Soviet 0101 and 0202 (a Hexside Bond closing 0102-0201).

    The way round through 0102 crosses two Major Rivers; the way through 0201 crosses
    none but is held by the enemy, so the bond cannot be pushed there and is broken
    (7.6.1, the D-E example). Without the enemy in 0201 it is pushed there and stands.
    """
    rivers = {"0101-0102": {"river": "major"}, "0102-0202": {"river": "major"}}
    base = [unit("S1", "soviet", "0101"), unit("S2", "soviet", "0202")]
    for blocked in (False, True):
        extra = [unit("A", "axis", "0201")] if blocked else []
        sc = pos(base + extra, hexsides=rivers)
        for found in (ref_bonds(sc), asp_bonds(sc).bonds):
            (bond,) = [b for b in found if b.side == "soviet" and b.kind == "hexside"]
            assert bond.broken is blocked


@pytest.mark.rules("7.6.2")
def test_7_6_2_edge_bond_cannot_run_out_along_a_lake_or_coast_hexside():
    """An edge bond whose closed hexside is lake or sea would be anchored on it (7.6.2)."""
    for spec, broken in (({}, False), ({"lake": True}, True), ({"impassable": True}, True)):
        sides = {"0308-0408": spec} if spec else {}
        sc = pos([unit("S", "soviet", "0407")], hexsides=sides,
                 entry_areas={"B": {"side": "soviet", "hexes": ["0308", "0408"]}})
        for found in (ref_bonds(sc), asp_bonds(sc).bonds):
            (bond,) = [b for b in found if b.kind == "edge"]
            assert bond.broken is broken, spec
