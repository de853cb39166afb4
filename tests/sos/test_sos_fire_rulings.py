"""Rulings on Streets of Stalingrad's fire combat up to the CRT column (9.13-9.24,
9.53-9.67, 9.71-9.72, 9.91-9.95, 9.101-9.103, 9.11x, 16.13, 19.5): each rule allowed and
forbidden on small positions, and the rulebook's worked examples.

Around the target 0404: 0403 (N), 0504 (NE), 0505 (SE), 0405 (S), 0305 (SW), 0304 (NW);
0403/0405, 0504/0305 and 0505/0304 are opposite pairs."""

from __future__ import annotations

from typing import get_args

import pytest
from cli_helpers import run
from sos_fire_helpers import INF, drms, fire, may, position, why

from adjudicator.games import get_game

DEMO = str(get_game("sos").demo_path)
SOV = 'id: "S1", side: soviet, hex: "0404", class: infantry, attack: 3, defense: 4, ' \
      'range: 1, movement: 8, oob: {battalion: "1", regiment: "42", division: "13"}'


def g(uid: str, hexid: str, body: str = INF, oob: str = "") -> str:
    return f'id: "{uid}", side: german, hex: "{hexid}", {body}' + (f", oob: {{{oob}}}"
                                                                   if oob else "")


# -- 9.13 which factor ------------------------------------------------------------------

@pytest.mark.rules("9.13")
def test_9_13_attack_uses_af_defence_uses_df():
    sc = position([SOV, g("G1", "0403")])
    assert fire(sc, "attack", ["G1"], "0404")["total"] == 4
    assert fire(sc, "defensive", ["S1"], "0403")["total"] == 4  # S1's DF 4
    sc2 = position([SOV, g("G1", "0403", "class: infantry, attack: 2, defense: 5, "
                                         "range: 1, movement: 8")])
    assert fire(sc2, "attack", ["G1"], "0404")["total"] == 2


@pytest.mark.rules("9.13")
def test_9_13_if_artillery_defends_with_its_af():
    sc = position([g("G1", "0403"), 'id: "M", side: soviet, hex: "0404", class: mortar, '
                   'attack: 6, defense: 1, range: 5, movement: 8'])
    data = fire(sc, "defensive", ["M"], "0403")
    assert data["total"] == 6 and data["firers"][0]["uses"] == "af"


# -- 9.21-9.24 range ----------------------------------------------------------------------

@pytest.mark.rules("9.21", "9.23")
def test_9_21_example_at_gun_range_3_allows_1_2_3_forbids_4():
    # 9.21's example: an anti-tank gun with range 3 fires at 1, 2 or 3 hexes.
    at = 'class: at-gun, attack: 4, defense: 2, range: 3, movement: 15'
    for target, ok in (("0402", True), ("0403", True), ("0404", True), ("0405", False)):
        sc = position([g("AT", "0401", at),
                       f'id: "S1", side: soviet, hex: "{target}", {INF}'])
        data = fire(sc, "attack", ["AT"], target)
        assert may(data, "AT") is ok, target
        if not ok:
            assert "9.23" in why(data, "AT")


@pytest.mark.rules("9.24")
def test_9_24_adjacent_always_in_range():
    sc = position([SOV, g("G1", "0403", "class: infantry, attack: 4, defense: 3, "
                                        "range: 0, movement: 8")])
    assert may(fire(sc, "attack", ["G1"], "0404"), "G1")


# -- 9.31 line of sight --------------------------------------------------------------------

@pytest.mark.rules("9.31")
def test_9_31_direct_fire_needs_los():
    sc = position([SOV, g("AT", "0402", "class: at-gun, attack: 4, defense: 2, range: 3, "
                                         "movement: 15")], {"0403": "{features: [forest]}"})
    data = fire(sc, "attack", ["AT"], "0404")
    assert not may(data, "AT") and "9.31" in why(data, "AT")
    sc2 = position([SOV, g("AT", "0402", "class: at-gun, attack: 4, defense: 2, range: 3, "
                                          "movement: 15")])
    assert may(fire(sc2, "attack", ["AT"], "0404"), "AT")


@pytest.mark.rules("9.39")
def test_9_39_if_artillery_fires_with_a_spotter():
    art = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"
    units = [SOV, g("A", "0401", art), g("G1", "0403")]
    sc = position(units, {"0402": "{features: [city]}"})
    data = fire(sc, "attack", ["A"], "0404")
    assert not may(data, "A") and "9.39" in why(data, "A")
    data = fire(sc, "attack", ["A", "G1"], "0404", spotter="G1")
    assert may(data, "A") and data["total"] == 12


# -- 9.53, 9.62, 9.112 pinned and spent --------------------------------------------------

@pytest.mark.rules("9.62")
def test_9_62_pinned_and_spent_units_may_not_attack():
    sc = position([SOV, g("P", "0403", INF + ", pinned: true"),
                   g("Sp", "0405", INF + ", spent: true"), g("G", "0305")])
    data = fire(sc, "attack", ["P", "Sp", "G"], "0404")
    assert "9.62" in why(data, "P") and "9.62" in why(data, "Sp") and may(data, "G")
    assert data["total"] == 4


@pytest.mark.rules("9.53")
def test_9_53_pinned_defensive_fire_only_adjacent_with_plus_one():
    units = [g("G1", "0402"), g("G2", "0403"),
             'id: "S1", side: soviet, hex: "0404", class: at-gun, attack: 4, defense: 3, '
             'range: 3, movement: 15, pinned: true']
    sc = position(units)
    far = fire(sc, "defensive", ["S1"], "0402")
    assert not may(far, "S1") and "9.53" in why(far, "S1")
    near = fire(sc, "defensive", ["S1"], "0403")
    assert may(near, "S1") and drms(near)["pinned-or-spent"] == 1


# -- 9.67 Close Assault Bonus ----------------------------------------------------------------

@pytest.mark.rules("9.67")
def test_9_67_example_fifteen_af_one_column_higher_defender_three_df_to_four():
    # 9.67's example: 15 AF uses 10-19, with the bonus 20-29; the defender's 3 DF, 4.
    units = [g("G1", "0403", "class: infantry, attack: 8, defense: 3, range: 1, movement: 8"),
             g("G2", "0305", "class: infantry, attack: 7, defense: 3, range: 1, movement: 8"),
             'id: "S1", side: soviet, hex: "0404", class: infantry, attack: 3, defense: 3, '
             'range: 1, movement: 8']
    sc = position(units)
    plain = fire(sc, "attack", ["G1", "G2"], "0404")
    assert plain["total"] == 15 and plain["column"] == "10-19"
    bonus = fire(sc, "attack", ["G1", "G2"], "0404", close_assault=True)
    assert bonus["column"] == "20-29" and bonus["column_rule"] == "9.67"
    df = fire(sc, "defensive", ["S1"], "0403", close_assault=True)
    assert df["total"] == 3 and df["column"] == "4"


@pytest.mark.rules("9.67")
def test_9_67_forbidden_without_an_adjacent_infantry_attacker():
    at = "class: at-gun, attack: 15, defense: 2, range: 3, movement: 15"
    sc = position([SOV, g("AT", "0402", at)])
    data = fire(sc, "attack", ["AT"], "0404", close_assault=True)
    assert data["column"] == "10-19" and data["close_assault_refused"] == ["9.67"]


