"""The Kharkov Battles benchmark runs and both sides agree on a small generated position
(agreement only: timings are the benchmark's, never a test's)."""

from __future__ import annotations

import json

from bench import kb42


def test_the_kb42_bench_sides_agree(tmp_path):
    out = tmp_path / "kb42.json"
    assert kb42.main(["--rows", "8", "--cols", "8", "--repeat", "1", "--out", str(out)]) == 0
    res = json.loads(out.read_text())
    assert set(res["queries"]) == {"zoc", "supply", "retreats", "attacks", "odds"}
    assert all(q["agree"] for q in res["queries"].values())
