"""Rulings on Streets of Stalingrad's breakthrough attacks and markers (10.1-10.9):
each rule allowed and forbidden, the reading of 10.3 and the example of 10.7."""

from __future__ import annotations

import pytest
from cli_helpers import run
from sos_fire_helpers import INF, position

from adjudicator.games import get_game
from adjudicator.games.sos.commands.fire import breakthrough_attack, markers
from adjudicator.games.sos.crossings import banks

DEMO = str(get_game("sos").demo_path)
SOV = f'id: "S1", side: soviet, hex: "0404", {INF}'
OOB = 'oob: {battalion: "II", regiment: "194", division: "71"}'


def g(uid, hexid, body=INF, oob=OOB):
    return f'id: "{uid}", side: german, hex: "{hexid}", {body}, {oob}'


def bt(sc, attackers, target="0404"):
    return breakthrough_attack(sc, attackers, target)["breakthrough"]


def rules_of(b):
    return {f["rule"] for f in b["forbidden"]} | {u["rule"] for u in b["units"]}


@pytest.mark.rules("10.1")
def test_10_1_only_in_a_movement_phase_of_the_attacker():
    assert bt(position([SOV, g("G", "0403")], phase=3), ["G"])["allowed"]
    b = bt(position([SOV, g("G", "0403")], phase=5), ["G"])
    assert not b["allowed"] and "10.1" in rules_of(b)
    assert not bt(position([SOV, g("G", "0403")], phase=10), ["G"])["allowed"]


@pytest.mark.rules("10.1")
def test_10_1_no_attack_marker_for_a_breakthrough():
    data = breakthrough_attack(position([SOV, g("G", "0403")], phase=3), ["G"], "0404")
    assert data["attack_marker_needed"] is False


@pytest.mark.rules("10.2")
def test_10_2_needs_an_adjacent_non_pinned_attacker():
    at = "class: at-gun, attack: 4, defense: 2, range: 3, movement: 15"
    b = bt(position([SOV, g("AT", "0402", at)], phase=3), ["AT"])
    assert not b["allowed"] and "10.2" in rules_of(b)
    assert bt(position([SOV, g("AT", "0402", at), g("G", "0403")], phase=3),
              ["AT", "G"])["allowed"]


@pytest.mark.rules("10.2")
def test_10_2_terrain_clear_forest_suburb_only():
    for feature, ok in (("forest", True), ("suburb", True), ("slope", True),
                        ("city", False), ("industrial", False), ("strong-point", False)):
        sc = position([SOV, g("G", "0403")], {"0404": f"{{features: [{feature}]}}"}, phase=3)
        b = bt(sc, ["G"])
        assert b["allowed"] is ok, feature
        if not ok:
            assert "10.2" in rules_of(b)


@pytest.mark.rules("10.2")
def test_10_2_balka_hex_counts_clear_unless_the_attack_crosses_the_balka():
    extra = '  hexsides:\n    "0403-0404": {features: [balka]}\n'
    sc = position([SOV, g("G", "0405")], {"0404": "{features: [balka]}"}, phase=3)
    assert bt(sc, ["G"])["allowed"]
    text = ("game: sos\nphase: 3\nmap:\n  hexes:\n"
            + "".join(f'    "{c:02d}{r:02d}": '
                      + ("{features: [balka]}" if (c, r) == (4, 4) else "clear") + "\n"
                      for c in range(1, 9) for r in range(1, 9))
            + extra + f"units:\n  - {{{SOV}}}\n  - {{{g('G', '0403')}}}\n")
    from adjudicator.scenario import parse_scenario

    b = bt(parse_scenario(text, "pos.yaml"), ["G"])
    assert not b["allowed"] and "10.2" in rules_of(b)