# -- 9.71 the attacker's modifiers ------------------------------------------------------------

@pytest.mark.rules("9.71")
def test_9_71_fortification_and_leader_in_target():
    fort = 'id: "F", side: soviet, hex: "0404", class: fortification'
    ldr = 'id: "L", side: soviet, hex: "0404", class: leader'
    assert drms(fire(position([SOV, fort, g("G", "0403")]), "attack", ["G"], "0404")
                )["fortification"] == 1
    assert drms(fire(position([SOV, ldr, g("G", "0403")]), "attack", ["G"], "0404")
                )["leader-in-target"] == 1
    plain = drms(fire(position([SOV, g("G", "0403")]), "attack", ["G"], "0404"))
    assert "fortification" not in plain and "leader-in-target" not in plain


@pytest.mark.rules("9.71")
def test_9_71_assault_advantage_example_ranged_attacker_does_not_count():
    # 9.71's example: two adjacent attackers and a third firing from range 3 on the
    # opposite side do not make an Assault Advantage.
    at = "class: at-gun, attack: 4, defense: 2, range: 3, movement: 15"
    units = [SOV, g("A", "0403"), g("B", "0504"), g("C", "0407", at)]
    assert "assault-advantage" not in drms(fire(position(units), "attack",
                                                ["A", "B", "C"], "0404"))
    # three adjacent hexes, two opposite, every hex around in German ZOC: allowed
    units = [SOV, g("A", "0403"), g("B", "0504"), g("C", "0405")]
    assert drms(fire(position(units), "attack", ["A", "B", "C"], "0404")
                )["assault-advantage"] == -1


@pytest.mark.rules("9.71")
def test_9_71_assault_advantage_forbidden_with_an_escape_route():
    # 6.2: no ZOC into a city hex, so an empty city hex next to the target is a way out.
    units = [SOV, g("A", "0403"), g("B", "0504"), g("C", "0405")]
    sc = position(units, {"0305": "{features: [city]}"})
    assert "assault-advantage" not in drms(fire(sc, "attack", ["A", "B", "C"], "0404"))


@pytest.mark.rules("9.71")
def test_9_71_engineer_red_af_against_suburb_and_declined():
    eng = "class: engineer, attack: 5, defense: 2, range: 1, movement: 8, red_af: true"
    sc = position([SOV, g("E", "0403", eng)], {"0404": "{features: [suburb]}"})
    assert drms(fire(sc, "attack", ["E"], "0404"))["engineer"] == -1
    assert "engineer" not in drms(fire(sc, "attack", ["E"], "0404", declined=["E"]))
    clear = position([SOV, g("E", "0403", eng)])
    assert "engineer" not in drms(fire(clear, "attack", ["E"], "0404"))


@pytest.mark.rules("9.71")
def test_9_71_combined_arms_and_if_with_direct():
    tank = "class: armor, attack: 6, defense: 4, range: 3, movement: 18"
    mortar = "class: mortar, attack: 5, defense: 1, range: 4, movement: 8"
    sc = position([SOV, g("T", "0403", tank), g("I", "0403"), g("M", "0402", mortar)])
    d = drms(fire(sc, "attack", ["T", "I", "M"], "0404"))
    assert d["combined-arms"] == -1 and d["if-with-direct"] == -1
    d = drms(fire(sc, "attack", ["T"], "0404"))
    assert "combined-arms" not in d and "if-with-direct" not in d


@pytest.mark.rules("9.71")
def test_9_71_leaders_attacking_each_minus_one():
    ldr = 'class: leader, oob: {division: "71"}'
    sc = position([SOV, g("G", "0403", INF, 'division: "71"'), g("L1", "0403", ldr),
                   g("L2", "0403", ldr)])
    assert drms(fire(sc, "attack", ["G", "L1", "L2"], "0404"))["leader-attacking"] == -2
    assert "leader-attacking" not in drms(fire(sc, "attack", ["G"], "0404"))


@pytest.mark.rules("9.71")
def test_9_71_adjacent_commanding_leader_unless_his_hex_is_attacked():
    ldr = 'id: "L", side: soviet, hex: "0405", class: leader, oob: {regiment: "42", ' \
          'division: "13"}'
    sc = position([SOV, ldr, g("G", "0403")])
    assert drms(fire(sc, "attack", ["G"], "0404"))["leader-adjacent"] == 1
    sc = position([SOV, ldr, g("G", "0403")], {"0405": "{markers: [attack]}"})
    assert "leader-adjacent" not in drms(fire(sc, "attack", ["G"], "0404"))


@pytest.mark.rules("9.71")
def test_9_71_commissars_count_in_the_hex_not_next_to_it():
    com = 'id: "C", side: soviet, hex: "0404", class: commissar, oob: {division: "13"}'
    d = drms(fire(position([SOV, com, g("G", "0403")]), "attack", ["G"], "0404"))
    assert d["leader-in-target"] == 1
    nextdoor = com.replace('hex: "0404"', 'hex: "0405"')
    d = drms(fire(position([SOV, nextdoor, g("G", "0403")]), "attack", ["G"], "0404"))
    assert "leader-adjacent" not in d and "leader-in-target" not in d


@pytest.mark.rules("9.71")
def test_9_71_soviet_attacks_from_the_volga_and_nkvd():
    sc = position([g("G", "0404"),
                   f'id: "S", side: soviet, hex: "0403", {INF}, troops: nkvd'],
                  {"0403": "{terrain: volga, features: [volga]}"})
    d = drms(fire(sc, "attack", ["S"], "0404"))
    assert d["volga-attack"] == 1 and d["nkvd"] == 1
    sc = position([g("G", "0404"), f'id: "S", side: soviet, hex: "0403", {INF}'])
    assert not {"volga-attack", "nkvd"} & set(drms(fire(sc, "attack", ["S"], "0404")))


@pytest.mark.rules("9.71")
def test_9_71_terrain_from_the_chart_named_in_the_answer():
    sc = position([SOV, g("G", "0403")], {"0404": "{features: [city]}"})
    data = fire(sc, "attack", ["G"], "0404")
    assert drms(data)["terrain"] == 2
    # the modifier is the Terrain Effects Chart's combat column: one chart, one --tec
    assert data["tables"]["tec"]["id"] == "tec_practice"
    assert data["tables"]["tec"]["practice"] and "practice_note" in data


