"""The on-disk cache and the command index: a stale, broken or unwritable cache never
changes an answer, it only costs the time to rebuild."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from adjudicator import cache

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "adjudicator" / "games" / "s42" / "s42_demo.yaml"


def test_cache_round_trip_and_digest(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path / "c"))
    assert cache.read_json("x", "k") is None
    assert cache.write_json("x", "k", {"a": 1}) is True
    assert cache.read_json("x", "k") == {"a": 1}
    f = tmp_path / "f.txt"
    f.write_text("one")
    d1 = cache.digest_of_files([str(f)])
    f.write_text("three")
    assert cache.digest_of_files([str(f)]) != d1


def test_cache_off_broken_or_unwritable(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", "off")
    assert cache.cache_dir() is None
    assert cache.write_json("x", "k", 1) is False and cache.read_json("x", "k") is None
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(blocker / "sub"))  # under a file
    assert cache.write_json("x", "k", 1) is False and cache.read_json("x", "k") is None
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path / "ok"))
    (tmp_path / "ok").mkdir()
    (tmp_path / "ok" / "x-k.json").write_text("{not json")
    assert cache.read_json("x", "k") is None


def test_xdg_cache_home_is_used(tmp_path, monkeypatch):
    monkeypatch.delenv("ADJUDICATOR_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.cache_dir() == tmp_path / "adjudicator"


def _zoc(env_dir: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "adjudicator", "zoc", str(DEMO), "--json"],
                          capture_output=True, text=True,
                          env={"ADJUDICATOR_CACHE_DIR": str(env_dir), "PATH": "/usr/bin:/bin",
                               "HOME": str(env_dir)})


def test_rewritten_part_from_the_cache_is_the_part_built(tmp_path, monkeypatch):
    from adjudicator.games import get_game
    from adjudicator.solver import _cached_part, _part_key, _part_to_text

    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(tmp_path))
    g = get_game("s42")
    static = g.facts.map_signatures()
    built = _cached_part("q_supply_91", g, "supply", static, frozenset(), g.facts)
    [entry] = list(tmp_path.glob("part-*.json"))
    read = _cached_part("q_supply_92", g, "supply", static, frozenset(), g.facts)
    a, b = _part_to_text(built), _part_to_text(read)
    for k in ("statements", "world", "batch", "position"):
        assert [t.replace("q_supply_91", "q_supply_92") for t in a[k]] == b[k]
    assert (a["shown"], a["reads"]) == (b["shown"], b["reads"])
    # another question's given facts, or changed encodings, make another entry
    assert _part_key(g, "supply", static, frozenset({("x", 1)}), g.facts) not in entry.name
    entry.write_text('{"name": "q_supply_91", "statements": ["not a rule"]}')
    again = _cached_part("q_supply_93", g, "supply", static, frozenset(), g.facts)
    assert len(again.statements) == len(built.statements)


def test_supply_in_fresh_processes_same_with_and_without_the_cache(tmp_path):
    def supply(cache_dir: str) -> dict:
        proc = subprocess.run(
            [sys.executable, "-m", "adjudicator", "supply", str(DEMO), "--json"],
            capture_output=True, text=True,
            env={"ADJUDICATOR_CACHE_DIR": cache_dir, "PATH": "/usr/bin:/bin",
                 "HOME": str(tmp_path)})
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    off = supply("off")
    assert supply(str(tmp_path)) == off  # builds the entries
    assert list(tmp_path.glob("part-*.json"))
    assert supply(str(tmp_path)) == off  # reads them
