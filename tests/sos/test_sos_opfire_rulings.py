"""Rulings on Streets of Stalingrad's opportunity fire (11.1-11.8, 9.72, 9.95, 9.113):
each rule allowed and forbidden on small positions.

The German units move in phase 3; Soviet units fire at them."""

from __future__ import annotations

import pytest
from cli_helpers import run
from sos_fire_helpers import INF, drms, fire, may, position, why

from adjudicator.games import get_game
from adjudicator.games.sos.commands.fire import opportunity

DEMO = str(get_game("sos").demo_path)
MOVER = f'id: "G", side: german, hex: "0404", {INF}'


def s(uid, hexid, body=INF):
    return f'id: "{uid}", side: soviet, hex: "{hexid}", {body}'


def of(sc, firers, target="0404", **kw):
    return fire(sc, "opportunity", firers, target, **kw)


@pytest.mark.rules("11.1")
def test_11_1_only_at_units_moving_in_their_movement_phase():
    assert may(of(position([MOVER, s("S", "0403")], phase=3), ["S"]), "S")
    data = of(position([MOVER, s("S", "0403")], phase=5), ["S"], movers=["G"])
    assert "11.1" in why(data, "S")
    # retreat before combat in the German Attack Phase is open to German fire at Soviets
    sc = position([f'id: "R", side: soviet, hex: "0404", {INF}',
                   f'id: "F", side: german, hex: "0403", {INF}'], phase=5)
    assert may(of(sc, ["F"], movers=["R"], retreat=True), "F")


@pytest.mark.rules("11.2")
def test_11_2_rockets_never_and_other_if_artillery_only_at_the_volga():
    rocket = "class: rocket, attack: 9, defense: 1, range: 12, movement: 12"
    art = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"
    mortar = "class: mortar, attack: 5, defense: 1, range: 4, movement: 8"
    sc = position([MOVER, s("K", "0403", rocket), s("A", "0402", art), s("M", "0405", mortar)],
                  phase=3)
    assert "11.2" in why(of(sc, ["K"]), "K")
    assert "11.2" in why(of(sc, ["A"]), "A")
    assert may(of(sc, ["M"]), "M")
    volga = position([f'id: "V", side: soviet, hex: "0104", {INF}',
                      f'id: "A", side: german, hex: "0304", {art}'],
                     {"0104": "{terrain: volga, features: [volga]}"}, phase=10)
    assert may(of(volga, ["A"], target="0104"), "A")


@pytest.mark.rules("11.2")
def test_11_2_once_per_phase():
    sc = position([MOVER, s("S", "0403", INF + ", opportunity_fired: true")], phase=3)
    assert "11.2" in why(of(sc, ["S"]), "S")


@pytest.mark.rules("11.3")
def test_11_3_pinned_may_not_spent_may_with_plus_one():
    sc = position([MOVER, s("P", "0403", INF + ", pinned: true")], phase=3)
    assert "11.3" in why(of(sc, ["P"]), "P")
    sc = position([MOVER, s("Sp", "0403", INF + ", spent: true")], phase=3)
    data = of(sc, ["Sp"])
    assert may(data, "Sp") and drms(data)["pinned-or-spent"] == 1
    assert next(d for d in data["drms"] if d["id"] == "pinned-or-spent")["rule"] == "9.113"


@pytest.mark.rules("11.4")
def test_11_4_target_must_be_on_a_clear_hex():
    for feature, ok in (("suburb", False), ("forest", False), ("slope", True),
                        ("cemetery", True), ("tartar-wall", True)):
        sc = position([MOVER, s("S", "0403")], {"0404": f"{{features: [{feature}]}}"},
                      phase=3)
        data = of(sc, ["S"])
        assert may(data, "S") is ok, feature
        if not ok:
            assert "11.4" in why(data, "S")


@pytest.mark.rules("11.6")
def test_11_6_vehicles_in_a_balka_hex_count_as_clear():
    tank = ('id: "T", side: german, hex: "0404", class: armor, attack: 6, defense: 4, '
            'range: 3, movement: 18')
    sc = position([tank, s("S", "0403")], {"0404": "{features: [balka]}"}, phase=3)
    assert may(of(sc, ["S"]), "S")
    sc = position([MOVER, s("S", "0403")], {"0404": "{features: [balka]}"}, phase=3)
    assert "11.4" in why(of(sc, ["S"]), "S")


