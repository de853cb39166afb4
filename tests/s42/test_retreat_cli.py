"""The ``retreats`` command, ``check --retreat``, the show layer and the demo step."""

import json
from pathlib import Path

import pytest
from cli_helpers import run
from positions import pos, unit

DEMO = str(Path(__file__).resolve().parents[2] / "adjudicator" / "games" / "s42" / "s42_demo.yaml")


def write(tmp_path, sc_units, **kw):
    sc = pos(sc_units, **kw)
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(sc.model_dump(mode="json", exclude_none=True)), encoding="utf-8")
    return str(path)


@pytest.mark.rules("12.1.1", "12.2")
def test_retreats_json_follows_the_contract(capsys):
    out = run(capsys, "retreats", DEMO, "--hex", "0603", "--length", "2", "--json")
    assert out.code == 0
    data = out.json
    assert data["eliminated"] is False
    for o in data["options"]:
        assert {"end", "path", "eliminated", "rules", "rank"} <= set(o)
        assert o["rules"] and o["path"]
    ends = {o["end"]: o for o in data["options"]}
    assert ends["0601"]["path"] == ["0602", "0601"] and not ends["0601"]["eliminated"]
    assert ends["0503"]["eliminated"] and ends["0503"]["why"] == ["major_river"]
    assert data["desperate_defense"] == {"eligible": False, "rules": ["11.5.1"]}


@pytest.mark.rules("12.2")
def test_retreats_text_cites_rules(capsys):
    out = run(capsys, "retreats", DEMO, "--hex", "0603", "--length", "2")
    assert out.code == 0
    assert "[12.1.1, 12.1.3]" in out.out and "Desperate Defense" in out.out


def test_retreats_refuses_bad_arguments(capsys):
    assert run(capsys, "retreats", DEMO, "--hex", "0101", "--length", "2").code == 2
    assert run(capsys, "retreats", DEMO, "--hex", "0603", "--length", "7").code == 2
    assert run(capsys, "retreats", DEMO, "--hex", "0603").code == 2
    bad = run(capsys, "retreats", DEMO, "--hex", "0603", "--length", "2", "--phase", "lunch")
    assert bad.code == 2 and "--phase" in bad.err
    assert run(capsys, "retreats", DEMO, "--hex", "0603", "--length", "2",
               "--reading", "12.2=sideways").code == 2


@pytest.mark.rules("12.2")
def test_retreats_reading_option(capsys, tmp_path):
    f = write(tmp_path, [unit("A", "axis", "0404"), unit("S", "soviet", "0605")])
    loose = run(capsys, "retreats", f, "--hex", "0404", "--length", "2", "--json").json
    strict = run(capsys, "retreats", f, "--hex", "0404", "--length", "2", "--json",
                 "--reading", "12.2=farther").json
    assert loose["readings"]["12.2"] == "not-closer" and strict["readings"]["12.2"] == "farther"


@pytest.mark.rules("13.3.2")
def test_retreats_without_hex_lists_full_retreat_stacks(capsys, tmp_path):
    f = write(tmp_path, [unit("A", "axis", "0404", status="full-retreat"),
                         unit("S", "soviet", "0505")])
    data = run(capsys, "retreats", f, "--json").json
    assert [a["hex"] for a in data["automatic"]] == ["0404"]
    assert data["automatic"][0]["rules"] == ["13.3.2"]
    assert data["automatic"][0]["retreat"]["automatic"] is True
    quiet = run(capsys, "retreats", DEMO)
    assert quiet.code == 0 and "13.3.2" in quiet.out


@pytest.mark.rules("12.2", "7.2")
def test_check_retreat_names_the_first_rule_broken(capsys):
    bad = run(capsys, "check", DEMO, "--retreat", "76Inf:0505,0604", "--json")
    assert bad.code == 0
    data = bad.json
    assert data["allowed"] is False and data["rules"] == ["7.2", "12.2"]
    assert data["path"] == ["0505", "0604"] and data["length"] == 2
    good = run(capsys, "check", DEMO, "--retreat", "76Inf:0404,0403,0402", "--json").json
    assert good["allowed"] is True and "12.1.3" in good["rules"]
    text = run(capsys, "check", DEMO, "--retreat", "76Inf:0404,0403:3")
    assert text.code == 0 and "1 step" in text.out
    assert run(capsys, "check", DEMO, "--retreat", "Nobody:0404").code == 2
    assert run(capsys, "check", DEMO, "--retreat", "76Inf").code == 2


@pytest.mark.rules("12.1.1")
def test_check_retreat_refuses_a_step_that_does_not_move_away(capsys):
    data = run(capsys, "check", DEMO, "--retreat", "76Inf:0404,0405:2", "--json").json
    assert data["allowed"] is False
    assert data["findings"][0]["code"] == "not_a_retreat_step"


def test_show_draws_the_retreat_layer(capsys, tmp_path):
    svg = tmp_path / "r.svg"
    out = run(capsys, "show", DEMO, "--svg", str(svg), "--layer", "retreat",
              "--retreat-hex", "0405", "--length", "3")
    assert out.code == 0
    text = svg.read_text(encoding="utf-8")
    assert "retreat end" in text and "0402" in text


def test_demo_includes_retreats(capsys):
    out = run(capsys, "demo")
    assert out.code == 0 and "Retreats" in out.out


@pytest.mark.rules("12.1.3")
def test_no_supply_skips_guideline_2(capsys, tmp_path):
    areas = {"W": {"side": "axis", "hexes": [f"01{r:02d}" for r in range(1, 9)]}}
    f = write(tmp_path, [unit("A", "axis", "0704")], entry_areas=areas, cols=range(1, 11))
    full = run(capsys, "retreats", f, "--hex", "0704", "--length", "2", "--json").json
    fast = run(capsys, "retreats", f, "--hex", "0704", "--length", "2", "--json",
               "--no-supply").json
    assert any(o["ruled_out_by"] == 2 for o in full["options"]) and full["los_checked"]
    assert not any(o["ruled_out_by"] == 2 for o in fast["options"])
    assert fast["los_checked"] is False
    assert {o["end"] for o in full["options"]} == {o["end"] for o in fast["options"]}