@pytest.mark.rules("9.71")
def test_9_71_terrain_from_a_players_tec(tmp_path, capsys):
    from adjudicator.games.sos.scenario import HexFeature
    from adjudicator.games.sos.tec import COMBAT
    from adjudicator.paths import kb_dir

    assert set(COMBAT) == {"clear", *get_args(HexFeature)}
    text = (kb_dir() / "sos" / "tables" / "tec_practice.yaml").read_text()
    mine = tmp_path / "tec.yaml"
    mine.write_text(text.replace("practice: true", "practice: false")
                    .replace("\n  city: 2\n", "\n  city: 4\n"))
    sc = position([SOV, g("G", "0403")], {"0404": "{features: [city]}"})
    from adjudicator.games.sos.fire import FireRequest, solve_fire

    data = solve_fire(sc, FireRequest("attack", ["G"], "0404"), tec_path=str(mine))[0]
    assert drms(data)["terrain"] == 4 and "practice_note" not in data
    r = run(capsys, "fire", DEMO, "--kind", "attack", "--firers", "Pz/2", "--target", "1104",
            "--tec", str(mine), "--json")
    assert r.code == 0 and r.json["tables"]["tec"]["practice"] is False
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("\n  city: 2\n", "\n  city: two\n"))
    r = run(capsys, "fire", DEMO, "--kind", "attack", "--firers", "Pz/2", "--target", "1104",
            "--tec", str(bad))
    assert r.code == 2 and "combat.city" in r.err and "Traceback" not in r.err


# -- 9.72 defensive and opportunity fire modifiers ------------------------------------------

@pytest.mark.rules("9.72")
def test_9_72_leader_with_firers_and_sniper():
    units = [g("G", "0403"), SOV, 'id: "L", side: soviet, hex: "0404", class: leader',
             'id: "Z", side: soviet, hex: "0404", class: sniper, name: Zaitsev, range: 1, '
             'movement: 8']
    d = drms(fire(position(units), "defensive", ["S1"], "0403"))
    assert d["leader-with-firers"] == -1 and d["sniper"] == -2
    units[3] = units[3].replace("name: Zaitsev, ", "")
    assert drms(fire(position(units), "defensive", ["S1"], "0403"))["sniper"] == -1
    assert not {"leader-with-firers", "sniper"} & set(
        drms(fire(position([g("G", "0403"), SOV]), "defensive", ["S1"], "0403")))


@pytest.mark.rules("16.13")
def test_16_13_a_sniper_never_attacks():
    units = [g("G", "0403"), 'id: "Z", side: soviet, hex: "0404", class: sniper, '
             'range: 1, movement: 8']
    data = fire(position(units), "attack", ["Z"], "0403")
    assert "16.13" in why(data, "Z")


@pytest.mark.rules("19.5")
def test_19_5_out_of_supply_soviet_fire():
    sc = position([g("G", "0403"), SOV.replace("movement: 8", "movement: 8, isolation: 2")])
    assert drms(fire(sc, "defensive", ["S1"], "0403"))["out-of-supply"] == 2
    sc = position([g("G", "0403"), SOV])
    assert "out-of-supply" not in drms(fire(sc, "defensive", ["S1"], "0403"))


# -- 9.92-9.95 armor and anti-tank ---------------------------------------------------------------

TANK = 'id: "T", side: soviet, hex: "0404", class: armor, attack: 6, defense: 5, range: 3, ' \
       'movement: 18'


@pytest.mark.rules("9.92")
def test_9_92_armor_in_target_without_underlined_af():
    sc = position([TANK, g("G", "0403")])
    assert drms(fire(sc, "attack", ["G"], "0404"))["armor-no-at"] == 1
    at = "class: at-gun, attack: 4, defense: 2, range: 3, movement: 15, underlined: true"
    sc = position([TANK, g("G", "0403"), g("AT", "0402", at)])
    assert "armor-no-at" not in drms(fire(sc, "attack", ["G", "AT"], "0404"))


@pytest.mark.rules("9.93")
def test_9_93_molotov_from_26_september_on_city_adjacent():
    ger_tank = g("T", "0404", "class: armor, attack: 6, defense: 5, range: 3, movement: 18")
    soviet = f'id: "S", side: soviet, hex: "0403", {INF}'
    before = position([ger_tank, soviet], {"0404": "{features: [city]}"})
    assert drms(fire(before, "attack", ["S"], "0404"))["armor-no-at"] == 1
    after = position([ger_tank, soviet], {"0404": "{features: [city]}"}, date="1942-09-26")
    data = fire(after, "attack", ["S"], "0404")
    assert "armor-no-at" not in drms(data) and data["waived"][0]["rule"] == "9.93"
    clear = position([ger_tank, soviet], date="1942-09-26")
    assert drms(fire(clear, "attack", ["S"], "0404"))["armor-no-at"] == 1


@pytest.mark.rules("9.94")
def test_9_94_underlined_af_against_armor_uses_the_attc():
    at = "class: at-gun, attack: 4, defense: 2, range: 3, movement: 15, underlined: true"
    sc = position([TANK, g("AT", "0402", at)])
    data = fire(sc, "attack", ["AT"], "0404")
    row = data["firers"][0]
    assert row["uses"] == "attc" and row["factor_rule"] == "9.94" and data["total"] == 6
    sc = position([SOV, g("AT", "0402", at)])
    assert fire(sc, "attack", ["AT"], "0404")["firers"][0]["uses"] == "af"


@pytest.mark.rules("9.96")
def test_9_96_dismounted_is_no_armored_target():
    at = "class: at-gun, attack: 4, defense: 2, range: 3, movement: 15, underlined: true"
    sc = position([TANK.replace("movement: 18", "movement: 18, dismounted: true"),
                   g("AT", "0402", at)])
    assert fire(sc, "attack", ["AT"], "0404")["firers"][0]["uses"] == "af"


@pytest.mark.rules("9.94")
def test_attc_from_a_player_file(tmp_path):
    p = tmp_path / "attc.yaml"
    p.write_text("kind: attc\nid: mine\ntitle: my card\npractice: false\n"
                 "ranges: [1, 2, 3]\nrows:\n  4: [9, 8, 7]\n")
    at = "class: at-gun, attack: 4, defense: 2, range: 3, movement: 15, underlined: true"
    sc = position([TANK, g("AT", "0402", at)])
    from adjudicator.games.sos.fire import FireRequest, solve_fire

    data = solve_fire(sc, FireRequest("attack", ["AT"], "0404"), attc_path=str(p))[0]
    assert data["total"] == 8 and data["tables"]["attc"]["id"] == "mine"
    assert data["tables"]["attc"]["practice"] is False  # the TEC still is


@pytest.mark.rules("9.94")
def test_attc_bad_file_is_reported_with_its_line(tmp_path, capsys):
    p = tmp_path / "attc.yaml"
    p.write_text("kind: attc\nid: mine\ntitle: t\nranges: [1, 2]\nrows:\n  4: [9]\n")
    r = run(capsys, "fire", DEMO, "--firers", "Pz/2", "--target", "1104", "--attc", str(p))
    assert r.code == 2 and f"{p}:6: rows.4:" in r.err


# -- 9.101, 9.103 special restrictions ---------------------------------------------------------

@pytest.mark.rules("9.101")
def test_9_101_towed_gun_may_not_fire_after_moving():
    at = "class: at-gun, attack: 4, defense: 2, range: 3, movement: 15"
    sc = position([SOV, g("AT", "0403", at + ", moved: true")])
    assert "9.101" in why(fire(sc, "attack", ["AT"], "0404"), "AT")
    sc = position([SOV, g("I", "0403", INF + ", moved: true")])
    assert may(fire(sc, "attack", ["I"], "0404"), "I")
    # only artillery is held back: an armored train with MP 12 fires after moving
    train = ('id: "AT1", side: soviet, hex: "0403", class: armored-train, attack: 3, '
             'defense: 3, range: 2, movement: 12, moved: true')
    sc = position([g("G", "0404"), train])
    assert may(fire(sc, "attack", ["AT1"], "0404"), "AT1")
    sc = position([SOV, g("AT", "0403", at + ", moved: false")])
    assert may(fire(sc, "attack", ["AT"], "0404"), "AT")