@pytest.mark.rules("11.4")
def test_11_4_not_while_attacked_by_adjacent_infantry():
    two = INF.replace("range: 1", "range: 2")
    sc = position([MOVER, s("S", "0402", two), f'id: "A", side: german, hex: "0401", {INF}'],
                  {"0402": "{markers: [attack]}"}, phase=3)
    assert "11.4" in why(of(sc, ["S"]), "S")
    sc = position([MOVER, s("S", "0402", two),
                   f'id: "A", side: german, hex: "0401", {INF}, pinned: true'],
                  {"0402": "{markers: [attack]}"}, phase=3)
    assert may(of(sc, ["S"]), "S")


@pytest.mark.rules("11.5")
def test_11_5_volga_los_and_minus_one():
    sc = position([f'id: "V", side: soviet, hex: "0104", {INF}',
                   'id: "A", side: german, hex: "0304", class: at-gun, attack: 4, '
                   'defense: 3, range: 4, movement: 15'],
                  {"0104": "{terrain: volga, features: [volga]}",
                   "0204": "{terrain: volga, features: [volga, city]}"}, phase=10)
    data = of(sc, ["A"], target="0104")
    assert may(data, "A") and drms(data)["volga-target"] == -1


@pytest.mark.rules("11.8")
def test_11_8_only_one_hex_combines():
    sc = position([MOVER, s("A", "0403"), s("B", "0405")], phase=3)
    data = of(sc, ["A", "B"])
    assert data["forbidden_by"] == ["11.8"] and not data["fires"]
    sc = position([MOVER, s("A", "0403"), s("B", "0403")], phase=3)
    assert of(sc, ["A", "B"])["fires"]


@pytest.mark.rules("9.95")
def test_9_95_underlined_at_moving_motorized_uses_the_attc():
    mot = f'id: "M", side: german, hex: "0404", {INF.replace("movement: 8", "movement: 24")}'
    at = "class: at-gun, attack: 4, defense: 2, range: 4, movement: 15, underlined: true"
    data = of(position([mot, s("AT", "0402", at)], phase=3), ["AT"])
    assert data["firers"][0]["uses"] == "attc" and data["firers"][0]["factor_rule"] == "9.95"
    foot = of(position([MOVER, s("AT", "0402", at)], phase=3), ["AT"])
    assert foot["firers"][0]["uses"] == "df"


@pytest.mark.rules("9.72")
def test_9_72_target_on_a_minefield():
    mines = 'id: "MF", side: soviet, hex: "0404", class: minefield'
    assert drms(of(position([MOVER, mines, s("S", "0403")], phase=3), ["S"]))[
        "target-minefield"] == -1
    assert "target-minefield" not in drms(of(position([MOVER, s("S", "0403")], phase=3),
                                             ["S"]))


@pytest.mark.rules("11.8")
def test_opportunity_groups_fire_by_hex():
    sc = position([MOVER, s("A", "0403"), s("B", "0403"), s("C", "0405"),
                   s("P", "0504", INF + ", pinned: true")], phase=3)
    data = opportunity(sc, "0404", [])
    assert data["movers"] == ["G"]
    assert [f["from"] for f in data["fires"]] == ["0403", "0405"]
    assert data["fires"][0]["total"] == 6
    assert not next(c for c in data["candidates"] if c["unit"] == "P")["may_fire"]


@pytest.mark.rules("11.1")
def test_opfire_command_on_the_demo(capsys):
    r = run(capsys, "opfire", DEMO, "--hex", "1203", "--movers", "T34/6", "--retreat",
            "--json")
    assert r.code == 0
    assert [f["from"] for f in r.json["fires"]] == ["1103", "1401"]
    r = run(capsys, "opfire", DEMO, "--hex", "1203", "--movers", "T34/6")
    assert r.code == 0 and "[11.1]" in r.out
    r = run(capsys, "opfire", DEMO, "--hex", "1203", "--movers", "Ghost")
    assert r.code == 2 and "--movers" in r.err
