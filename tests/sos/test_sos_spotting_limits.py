"""Rulings on Streets of Stalingrad's spotting limits per phase (14.02, 14.22, 14.23,
14.24): what a unit spotted earlier in the position's phase (its ``spotting`` record) in
``spotted`` and in the fire combat's spotter, each rule allowed and forbidden."""

from __future__ import annotations

import pytest
from sos_fire_helpers import fire, may, why
from sos_fire_helpers import position as fire_position

from adjudicator.games.sos.commands.los import spotting
from adjudicator.scenario import parse_scenario

INF = "class: infantry, attack: 4, defense: 3, range: 1, movement: 8"
LDR = "class: leader, attack: 0, defense: 0, range: 0, movement: 16"
OP = "class: op, attack: 0, defense: 0, range: 0, movement: 8"
ART = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"


def unit(uid, side, hexid, body=INF, more=""):
    return f'  - {{id: "{uid}", side: {side}, hex: "{hexid}", {body}{more}}}'


def position(units, phase=5, hexes=None, readings=""):
    """A clear 8x8 map; German spotters, Soviet targets."""
    hexes = hexes or {}
    lines = ["game: sos", "phasing: german", f"phase: {phase}", "map:", "  hexes:"]
    for c in range(1, 9):
        for r in range(1, 9):
            h = f"{c:02d}{r:02d}"
            lines.append(f'    "{h}": {hexes.get(h, "clear")}')
    lines += ["units:", *units]
    return parse_scenario("\n".join(lines) + "\n" + readings, "pos.yaml")


def rows(sc, spotter):
    """target hex -> the spotter's row."""
    out = {}
    for t in spotting(sc, "german")["targets"]:
        for r in t["by"]:
            if r["spotter"] == spotter:
                out[t["hex"]] = r
    return out


def reasons(row):
    return {(w["reason"], w["rule"]) for w in row["why_not"]}


TARGETS = [unit("s1", "soviet", "0205"), unit("s2", "soviet", "0305")]


def rec(phase=5, hexes=("0205",), ifs=0, af=0):
    hx = ", ".join(f'"{h}"' for h in hexes)
    return f", spotting: {{phase: {phase}, hexes: [{hx}], if_units: {ifs}, af: {af}}}"


# -- 14.22 one target hex a phase for non-OP units ----------------------------------------

@pytest.mark.rules("14.22")
def test_14_22_a_non_op_unit_spots_only_the_hex_it_spotted_this_phase():
    sc = position([unit("L", "german", "0202", LDR, rec(ifs=1)), *TARGETS])
    got = rows(sc, "L")
    assert got["0205"]["spots"]
    assert not got["0305"]["spots"]
    assert ("one-target-hex-a-phase", "14.22") in reasons(got["0305"])


@pytest.mark.rules("14.22")
def test_14_22_an_op_spots_any_number_of_hexes():
    sc = position([unit("O", "german", "0202", OP, rec(af=30)), *TARGETS])
    got = rows(sc, "O")
    assert got["0205"]["spots"] and got["0305"]["spots"]
    assert got["0305"]["may_still_spot"] == {"kind": "af", "left": 60, "rule": "14.24"}


@pytest.mark.rules("14.22", "14.24")
def test_a_record_of_another_phase_counts_for_nothing():
    sc = position([unit("G", "german", "0202", INF, rec(phase=2, ifs=1)), *TARGETS])
    got = rows(sc, "G")
    assert got["0205"]["spots"] and got["0305"]["spots"]
    # the same record in the position's phase refuses both
    sc = position([unit("G", "german", "0202", INF, rec(phase=5, ifs=1)), *TARGETS])
    got = rows(sc, "G")
    assert not got["0205"]["spots"] and not got["0305"]["spots"]


# -- 14.24 how many IF units or AF points ---------------------------------------------------

@pytest.mark.rules("14.24")
def test_14_24_a_leader_spots_for_two_if_units_a_phase():
    sc = position([unit("L", "german", "0202", LDR, rec(ifs=1)), *TARGETS])
    row = rows(sc, "L")["0205"]
    assert row["spots"] and row["may_still_spot"]["left"] == 1
    sc = position([unit("L", "german", "0202", LDR, rec(ifs=2)), *TARGETS])
    row = rows(sc, "L")["0205"]
    assert not row["spots"] and ("limit-reached", "14.24") in reasons(row)