@pytest.mark.rules("9.103")
def test_9_103_katyusha_not_next_to_friends():
    rocket = 'id: "K", side: soviet, hex: "0408", class: rocket, attack: 9, defense: 1, ' \
             'range: 12, movement: 12'
    friend = f'id: "S", side: soviet, hex: "0403", {INF}'
    sc = position([g("G", "0404"), rocket, friend])
    assert "9.103" in why(fire(sc, "attack", ["K"], "0404", spotter="S"), "K")
    mines = 'id: "S", side: soviet, hex: "0403", class: minefield'
    spot = f'id: "O", side: soviet, hex: "0406", {INF}'
    sc = position([g("G", "0404"), rocket, mines, spot])
    assert may(fire(sc, "attack", ["K"], "0404", spotter="O"), "K")


# -- 9.601 defensive fire from outside the attacked hex --------------------------------------------

@pytest.mark.rules("9.601")
def test_9_601_units_not_attacked_fire_only_at_clear_hexes():
    units = [g("G", "0403"), SOV, f'id: "S2", side: soviet, hex: "0503", {INF}']
    sc = position(units, {"0403": "{features: [suburb]}"})
    data = fire(sc, "defensive", ["S2"], "0403", defending="0404")
    assert "9.601" in why(data, "S2")
    data = fire(position(units), "defensive", ["S2"], "0403", defending="0404")
    assert may(data, "S2")


# -- the command ---------------------------------------------------------------------------------

@pytest.mark.rules("9.19")
def test_fire_command_text_and_json(capsys):
    r = run(capsys, "fire", DEMO, "--firers", "Pz/2,Pi/71", "--target", "1104", "--json")
    assert r.code == 0 and r.json["column"] == "10-19"
    assert {"id": "engineer", "value": -1, "rule": "9.71"} in r.json["drms"]
    r = run(capsys, "fire", DEMO, "--firers", "Pz/2", "--target", "1104")
    assert r.code == 0 and "[9.94]" in r.out and "attc_practice" in r.out


@pytest.mark.parametrize("args,option", [
    (["--firers", "Nobody", "--target", "1104"], "--firers"),
    (["--firers", "Pz/2", "--target", "9999"], "--target"),
    (["--firers", "Pz/2", "--target", "1104", "--kind", "melee"], "--kind"),
    (["--firers", "Pz/2", "--target", "1104", "--table", "dice"], "--table"),
    (["--firers", "Pz/2", "--target", "1104", "--as-if", "PaK/71"], "--as-if"),
    (["--firers", "Pz/2", "--target", "1104", "--as-if", "Nobody"], "--as-if"),
    (["--firers", "Pz/2", "--target", "G"], "--target"),  # not an East Bank box
])
def test_fire_command_bad_arguments(capsys, args, option):
    r = run(capsys, "fire", DEMO, *args)
    assert r.code == 2 and option in r.err and "Traceback" not in r.err


@pytest.mark.rules("14.29", "14.52")
def test_fire_command_at_an_east_bank_box(capsys):
    # the practice position has no German OP on 1039: the box is out of reach (14.52)
    r = run(capsys, "fire", DEMO, "--firers", "PaK/71", "--target", "EB", "--json")
    assert r.code == 0 and r.json["table"] == "ebbt" and not r.json["fires"]
    assert "14.52" in {w["rule"] for w in r.json["firers"][0]["why_not"]}
    r = run(capsys, "fire", DEMO, "--firers", "PaK/71", "--target", "EB")
    assert r.code == 0 and "[14.52]" in r.out


# -- more rules of who fires, and the modifiers given by the players -------------------------

@pytest.mark.rules("2.25")
def test_2_25_units_without_factors_do_not_fire():
    op = 'id: "OP", side: german, hex: "0403", class: op'
    zero = g("Z", "0405", "class: infantry, attack: 0, defense: 0, range: 1, movement: 8")
    data = fire(position([SOV, op, zero, g("G", "0305")]), "attack", ["OP", "Z", "G"], "0404")
    assert "2.25" in why(data, "OP") and "2.25" in why(data, "Z") and may(data, "G")


@pytest.mark.rules("9.17")
def test_9_17_units_in_off_map_boxes_do_not_fire():
    extra = "  entry_areas:\n    WB: {side: german}\n"
    text_units = [SOV, g("Box", "WB"), g("G", "0403")]
    from adjudicator.scenario import parse_scenario

    lines = ["game: sos", "phase: 5", "map:", "  hexes:"]
    lines += [f'    "{c:02d}{r:02d}": clear' for c in range(1, 9) for r in range(1, 9)]
    text = "\n".join(lines) + "\n" + extra + "units:\n" + "".join(
        f"  - {{{u}}}\n" for u in text_units)
    sc = parse_scenario(text, "pos.yaml")
    data = fire(sc, "attack", ["Box", "G"], "0404")
    assert "9.17" in why(data, "Box") and may(data, "G")
    east = text.replace("WB: {side: german}", "EB: {side: soviet, kind: east-bank}")
    east = east.replace('side: german, hex: "WB"', 'side: soviet, hex: "EB"')
    sc = parse_scenario(east, "pos.yaml")
    data = fire(sc, "defensive", ["Box"], "0403")
    # an infantry unit in an East Bank box: only IF artillery fires from there (14.51)
    assert "9.17" not in why(data, "Box") and "14.51" in why(data, "Box")


def east_bank(art: str, cliff: bool = False):
    """Column 01 is the Volga, 0104 numbered 3 and 0101 numbered 5 for the East Bank box
    EB; a German unit in 0304 and one in 0204 (a cliff hex along the Volga if asked)."""
    from adjudicator.scenario import parse_scenario

    lines = ["game: sos", "phase: 5", "map:", "  hexes:"]
    for c in range(1, 9):
        for r in range(1, 9):
            h = f"{c:02d}{r:02d}"
            if c == 1:
                num = {4: 3, 1: 5}.get(r)
                rng = f", volga_range: {{EB: {num}}}" if num else ""
                lines.append(f'    "{h}": {{terrain: volga, features: [volga]{rng}}}')
            elif h == "0204" and cliff:
                lines.append(f'    "{h}": {{features: [cliff]}}')
            else:
                lines.append(f'    "{h}": clear')
    lines += ["  entry_areas:", "    EB: {side: soviet, kind: east-bank}", "units:",
              f'  - {{id: "A", side: soviet, hex: "EB", {art}}}',
              f'  - {{{g("G", "0304")}}}', f'  - {{{g("H", "0204")}}}',
              f'  - {{{SOV.replace("0404", "0305")}}}']
    return parse_scenario("\n".join(lines) + "\n", "pos.yaml")


ART12 = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"


