"""Enemy Action: Kharkov's scenario format, item by item: the map overlays (movement
arrows, front targets, logistics hexes, the printed lines, roads off the map), bridges
where roads cross rivers (10.32), markers, cards and unit fields; the facts the encodings
read from them; and the Terrain Effects Chart as user data with its practice set."""

from __future__ import annotations

import textwrap

import pytest
from cli_helpers import run

from adjudicator.errors import InputError
from adjudicator.games import get_game
from adjudicator.games.eak import facts
from adjudicator.games.eak.tec import load_tec, practice_path, tec_chart, tec_facts
from adjudicator.scenario import load_scenario, parse_scenario

DEMO = get_game("eak").demo_path

BASE = """\
game: eak
map:
  hexes:
    "1005": {terrain: clear, edge: soviet, road_off_map: true}
    "1006": clear
    "1007": clear
    "1105": clear
    "1106": clear
    "1107": clear
"""


def _sc(text: str):
    return parse_scenario(textwrap.dedent(text), "pos.yaml")


def _problems(text: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        _sc(text)
    return [f"{p.line}: {p.path}: {p.message}" for p in exc.value.problems]


def _names(sc) -> dict[str, list[tuple]]:
    out: dict[str, list[tuple]] = {}
    for name, values in facts.map_facts(sc.map) + facts.position_facts(sc):
        out.setdefault(name, []).append(values)
    return out


def test_demo_reads_every_overlay_and_marker():
    sc = load_scenario(DEMO)
    h = sc.map.hexes
    assert h["0906"].target == ["voronezh"] and h["1006"].logistics == "southwest"
    assert h["1005"].road_off_map and h["1008"].ip and h["1108"].forward_support
    assert "artillery" in h["0805"].east_of and h["1109"].east_of == ["far"]
    assert len(sc.cards.draw_pile) == 30 and sc.cards.draw_pile[0] == "E02"
    assert sc.soviet_vp == 12 and sc.weather == "frozen"
    # the voronezh-only secondary arrow counts for a Voronezh unit only
    assert sc.arrows_from("0906", "voronezh") == [("primary", "0907"), ("secondary", "1006")]
    assert sc.arrows_from("0906", "southwest") == [("primary", "0907")]


def test_arrows_point_by_the_turned_compass():
    sc = _sc(BASE.replace('"1006": clear', '"1006": {arrows: [{to: west}, {kind: secondary, '
                          'to: southeast, front: southwest}]}'))
    # west: second pair one higher; southeast of 1006 (even first pair): 1106
    assert sc.arrows_from("1006") == [("primary", "1007"), ("secondary", "1106")]
    f = _names(sc)
    assert ("1006", "1007", "primary", "any") in f["arrow"]
    assert ("1006", "1106", "secondary", "southwest") in f["arrow"]


def test_arrow_vocabulary_and_one_of_each_kind_per_front():
    probs = _problems(BASE.replace('"1006": clear', '"1006": {arrows: [{to: up}]}'))
    assert any("map.hexes.1006.arrows[0].to" in p and "west" in p for p in probs)
    probs = _problems(BASE.replace('"1006": clear',
                                   '"1006": {arrows: [{to: west}, {to: east}]}'))
    assert any("map.hexes.1006.arrows[1]" in p and "two primary" in p for p in probs)
    # a V and an S arrow may share a hex
    _sc(BASE.replace('"1006": clear', '"1006": {arrows: [{to: west, front: voronezh}, '
                     '{to: east, front: southwest}]}'))


def test_lines_run_one_behind_the_other():
    sc = _sc(BASE.replace('"1006": clear', '"1006": {east_of: [artillery, west, far]}'))
    assert sorted(v[1] for v in _names(sc)["east_of"]) == ["artillery", "far", "west"]
    probs = _problems(BASE.replace('"1006": clear', '"1006": {east_of: [artillery]}'))
    assert any("map.hexes.1006.east_of" in p and "add west" in p for p in probs)
    probs = _problems(BASE.replace('"1006": clear', '"1006": {east_of: [near]}'))
    assert any("map.hexes.1006.east_of" in p and "artillery" in p for p in probs)


def test_targets_logistics_and_road_off_map():
    sc = _sc(BASE.replace('"1006": clear',
                          '"1006": {village: true, target: [voronezh, southwest], '
                          'logistics: voronezh}'))
    f = _names(sc)
    assert sorted(f["target"]) == [("1006", "southwest"), ("1006", "voronezh")]
    assert f["logistics"] == [("1006", "voronezh")] and f["road_off_map"] == [("1005",)]
    assert sc.road_hex("1005") and not sc.road_hex("1006")
    probs = _problems(BASE.replace('"1006": clear', '"1006": {road_off_map: true}'))
    assert any("map.hexes.1006.road_off_map" in p and "map-edge" in p for p in probs)


def test_edge_only_on_the_edge_of_the_map():
    text = "game: eak\nmap:\n  hexes:\n" + "".join(
        f'    "{a}{b:02d}": clear\n' for a in ("10", "11", "12") for b in (5, 6, 7))
    probs = _problems(text.replace('"1106": clear', '"1106": {edge: german}'))
    assert any("map.hexes.1106.edge" in p for p in probs)
    _sc(text.replace('"1105": clear', '"1105": {edge: german}'))


def test_10_32_a_road_across_a_river_is_a_bridge():
    sc = _sc(BASE + '  hexsides:\n    "1006-1007": {river: donets, road: true}\n'
             '    "1106-1107": {river: minor}\n')
    f = _names(sc)
    assert ("1006", "1007") in f["bridge"] and ("1106", "1107") not in f.get("bridge", [])
    probs = _problems(BASE + '  hexsides:\n    "1006-1007": {river: donets, road: true, '
                      'bridge: false}\n')
    assert any("map.hexsides.1006-1007.bridge" in p and "10.32" in p for p in probs)
    probs = _problems(BASE + '  hexsides:\n    "1006-1007": {river: blocked-dniepr, '
                      'road: true}\n')
    assert any("map.hexsides.1006-1007.road" in p and "10.31" in p for p in probs)


def test_unit_fields_and_types():
    sc = _sc(BASE + "units:\n  - {id: a, side: soviet, hex: '1006', type: armored-cavalry, "
             "strength: 6, ma: 8, max_steps: 3, steps: 2, selector: '07', army: MGP, "
             "front: southwest, dispersed: true, supply: out-of-supply, active: true, "
             "reserve: true, retreated: true, attacked: true}\n"
             "  - {id: b, side: german, hex: '1105', type: panzer, strength: 5, ma: 6, "
             "army: 4PzA, corps: XLVIII}\n")
    a, b = sc.units
    assert a.mechanized and a.armored and a.kind == "armored-cavalry" and a.steps_left == 2
    assert b.kind == "armor" and b.mechanized
    f = _names(sc)
    assert ("a", 7) in f["selector"] and ("a", "southwest") in f["front"]
    assert ("b", "XLVIII") in f["corps"] and ("a", "MGP") in f["army"]
    for flag in ("dispersed", "active", "reserve", "retreated", "attacked", "mech", "armor"):
        assert ("a",) in f[flag], flag
    assert ("a", "out_of_supply") in f["supply_marker"]
    probs = _problems(BASE + "units:\n  - {id: a, side: soviet, hex: '1006', type: "
                      "infantry, strength: 3, ma: 4, selector: x1}\n")
    assert any("units[0].selector" in p and "number" in p for p in probs)
    probs = _problems(BASE + "units:\n  - {id: a, side: soviet, hex: '1006', type: "
                      "infantry, strength: 3, ma: 4, selector: '01', max_steps: 4}\n")
    assert any("units[0].max_steps" in p for p in probs)


def test_ground_conditions_cards_and_objectives():
    sc = _sc(BASE.replace("game: eak", "game: eak\nweather: light-mud\nsoviet_vp: 21\n"
                          "cards: {command: E07, auxiliary: E12, draw_pile: [E03, E01, E30]}\n"
                          "objectives: [{front: voronezh, army: 3TA, hex: '1007', "
                          "direction: west}]"))
    assert (sc.cards.command, sc.cards.auxiliary, sc.cards.draw_pile) == ("E07", "E12",
                                                                      ["E03", "E01", "E30"])
    f = _names(sc)
    assert f["weather"] == [("light_mud",)] and ("1007", "voronezh", "3TA") in f["objective"]
    probs = _problems(BASE.replace("game: eak", "game: eak\nweather: snow"))
    assert any("weather" in p and "light-mud" in p for p in probs)


def test_facts_bridge_is_the_games_own():
    # the bridge names no other game's module, and declares every predicate it emits
    src = (DEMO.parent / "facts.py").read_text()
    assert "s42" not in src and "exec(" not in src
    sc = load_scenario(DEMO)
    for name, values in facts.map_facts(sc.map):
        assert len(facts.MAP_PREDICATES[name]) == len(values), name
    for name, values in facts.position_facts(sc):
        assert len(facts.POSITION_PREDICATES[name]) == len(values), name


# -- the Terrain Effects Chart (2.4) as user data -------------------------------------


def test_practice_tec_is_labelled_and_complete():
    t = tec_chart()
    assert t.practice and "PRACTICE" in t.title and t.source == str(practice_path())
    assert t.enter("frozen", "marsh", True) == 6      # 3 MPs, in half MPs
    assert t.cross("frozen", "donets", True) == 4
    # light mud changes the minor river and Donets crossings (18.34), nothing else
    assert t.cross("light-mud", "donets", True) == 6
    assert t.enter("light-mud", "marsh", True) == t.enter("frozen", "marsh", True)
    assert ("tec_cross", ("minor", "non_mechanized", 2)) in tec_facts(t, "frozen")


def test_tec_from_a_users_file_and_its_errors(tmp_path, monkeypatch):
    good = practice_path().read_text().replace("practice: true", "practice: false")
    f = tmp_path / "mine.yaml"
    f.write_text(good.replace("clear:  {mechanized: 1,", "clear:  {mechanized: 1.5,"))
    t = load_tec(f)
    assert not t.practice and t.enter("frozen", "clear", True) == 3
    monkeypatch.setenv("ADJUDICATOR_EAK_TEC", str(f))
    assert tec_chart().source == str(f)
    bad = tmp_path / "bad.yaml"
    bad.write_text(good.replace("woods:  {mechanized: 2,", "jungle:  {mechanized: 2,")
                   .replace("dniepr: {mechanized: 3,", "dniepr: {mechanized: 0.3,"))
    with pytest.raises(InputError) as exc:
        load_tec(bad)
    shown = [f"{p.line}: {p.path}: {p.message}" for p in exc.value.problems]
    assert any("terrain.jungle" in p and "unknown" in p for p in shown)
    assert any("terrain" in p and "needs the entry 'woods'" in p for p in shown)
    assert any("hexsides.dniepr.mechanized" in p and "halves" in p for p in shown)
    assert all(not p.startswith("1:") for p in shown if "jungle" in p)


def test_validate_reports_format_errors_with_lines(capsys, tmp_path):
    f = tmp_path / "pos.yaml"
    f.write_text(BASE.replace('"1006": clear', '"1006": {logistics: kursk}'))
    r = run(capsys, "validate", str(f))
    assert r.code == 2 and "map.hexes.1006.logistics" in r.err and "Traceback" not in r.err


def test_the_draw_pile_is_card_ids_each_once_and_none_in_play():
    probs = _problems(BASE.replace("game: eak", "game: eak\n"
                                   "cards: {command: E07, draw_pile: [E03, E07, E03]}"))
    assert any("E07 is in play" in p for p in probs)
    assert any("E03 is in the draw pile twice" in p for p in probs)
    probs = _problems(BASE.replace("game: eak", "game: eak\ncards: {draw_pile: 30}"))
    assert any("draw_pile" in p for p in probs)
