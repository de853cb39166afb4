"""The rulebook's advance and breakthrough examples (14.2.2, 14.4, 15.2.4, 15.2.10),
rebuilt as positions under kb/s42/examples/ and answered by the adjudicator."""

from pathlib import Path

import pytest

from adjudicator.games.s42.queries.advance import advances
from adjudicator.games.s42.queries.breakthrough import breakthrough
from adjudicator.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "kb" / "s42" / "examples"


def load(name):
    sc = load_scenario(EXAMPLES / name)
    return sc, sc.example["expected"]


@pytest.mark.rules("14.2.2", "14.2.1")
def test_14_2_2_example_rates():
    sc, exp = load("advance_14_2_2.yaml")
    ans = advances(sc, "0405", 4, list(exp["allowance"]))
    assert {u.id: u.allowance for u in ans.units} == exp["allowance"]


@pytest.mark.rules("14.4", "14.4.1", "14.4.2", "14.3")
def test_14_4_example_vacated_hex_between_enemy_units():
    sc, exp = load("advance_14_4.yaml")
    u = advances(sc, "0404", 4, ["11Pz"]).unit("11Pz")
    assert set(exp["may_end"]) <= set(u.hexes)
    assert not set(exp["may_not_end"]) & set(u.hexes)
    assert {h for h in exp["must_stop"] if u.option(h).stop != "go"} == set(exp["must_stop"])
    assert u.option("0404").stop == "go"
    assert {"14.4.1", "14.4.2"} <= set(u.option("0404").rules)


@pytest.mark.rules("15.2.4", "15.2.3", "15.2.6")
def test_15_2_4_example_itemised_costs():
    sc, exp = load("advance_15_2_4.yaml")
    bt = breakthrough(sc, "0405", 4, ["11Pz", "14Pz", "16Pz"])
    assert {s.how: [s.hex, s.left] for s in bt.starts} == exp["starts"]
    t = bt.target(exp["target"]["hex"])
    best = t.options[0]
    assert (best.hex, best.left, best.path) == (exp["target"]["from"], exp["target"]["left"],
                                                exp["target"]["path"])
    c = advances(sc, "0405", 4, ["C"]).unit("C")
    assert c.allowance == exp["infantry_allowance"]


@pytest.mark.rules("15.2.10", "15.2.8", "15.3.1")
def test_15_2_10_example_three_breakthrough_combats():
    sc, exp = load("advance_15_2_10.yaml")
    for stage in exp["stages"]:
        units = [u for u in sc.units if u.id not in stage["gone"]]
        here = sc.model_copy(update={"units": units})
        here.__dict__.pop("units_by_id", None)
        bt = breakthrough(here, "0405", 4, ["11Pz", "14Pz"], at=stage["at"],
                          left=stage["left"], attacked=stage["attacked"])
        t = bt.target(stage["target"])
        assert t is not None and t.left == stage["remaining"], stage
        for done in stage["attacked"]:
            assert bt.target(done) is None
