"""Streets of Stalingrad's scenario format: the grid, the features, boxes, units."""

from __future__ import annotations

from cli_helpers import run

from adjudicator.games import get_game

DEMO = str(get_game("sos").demo_path)


def write(tmp_path, body: str):
    p = tmp_path / "pos.yaml"
    p.write_text("game: sos\nphasing: german\n" + body)
    return str(p)


def test_demo_position_is_valid(capsys):
    r = run(capsys, "validate", DEMO, "--json")
    assert r.code == 0 and r.json["game"] == "sos" and r.json["hexes"] >= 64


def test_demo_runs_for_the_game(capsys):
    r = run(capsys, "demo", "--game", "sos")
    assert r.code == 0 and "valid sos position" in r.out


def test_dice_are_ten_sided_with_zero_read_as_ten():
    dice = get_game("sos").dice
    assert dice.sides == 10 and "0 reads as 10" in dice.note


def test_a_hex_beyond_column_38_or_row_79_is_off_the_map(capsys, tmp_path):
    ok = write(tmp_path, 'map:\n  hexes:\n    "3879": clear\n')
    assert run(capsys, "validate", ok).code == 0
    bad = write(tmp_path, 'map:\n  hexes:\n    "3901": clear\n    "0180": clear\n')
    r = run(capsys, "validate", bad)
    assert r.code == 2
    assert "pos.yaml:5: map.hexes.3901: hex 3901 is off the map" in r.err
    assert "pos.yaml:6: map.hexes.0180: hex 0180 is off the map" in r.err


def test_hexes_carry_several_features_and_an_unknown_one_is_refused(capsys, tmp_path):
    ok = write(tmp_path, 'map:\n  hexes:\n    "0101": {features: [industrial, fortified]}\n')
    assert run(capsys, "validate", ok).code == 0
    bad = write(tmp_path, 'map:\n  hexes:\n    "0101": {features: [swamp]}\n')
    r = run(capsys, "validate", bad)
    assert r.code == 2 and "map.hexes.0101.features[0]" in r.err and "Traceback" not in r.err


def test_volga_range_numbers_name_east_bank_boxes(capsys, tmp_path):
    head = 'map:\n  hexes:\n    "0101": {terrain: volga, features: [volga], volga_range: {EB: 3}}\n'
    ok = write(tmp_path, head + "  entry_areas:\n    EB: {side: soviet, kind: east-bank}\n")
    assert run(capsys, "validate", ok).code == 0
    bad = write(tmp_path, head + "  entry_areas:\n    EB: {side: soviet}\n")
    r = run(capsys, "validate", bad)
    assert r.code == 2 and "'EB' is not an East Bank box" in r.err
    land = write(tmp_path, 'map:\n  hexes:\n    "0101": {volga_range: {EB: 3}}\n'
                 "  entry_areas:\n    EB: {side: soviet, kind: east-bank}\n")
    assert "range numbers belong to Volga hexes" in run(capsys, "validate", land).err


def test_phase_runs_1_to_15_and_date_is_a_date(capsys, tmp_path):
    base = 'map:\n  hexes:\n    "0101": clear\n'
    good = write(tmp_path, "phase: 15\ndate: 1942-10-14\n" + base)
    assert run(capsys, "validate", good).code == 0
    r = run(capsys, "validate", write(tmp_path, "phase: 16\n" + base))
    assert r.code == 2 and "pos.yaml:3: phase" in r.err
    r = run(capsys, "validate", write(tmp_path, "date: 14 October\n" + base))
    assert r.code == 2 and "date" in r.err


