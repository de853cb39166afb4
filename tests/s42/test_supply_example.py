"""The rulebook's supply example (16.3) rebuilt as a position, and properties of witnesses.

kb/s42/examples/supply_16_3.yaml: Soviet units A-D beside an Axis line with two Hex
Bonds; each traces a line that enters no bonded hex and no two EZOC hexes in a row.
"""

from pathlib import Path

import pytest
from cli_helpers import run
from positions import pos, unit
from ruamel.yaml import YAML

from adjudicator.games.s42.queries.bonds import bonds
from adjudicator.games.s42.queries.supply import supply
from adjudicator.games.s42.queries.zoc import zoc
from adjudicator.scenario import load_scenario

EXAMPLE = Path(__file__).resolve().parents[2] / "kb" / "s42" / "examples" / "supply_16_3.yaml"


def check_witness(sc, answer):
    """Every witness obeys 16.3.2/16.3.3/7.2, checked against the zoc and bonds answers."""
    z = zoc(sc).zoc
    closed = {(b.side, h) for b in bonds(sc).bonds if b.standing for h in b.closes_hexes}
    for u in answer.units:
        if u.status != "in-supply" or u.hex not in sc.map.hexes:
            continue
        enemy = "axis" if u.side == "soviet" else "soviet"
        occupied = {x.hex for x in sc.units if x.side == u.side}

        def ez(h, enemy=enemy, occupied=occupied):
            return enemy in z.get(h, []) and h not in occupied
        hexes = [h for h in u.path if h in sc.map.hexes]
        for a, b in zip(hexes, hexes[1:], strict=False):
            assert sc.grid.are_adjacent(a, b)
        for h in u.overland + u.road:
            assert (enemy, h) not in closed, (u.id, h)
            assert not any(x.hex == h and x.side == enemy for x in sc.units)
        for a, b in zip(u.overland, u.overland[1:], strict=False):
            assert not (ez(a) and ez(b)), (u.id, a, b)
        for h in u.road:
            assert not ez(h), (u.id, h)
        assert len(u.overland) <= answer.limit


@pytest.mark.rules("16.3", "16.3.2", "7.2")
def test_16_3_example_soviet_units_are_in_supply():
    sc = load_scenario(EXAMPLE)
    want = YAML(typ="safe").load(EXAMPLE.read_text(encoding="utf-8"))["example"]["expected"]
    ans = supply(sc, side="soviet")
    assert {u.id: u.status for u in ans.units} == want
    assert ans.unit("B").overland == ["0603", "0602", "0702", "0801"]
    assert ans.unit("C").overland == ["0607", "0608", "0708", "0808"]
    check_witness(sc, ans)


@pytest.mark.rules("16.3.2")
def test_16_3_example_without_a_in_0602_b_loses_supply():
    sc = load_scenario(EXAMPLE)
    data = sc.model_dump(mode="json", exclude={"source"}, exclude_none=True)
    data["units"] = [u for u in data["units"] if u["id"] != "A"]
    data.pop("example")
    sc2 = pos(data["units"], hexes=data["map"]["hexes"], hexsides=data["map"]["hexsides"],
              entry_areas=data["map"]["entry_areas"], cols=range(1, 11), rows=range(1, 9))
    ans = supply(sc2, side="soviet")
    assert ans.unit("B").status == "out-of-supply"
    assert ans.unit("C").status == "in-supply"


@pytest.mark.rules("16.3")
def test_16_3_example_through_the_cli(capsys):
    r = run(capsys, "supply", str(EXAMPLE), "--side", "soviet", "--json")
    assert r.code == 0, r.err
    units = {u["id"]: u for u in r.json["units"]}
    assert set(units) == {"A", "B", "C", "D"}
    for u in units.values():
        assert u["status"] == "in-supply" and u["rules"] and u["path"][-1] == "E"


@pytest.mark.rules("16.3.2", "16.3.3")
def test_witness_lines_obey_the_rules_on_a_busy_position():
    units = [unit("A", "axis", "0404"), unit("B", "axis", "0606"), unit("C", "axis", "0703"),
             unit("R", "soviet", "0505"), unit("S", "soviet", "0302"), unit("T", "soviet", "0607")]
    sides = {"0104-0204": {"road": "primary"}, "0204-0304": {"road": "primary"},
             "0304-0404": {"road": "primary"}, "0404-0504": {"road": "secondary"},
             "0807-0808": {"road": "primary"}, "0707-0807": {"road": "primary"}}
    areas = {"W": {"side": "axis", "hexes": [f"01{r:02d}" for r in range(1, 9)]},
             "E": {"side": "soviet", "hexes": [f"08{r:02d}" for r in range(1, 9)]}}
    for weather in ("clear", "rain"):
        sc = pos(units, hexsides=sides, entry_areas=areas, weather=weather,
                 hexes={"0505": "marsh", "0303": "mountain"})
        check_witness(sc, supply(sc))