@pytest.mark.rules("10.2")
def test_10_2_not_against_an_interdicted_hex():
    sc = position([SOV, g("G", "0403")], {"0404": "{interdicted: true, explosions: 9}"}, phase=3)
    b = bt(sc, ["G"])
    assert not b["allowed"] and "10.2" in rules_of(b)
    # explosion points that fired on the hex (not left there to interdict it) do not bar it
    sc = position([SOV, g("G", "0403")], {"0404": "{explosions: 9}"}, phase=3)
    assert bt(sc, ["G"])["allowed"]


@pytest.mark.rules("14.84")
def test_14_84_interdiction_needs_explosion_points():
    from adjudicator.errors import InputError

    with pytest.raises(InputError, match="interdicted: interdiction is IF explosion"):
        position([SOV, g("G", "0403")], {"0404": "{interdicted: true}"}, phase=3)


@pytest.mark.rules("10.2")
def test_10_2_no_pinned_or_spent_attackers():
    sc = position([SOV, g("G", "0403"), g("S", "0405", INF + ", spent: true")], phase=3)
    b = bt(sc, ["G", "S"])
    assert {"unit": "S", "reason": "spent", "rule": "10.2"} in b["units"]


@pytest.mark.rules("10.3")
def test_10_3_if_artillery_barred_mortars_of_the_command_allowed():
    art = "class: artillery, attack: 9, defense: 1, range: 12, movement: 12"
    mortar = "class: mortar, attack: 5, defense: 1, range: 4, movement: 8"
    sc = position([SOV, g("G", "0403"), g("A", "0401", art), g("M", "0402", mortar)], phase=3)
    b = bt(sc, ["G", "A", "M"])
    assert {"unit": "A", "reason": "if-artillery", "rule": "10.3"} in b["units"]
    assert not any(u["unit"] == "M" for u in b["units"])
    other = g("M", "0402", mortar, 'oob: {battalion: "I", regiment: "276", division: "94"}')
    b = bt(position([SOV, g("G", "0403"), other], phase=3), ["G", "M"])
    assert {"unit": "M", "reason": "mortar-outside-command", "rule": "10.3"} in b["units"]


@pytest.mark.rules("10.3")
def test_10_3_reading_same_battalion():
    mortar = "class: mortar, attack: 5, defense: 1, range: 4, movement: 8"
    m = g("M", "0402", mortar, 'oob: {battalion: "I", regiment: "194", division: "71"}')
    units = [SOV, g("G", "0403"), m]
    assert not bt(position(units, phase=3), ["G", "M"])["units"]
    sc = position(units, phase=3, extra='readings: {"10.3": same-battalion}\n')
    assert bt(sc, ["G", "M"])["units"][0]["rule"] == "10.3"


@pytest.mark.rules("10.4")
def test_10_4_one_breakthrough_per_hex_per_phase():
    sc = position([SOV, g("G", "0403")], {"0404": "{breakthrough_tried: true}"}, phase=3)
    b = bt(sc, ["G"])
    assert not b["allowed"] and "10.4" in rules_of(b)


@pytest.mark.rules("10.5", "10.6")
def test_10_5_10_6_notes():
    b = bt(position([SOV, g("G", "0403")], phase=3), ["G"])
    assert {n["rule"] for n in b["notes"]} == {"10.5", "10.6"}


@pytest.mark.rules("10.7")
def test_10_7_example_motorized_half_its_phase_mp():
    # 10.7's example: a motorized unit (MP 24) pays 12 MP in Movement Phase 3 and 6 MP
    # in Exploit Movement Phase 7 to move through a "breakthru" marker.
    mot = "class: infantry, attack: 3, defense: 3, range: 1, movement: 24"
    units = [g("K", "0101", mot), g("G", "0404")]
    for phase, cost in ((3, 12), (7, 6)):
        sc = position(units, {"0404": "{breakthru: german}"}, phase=phase)
        m = markers(sc)["markers"][0]
        assert {"unit": "K", "mp": cost, "rule": "10.7"} in m["costs"]
    sc = position(units, {"0404": "{breakthru: german}"}, phase=10)
    assert not markers(sc)["markers"][0]["costs"]
    # the marker serves the side that made it: a Soviet marker costs the Germans nothing
    sc = position(units, {"0404": "{breakthru: soviet}"}, phase=3)
    assert not markers(sc)["markers"][0]["costs"]