@pytest.mark.rules("14.51", "14.53")
def test_14_51_14_53_east_bank_artillery_fires_within_range_counted_through_the_volga():
    sc = east_bank(ART12)
    data = fire(sc, "defensive", ["A"], "0304", spotter="S1")
    assert may(data, "A") and data["firers"][0]["distance"] == 5  # 3 in 0104, then 2
    assert {"note": "range-through-the-volga", "rule": "14.53"} in data["firers"][0]["notes"]
    short = east_bank(ART12.replace("range: 12", "range: 4"))
    data = fire(short, "defensive", ["A"], "0304", spotter="S1")
    assert not may(data, "A") and "9.23" in why(data, "A")


@pytest.mark.rules("14.53")
def test_14_53_the_box_hexes_only_reading_counts_from_the_box_s_own_hexes():
    sc = east_bank(ART12)
    eb = sc.map.entry_areas["EB"].model_copy(update={"hexes": ["0101"]})
    sc = sc.model_copy(update={"readings": {"14.53": "box-hexes-only"},
                               "map": sc.map.model_copy(update={"entry_areas": {"EB": eb}})})
    data = fire(sc, "defensive", ["A"], "0304", spotter="S1")
    assert data["firers"][0]["distance"] == 5 + sc.grid.distance("0101", "0304")


@pytest.mark.rules("14.53")
def test_14_53_no_volga_numbers_for_the_box_no_range():
    sc = east_bank(ART12)
    bare = sc.model_copy(update={"map": sc.map.model_copy(update={"hexes": {
        h: spec.model_copy(update={"volga_range": {}}) for h, spec in sc.map.hexes.items()}})})
    data = fire(bare, "defensive", ["A"], "0304", spotter="S1")
    assert not may(data, "A") and "14.53" in why(data, "A")


@pytest.mark.rules("14.28")
def test_14_28_the_east_bank_sees_the_cliff_hexes_along_the_volga_else_needs_a_spotter():
    data = fire(east_bank(ART12, cliff=True), "defensive", ["A"], "0204")
    assert may(data, "A")
    assert {"note": "sees-the-cliff-hexes", "rule": "14.28"} in data["firers"][0]["notes"]
    data = fire(east_bank(ART12), "defensive", ["A"], "0204")  # no cliff: a spotter needed
    assert not may(data, "A") and "14.28" in why(data, "A")
    data = fire(east_bank(ART12, cliff=True), "defensive", ["A"], "0304")  # not a cliff
    assert not may(data, "A") and "14.28" in why(data, "A")


@pytest.mark.rules("9.54")
def test_9_54_pinned_if_artillery_defends_with_its_df_next_door_only():
    mortar = 'class: mortar, attack: 6, defense: 2, range: 5, movement: 8, pinned: true'
    units = [g("G1", "0403"), g("G2", "0401"),
             f'id: "M", side: soviet, hex: "0404", {mortar}']
    near = fire(position(units), "defensive", ["M"], "0403")
    assert may(near, "M") and near["total"] == 2 and near["firers"][0]["factor_rule"] == "9.54"
    far = fire(position(units), "defensive", ["M"], "0401")
    assert "9.54" in why(far, "M")


@pytest.mark.rules("9.112")
def test_9_112_a_pinned_unit_may_not_spot():
    art = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"
    units = [SOV, g("A", "0401", art), g("P", "0403", INF + ", pinned: true"), g("S", "0405")]
    sc = position(units, {"0402": "{features: [city]}"})
    data = fire(sc, "attack", ["A"], "0404", spotter="P")
    assert "9.39" in why(data, "A")
    assert may(fire(sc, "attack", ["A"], "0404", spotter="S"), "A")


@pytest.mark.rules("9.64")
def test_9_64_attack_marker_only_with_an_adjacent_infantry_attacker():
    at = "class: at-gun, attack: 4, defense: 2, range: 3, movement: 15"
    assert fire(position([SOV, g("G", "0403")]), "attack", ["G"], "0404")[
        "attack_marker_needed"]
    assert not fire(position([SOV, g("AT", "0402", at)]), "attack", ["AT"], "0404")[
        "attack_marker_needed"]


@pytest.mark.rules("14.31")
def test_14_31_spotting_modifier_only_when_if_artillery_fires():
    art = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"
    sc = position([SOV, g("A", "0401", art), g("G", "0403")])
    assert drms(fire(sc, "attack", ["A", "G"], "0404", spotting_drm=2))["spotting"] == 2
    assert "spotting" not in drms(fire(sc, "attack", ["G"], "0404", spotting_drm=2))


@pytest.mark.rules("9.19")
def test_9_19_no_fire_without_factors():
    sc = position([SOV, g("G", "0403", INF + ", pinned: true")])
    data = fire(sc, "attack", ["G"], "0404")
    assert data["total"] == 0 and data["column"] is None and not data["fires"]
    assert fire(position([SOV, g("G", "0403")]), "attack", ["G"], "0404")["fires"]


@pytest.mark.rules("9.72")
def test_9_72_nkvd_and_enemy_leader_in_the_target():
    ldr = 'id: "L", side: german, hex: "0403", class: leader'
    units = [g("G", "0403"), ldr, SOV.replace("movement: 8", "movement: 8, troops: nkvd")]
    d = drms(fire(position(units), "defensive", ["S1"], "0403"))
    assert d["nkvd"] == 1 and d["leader-in-target"] == 1
    d = drms(fire(position([g("G", "0403"), SOV]), "defensive", ["S1"], "0403"))
    assert not {"nkvd", "leader-in-target"} & set(d)


@pytest.mark.rules("9.71")
def test_9_71_attackers_on_an_enemy_minefield():
    mines = 'id: "MF", side: soviet, hex: "0403", class: minefield'
    d = drms(fire(position([SOV, g("G", "0403"), mines]), "attack", ["G"], "0404"))
    assert d["minefield"] == 1
    at = "class: at-gun, attack: 4, defense: 2, range: 3, movement: 15"
    d = drms(fire(position([SOV, g("AT", "0403", at), mines]), "attack", ["AT"], "0404"))
    assert "minefield" not in d


@pytest.mark.rules("9.93", "9.71")
def test_readings_9_93_and_9_71_terrain_switch():
    ger_tank = g("T", "0404", "class: armor, attack: 6, defense: 5, range: 3, movement: 18")
    near = f'id: "S", side: soviet, hex: "0403", {INF}'
    far = 'id: "F", side: soviet, hex: "0402", class: at-gun, attack: 3, defense: 2, ' \
          'range: 3, movement: 15'
    hexes = {"0404": "{features: [city]}"}
    sc = position([ger_tank, near, far], hexes, date="1942-10-01")
    assert drms(fire(sc, "attack", ["S", "F"], "0404"))["armor-no-at"] == 1
    sc = position([ger_tank, near, far], hexes, date="1942-10-01",
                  extra='readings: {"9.93": any-adjacent}\n')
    assert "armor-no-at" not in drms(fire(sc, "attack", ["S", "F"], "0404"))
    two = {"0404": "{features: [suburb, slope]}"}
    assert drms(fire(position([SOV, g("G", "0403")], {"0404": "{features: [industrial, "
                                                              "fortified]}"}),
                     "attack", ["G"], "0404"))["terrain"] == 3
    sc = position([SOV, g("G", "0403")], {"0404": "{features: [industrial, fortified]}"},
                  extra='readings: {"9.71#terrain": sum}\n')
    assert drms(fire(sc, "attack", ["G"], "0404"))["terrain"] == 6
    assert drms(fire(position([SOV, g("G", "0403")], two), "attack", ["G"], "0404")
                )["terrain"] == 1


