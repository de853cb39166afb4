"""The rulebook's worked examples for Streets of Stalingrad's zones of control, retreats
and isolation (kb/sos/examples), each answered as the rulebook answers it."""

from __future__ import annotations

import pytest

from adjudicator.games.sos.queries.isolation import isolation
from adjudicator.games.sos.queries.retreats import before_combat
from adjudicator.games.sos.queries.zoc import zoc
from adjudicator.kb import load_game
from adjudicator.paths import kb_dir
from adjudicator.scenario import load_scenario

EXAMPLES = kb_dir() / "sos" / "examples"


def example(name):
    path = EXAMPLES / f"{name}.yaml"
    sc = load_scenario(str(path))
    return sc, sc.example["expected"]


def test_the_examples_load_into_the_knowledge_base():
    kb = load_game("sos")
    for sid in ("6.3", "8.05", "19.1", "19.3"):
        assert kb[sid].examples, sid


@pytest.mark.rules("6.3")
def test_6_3_example_zoc_across_the_balka():
    sc, want = example("zoc_6_3")
    ans = zoc(sc)
    got = sorted(h for h, ss in ans.controls["movement"].items() if "german" in ss)
    assert got == want["german_movement_zoc"]
    assert sorted(b for (_, b, _) in ans.across) == want["across"]


@pytest.mark.rules("8.05", "9.48")
def test_8_05_example_a_quarter_of_15_mp_is_4():
    sc, want = example("retreat_8_05")
    ans = before_combat(sc, "0404", ["I/276"])
    assert {u.unit: u.budget for u in ans.units} == want["budget_mp"]


@pytest.mark.rules("19.1", "19.4")
@pytest.mark.parametrize("name", ["isolation_19_1_a", "isolation_19_1_b", "isolation_19_3"])
def test_19_1_19_3_examples(name):
    sc, want = example(name)
    ans = isolation(sc)
    assert sorted(u.unit for u in ans.units if u.eliminated) == want["eliminated"]
    s = next(u for u in ans.units if u.unit == "2/42")
    if "out_of_supply_next" in want:
        assert s.marker_next == want["out_of_supply_next"]
    if "threshold" in want:
        assert s.threshold == want["threshold"]