@pytest.mark.rules("14.24")
def test_14_24_any_other_non_op_unit_spots_for_one():
    sc = position([unit("G", "german", "0202"), *TARGETS])
    assert rows(sc, "G")["0205"]["may_still_spot"] == {"kind": "if-units", "left": 1,
                                                       "rule": "14.24"}
    sc = position([unit("G", "german", "0202", INF, rec(ifs=1)), *TARGETS])
    row = rows(sc, "G")["0205"]
    assert not row["spots"] and ("limit-reached", "14.24") in reasons(row)


@pytest.mark.rules("14.24")
def test_14_24_ninety_af_points_for_an_army_op_sixty_for_a_divisional_op():
    army = position([unit("O", "german", "0202", OP, rec(af=60)), *TARGETS])
    assert rows(army, "O")["0205"]["spots"]
    div = position([unit("O", "german", "0202", OP, rec(af=60) + ', oob: {division: "94"}'),
                    *TARGETS])
    row = rows(div, "O")["0205"]
    assert not row["spots"] and ("limit-reached", "14.24") in reasons(row)
    full = position([unit("O", "german", "0202", OP, rec(af=90)), *TARGETS])
    assert not rows(full, "O")["0205"]["spots"]


@pytest.mark.rules("14.24")
def test_14_24_the_non_op_units_of_one_hex_spot_one_if_unit_between_them():
    units = [unit("G1", "german", "0202", INF, rec(ifs=1)), unit("G2", "german", "0202"),
             unit("L", "german", "0202", LDR), *TARGETS]
    sc = position(units)
    row = rows(sc, "G2")["0205"]
    assert not row["spots"] and ("hex-limit-reached", "14.24") in reasons(row)
    # a leader in the hex is not held by it (14.24's last case)
    assert rows(sc, "L")["0205"]["spots"]
    # in another hex G2 may spot
    units[1] = unit("G2", "german", "0302")
    assert rows(position(units), "G2")["0205"]["spots"]


BN = ', oob: {division: "94", regiment: "267", battalion: "%s"}'


@pytest.mark.rules("14.24")
def test_14_24_one_if_unit_per_formation_from_several_hexes():
    units = [unit("G1", "german", "0202", INF, rec(ifs=1) + BN % "I"),
             unit("G2", "german", "0402", INF, BN % "I"), *TARGETS]
    row = rows(position(units), "G2")["0205"]
    assert not row["spots"] and ("formation-limit-reached", "14.24") in reasons(row)
    # another battalion of the regiment: free by default (reading 14.24#formation)
    units[1] = unit("G2", "german", "0402", INF, BN % "II")
    assert rows(position(units), "G2")["0205"]["spots"]
    sc = position(units, readings='readings: {"14.24#formation": regiment}\n')
    assert not rows(sc, "G2")["0205"]["spots"]


@pytest.mark.rules("14.22", "14.24")
def test_14_24_example_a_leader_and_an_infantry_unit_spot_three_if_units_two_hexes():
    """14.24's example: a leader and an infantry unit in one hex may spot for three IF
    units and two target hexes in a phase. The leader spotted 0205 for two IF units; the
    infantry unit may still spot 0305 for one, and the leader may not."""
    units = [unit("L", "german", "0202", LDR, rec(ifs=2)), unit("G", "german", "0202"),
             *TARGETS]
    sc = position(units)
    assert rows(sc, "G")["0305"]["spots"]
    assert rows(sc, "G")["0305"]["may_still_spot"]["left"] == 1
    row = rows(sc, "L")["0305"]
    assert not row["spots"] and ("one-target-hex-a-phase", "14.22") in reasons(row)


# -- 14.02 the phases, 14.23 an attacked hex ---------------------------------------------------