@pytest.mark.rules("9.71")
def test_sequence_file_replaces_a_value(tmp_path):
    from adjudicator.games.sos import charts
    from adjudicator.games.sos.fire import FireRequest, solve_fire

    text = (charts._tables() / "combat_sequence_practice.yaml").read_text()
    p = tmp_path / "seq.yaml"
    p.write_text(text.replace("drm: {}", "drm: {fortification: 2}")
                 .replace("practice: true", "practice: false"))
    fort = 'id: "F", side: soviet, hex: "0404", class: fortification'
    sc = position([SOV, fort, g("G", "0403")])
    data = solve_fire(sc, FireRequest("attack", ["G"], "0404"), seq_path=str(p))[0]
    assert drms(data)["fortification"] == 2
    assert data["tables"]["sequence"]["practice"] is False
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("drm: {}", "drm: {charm: 2}"))
    from adjudicator.errors import InputError

    with pytest.raises(InputError) as err:
        charts.load_sequence(bad)
    assert "unknown modifier 'charm'" in str(err.value.problems[0])


@pytest.mark.rules("9.94")
def test_9_94_no_chart_entry_at_that_range_adds_nothing():
    # the practice chart runs to range 8; 0101 to 0808 is 11 hexes
    at = "class: at-gun, attack: 4, defense: 2, range: 12, movement: 15, underlined: true"
    far = position([TANK.replace('hex: "0404"', 'hex: "0808"'), g("AT", "0101", at)])
    data = fire(far, "attack", ["AT"], "0808")
    row = data["firers"][0]
    assert row["factor"] == 0 and row["uses"] == "attc" and data["total"] == 0
    near = position([TANK, g("AT", "0401", at)])
    assert fire(near, "attack", ["AT"], "0404")["total"] == 4


@pytest.mark.rules("9.71")
def test_leaders_take_part_without_a_factor(capsys):
    ldr = 'class: leader, oob: {division: "71"}'
    sc = position([SOV, g("G", "0403", INF, 'division: "71"'), g("L", "0403", ldr)])
    data = fire(sc, "attack", ["G", "L"], "0404")
    assert next(f for f in data["firers"] if f["unit"] == "L")["role"] == "leader"


# -- 14.31-14.39 the Spotting Table computed ---------------------------------------------

ART94 = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"
OP = "class: op, attack: 0, defense: 0, range: 0, movement: 8"


def spotting(spotter: str, spotter_hex: str = "0403", art_oob: str = 'division: "94"',
             extra: tuple[str, ...] = (), readings: str = "", **kw):
    """German artillery in 0401 behind a city hex (no line of its own to 0404) fires at
    the Soviet unit in 0404 through the spotter."""
    units = [SOV, g("A", "0401", ART94, art_oob), g("Sp", spotter_hex, spotter), *extra]
    sc = position(units, {"0402": "{features: [city]}"}, extra=readings)
    return fire(sc, "attack", ["A"], "0404", spotter="Sp", **kw)


@pytest.mark.rules("14.31", "14.34")
def test_14_31_an_op_spots_for_its_division_s_artillery_at_minus_1_others_at_plus_1():
    data = spotting(OP + ', oob: {division: "94"}')
    assert may(data, "A") and drms(data)["spotting"] == -1
    data = spotting(OP + ', oob: {division: "71"}')
    assert drms(data)["spotting"] == 1


@pytest.mark.rules("14.31", "14.36")
def test_14_36_an_army_or_corps_op_or_leader_commands_all_artillery():
    data = spotting(OP + ', oob: {corps: "LI"}')
    assert drms(data)["spotting"] == -1
    data = spotting(OP + ', oob: {corps: "LI"}', art_oob='division: "94"')
    assert drms(data)["spotting"] == -1
    # a leader with no division is of corps level (14.36, 14.39): 0 next door, as in
    # command; a leader of another division is not: +3
    com = "class: leader, attack: 0, defense: 0, range: 0, movement: 8"
    assert drms(spotting(com, art_oob='division: "71"'))["spotting"] == 0
    assert drms(spotting(com + ', oob: {division: "94"}', art_oob='division: "71"'))[
        "spotting"] == 3
    # a division OP does not command independent artillery
    data = spotting(OP + ', oob: {division: "94"}', art_oob="independent: true")
    assert drms(data)["spotting"] == 1


@pytest.mark.rules("14.31")
def test_14_31_a_non_op_unit_adjacent_0_or_3_area_fire_2_or_4():
    mine = INF + ', oob: {division: "94"}'
    other = INF + ', oob: {division: "71"}'
    assert drms(spotting(mine))["spotting"] == 0  # 0403 is next to 0404
    assert drms(spotting(other))["spotting"] == 3
    assert drms(spotting(mine, "0406"))["spotting"] == 2  # two hexes off: area fire
    assert drms(spotting(other, "0406"))["spotting"] == 4


@pytest.mark.rules("14.35", "14.39")
def test_14_35_independent_artillery_stacked_with_a_division_s_artillery_is_attached():
    stack = (g("D", "0401", ART94, 'division: "94"'),)
    data = spotting(OP + ', oob: {division: "94"}', art_oob="independent: true",
                    extra=stack)
    assert drms(data)["spotting"] == -1
    alone = spotting(OP + ', oob: {division: "94"}', art_oob="independent: true")
    assert drms(alone)["spotting"] == 1


@pytest.mark.rules("14.31")
def test_14_31_a_given_modifier_replaces_the_computed_one_and_self_spotting_adds_none():
    data = spotting(OP + ', oob: {division: "94"}', spotting_drm=2)
    assert drms(data)["spotting"] == 2
    units = [SOV, g("A", "0402", ART94, 'division: "94"')]
    data = fire(position(units), "attack", ["A"], "0404")
    assert may(data, "A") and "spotting" not in drms(data)


@pytest.mark.rules("14.31")
def test_14_31_mixed_commands_take_the_worst_by_default_or_the_best():
    second = (g("B", "0401", ART94, 'division: "71"'),)
    units = [SOV, g("A", "0401", ART94, 'division: "94"'), *second,
             g("Sp", "0403", OP + ', oob: {division: "94"}')]
    sc = position(units, {"0402": "{features: [city]}"})
    data = fire(sc, "attack", ["A", "B"], "0404", spotter="Sp")
    assert drms(data)["spotting"] == 1
    sc = position(units, {"0402": "{features: [city]}"},
                  extra='readings: {"14.31": best}\n')
    data = fire(sc, "attack", ["A", "B"], "0404", spotter="Sp")
    assert drms(data)["spotting"] == -1


# -- 14.03, 14.38 German 88mm AT/AA guns firing as IF artillery ----------------------------

FLAK = "class: aa-gun, attack: 6, defense: 4, range: 4, movement: 12, underlined: true"


