"""Enemy Action: Kharkov's scenario format: the grid with its turned compass, checked
against the book's own distance and direction examples, and the file format's checks."""

from __future__ import annotations

import textwrap

import pytest
from cli_helpers import run

from adjudicator.errors import InputError
from adjudicator.games import get_game
from adjudicator.games.eak.scenario import compass_step, westward
from adjudicator.hexgrid import HexGrid
from adjudicator.scenario import load_scenario, parse_scenario

DEMO = get_game("eak").demo_path


def _grid() -> HexGrid:
    ids = [f"{a:02d}{b:02d}" for a in range(1, 21) for b in range(1, 21)]
    return HexGrid.of(ids, "even", get_game("eak").scenario_model.hex_format)


def test_book_method_11_distances_to_chuguev():
    # 9.21's worked example: the objective is Chuguev (1009); 0903, 1002 and 1103 are all
    # seven hexes from it, and 0504 and 0802 eight.
    g = _grid()
    assert [g.distance(h, "1009") for h in ("0903", "1002", "1103")] == [7, 7, 7]
    assert [g.distance(h, "1009") for h in ("0504", "0802")] == [8, 8]


def test_book_westernmost_is_the_highest_second_pair():
    # 9.24 (c) in the same example: toward a western objective 0903 and 1103 beat 1002, and
    # 0504 is the westernmost of 0504 and 0802; later 1812 is west of 1811.
    assert max(("0504", "0802"), key=westward) == "0504"
    assert westward("0903") == westward("1103") > westward("1002")
    assert max(("1811", "1812"), key=westward) == "1812"


def test_compass_directions_of_neighbours():
    g = _grid()
    assert compass_step(g, "1005", "1006") == "west"
    assert compass_step(g, "1006", "1005") == "east"
    # the first pair grows south: an even first pair sits half a hex further west
    assert compass_step(g, "1005", "1105") == "southeast"
    assert compass_step(g, "1005", "1106") == "southwest"
    assert compass_step(g, "1105", "1005") == "northwest"
    assert compass_step(g, "1005", "1007") is None
    assert sorted(compass_step(g, "1005", n) for n in g.neighbours("1005")) == sorted(
        ["east", "west", "northeast", "northwest", "southeast", "southwest"])


def test_demo_validates_and_runs(capsys):
    r = run(capsys, "validate", str(DEMO))
    assert r.code == 0, r.err
    assert "valid eak position" in r.out
    r = run(capsys, "demo", "--game", "eak")
    assert r.code == 0, r.err


def test_demo_reads_every_part():
    sc = load_scenario(DEMO)
    assert sc.cards.command == "E01"
    assert sc.objectives[0].hex == "1009"
    assert sc.map.hexes["1009"].vp == 1
    assert sc.map.hexsides["0906-0907"].river == "blocked-dniepr"
    u = sc.units_by_id["15TC"]
    assert (u.selector, u.front, u.supply) == ("04", "voronezh", "isolated")


def _problems(text: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        parse_scenario(textwrap.dedent(text), "pos.yaml")
    return [f"{p.line}: {p.path}: {p.message}" for p in exc.value.problems]


BASE = """\
game: eak
map:
  hexes:
    "0101": clear
    "0102": {terrain: town, owner: german}
    "0201": clear
"""


def test_bridge_needs_river_and_road():
    probs = _problems(BASE + '  hexsides:\n    "0101-0102": {river: minor, bridge: true}\n')
    assert any("map.hexsides.0101-0102.bridge" in p and "road" in p for p in probs)
    sc = parse_scenario(BASE + '  hexsides:\n    "0101-0102": {river: minor, road: true, '
                        'bridge: true}\n', "pos.yaml")
    assert sc.map.hexsides["0101-0102"].bridge


def test_soviet_unit_needs_selector_and_sides_are_german_soviet():
    probs = _problems(BASE + "units:\n  - {id: a, side: soviet, hex: '0101', type: tank, "
                      "strength: 3, ma: 5}\n  - {id: b, side: axis, hex: '0201', "
                      "type: infantry, strength: 3, ma: 4}\n")
    assert any(p.startswith("8: units[0].selector") for p in probs)
    assert any("units[1].side" in p and "german, soviet" in p for p in probs)


def test_owner_only_on_town_or_city_and_unknown_terrain():
    probs = _problems(BASE.replace('"0101": clear', '"0101": {terrain: clear, owner: soviet}'))
    assert any("map.hexes.0101.owner" in p for p in probs)
    probs = _problems(BASE.replace('"0201": clear', '"0201": rough'))
    assert any("map.hexes.0201.terrain" in p and "broken" in p for p in probs)


def test_german_and_soviet_units_never_share_a_hex(capsys, tmp_path):
    f = tmp_path / "pos.yaml"
    f.write_text(BASE + "units:\n  - {id: a, side: soviet, hex: '0101', type: tank, "
                 "strength: 3, ma: 5, selector: '01'}\n  - {id: b, side: german, "
                 "hex: '0101', type: infantry, strength: 3, ma: 4}\n")
    r = run(capsys, "validate", str(f))
    assert r.code == 2
    assert "10.1" in r.err


def test_d10_reads_zero_as_ten():
    dice = get_game("eak").dice
    assert (dice.sides, dice.count) == (10, 1) and "0" in dice.note