@pytest.mark.rules("14.02")
def test_14_02_nothing_is_spotted_in_the_administrative_phase():
    units = [unit("G", "german", "0202"), *TARGETS]
    assert rows(position(units, phase=2), "G")["0205"]["spots"]
    row = rows(position(units, phase=1), "G")["0205"]
    assert not row["spots"] and ("no-if-fire-this-phase", "14.02") in reasons(row)


@pytest.mark.rules("14.23")
def test_14_23_an_attacked_hex_spots_only_its_attackers():
    units = [unit("G", "german", "0202"), unit("s1", "soviet", "0203"),
             unit("s2", "soviet", "0205")]
    sc = position(units, hexes={"0202": "{markers: [attack]}"})
    got = rows(sc, "G")
    assert got["0203"]["spots"]
    assert ("attacked-hex-spots-attackers-only", "14.23") in reasons(got["0205"])
    sc = position(units, hexes={"0202": "{markers: [attack]}"},
                  readings='readings: {"14.23#attackers": any}\n')
    assert rows(sc, "G")["0205"]["spots"]


# -- the fire command's spotter ----------------------------------------------------------------

SOV = 'id: "S", side: soviet, hex: "0404", ' + INF


def g(uid, hexid, body, more=""):
    return f'id: "{uid}", side: german, hex: "{hexid}", {body}{more}'


def spotted_fire(spotter_body, firers=("A",), extra=(), readings=""):
    """German artillery in 0401 and 0501 behind city hexes fires at 0404 through Sp."""
    units = [SOV, g("A", "0401", ART), g("B", "0501", ART), g("C", "0601", ART),
             g("Sp", "0403", spotter_body), *extra]
    hexes = {"0402": "{features: [city]}", "0502": "{features: [city]}",
             "0602": "{features: [city]}"}
    sc = fire_position(units, hexes, extra=readings)
    return fire(sc, "attack", list(firers), "0404", spotter="Sp")


@pytest.mark.rules("14.24")
def test_14_24_fire_a_non_op_spotter_spots_for_one_if_unit():
    assert may(spotted_fire(INF), "A")
    data = spotted_fire(INF, firers=("A", "B"))
    assert not may(data, "A") and "14.24" in why(data, "A")
    data = spotted_fire(INF + rec(hexes=("0404",), ifs=1))
    assert not may(data, "A") and "14.24" in why(data, "A")


@pytest.mark.rules("14.24")
def test_14_24_fire_a_leader_spots_for_two():
    assert may(spotted_fire(LDR, firers=("A", "B")), "B")
    data = spotted_fire(LDR, firers=("A", "B", "C"))
    assert not may(data, "C") and "14.24" in why(data, "C")


@pytest.mark.rules("14.24")
def test_14_24_fire_an_op_spots_for_its_af_points():
    # three 8-AF units: 24 points, within 60
    assert may(spotted_fire(OP + ', oob: {division: "94"}', firers=("A", "B", "C")), "A")
    data = spotted_fire(OP + ', oob: {division: "94"}' + rec(hexes=(), af=40),
                        firers=("A", "B", "C"))
    assert not may(data, "A") and "14.24" in why(data, "A")
    assert may(spotted_fire(OP + rec(hexes=(), af=40), firers=("A", "B", "C")), "A")


@pytest.mark.rules("14.22")
def test_14_22_fire_a_non_op_spotter_that_spotted_another_hex():
    data = spotted_fire(LDR + rec(hexes=("0505",), ifs=0))
    assert not may(data, "A") and "14.22" in why(data, "A")
    assert may(spotted_fire(LDR + rec(hexes=("0404",), ifs=1)), "A")


@pytest.mark.rules("14.24")
def test_14_24_fire_the_hex_and_formation_limits():
    mate = g("G2", "0403", INF, rec(hexes=("0404",), ifs=1))
    data = spotted_fire(INF, extra=(mate,))
    assert not may(data, "A") and "14.24" in why(data, "A")
    far = g("G2", "0303", INF, rec(hexes=("0404",), ifs=1) + BN % "I")
    data = spotted_fire(INF + BN % "I", extra=(far,))
    assert not may(data, "A") and "14.24" in why(data, "A")
    assert may(spotted_fire(INF + BN % "II", extra=(far,)), "A")