def strip(units: list[str], cols: int = 20, extra: str = "", city: str = "0302"):
    """Columns 01-``cols`` of rows 01-03, clear but for a city hex (blocking the line
    along row 02 from column 02), with the given units."""
    from adjudicator.scenario import parse_scenario

    lines = ["game: sos", "phasing: german", "phase: 5", "date: 1942-09-15", "map:",
             "  hexes:"]
    for c in range(1, cols + 1):
        for r in range(1, 4):
            h = f"{c:02d}{r:02d}"
            lines.append(f'    "{h}": ' + ("{features: [city]}" if h == city else "clear"))
    lines += ["units:"] + [f"  - {{{u}}}" for u in units]
    return parse_scenario("\n".join(lines) + "\n" + extra, "pos.yaml")


def soviet_at(hexid: str) -> str:
    return SOV.replace('"0404"', f'"{hexid}"')


@pytest.mark.rules("14.38")
def test_14_38_an_88mm_gun_fires_as_if_artillery_up_to_16_hexes():
    op = g("OP", "1701", OP + ', oob: {division: "94"}')
    sc = strip([g("F", "0202", FLAK), op, soviet_at("1802")])
    data = fire(sc, "attack", ["F"], "1802", spotter="OP", as_if=["F"])
    assert may(data, "F") and data["firers"][0]["distance"] == 16
    assert data["total"] == 6 and data["firers"][0]["uses"] == "af"
    # as a direct fire unit its printed range of 4 holds (9.23)
    assert "9.23" in why(fire(sc, "attack", ["F"], "1802", spotter="OP"), "F")
    far = strip([g("F", "0202", FLAK), op.replace("1701", "1801"), soviet_at("1902")])
    data = fire(far, "attack", ["F"], "1902", spotter="OP", as_if=["F"])
    assert not may(data, "F") and "14.38" in why(data, "F")


@pytest.mark.rules("14.38")
def test_14_38_only_a_german_88mm_gun_fires_as_if_artillery():
    at = "class: at-gun, attack: 6, defense: 4, range: 4, movement: 12"
    op = g("OP", "0603", OP + ', oob: {corps: "LI"}')
    sc = strip([g("F", "0202", at), op, soviet_at("0602")])
    data = fire(sc, "attack", ["F"], "0602", spotter="OP", as_if=["F"])
    assert not may(data, "F") and "14.38" in why(data, "F")


@pytest.mark.rules("14.38", "14.31")
def test_14_38_every_german_op_and_leader_commands_the_88mm_guns():
    # the gun of no division; the spotters of the 94th division: in command all the same
    for spotter, hexid, want in ((OP + ', oob: {division: "94"}', "0603", -1),
                                 ('class: leader, oob: {division: "94"}', "0603", 0),
                                 ('class: leader, oob: {division: "94"}', "0803", 2)):
        sc = strip([g("F", "0202", FLAK), g("Sp", hexid, spotter), soviet_at("0602")])
        data = fire(sc, "attack", ["F"], "0602", spotter="Sp", as_if=["F"])
        assert may(data, "F") and drms(data)["spotting"] == want, spotter
    # an ordinary gun of another division is out of that OP's command: +1 (14.34)
    art = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"
    sc = strip([g("A", "0202", art, 'division: "71"'),
                g("Sp", "0603", OP + ', oob: {division: "94"}'), soviet_at("0602")])
    assert drms(fire(sc, "attack", ["A"], "0602", spotter="Sp"))["spotting"] == 1


@pytest.mark.rules("14.03")
def test_14_03_only_a_german_leader_or_op_spots_for_the_88mm_gun():
    sc = strip([g("F", "0202", FLAK), g("Sp", "0603"), soviet_at("0602")])
    data = fire(sc, "attack", ["F"], "0602", spotter="Sp", as_if=["F"])
    assert not may(data, "F") and "14.03" in why(data, "F")
    # with no city on row 02 it sees 0602 itself: by the default reading still no fire as
    # IF without a leader or OP; by the reading like-if-artillery it spots for itself
    sc = strip([g("F", "0202", FLAK), soviet_at("0602")], city="1503")
    data = fire(sc, "attack", ["F"], "0602", as_if=["F"])
    assert not may(data, "F") and "14.03" in why(data, "F")
    sc = strip([g("F", "0202", FLAK), soviet_at("0602")], city="1503",
               extra='readings: {"14.03": like-if-artillery}\n')
    data = fire(sc, "attack", ["F"], "0602", as_if=["F"])
    assert may(data, "F") and "spotting" not in drms(data)


# -- 14.31, 14.41-14.45, 14.6 the West Bank Bombardment Table -------------------------------

@pytest.mark.rules("14.31")
def test_14_31_a_named_leader_spotting_an_adjacent_hex_gives_minus_1_on_the_wbbt():
    ldr = 'class: leader, oob: {division: "94"}'
    data = spotting(ldr, table="wbbt")
    assert drms(data)["named-leader"] == -1 and drms(data)["spotting"] == 0
    assert data["table"] == "wbbt" and data["net_drm"] == -1
    # on the CRT no such modifier; commissars are not named leaders; nor two hexes off
    assert "named-leader" not in drms(spotting(ldr))
    # a Soviet commissar spotting next door for Soviet artillery behind a city hex
    art = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"
    units = [g("G", "0404"), f'id: "A", side: soviet, hex: "0401", {art}',
             'id: "C", side: soviet, hex: "0403", class: commissar']
    data = fire(position(units, {"0402": "{features: [city]}"}), "attack", ["A"], "0404",
                spotter="C", table="wbbt")
    assert may(data, "A") and "named-leader" not in drms(data)
    far = spotting(ldr, "0406", table="wbbt")
    assert "named-leader" not in drms(far) and drms(far)["spotting"] == 2
    far = spotting(ldr, "0406", table="wbbt",
                   readings='readings: {"14.31#wbbt-leader": any-distance}\n')
    assert drms(far)["named-leader"] == -1


@pytest.mark.rules("14.6")
def test_14_6_the_wbbt_keeps_only_its_own_modifiers():
    fort = 'id: "Fo", side: soviet, hex: "0404", class: fortification'
    units = [SOV, g("A", "0401", ART94, 'division: "94"'), fort,
             g("Sp", "0403", OP + ', oob: {division: "94"}')]
    sc = position(units, {"0402": "{features: [city]}", "0404": "{features: [city]}"})
    crt = drms(fire(sc, "attack", ["A"], "0404", spotter="Sp"))
    assert crt["terrain"] and crt["fortification"] == 1 and crt["spotting"] == -1
    data = fire(sc, "attack", ["A"], "0404", spotter="Sp", table="wbbt")
    assert drms(data) == {"fortification": 1, "spotting": -1}
    assert {"id": "terrain", "rule": "14.6", "table": "wbbt"} in data["waived"]
    assert data["net_drm"] == 0


@pytest.mark.rules("14.41", "14.42")
def test_14_41_14_42_the_bombardment_tables_are_for_if_artillery_attacks_alone():
    units = [SOV, g("A", "0402", ART94, 'division: "94"'), g("G", "0403")]
    sc = position(units)
    assert fire(sc, "attack", ["A"], "0404", table="wbbt")["fires"]
    data = fire(sc, "attack", ["A", "G"], "0404", table="wbbt")
    assert not data["fires"] and "14.41" in data["forbidden_by"]
    data = fire(sc, "defensive", ["A"], "0404", table="wbbt", defending="0402")
    assert "14.42" in data["forbidden_by"]


