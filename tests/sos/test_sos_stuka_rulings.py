"""Rulings on German Stukas as firers in the fire command (9.104, 10.3, 14.31, 15.11-15.17,
15.31, 15.32): each allowed and forbidden, on small positions."""

from __future__ import annotations

import pytest
from sos_fire_helpers import drms, fire, may, why

from adjudicator.errors import InputError
from adjudicator.scenario import parse_scenario

INF = "class: infantry, attack: 4, defense: 3, range: 1, movement: 8"
ART = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"
SOV = 'id: "S", side: soviet, hex: "0404", ' + INF
#: a Stuka in the Stukas' off-map box
STUKA = 'id: "K", side: german, hex: "AIR", class: stuka, attack: 6'
LW = 'id: "LW", side: german, hex: "0402", class: op, luftwaffe: true'


def g(uid, hexid, body=INF, more=""):
    return f'id: "{uid}", side: german, hex: "{hexid}", {body}{more}'


def pos(units, hexes=None, phase=5):
    """A clear 8x8 map with an off-map box AIR for the Stukas."""
    extra = "  entry_areas:\n    AIR: {side: german, kind: off-map}\n"
    text = sc_text(units, hexes, phase)
    return parse_scenario(text.replace("units:", extra + "units:", 1), "pos.yaml")


def sc_text(units, hexes, phase):
    hexes = hexes or {}
    lines = ["game: sos", "phasing: german", f"phase: {phase}", "date: 1942-09-15",
             "map:", "  hexes:"]
    for c in range(1, 9):
        for r in range(1, 9):
            h = f"{c:02d}{r:02d}"
            lines.append(f'    "{h}": {hexes.get(h, "clear")}')
    lines.append("units:")
    lines += [f"  - {{{u}}}" for u in units]
    return "\n".join(lines) + "\n"


@pytest.mark.rules("15.13", "9.19")
def test_15_13_stukas_bombard_from_their_box_with_no_spotter_and_no_range():
    data = fire(pos([SOV, STUKA]), "attack", ["K"], "0404")
    assert may(data, "K") and data["total"] == 6
    assert {"note": "stukas-see-their-target", "rule": "15.13"} in data["firers"][0]["notes"]
    # a German unit of another kind in an off-map box does not fire (9.17)
    data = fire(pos([SOV, g("G", "AIR")]), "attack", ["G"], "0404")
    assert not may(data, "G") and "9.17" in why(data, "G")


@pytest.mark.rules("15.12")
def test_15_12_stukas_never_fire_defensively_or_as_opportunity_fire():
    sc = pos([SOV, STUKA, g("G", "0403")])
    data = fire(sc, "defensive", ["K"], "0404", defending="0403")
    assert not may(data, "K") and "15.12" in why(data, "K")
    data = fire(sc, "opportunity", ["K"], "0404", movers=["S"])
    assert not may(data, "K") and "15.12" in why(data, "K")


@pytest.mark.rules("15.11")
@pytest.mark.parametrize("phase,ok", [(2, True), (6, True), (5, True), (8, True),
                                      (9, False), (13, False), (12, False), (3, False)])
def test_15_11_the_phases_stukas_are_used_in(phase, ok):
    data = fire(pos([SOV, STUKA], phase=phase), "attack", ["K"], "0404")
    assert may(data, "K") == ok
    if not ok:
        assert "15.11" in why(data, "K")


@pytest.mark.rules("15.11", "10.3")
def test_15_11_in_the_movement_phases_only_for_breakthrough_attacks():
    sc = pos([SOV, STUKA, g("T", "0403", "class: armor, attack: 6, defense: 4, range: 2, "
                                         "movement: 18"), LW], phase=3)
    assert "15.11" in why(fire(sc, "attack", ["K"], "0404"), "K")
    data = fire(sc, "attack", ["K", "T"], "0404", breakthrough=True)
    assert may(data, "K")


@pytest.mark.rules("15.14", "15.17")
def test_15_14_stukas_support_an_attack_only_if_the_luftwaffe_op_sees_the_target():
    sc = pos([SOV, STUKA, g("G", "0403"), LW])
    data = fire(sc, "attack", ["K", "G"], "0404")
    assert may(data, "K") and data["total"] == 10 and drms(data)["spotting"] == -1
    # no Luftwaffe OP, or one whose line is blocked
    data = fire(pos([SOV, STUKA, g("G", "0403")]), "attack", ["K", "G"], "0404")
    assert not may(data, "K") and "15.14" in why(data, "K")
    blocked = pos([SOV, STUKA, g("G", "0403"), LW.replace("0402", "0401")],
                  {"0402": "{features: [city]}"})
    data = fire(blocked, "attack", ["K", "G"], "0404")
    assert not may(data, "K") and "15.14" in why(data, "K")
    # a pinned Luftwaffe OP (pinned before this phase) does not see for them (14.94)
    pinned = pos([SOV, STUKA, g("G", "0403"), LW + ", pinned: true"])
    assert "15.14" in why(fire(pinned, "attack", ["K", "G"], "0404"), "K")


