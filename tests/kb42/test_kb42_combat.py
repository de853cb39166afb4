"""Kharkov Battles combat resolution and charts as data: one d10 read 0-9 (1.2) seeded as
for Stalingrad '42, the result read on the chosen CRT (12.6), automatic results without a
roll (12.64), the loser (12.65); user-supplied charts (CRT, Mobile Assault table, TEC,
attrition table) with their errors as FILE:LINE: PATH: message and exit status 2; and the
rulebook's combat example (12.8) rebuilt as a position."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run
from kb42_positions import position, unit

from adjudicator.errors import InputError
from adjudicator.games import get_game
from adjudicator.games.kb42 import charts as C
from adjudicator.games.kb42.charts import tables_folder
from adjudicator.games.kb42.queries.odds import Plan, odds, resolve


def write(tmp_path: Path, units, name="p.json", **top) -> str:
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(15, 20)}
    data = {"game": "kb42", "phasing": "axis", "map": {"hexes": hexes}, "units": units, **top}
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return str(p)


UNITS = [unit("a", "axis", "KB3616", strength=7), unit("s", "soviet", "KB3617", strength=1)]


@pytest.mark.rules("1.2", "12.0", "12.6")
def test_combat_reads_one_d10_0_to_9_on_the_crt_and_a_seed_repeats(tmp_path, capsys):
    f = write(tmp_path, UNITS)
    first = run(capsys, "combat", f, "--attack", "a@KB3617", "--seed", "7", "--json")
    again = run(capsys, "combat", f, "--attack", "a@KB3617", "--seed", "7", "--json")
    assert first.code == 0 and first.json == again.json
    r = first.json["resolved"][0]
    assert 0 <= r["roll"] <= 9 and r["odds"]["final_ratio"] == "7-1"
    cell = C.chart("crt").lookup("clear", 6, r["roll"])[1]
    assert r["result"]["text"] == cell.text
    assert first.json["crt"]["practice"] is True and "PRACTICE" in first.json["crt"]["title"]
    given = run(capsys, "combat", f, "--attack", "a@KB3617", "--roll", "4", "--json")
    assert given.json["resolved"][0]["result"]["text"] == "D(1)r2"
    assert given.json["resolved"][0]["loser"] == "defender"
    bad = run(capsys, "combat", f, "--attack", "a@KB3617", "--roll", "10")
    assert bad.code == 2 and "0 to 9" in bad.err
    both = run(capsys, "combat", f, "--attack", "a@KB3617", "--roll", "1", "--seed", "2")
    assert both.code == 2


@pytest.mark.rules("12.64", "12.65")
def test_combat_an_automatic_result_needs_no_roll(tmp_path, capsys):
    f = write(tmp_path, [unit("a", "axis", "KB3616", strength=30),
                         unit("s", "soviet", "KB3617", strength=2)])
    out = run(capsys, "combat", f, "--attack", "a@KB3617", "--roll", "0", "--json")
    r = out.json["resolved"][0]
    assert r["roll"] is None and r["result"]["text"] == "D(3)r4" and r["loser"] == "defender"


def test_combat_refuses_an_illegal_plan_with_exit_2(tmp_path, capsys):
    f = write(tmp_path, UNITS + [unit("t", "soviet", "KB3615", strength=1)])
    out = run(capsys, "combat", f, "--attack", "a@KB3617", "--seed", "1")
    assert out.code == 2 and "KB3615 must be attacked" in out.out
    ok = run(capsys, "odds", f, "--attack", "a@KB3617", "--json")
    assert ok.code == 0 and ok.json["unmet"] == ["KB3615"] and not ok.json["legal"]


def test_odds_text_names_the_tables_it_used(tmp_path, capsys):
    f = write(tmp_path, UNITS)
    out = run(capsys, "odds", f, "--attack", "a@KB3617")
    assert out.code == 0
    assert "CRT: PRACTICE" in out.out and "TEC: PRACTICE" in out.out
    assert "pass your copy with --crt" in out.out


def test_a_players_own_crt_is_read_and_named(tmp_path, capsys):
    text = (tables_folder() / "crt_practice.yaml").read_text()
    mine = tmp_path / "my_crt.yaml"
    mine.write_text(text.replace("practice: true", "practice: false")
                    .replace("id: kb42_crt_practice", "id: mine"))
    f = write(tmp_path, UNITS)
    out = run(capsys, "odds", f, "--attack", "a@KB3617", "--crt", str(mine), "--json")
    assert out.json["crt"] == {"kind": "crt", "id": "mine", "title": out.json["crt"]["title"],
                               "file": str(mine), "practice": False}
    assert not any("--crt" in n for n in out.json["notes"])


@pytest.mark.parametrize("kind,option,edit,where", [
    ("crt", "--crt", ("\"D(1)r2\", \"D(2)r3\"]", "\"D(1)x2\", \"D(2)r3\"]"), "rows.4[8]"),
    ("crt", "--crt", ("kind: crt", "kind: table"), "kind"),
    ("crt", "--crt", ("  9: [", "  10: ["), "rows"),
    ("tec", "--tec", ("combat: rough", "combat: hills"), "terrain.rough.combat"),
    ("tec", "--tec", ("woods: {mechanized: 2", "woods: {mechanized: X"), "terrain.woods"),
])
def test_a_bad_chart_file_is_reported_file_line_path_exit_2(tmp_path, capsys, kind, option,
                                                            edit, where):
    name = C.PRACTICE_FILES[kind]
    text = (tables_folder() / name).read_text()
    assert edit[0] in text
    bad = tmp_path / name
    bad.write_text(text.replace(edit[0], edit[1], 1))
    f = write(tmp_path, UNITS)
    out = run(capsys, "odds", f, "--attack", "a@KB3617", option, str(bad))
    assert out.code == 2
    line = next(i for i, ln in enumerate(bad.read_text().splitlines(), 1)
                if edit[1] in ln or (where == "rows" and "rows:" in ln)
                or (where == "kind" and ln.startswith("kind")))
    assert f"{bad}:" in out.err and where in out.err, out.err
    assert f"{bad}:{line}:" in out.err or where in ("rows",), out.err


def test_a_missing_chart_file_is_reported(tmp_path, capsys):
    f = write(tmp_path, UNITS)
    out = run(capsys, "odds", f, "--attack", "a@KB3617", "--tec", str(tmp_path / "none.yaml"))
    assert out.code == 2 and "no such chart file" in out.err


@pytest.mark.rules("11.2", "11.26", "11.27", "8.4", "19.22")
def test_the_other_practice_charts_load_and_bad_ones_are_refused(tmp_path):
    ma = C.chart("mobile-assault")
    assert ma.practice and ma.modifiers["attacker-air"][0] == 1
    assert ma.lookup(0, 7)[2].text == "Dr3" and ma.lookup(0, 0)[2].disorganized
    att = C.chart("attrition")
    assert att.rows[0] == 0 and att.rows[9] == "all"
    bad = tmp_path / "ma.yaml"
    bad.write_text((tables_folder() / "ma_practice.yaml").read_text().replace(
        '"1-1", "2-1"', '"1-2", "2-1"'))
    with pytest.raises(InputError) as exc:
        C.chart("mobile-assault", bad)
    assert "11.21" in str(exc.value.problems[0].message)
    bad2 = tmp_path / "att.yaml"
    bad2.write_text((tables_folder() / "attrition_practice.yaml").read_text().replace(
        "9: [\"all\"]", "9: [\"most\"]"))
    with pytest.raises(InputError) as exc:
        C.chart("attrition", bad2)
    assert exc.value.problems[0].path == "rows.9"


EXAMPLE = Path(__file__).resolve().parents[2] / "kb" / "kb42" / "examples" / "combat_12_8.yaml"


@pytest.mark.rules("12.0", "12.1", "12.43", "12.42", "12.5", "12.65")
def test_12_8_combat_example_odds_and_results(capsys):
    """The rulebook's combat example (after 12.85), rebuilt in kb/kb42/examples/
    (the geometry is constructed: the text keeps no map; see the file's header)."""
    from ruamel.yaml import YAML

    from adjudicator.scenario import load_scenario

    ex = YAML(typ="safe").load(EXAMPLE.read_text())["example"]
    want = ex["expected"]
    out = run(capsys, *ex["command"].split(), "--json")
    assert out.code == 0
    main, soak = out.json["attacks"]
    assert out.json["legal"] is want["legal"] and out.json["unmet"] == []
    assert main["raw"] == want["main"]["strengths"] and main["ratio"] == want["main"]["ratio"]
    assert sorted(x["rule"] for x in main["shifts"]) == want["main"]["shifts"]
    assert main["final_ratio"] == want["main"]["final"]
    assert soak["raw"] == want["soak_off"]["strengths"]
    assert soak["final_ratio"] == want["soak_off"]["final"]
    # the rolls of the example: a 4 for the main attack, a 6 for the soak-off
    sc = load_scenario(EXAMPLE)
    crt, tec = C.chart("crt"), C.chart("tec")
    plans = [Plan(["inf", "60-r1", "60-r2", "x"], ["KB3617"]), Plan(["brk"], ["KB3615"])]
    ans = odds(sc, plans, crt, tec)
    r_main, r_soak = resolve(ans, crt, get_game("kb42").dice.session(rolls=[4, 6]))
    assert r_main.result.text == "D(1)r2" and r_main.loser == "defender"
    assert r_soak.result.text == "Ar1" and r_soak.loser == "attacker"
    # the example adds that with stack D standing in hex B (next to C) the encirclement
    # bonus would be lost: a Soviet stack next to C (here KB3717) denies it
    units = [{**u.model_dump(exclude_none=True), **({"hex": "KB3717"}
              if u.id.startswith("d-") else {})} for u in sc.units]
    moved = position(units, hexes={h: "clear" for h in sc.map.hexes})
    ans2 = odds(moved, plans[:1], crt, tec)
    assert {r for _, _, r in ans2.attacks[0].shifts} == {"12.43"}


@pytest.mark.rules("2.51")
def test_2_51_example_the_practice_tec_keeps_the_woods_costs_the_text_gives():
    tec = C.chart("tec")
    assert tec.terrain["clear"]["woods"] == {"mechanized": 2.0, "non-mechanized": 1.0}
