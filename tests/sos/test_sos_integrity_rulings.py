"""Rulings on Streets of Stalingrad's unit integrity (9.73), from the order of battle:
each modifier allowed and forbidden, the readings, and the rulebook's examples (the note
on the 99 Tank Brigade and 112 Rifle Division, the MUES leader)."""

from __future__ import annotations

import pytest
from cli_helpers import run
from sos_fire_helpers import drms, fire, position

from adjudicator.games import get_game

DEMO = str(get_game("sos").demo_path)
SOV = 'id: "S1", side: soviet, hex: "0404", class: infantry, attack: 3, defense: 4, ' \
      'range: 1, movement: 8'


def inf(uid, side, hexid, oob, extra=""):
    return (f'id: "{uid}", side: {side}, hex: "{hexid}", class: infantry, attack: 4, '
            f'defense: 3, range: 1, movement: 8, oob: {{{oob}}}{extra}')


II194 = 'battalion: "II", regiment: "194", division: "71"'
I194 = 'battalion: "I", regiment: "194", division: "71"'
I276 = 'battalion: "I", regiment: "276", division: "94"'


@pytest.mark.rules("9.73")
def test_9_73_battalion_a_two_of_one_battalion_from_one_hex():
    sc = position([SOV, inf("A", "german", "0403", II194), inf("B", "german", "0403", II194)])
    assert drms(fire(sc, "attack", ["A", "B"], "0404"))["bn-same"] == -1
    sc = position([SOV, inf("A", "german", "0403", II194), inf("B", "german", "0405", II194)])
    assert "bn-same" not in drms(fire(sc, "attack", ["A", "B"], "0404"))


@pytest.mark.rules("9.73")
def test_9_73_battalion_a_soviet_only_guards_or_marines():
    ger = 'id: "G", side: german, hex: "0404", class: infantry, attack: 4, defense: 3, ' \
          'range: 1, movement: 8'
    ob = 'battalion: "1", regiment: "42", division: "13Gd"'
    sc = position([ger, inf("A", "soviet", "0403", ob), inf("B", "soviet", "0403", ob)])
    assert "bn-same" not in drms(fire(sc, "attack", ["A", "B"], "0404"))
    sc = position([ger, inf("A", "soviet", "0403", ob, ", troops: guards"),
                   inf("B", "soviet", "0403", ob, ", troops: guards")])
    assert drms(fire(sc, "attack", ["A", "B"], "0404"))["bn-same"] == -1


@pytest.mark.rules("9.73")
def test_9_73_battalion_and_regiment_b_mixed_hex():
    sc = position([SOV, inf("A", "german", "0403", II194), inf("B", "german", "0403", I194)])
    d = drms(fire(sc, "attack", ["A", "B"], "0404"))
    assert d["bn-mixed"] == 1 and "rgt-mixed" not in d
    sc = position([SOV, inf("A", "german", "0403", II194), inf("B", "german", "0403", I276)])
    d = drms(fire(sc, "attack", ["A", "B"], "0404"))
    assert d["bn-mixed"] == 1 and d["rgt-mixed"] == 1 and d["div-mixed"] == 1


@pytest.mark.rules("9.73")
def test_9_73_regiment_a_four_of_one_regiment_from_two_hexes():
    units = [SOV] + [inf(f"A{i}", "german", h, II194)
                     for i, h in enumerate(["0403", "0403", "0405", "0405"])]
    sc = position(units)
    assert drms(fire(sc, "attack", ["A0", "A1", "A2", "A3"], "0404"))["rgt-same"] == -1
    assert "rgt-same" not in drms(fire(sc, "attack", ["A0", "A1", "A2"], "0404"))
    one_hex = [SOV] + [inf(f"A{i}", "german", "0403", II194) for i in range(4)]
    assert "rgt-same" not in drms(fire(position(one_hex), "attack",
                                       ["A0", "A1", "A2", "A3"], "0404"))


@pytest.mark.rules("9.73")
def test_9_73_note_example_mixed_brigade_and_division_defenders():
    # The note of 9.73: units of the 99 Tank Brigade and the 112 Rifle Division in one
    # hex give the German attacker -1.
    tank = 'id: "T", side: soviet, hex: "0404", class: armor, attack: 6, defense: 5, ' \
           'range: 3, movement: 18, oob: {division: "99"}'
    rifle = inf("R", "soviet", "0404", 'battalion: "1", regiment: "524", division: "112"')
    ger = inf("G", "german", "0403", II194)
    assert drms(fire(position([tank, rifle, ger]), "attack", ["G"], "0404")
                )["div-defenders"] == -1
    other = inf("R2", "soviet", "0404", 'battalion: "2", regiment: "524", division: "112"')
    assert "div-defenders" not in drms(fire(position([other, rifle, ger]), "attack", ["G"],
                                            "0404"))


@pytest.mark.rules("9.73")
def test_9_73_independent_units_do_not_mix():
    flak = ('id: "F", side: german, hex: "0403", class: aa-gun, attack: 3, defense: 3, '
            'range: 2, movement: 15, oob: {independent: true}')
    sc = position([SOV, inf("A", "german", "0403", II194), flak])
    assert "div-mixed" not in drms(fire(sc, "attack", ["A", "F"], "0404"))