@pytest.mark.rules("15.17", "14.31")
def test_15_17_the_luftwaffe_op_modifier_for_a_bombardment():
    data = fire(pos([SOV, STUKA, LW]), "attack", ["K"], "0404")
    assert drms(data).get("spotting") == -1
    data = fire(pos([SOV, STUKA]), "attack", ["K"], "0404")
    assert "spotting" not in drms(data)  # bombarding alone: no spotter needed, no -1


@pytest.mark.rules("14.31")
def test_14_31_with_if_artillery_the_if_units_spotting_modifier_is_used():
    units = [SOV, STUKA, LW, g("A", "0401", ART, ', oob: {division: "94"}'),
             g("Sp", "0403", INF, ', oob: {division: "94", regiment: "1", battalion: "1"}')]
    sc = pos(units, {"0402": "{features: [city]}"})
    data = fire(sc, "attack", ["K", "A"], "0404", spotter="Sp")
    assert may(data, "K") and may(data, "A")
    assert drms(data)["spotting"] == 0  # the infantry spotter next to the target, in command


@pytest.mark.rules("9.104", "15.16")
def test_9_104_no_stukas_at_a_city_hex_next_to_german_units():
    city = {"0404": "{features: [city]}"}
    data = fire(pos([SOV, STUKA, g("G", "0403")], city), "attack", ["K"], "0404")
    assert not may(data, "K") and "9.104" in why(data, "K")
    # a German minefield next to it does not count; nor does a suburb target
    mines = g("M", "0403", "class: minefield")
    assert may(fire(pos([SOV, STUKA, mines], city), "attack", ["K"], "0404"), "K")
    suburb = {"0404": "{features: [suburb]}"}
    assert may(fire(pos([SOV, STUKA, g("G", "0403")], suburb), "attack", ["K"], "0404"), "K")


@pytest.mark.rules("15.1")
def test_15_1_stukas_are_german():
    text = sc_text(['id: "K", side: soviet, hex: "0101", class: stuka'], None, 5)
    with pytest.raises(InputError, match="15.1"):
        parse_scenario(text, "pos.yaml")


# -- East Bank boxes (15.31, 15.32) --------------------------------------------------------

def box(units, lw_hex=None):
    """Columns 01-12, rows 35-42: column 01 the Volga, 0139 numbered 8 for the box EB."""
    lines = ["game: sos", "phasing: german", "phase: 2", "date: 1942-09-15", "map:",
             "  hexes:"]
    for c in range(1, 13):
        for r in range(35, 43):
            h = f"{c:02d}{r:02d}"
            if c == 1:
                rng = ", volga_range: {EB: 8}" if r == 39 else ""
                lines.append(f'    "{h}": {{terrain: volga, features: [volga]{rng}}}')
            else:
                lines.append(f'    "{h}": clear')
    lines += ["  entry_areas:", "    EB: {side: soviet, kind: east-bank}",
              "    AIR: {side: german, kind: off-map}", "units:",
              f'  - {{id: "B", side: soviet, hex: "EB", {ART}}}',
              *[f"  - {{{u}}}" for u in units]]
    if lw_hex:
        lines.append(f"  - {{{LW.replace('0402', lw_hex)}}}")
    return parse_scenario("\n".join(lines) + "\n", "pos.yaml")


@pytest.mark.rules("15.31")
def test_15_31_stukas_bombard_a_box_without_an_op_and_take_minus_1_with_the_lw_op_on_1039():
    data = fire(box([STUKA]), "attack", ["K"], "EB")
    assert may(data, "K") and data["fires"] and data["table"] == "ebbt"
    assert drms(data) == {}
    data = fire(box([STUKA], lw_hex="1039"), "attack", ["K"], "EB")
    assert drms(data) == {"hill-102-lw-op": -1}
    data = fire(box([STUKA], lw_hex="1038"), "attack", ["K"], "EB")
    assert drms(data) == {}


@pytest.mark.rules("15.32")
def test_15_32_stukas_bombard_a_box_apart_from_the_if_artillery():
    units = [STUKA, g("A", "1040", ART.replace("range: 12", "range: 20"),
                      ", oob: {independent: true}"),
             g("OP", "1039", "class: op, oob: {corps: LI}")]
    data = fire(box(units), "attack", ["K", "A"], "EB")
    assert not data["fires"] and "15.32" in data["forbidden_by"]
    assert fire(box(units), "attack", ["K"], "EB")["fires"]


@pytest.mark.rules("15.14")
def test_15_14_reading_outside_bombardment_phases_asks_for_the_op_in_attack_phases():
    readings = 'readings: {"15.14": outside-bombardment-phases}\n'
    text = sc_text([SOV, STUKA], None, 5).replace(
        "units:", "  entry_areas:\n    AIR: {side: german, kind: off-map}\nunits:", 1)
    sc = parse_scenario(readings + text, "pos.yaml")
    data = fire(sc, "attack", ["K"], "0404")
    assert not may(data, "K") and "15.14" in why(data, "K")
    sc = parse_scenario(readings + text.replace("phase: 5", "phase: 2"), "pos.yaml")
    assert may(fire(sc, "attack", ["K"], "0404"), "K")
    # the default: a bombardment in an Attack Phase needs no OP
    assert may(fire(pos([SOV, STUKA]), "attack", ["K"], "0404"), "K")