def test_units_carry_class_order_of_battle_and_state(capsys, tmp_path):
    body = ('map:\n  hexes:\n    "0101": clear\nunits:\n'
            '  - {id: a, side: german, hex: "0101", class: infantry, attack: 4, defense: 4,'
            ' range: 1, movement: 4, oob: {battalion: I, regiment: "276", division: "94",'
            ' corps: LI}, hidden: true, pinned: true, spent: true, isolation: 2,'
            ' dismounted: true}\n')
    assert run(capsys, "validate", write(tmp_path, body)).code == 0
    r = run(capsys, "validate", write(tmp_path, body.replace("isolation: 2", "isolation: -1")))
    assert r.code == 2 and "isolation" in r.err
    r = run(capsys, "validate", write(tmp_path, body.replace("class: infantry", "class: tank")))
    assert r.code == 2 and "units[0].class" in r.err


def test_los_rulings_name_two_map_hexes(capsys, tmp_path):
    base = 'map:\n  hexes:\n    "0101": clear\n    "0103": clear\n'
    ok = write(tmp_path, base + 'los:\n  - {between: ["0101", "0103"], clear: true}\n')
    assert run(capsys, "validate", ok).code == 0
    bad = write(tmp_path, base + 'los:\n  - {between: ["0101", "0909"], clear: true}\n')
    r = run(capsys, "validate", bad)
    assert r.code == 2 and "los[0].between[1]: '0909' is not a map hex" in r.err


def unit_line(side: str, extra: str) -> str:
    return ('map:\n  hexes:\n    "0101": clear\nunits:\n'
            f'  - {{id: a, side: {side}, hex: "0101", {extra}}}\n')


def test_9_44_16_8_guards_marines_and_nkvd_are_soviet_troops(capsys, tmp_path):
    for troops in ("guards", "marine", "nkvd"):
        ok = write(tmp_path, unit_line("soviet", f"class: infantry, troops: {troops}"))
        assert run(capsys, "validate", ok).code == 0
        r = run(capsys, "validate", write(tmp_path, unit_line(
            "german", f"class: infantry, troops: {troops}")))
        assert r.code == 2 and "Traceback" not in r.err
        assert (f"pos.yaml:7: units[0].troops: '{troops}' troops are Soviet (9.44, 16.8)"
                in r.err)


SOVIET_ONLY = {"sniper": "5.5, 16.1", "mine-dog": "5.5, 16.2", "transport": "5.5, 16.4",
               "flotilla": "5.5, 16.5", "armored-train": "16.6", "tank-repair": "5.5, 16.7",
               "commissar": "18.21"}


def test_5_5_16_18_21_soviet_special_units_and_commissars_are_soviet_only(capsys, tmp_path):
    for cls, rules in SOVIET_ONLY.items():
        ok = write(tmp_path, unit_line("soviet", f"class: {cls}"))
        assert run(capsys, "validate", ok).code == 0, cls
        r = run(capsys, "validate", write(tmp_path, unit_line("german", f"class: {cls}")))
        assert r.code == 2 and "Traceback" not in r.err
        assert f"pos.yaml:7: units[0].class: '{cls}' units are " in r.err, r.err
        assert f"only ({rules}): the German side has none" in r.err
    # the kinds both sides have are accepted for a German unit
    for cls in ("infantry", "leader", "op", "minefield", "bridge", "fortification"):
        ok = write(tmp_path, unit_line("german", f"class: {cls}"))
        assert run(capsys, "validate", ok).code == 0, cls


def test_16_3_only_soviet_tanks_become_immobilized(capsys, tmp_path):
    ok = write(tmp_path, unit_line("soviet", "class: armor, immobilized: true"))
    assert run(capsys, "validate", ok).code == 0
    r = run(capsys, "validate", write(tmp_path, unit_line(
        "german", "class: armor, immobilized: true")))
    assert r.code == 2 and "pos.yaml:7: units[0].immobilized: immobilized tanks are " \
        "Soviet only (16.3)" in r.err
    for cls in ("infantry", "armored-train", "leader"):
        r = run(capsys, "validate", write(tmp_path, unit_line(
            "soviet", f"class: {cls}, immobilized: true")))
        assert r.code == 2 and "only Soviet tanks become immobilized tanks (16.3)" in r.err


