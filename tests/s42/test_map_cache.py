"""The map's fact text in the on-disk cache (``facts.map_fact_texts``): a changed map, a
corrupt or edited entry and an unwritable cache never change the facts, or an answer;
they only cost the time of making the text again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from adjudicator import cache
from adjudicator.games.s42 import facts
from adjudicator.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "adjudicator" / "games" / "s42" / "s42_demo.yaml"


@pytest.fixture
def cache_dir(tmp_path, monkeypatch) -> Path:
    d = tmp_path / "cache"
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(d))
    return d


def _entries(d: Path) -> list[Path]:
    return sorted(d.glob(f"{facts.MAP_TEXT_KIND}-*.json"))


def _made(m) -> dict:
    return facts._map_texts(m)


def test_the_cached_text_is_the_text_made_from_the_map(cache_dir, monkeypatch):
    m = load_scenario(DEMO).map
    made = _made(m)
    first = facts.map_fact_texts(m)  # a miss: made and stored
    assert len(_entries(cache_dir)) == 1

    def refuse(_m):
        raise AssertionError("the text was made again instead of read from the cache")

    monkeypatch.setattr(facts, "_map_texts", refuse)
    again = facts.map_fact_texts(m)  # a hit
    assert first == again == made
    # every grid relation in one direction only, the other derived in static.lp
    assert ("adj_half", 2) in first and ("adj", 2) not in first


def test_a_changed_map_misses_the_cache(cache_dir):
    sc = load_scenario(DEMO)
    facts.map_fact_texts(sc.map)
    h = sorted(sc.map.hexes)[0]
    old = sc.map.hexes[h].terrain
    new = "mountain" if old != "mountain" else "clear"
    changed = sc.map.model_copy(deep=True)
    changed.hexes[h] = changed.hexes[h].model_copy(update={"terrain": new})
    texts = facts.map_fact_texts(changed)
    assert texts == _made(changed) != _made(sc.map)
    assert f'terrain("{h}",{new})' in texts[("terrain", 2)][1]
    assert len(_entries(cache_dir)) == 2  # one entry per map


@pytest.mark.parametrize("damage", ["truncated", "not json", "edited", "wrong layout",
                                    "unknown predicate"])
def test_a_corrupt_or_edited_entry_is_not_used(cache_dir, damage):
    m = load_scenario(DEMO).map
    facts.map_fact_texts(m)
    (path,) = _entries(cache_dir)
    text = path.read_text()
    entry = json.loads(text)
    if damage == "truncated":
        path.write_text(text[: len(text) // 2])
    elif damage == "not json":
        path.write_text("\x00garbage")
    elif damage == "edited":  # a fact changed, the checksum left as it was
        for row in entry["rows"]:
            if row[0] == "terrain":
                first = row[3].split(",")[1].split(")")[0]
                row[3] = row[3].replace(f",{first})", ",mountain)" if first != "mountain"
                                        else ",clear)", 1)
        path.write_text(json.dumps(entry))
    elif damage == "wrong layout":
        entry["rows"] = {"hex": 1}
        path.write_text(json.dumps(entry))
    else:  # a predicate the map part does not have, with a matching checksum
        entry["rows"].append(["unit", 1, 1, 'unit("X")'])
        entry["sha256"] = facts._texts_checksum(entry["rows"])
        path.write_text(json.dumps(entry))
    assert facts.map_fact_texts(m) == _made(m)
    # the bad entry was replaced by a good one
    assert facts._valid_texts(json.loads(path.read_text())) == _made(m)


def test_an_unwritable_cache_still_answers(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", str(blocker / "sub"))  # under a file
    m = load_scenario(DEMO).map
    assert cache.write_json("x", "k", 1) is False
    assert facts.map_fact_texts(m) == _made(m)
    monkeypatch.setenv("ADJUDICATOR_CACHE_DIR", "off")
    assert facts.map_fact_texts(m) == _made(m)


def _zoc(cache_setting: str) -> str:
    proc = subprocess.run([sys.executable, "-m", "adjudicator", "zoc", str(DEMO), "--json"],
                          capture_output=True, text=True, check=True,
                          env={"ADJUDICATOR_CACHE_DIR": cache_setting, "PATH": "/usr/bin:/bin",
                               "HOME": "/nonexistent"})
    return proc.stdout


def test_an_edited_entry_never_changes_an_answer(tmp_path):
    d = tmp_path / "cache"
    plain = _zoc("off")
    assert _zoc(str(d)) == plain  # fills the cache
    (path,) = _entries(d)
    entry = json.loads(path.read_text())
    # the adjacencies dropped, the checksum left as it was (with no hex next to
    # another, no unit would exert a ZOC on any hex)
    entry["rows"] = [row for row in entry["rows"] if row[0] != "adj_half"]
    path.write_text(json.dumps(entry))
    assert _zoc(str(d)) == plain


def test_an_entry_that_does_not_parse_is_not_used(cache_dir):
    m = load_scenario(DEMO).map
    facts.map_fact_texts(m)
    (path,) = _entries(cache_dir)
    entry = json.loads(path.read_text())
    for row in entry["rows"]:
        if row[0] == "hex":
            row[2] += 1  # one more fact than the text holds, the checksum made to match
    entry["sha256"] = facts._texts_checksum(entry["rows"])
    path.write_text(json.dumps(entry))
    facts._SYMBOLS.clear()
    groups = facts.map_symbol_groups(m)
    assert sorted(map(str, groups[("hex", 1)])) == sorted(f'hex("{h}")' for h in m.hexes)
