"""The benchmark machinery on a tiny map: the shape of bench/results.json (no timings
are asserted; machines are noisy)."""

from __future__ import annotations

import json

from bench.core import run


def test_bench_results_shape(tmp_path):
    out = tmp_path / "results.json"
    res = run(seed=5, cols=14, rows=12, units=40, scaling=((10, 10),), out=out,
              progress=lambda _m: None, cold=False, stacks=3, n_attacks=3, repeat=1)
    assert json.loads(out.read_text()) == res
    assert res["map"]["hexes"] == 14 * 12 and res["map"]["units"] >= 40
    assert {"supply", "retreats", "advances", "bonds"} <= set(res["queries"])
    for name, q in res["queries"].items():
        if q.get("available", True):
            assert set(q) >= {"asp_ms", "reference_ms", "ratio", "agree"}, name
            assert q["agree"] is True, name
            assert abs(q["ratio"] - q["asp_ms"] / q["reference_ms"]) < 0.02
        else:
            assert q["note"].startswith("not available")
    assert res["scaling"][0]["hexes"] == 100
    assert res["timing"]["repeat"] == 1
    assert res["session"]["renewal_ms"] > 0 and res["session"]["every_questions"] > 0


def test_rule_costs_cover_every_rule_of_the_query():
    from bench.rules import rule_costs

    costs = rule_costs("zoc", seed=5, cols=14, rows=12, units=40, questions=3)
    rules = [r for c in costs for r in c.rules]
    assert rules and len(rules) == len(set(rules))
    assert any(r.startswith("zoc_source(") for r in rules)
    assert [c.ms for c in costs] == sorted((c.ms for c in costs), reverse=True)