# -- 14.29, 14.52-14.54, 14.31 German bombardment of the East Bank boxes ---------------------

ART20 = "class: artillery, attack: 10, defense: 1, range: 20, movement: 12"
SOV_ART = "class: artillery, attack: 8, defense: 1, range: 12, movement: 12"


def box_fire(date: str = "1942-09-15", op_hex: str | None = "1039", art: str = ART20,
             box_units: tuple[str, ...] = (SOV_ART,), readings: str = "",
             firers: tuple[str, ...] = ("A",), **kw):
    """Columns 01-12, rows 35-42 round Mamayev Kurgan: column 01 the Volga, 0139 numbered
    8 for the East Bank box EB; German artillery in 1040 fires at the box."""
    from adjudicator.scenario import parse_scenario

    lines = ["game: sos", "phasing: german", "phase: 2", f"date: {date}", "map:",
             "  hexes:"]
    for c in range(1, 13):
        for r in range(35, 43):
            h = f"{c:02d}{r:02d}"
            if c == 1:
                rng = ", volga_range: {EB: 8}" if r == 39 else ""
                lines.append(f'    "{h}": {{terrain: volga, features: [volga]{rng}}}')
            elif h == "1039":
                lines.append(f'    "{h}": {{features: [hill-top], height: "102.0"}}')
            else:
                lines.append(f'    "{h}": clear')
    lines += ["  entry_areas:", "    EB: {side: soviet, kind: east-bank}", "units:",
              f'  - {{{g("A", "1040", art, "independent: true")}}}',
              f'  - {{{g("L", "1040", "class: leader")}}}']
    if op_hex:
        lines.append(f'  - {{{g("OP", op_hex, OP + ", oob: {corps: LI}")}}}')
    lines += [f'  - {{id: "B{i}", side: soviet, hex: "EB", {u}}}'
              for i, u in enumerate(box_units)]
    sc = parse_scenario("\n".join(lines) + "\n" + readings, "pos.yaml")
    return fire(sc, "attack", list(firers), "EB", **kw)


@pytest.mark.rules("14.52", "14.53")
def test_14_52_german_artillery_bombards_an_east_bank_box_with_an_op_on_hill_102():
    data = box_fire()
    assert may(data, "A") and data["fires"] and data["table"] == "ebbt"
    # the range: 8 for the box at Volga hex 0139, then the hexes from 0139 to 1040
    assert data["firers"][0]["distance"] == 8 + 9
    assert drms(data) == {"spotting": -1}  # the LI OP on 1039 spots, in command
    data = box_fire(op_hex="1038")
    assert not may(data, "A") and "14.52" in why(data, "A")
    data = box_fire(art=ART20.replace("range: 20", "range: 16"))
    assert not may(data, "A") and "9.23" in why(data, "A")


@pytest.mark.rules("14.54")
def test_14_54_only_soviet_if_artillery_but_mortars_in_the_box_is_bombarded():
    mortar = "class: mortar, attack: 6, defense: 1, range: 6, movement: 8"
    data = box_fire(box_units=(mortar, INF))
    assert not data["fires"] and "14.54" in data["forbidden_by"]
    assert box_fire(box_units=(mortar, SOV_ART))["fires"]


@pytest.mark.rules("14.29", "14.54", "14.45")
def test_14_29_the_ebbt_is_the_table_for_the_boxes_and_for_nothing_else():
    data = box_fire(table="crt")
    assert not data["fires"] and "14.29" in data["forbidden_by"]
    data = box_fire(table="wbbt")
    assert "14.45" in data["forbidden_by"]
    sc = position([SOV, g("A", "0402", ART94, 'division: "94"')])
    data = fire(sc, "attack", ["A"], "0404", table="ebbt")
    assert not data["fires"] and "14.54" in data["forbidden_by"]


@pytest.mark.rules("14.31")
@pytest.mark.parametrize("date,want", [("1942-09-25", None), ("1942-09-26", 1),
                                       ("1942-10-09", 1), ("1942-10-10", 2),
                                       ("1942-10-29", 2), ("1942-10-30", 3),
                                       ("1942-11-18", 3), ("1942-11-19", None)])
def test_14_31_the_ebbt_date_modifiers(date, want):
    data = box_fire(date)
    assert drms(data).get("ebbt-date") == want
    assert data["net_drm"] == -1 + (want or 0)


@pytest.mark.rules("14.6", "14.52")
def test_14_6_only_spotting_modifiers_on_the_ebbt_and_the_reading_of_14_52():
    # a German leader taking part: -1 on the CRT (9.71), off the EBBT
    data = box_fire("1942-10-01", firers=("A", "L"))
    assert set(drms(data)) == {"spotting", "ebbt-date"} and data["fires"]
    assert {"id": "leader-attacking", "rule": "14.6", "table": "ebbt"} in data["waived"]
    data = box_fire("1942-10-01", readings='readings: {"14.52": extra-minus-one}\n')
    assert drms(data)["hill-102-op"] == -1 and data["net_drm"] == -1 - 1 + 1


@pytest.mark.rules("11.2", "14.38")
def test_11_2_an_88mm_gun_fires_as_if_at_soviet_units_crossing_the_volga_only():
    ldr = g("L", "0403", 'class: leader, oob: {division: "94"}')
    units = [g("F", "0401", FLAK), ldr, SOV]
    volga = position(units, {"0404": "{terrain: volga, features: [volga]}"}, phase=4)
    data = fire(volga, "opportunity", ["F"], "0404", spotter="L", as_if=["F"])
    assert may(data, "F") and drms(data)["spotting"] == 0
    land = position(units, phase=4)
    data = fire(land, "opportunity", ["F"], "0404", spotter="L", as_if=["F"])
    assert not may(data, "F") and "11.2" in why(data, "F")


@pytest.mark.rules("14.21")
def test_14_21_a_luftwaffe_op_never_spots_for_if_artillery():
    data = spotting(OP + ', oob: {corps: "LI"}')
    assert may(data, "A") and drms(data)["spotting"] == -1
    data = spotting(OP + ', oob: {corps: "LI"}, luftwaffe: true')
    assert not may(data, "A") and {"14.21", "9.39"} <= why(data, "A")


def test_14_21_a_luftwaffe_op_is_a_german_op(capsys, tmp_path):
    p = tmp_path / "pos.yaml"
    head = 'game: sos\nphasing: german\nmap:\n  hexes:\n    "0101": clear\nunits:\n'
    for side, cls, ok in (("german", "op", True), ("soviet", "op", False),
                          ("german", "infantry", False)):
        p.write_text(head + f'  - {{id: a, side: {side}, hex: "0101", class: {cls}, '
                     "luftwaffe: true}\n")
        r = run(capsys, "validate", str(p))
        assert (r.code == 0) == ok, (side, cls)
        if not ok:
            assert "pos.yaml:7: units[0].luftwaffe: a Luftwaffe OP is a German OP unit " \
                "(14.21)" in r.err