CROSSING_MAP = ('map:\n  hexes:\n    "0404": {features: [balka], crossings: [CROSSING]}\n'
                '    "0403": clear\n    "0405": clear\n    "0504": clear\n    "0304": clear\n'
                '    "0406": clear\n')


def crossing_map(tmp_path, crossing: str):
    return write(tmp_path, CROSSING_MAP.replace("CROSSING", crossing))


def test_8_12_crossings_name_the_neighbours_the_feature_runs_through(capsys, tmp_path):
    ok = crossing_map(tmp_path, '{feature: balka, through: ["0403", "0405"]}')
    assert run(capsys, "validate", ok).code == 0
    ok = crossing_map(tmp_path, '{feature: tartar-wall, through: ["0403", "0405"], '
                      'vehicles: cross}')
    assert run(capsys, "validate", ok).code == 0
    # the feature may run on beyond the position's edge: 0505 is not one of its hexes
    ok = crossing_map(tmp_path, '{feature: balka, through: ["0403", "0505"]}')
    assert run(capsys, "validate", ok).code == 0
    r = run(capsys, "validate", crossing_map(
        tmp_path, '{feature: balka, through: ["0403", "0406", "0909", "04x5", "3980"]}'))
    assert r.code == 2 and "Traceback" not in r.err
    assert ("pos.yaml:5: map.hexes.0404.crossings[0].through[1]: '0406' is not next to "
            "0404") in r.err
    assert "pos.yaml:5: map.hexes.0404.crossings[0].through[2]: '0909' is not next to" \
        in r.err
    assert "crossings[0].through[3]: '04x5' is not a hex id" in r.err
    assert "crossings[0].through[4]: '3980' is off the map" in r.err
    r = run(capsys, "validate", crossing_map(tmp_path, '{feature: balka, through: ["0403"]}'))
    assert r.code == 2 and "pos.yaml:5: map.hexes.0404.crossings[0].through" in r.err
    r = run(capsys, "validate", crossing_map(
        tmp_path, '{feature: road, through: ["0403", "0405"]}'))
    assert r.code == 2 and "map.hexes.0404.crossings[0].feature" in r.err
    r = run(capsys, "validate", crossing_map(
        tmp_path, '{feature: balka, through: ["0403", "0405"], vehicles: maybe}'))
    assert r.code == 2 and "map.hexes.0404.crossings[0].vehicles" in r.err
    r = run(capsys, "validate", crossing_map(
        tmp_path, '{feature: balka, through: ["0403", "0403"]}, '
        '{feature: balka, through: ["0504", "0304"]}'))
    assert r.code == 2 and "crossings[0].through: a side is named twice" in r.err
    assert "crossings[1].feature: a second 'balka' crossing" in r.err


def test_8_12_a_crossing_without_a_verdict_takes_the_appendices(tmp_path):
    from adjudicator.games.sos.crossings import banks, verdict
    from adjudicator.scenario import load_scenario

    # Appendix A blocks 0504, Appendix B lets vehicles cross 0404; 1842 is on both lists
    # and 0405 on neither: 8.12 blocks
    assert verdict("0504", "balka", None) == ("blocked", "appendix-a")
    assert verdict("0404", "balka", None) == ("cross", "appendix-b")
    assert verdict("1842", "balka", None) == ("blocked", "8.12")
    assert verdict("0405", "balka", None) == ("blocked", "8.12")
    assert verdict("0404", "balka", "blocked") == ("blocked", "position")
    assert verdict("3342", "rail-cut", None) == ("blocked", "appendix-a")
    assert verdict("3342", "tartar-wall", None) == ("cross", "appendix-b")
    sc = load_scenario(crossing_map(tmp_path, '{feature: balka, through: ["0403", "0405"]}'))
    assert banks(sc.grid, "0404", ["0403", "0405"]) == [["0504"], ["0304"]]
    # a side towards a hex off the position still splits the banks
    assert banks(sc.grid, "0404", ["0403", "0505"]) == [["0504"], ["0405", "0304"]]