@pytest.mark.rules("10.8")
def test_10_8_only_adjacent_enemies_may_counter_attack():
    units = [g("G", "0404"), f'id: "N", side: soviet, hex: "0403", {INF}',
             f'id: "F", side: soviet, hex: "0401", {INF}']
    m = markers(position(units, {"0404": "{breakthru: german}"}, phase=3))["markers"][0]
    assert m["may_counter_attack"] == ["N"]


@pytest.mark.rules("10.1", "10.7")
def test_breakthrough_command(capsys):
    r = run(capsys, "breakthrough", DEMO, "--attackers", "Pz/2,Pi/71", "--target", "1104",
            "--json")
    assert r.code == 0 and not r.json["breakthrough"]["allowed"]  # the demo is phase 5
    assert {"reason": "not-movement-phase", "rule": "10.1"} in r.json["breakthrough"][
        "forbidden"]
    r = run(capsys, "breakthrough", DEMO)
    assert r.code == 0 and "Breakthru marker at 1306" in r.out and "4/524" in r.out
    r = run(capsys, "breakthrough", DEMO, "--target", "1104")
    assert r.code == 2 and "--attackers" in r.err



def _through(feature="balka"):
    """A balka (or the Wall) drawn through 0404 between its sides towards 0403 and 0405:
    0304 and 0305 lie on one bank, 0504 and 0505 on the other."""
    return {"0404": f'{{features: [{feature}], crossings: [{{feature: {feature}, '
                    f'through: ["0403", "0405"]}}]}}'}


def test_the_banks_of_the_feature_drawn_through_0404():
    sc = position([SOV], _through(), phase=3)
    assert sorted(map(sorted, banks(sc.grid, "0404", ["0403", "0405"]))) == [
        ["0304", "0305"], ["0504", "0505"]]


@pytest.mark.rules("10.2")
@pytest.mark.parametrize("feature", ["balka", "tartar-wall"])
def test_10_2_feature_drawn_through_the_target_crossed_from_two_banks(feature):
    # attackers on one bank, or along the feature: the hex counts clear
    sc = position([SOV, g("G", "0304"), g("H", "0305")], _through(feature), phase=3)
    assert bt(sc, ["G", "H"])["allowed"]
    assert bt(position([SOV, g("G", "0403")], _through(feature), phase=3), ["G"])["allowed"]
    # attackers on both banks: the attack crosses the feature
    sc = position([SOV, g("G", "0304"), g("E", "0504")], _through(feature), phase=3)
    b = bt(sc, ["G", "E"])
    assert not b["allowed"] and "10.2" in rules_of(b)
    # a rail cut drawn the same way is not a balka or the Wall
    cut = {"0404": '{crossings: [{feature: rail-cut, through: ["0403", "0405"]}]}'}
    sc = position([SOV, g("G", "0304"), g("E", "0504")], cut, phase=3)
    assert bt(sc, ["G", "E"])["allowed"]


@pytest.mark.rules("10.2")
def test_10_2_feature_drawn_through_the_target_reading_any_bank():
    units = [SOV, g("G", "0304")]
    assert bt(position(units, _through(), phase=3), ["G"])["allowed"]
    sc = position(units, _through(), phase=3, extra='readings: {"10.2#bank": any-bank}\n')
    b = bt(sc, ["G"])
    assert not b["allowed"] and "10.2" in rules_of(b)
    # along the feature it crosses nothing, under either reading
    sc = position([SOV, g("G", "0403")], _through(), phase=3,
                  extra='readings: {"10.2#bank": any-bank}\n')
    assert bt(sc, ["G"])["allowed"]
