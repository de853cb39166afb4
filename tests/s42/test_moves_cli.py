"""``adjudicator moves``, ``check --move`` and ``show --moves`` from the command line:
readable text, the same answer as JSON, the reach drawn as a layer, a path judged step
by step with its first illegal step and rule, rail and sea answers with their counts,
and clear errors for bad input."""

import json
from pathlib import Path

from cli_helpers import run

DEMO = str(Path(__file__).resolve().parents[2] / "adjudicator" / "games" / "s42"
           / "s42_demo.yaml")


def write(tmp_path, data, name="p.json"):
    f = tmp_path / name
    f.write_text(json.dumps(data))
    return str(f)


def position(units, hexsides=None, hexes=None, **top):
    grid = {f"{c:02d}{r:02d}": "clear" for c in range(1, 9) for r in range(1, 9)}
    grid.update(hexes or {})
    return {"game": "s42", **top,
            "map": {"shifted": "even", "hexes": grid, "hexsides": hexsides or {}},
            "units": units}


def unit(uid, side, hex_, **kw):
    return {"id": uid, "side": side, "hex": hex_, "type": "infantry", "attack": 4,
            "defense": 4, "ma": 4, **kw}


def test_moves_text_and_json(capsys):
    r = run(capsys, "moves", DEMO, "--unit", "76Inf")
    assert r.code == 0, r.err
    assert "Where it may end its move" in r.out and "PRACTICE" in r.out
    assert "Allowances:" in r.out and "5.1" in r.out
    r = run(capsys, "moves", DEMO, "--unit", "76Inf", "--json")
    assert r.code == 0
    j = r.json
    assert j["units"] == ["76Inf"] and j["chart"]["practice"] is True and j["chart_note"]
    assert j["reach"] and j["refused"]
    e = j["reach"][0]
    assert {"hex", "kind", "path", "mp_spent", "mp_left", "must_stop", "why_stop",
            "rules"} <= set(e)
    assert all(x["rules"] for x in j["reach"])
    refused = j["refused"][0]
    assert refused["rule"] and refused["why"] and refused["hex"]


def test_show_draws_the_reach(capsys, tmp_path):
    svg = tmp_path / "m.svg"
    r = run(capsys, "show", DEMO, "--svg", str(svg), "--layer", "moves", "--moves", "76Inf")
    assert r.code == 0, r.err
    text = svg.read_text()
    assert "76Inf" in text and "may end here" in text and text.count("<polygon") > 10
    assert "MP spent" in text


def test_check_move_names_the_first_illegal_step_and_its_rule(capsys, tmp_path):
    f = write(tmp_path, position([unit("A", "axis", "0404"), unit("S", "soviet", "0407")]))
    r = run(capsys, "check", f, "--move", "A:0405,0406,0405")
    assert r.code == 0
    assert "step 3, 0406 to 0405" in r.out and "6.2" in r.out
    r = run(capsys, "check", f, "--move", "A:0405,0406,0405", "--json")
    assert r.json["allowed"] is False and r.json["rules"] == ["6.2"]
    r = run(capsys, "check", f, "--move", "A:0403,0402", "--json")
    assert r.json["allowed"] is True


def test_rail_and_sea_answers_with_the_counts_used(capsys, tmp_path):
    rail = {f"040{i}-040{i + 1}": {"rail": True} for i in range(1, 7)}
    f = write(tmp_path, position([unit("A", "axis", "0401", ma=1)], hexsides=rail))
    r = run(capsys, "moves", f, "--unit", "A", "--json")
    ends = {e["hex"]: e for e in r.json["reach"]}
    assert ends["0407"]["kind"] == "rail" and ends["0407"]["must_stop"]
    assert any("Train marker" in n for n in ends["0407"]["notes"])
    g = write(tmp_path, position([unit("A", "axis", "0401", ma=1)], hexsides=rail,
                                 moves_used={"rail": 4}), "used.json")
    r = run(capsys, "moves", g, "--unit", "A", "--json")
    assert not any(e["kind"] == "rail" for e in r.json["reach"])
    assert any(d["rule"] == "5.6.2" for d in r.json["modes_refused"])
    ports = {"0202": {"terrain": "clear", "port": True, "sea": "black"},
             "0707": {"terrain": "clear", "port": True, "sea": "black"}}
    s = write(tmp_path, position([unit("S", "soviet", "0202", ma=1)], hexes=ports),
              "sea.json")
    r = run(capsys, "moves", s, "--unit", "S")
    assert r.code == 0 and "sea" in r.out and "0707" in r.out
    r = run(capsys, "check", s, "--move", "S:0707", "--json")
    assert r.json["allowed"] is True and "5.7.1" in r.json["rules"]


def test_bad_input_is_refused_with_status_2(capsys, tmp_path):
    r = run(capsys, "moves", DEMO, "--unit", "NOPE")
    assert r.code == 2 and "NOPE" in r.err
    r = run(capsys, "check", DEMO, "--move", "76Inf:9999")
    assert r.code == 2 and "9999" in r.err
    bad = position([unit("A", "axis", "0404", army="tank")])
    f = write(tmp_path, bad)
    r = run(capsys, "moves", f, "--unit", "A")
    assert r.code == 2 and "army" in r.err and "Traceback" not in r.err


def test_demo_runs_moves_for_one_unit(capsys):
    r = run(capsys, "demo")
    assert r.code == 0 and "Movement: where one unit may go" in r.out
    assert "Where it may end its move" in r.out
