"""Rulings on the timing of observation posts (14.94, 14.96): an OP pinned in the
position's phase still spots in it, one pinned before does not; an OP that moved or
advanced in the phase just before does not spot. Read from the units' ``pinned``,
``pinned_phase`` and ``moved_phase`` and the position's ``phase``, in ``spotted`` and for
the fire command's spotter; each allowed and forbidden."""

from __future__ import annotations

import pytest
from sos_fire_helpers import fire, may, why
from sos_fire_helpers import position as fire_position
from test_sos_spotting_limits import INF, OP, TARGETS, position, reasons, rows, unit

from adjudicator.errors import InputError
from adjudicator.scenario import parse_scenario


def op_row(more, phase=5, cls=OP):
    sc = position([unit("O", "german", "0202", cls, more), *TARGETS], phase=phase)
    return rows(sc, "O")["0205"]


@pytest.mark.rules("14.94")
def test_14_94_an_op_pinned_this_phase_still_spots():
    row = op_row(", pinned: true, pinned_phase: 5")
    assert row["spots"]
    # pinned in an earlier phase (or with no phase given: at the start of this one)
    for more in (", pinned: true, pinned_phase: 3", ", pinned: true"):
        row = op_row(more)
        assert not row["spots"] and ("pinned", "14.94") in reasons(row)
    # spent OPs spot (14.94, 14.23)
    assert op_row(", spent: true")["spots"]


@pytest.mark.rules("14.23", "14.94")
def test_14_94_is_for_ops_only_other_pinned_units_never_spot():
    row = op_row(", pinned: true, pinned_phase: 5", cls=INF)
    assert not row["spots"] and ("pinned", "14.23") in reasons(row)


@pytest.mark.rules("14.96")
def test_14_96_an_op_that_moved_last_phase_does_not_spot():
    # moved in German Movement Phase 3: no spotting in phase 4, again in phase 5
    row = op_row(", moved_phase: 3", phase=4)
    assert not row["spots"] and ("moved-last-phase", "14.96") in reasons(row)
    assert op_row(", moved_phase: 3", phase=5)["spots"]
    # an advance after combat in Attack Phase 5: none in Bombardment Phase 6
    assert not op_row(", moved_phase: 5", phase=6)["spots"]
    # phase 15 is followed by phase 1 of the next turn (where 14.02 also rules)
    row = op_row(", moved_phase: 15", phase=1)
    assert ("moved-last-phase", "14.96") in reasons(row)
    assert ("moved-last-phase", "14.96") not in reasons(op_row(", moved_phase: 14", phase=1))
    # a unit that is not an OP is not held by 14.96
    assert op_row(", moved_phase: 3", phase=4, cls=INF)["spots"]


@pytest.mark.rules("14.94")
def test_pinned_phase_needs_pinned():
    text = ("game: sos\nmap: {hexes: {\"0101\": clear}}\nunits:\n"
            '  - {id: O, side: german, hex: "0101", class: op, pinned_phase: 5}\n')
    with pytest.raises(InputError, match="pinned_phase"):
        parse_scenario(text, "pos.yaml")


# -- the fire command's spotter ---------------------------------------------------------------

ART = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"
SOV = 'id: "S", side: soviet, hex: "0404", ' + INF


def op_fire(more, phase=5):
    units = [SOV, 'id: "A", side: german, hex: "0401", ' + ART,
             'id: "O", side: german, hex: "0403", ' + OP + more]
    sc = fire_position(units, {"0402": "{features: [city]}"}, phase=phase)
    return fire(sc, "attack", ["A"], "0404", spotter="O")


@pytest.mark.rules("14.94")
def test_14_94_fire_a_pinned_op_spots_in_the_phase_it_was_pinned():
    assert may(op_fire(", pinned: true, pinned_phase: 5"), "A")
    data = op_fire(", pinned: true, pinned_phase: 2")
    assert not may(data, "A") and "14.94" in why(data, "A")


@pytest.mark.rules("14.96")
def test_14_96_fire_an_op_that_moved_last_phase_spots_for_none():
    data = op_fire(", moved_phase: 4", phase=5)
    assert not may(data, "A") and "14.96" in why(data, "A")
    assert may(op_fire(", moved_phase: 3", phase=5), "A")
