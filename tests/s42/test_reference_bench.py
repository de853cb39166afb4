"""The benchmark machinery on a tiny map: the shape of bench/results.json (no timings
are asserted; machines are noisy)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.core import run


def test_bench_results_shape(tmp_path):
    out = tmp_path / "results.json"
    res = run(seed=5, cols=14, rows=12, units=40, scaling=((10, 10),), out=out,
              progress=lambda _m: None, cold=False, stacks=3, n_attacks=3, repeat=1)
    assert json.loads(out.read_text()) == res
    assert res["map"]["hexes"] == 14 * 12 and res["map"]["units"] >= 40
    assert {"supply", "retreats", "retreats_each", "advances", "bonds"} <= set(res["queries"])
    # the reach of every phasing unit in one call runs only when named
    assert "moves_one" in res["queries"] and "moves_side" not in res["queries"]
    for name, q in res["queries"].items():
        if q.get("available", True):
            assert set(q) >= {"asp_ms", "reference_ms", "ratio", "agree"}, name
            assert q["agree"] is True, name
            assert abs(q["ratio"] - q["asp_ms"] / q["reference_ms"]) < 0.02
        else:
            assert q["note"].startswith("not available")
    assert res["scaling"][0]["hexes"] == 100
    assert res["timing"]["repeat"] == 1
    for name in ("open", "pocket", "joined"):
        assert res["pocket"][name]["agree"] is True
    assert res["pocket"]["joined_over_open"] > 0
    assert res["pocket"]["pocket"]["isolated_units"] > 0
    assert res["pocket"]["pocket_over_open"] > 0
    assert "supply_pocket" in res["scaling"][0]["queries"]
    assert res["warm_session"]["five_questions_ms"] > 0
    assert res["session"]["renewal_ms"] > 0 and res["session"]["every_questions"] > 0


def test_a_case_run_only_on_request_runs_when_named(monkeypatch):
    from adjudicator.solver import Solver
    from bench import core

    sc = core.scenario(core.full_position(5, 14, 12, 40))
    monkeypatch.setattr(core, "ONLY", {"moves_side", "zoc"})
    res = core.run_cases(sc, Solver(sc.game), lambda _m: None, repeat=1, stacks=3,
                         n_attacks=3)
    assert set(res) == {"moves_side", "zoc"} and res["moves_side"]["agree"] is True


def test_growth_exponent_is_the_log_log_slope():
    from bench.core import growth

    rows = [{"hexes": h, "queries": {"q": {"asp_ms": h * h / 100, "reference_ms": h / 10}}}
            for h in (1000, 4000, 10000)]
    g = growth(rows)
    assert g["q"] == {"asp": 2.0, "reference": 1.0}
    assert growth(rows[:1]) == {}


def test_cold_questions_name_one_question_per_query_command(tmp_path):
    from adjudicator.games.s42.generate import full_position, scenario
    from bench.core import cold_questions

    data = full_position(5, 14, 12, 40)
    sc = scenario(data)
    path = tmp_path / "x.json"
    path.write_text(json.dumps(data))
    qs = cold_questions(sc, path)
    assert {"zoc", "bonds", "supply", "retreats", "advances", "odds", "check"} <= set(qs)
    assert all(args[1] == str(path) for name, args in qs.items() if name != "advances")
    # the advance is asked about the position after the combat: the defender is gone
    after = json.loads(Path(qs["advances"][1]).read_text())
    vacated = qs["advances"][qs["advances"].index("--vacated") + 1]
    assert all(u["hex"] != vacated for u in after["units"])
    assert any(u["hex"] == vacated for u in data["units"])


def test_rule_costs_cover_every_rule_of_the_query():
    from bench.rules import rule_costs

    costs = rule_costs("zoc", seed=5, cols=14, rows=12, units=40, questions=3)
    rules = [r for c in costs for r in c.rules]
    assert rules and len(rules) == len(set(rules))
    assert any(r.startswith("zoc_source(") for r in rules)
    assert [c.ms for c in costs] == sorted((c.ms for c in costs), reverse=True)