@pytest.mark.rules("9.73")
def test_9_73_support_reading_switches():
    pz = ('id: "P", side: german, hex: "0403", class: armor, attack: 6, defense: 4, '
          'range: 3, movement: 18, oob: {battalion: "I", regiment: "2", division: "16Pz"}')
    units = [SOV, inf("A", "german", "0403", II194), pz]
    assert "div-mixed" not in drms(fire(position(units), "attack", ["A", "P"], "0404"))
    sc = position(units, extra='readings: {"9.73#support": all-count}\n')
    assert drms(fire(sc, "attack", ["A", "P"], "0404"))["div-mixed"] == 1


@pytest.mark.rules("9.73")
def test_9_73_mues_example_leader_negates_positive_modifiers():
    # The MUES example: MUES stacked with armored infantry of his 16th Panzer Grenadier
    # battalion and infantry of the 389th and 94th Divisions: without him +1 for two
    # battalions and +1 for two regiments; with him no penalty and -1 for the leader.
    pzg = inf("PG", "german", "0403", 'battalion: "16", regiment: "64", division: "16Pz"')
    i389 = inf("A", "german", "0403", 'battalion: "I", regiment: "544", division: "389"')
    i94 = inf("B", "german", "0403", I276)
    mues = ('id: "MUES", side: german, hex: "0403", class: leader, name: Mues, '
            'oob: {battalion: "16", regiment: "64", division: "16Pz"}')
    sc = position([SOV, pzg, i389, i94, mues])
    without = drms(fire(sc, "attack", ["PG", "A", "B"], "0404"))
    assert without["bn-mixed"] == 1 and without["rgt-mixed"] == 1
    data = fire(sc, "attack", ["PG", "A", "B", "MUES"], "0404")
    d = drms(data)
    assert not {"bn-mixed", "rgt-mixed", "div-mixed"} & set(d)
    assert d["leader-attacking"] == -1
    assert {n["id"] for n in data["negated"]} >= {"bn-mixed", "rgt-mixed"}


@pytest.mark.rules("9.73")
def test_9_73_leader_reading_own_hex():
    a = inf("A", "german", "0403", II194)
    b = inf("B", "german", "0403", I276)
    c = inf("C", "german", "0405", II194)
    d = inf("D", "german", "0405", I276)
    ldr = 'id: "L", side: german, hex: "0403", class: leader, oob: {division: "71"}'
    units = [SOV, a, b, c, d, ldr]
    whole = drms(fire(position(units), "attack", ["A", "B", "C", "D", "L"], "0404"))
    assert "bn-mixed" not in whole
    sc = position(units, extra='readings: {"9.73#leader": own-hex}\n')
    own = drms(fire(sc, "attack", ["A", "B", "C", "D", "L"], "0404"))
    assert own["bn-mixed"] == 1


@pytest.mark.rules("9.73")
def test_9_73_battalion_c_defensive_fire():
    ger = 'id: "G", side: german, hex: "0403", class: infantry, attack: 4, defense: 3, ' \
          'range: 1, movement: 8'
    sc = position([ger, inf("A", "german", "0404", II194), inf("B", "german", "0404", II194)])
    assert drms(fire(sc, "defensive", ["A", "B"], "0403"))["bn-fire"] == -1
    sc = position([ger, inf("A", "german", "0404", II194), inf("B", "german", "0404", I194)])
    assert "bn-fire" not in drms(fire(sc, "defensive", ["A", "B"], "0403"))


@pytest.mark.rules("9.73")
def test_9_73_german_armor_a_and_b():
    def pz(uid, hexid):
        return (f'id: "{uid}", side: german, hex: "{hexid}", class: armor, attack: 6, '
                f'defense: 4, range: 3, movement: 18, oob: {{battalion: "I", regiment: "2", '
                f'division: "16Pz"}}')
    sc = position([SOV, pz("P1", "0403"), pz("P2", "0403"), pz("P3", "0403")])
    assert drms(fire(sc, "attack", ["P1", "P2", "P3"], "0404"))["armor-same"] == -1
    assert "armor-same" not in drms(fire(sc, "attack", ["P1", "P2"], "0404"))
    sub = position([SOV, pz("P1", "0403"), pz("P2", "0403"), pz("P3", "0403")],
                   {"0404": "{features: [suburb]}"})
    assert "armor-same" not in drms(fire(sub, "attack", ["P1", "P2", "P3"], "0404"))
    sov = 'id: "S", side: soviet, hex: "0403", class: infantry, attack: 3, defense: 4, ' \
          'range: 1, movement: 8'
    sc = position([sov, pz("P1", "0404"), pz("P2", "0404")])
    assert drms(fire(sc, "defensive", ["P1", "P2"], "0403"))["armor-fire"] == -1
    assert "armor-fire" not in drms(fire(sc, "defensive", ["P1"], "0403"))


@pytest.mark.rules("9.73")
def test_integrity_command_surveys_the_demo(capsys):
    r = run(capsys, "integrity", DEMO, "--json")
    assert r.code == 0
    rows = {row["hex"]: row for row in r.json["hexes"]}
    assert {"id": "div-defenders", "value": -1, "rule": "9.73"} in rows["1104"]["defending"]
    assert {"id": "bn-same", "value": -1, "rule": "9.73"} in rows["1103"]["attacking"]
    r = run(capsys, "integrity", DEMO, "--hex", "1103")
    assert r.code == 0 and "bn same" in r.out and "1104" not in r.out.split("\n")[1]
    r = run(capsys, "integrity", DEMO, "--hex", "9999")
    assert r.code == 2 and "--hex" in r.err
