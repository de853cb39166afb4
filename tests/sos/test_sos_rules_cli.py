"""The command line of Streets of Stalingrad's rule queries: zoc, stacking and check,
isolation, retreats (with --tec) and advances, on the bundled demo position; text by
default, JSON with --json, bad input refused with exit status 2."""

from __future__ import annotations

import pytest
from cli_helpers import run

from adjudicator.games import get_game

DEMO = str(get_game("sos").demo_path)


def test_zoc_command(capsys):
    r = run(capsys, "zoc", DEMO)
    assert r.code == 0 and "German ZOC for movement [6.1, 6.5]" in r.out
    assert "soviet ZOC does not enter 0603 [6.2]" in r.out
    j = run(capsys, "zoc", DEMO, "--json").json
    assert "0603" not in j["controls"]["movement"] and j["rules"] == ["6.1"]


@pytest.mark.parametrize("name", ["stacking", "check"])
def test_stacking_and_check_commands(capsys, name):
    r = run(capsys, name, DEMO)
    assert r.code == 0 and "within the limits" in r.out
    j = run(capsys, name, DEMO, "--json").json
    assert j["legal"] is True and {"hex": "0408", "side": "soviet", "count": 2, "limit": 3,
                                   "rule": "5.4"} in j["combat_units"]


def test_isolation_command(capsys):
    j = run(capsys, "isolation", DEMO, "--json").json
    assert j["isolated"] == ["III/267"] and j["eliminated"] == []
    r = run(capsys, "isolation", DEMO)
    assert "never eliminated [19.6]" in r.out and "AT/13Gd: supplied again" in r.out


def test_retreats_before_combat_and_after_a_p_result(capsys):
    r = run(capsys, "retreats", DEMO, "--hex", "0408", "--attackers", "III/267")
    assert r.code == 0 and "PRACTICE terrain effects chart" in r.out
    assert "one combat unit must stay [9.43]" in r.out
    j = run(capsys, "retreats", DEMO, "--hex", "0408", "--attackers", "III/267",
            "--json").json
    assert j["kind"] == "before-combat" and j["chart"]["practice"] is True
    assert j["units"][0]["hexes"]["0308"] == 1
    j = run(capsys, "retreats", DEMO, "--hex", "0408", "--attackers", "III/267",
            "--result", "p", "--json").json
    assert {u["outcome"] for u in j["units"]} == {"retreats-pinned"}


def test_retreats_with_a_players_chart(capsys, tmp_path):
    from adjudicator.paths import kb_dir

    text = (kb_dir() / "sos" / "tables" / "tec_practice.yaml").read_text()
    mine = tmp_path / "tec.yaml"
    mine.write_text(text.replace("practice: true", "practice: false")
                    .replace("clear:        {foot: 1,", "clear:        {foot: 2,"))
    j = run(capsys, "retreats", DEMO, "--hex", "0408", "--attackers", "III/267",
            "--tec", str(mine), "--json").json
    # clear hexes at 2 MP: the 2 MP budget reaches the next hex only
    assert j["chart"]["practice"] is False and j["units"][0]["hexes"] == {"0308": 2}
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: tec\nterrain:\n  clear: {foot: x}\nroads: {}\nhexsides: {}\n")
    r = run(capsys, "retreats", DEMO, "--hex", "0408", "--tec", str(bad))
    assert r.code == 2 and f"{bad}:3: terrain.clear" in r.err and "Traceback" not in r.err


def test_advances_command(capsys):
    r = run(capsys, "advances", DEMO, "--hex", "0408", "--attackers", "III/267")
    assert r.code == 0 and "enemy-units-remain [9.85]" in r.out
    j = run(capsys, "advances", DEMO, "--hex", "0408", "--attackers", "III/267",
            "--json").json
    assert j["none"] == [{"reason": "enemy-units-remain", "rule": "9.85"}]


@pytest.mark.parametrize("args,message", [
    (["retreats", DEMO, "--hex", "0909"], "--hex: '0909' is not a hex of this position"),
    (["retreats", DEMO, "--hex", "0101"], "--hex: no unit defends 0101"),
    (["retreats", DEMO, "--hex", "0408", "--attackers", "X"], "--attackers: 'X' is not a unit"),
    (["retreats", DEMO, "--hex", "0408", "--result", "q"], "--result: 'q' is not"),
    (["advances", DEMO, "--hex", "0408"], "--attackers: name the attacking units"),
    (["advances", DEMO, "--hex", "0408", "--attackers", "III/267", "--emptied", "x"],
     "--emptied: 'x' is not"),
])
def test_bad_input_is_refused_with_status_2(capsys, args, message):
    r = run(capsys, *args)
    assert r.code == 2 and message in r.err and "Traceback" not in r.err


def test_show_draws_the_new_hex_and_hexside_features(capsys, tmp_path):
    pos = tmp_path / "roads.yaml"
    pos.write_text('game: sos\nmap:\n  hexes:\n    "0101": {features: [road, railroad], '
                   'markers: [attack], explosions: 5}\n    "0102": {breakthru: german}\n'
                   '  hexsides:\n    "0101-0102": {features: [road]}\n')
    r = run(capsys, "show", str(pos), "--svg", str(tmp_path / "p.svg"))
    assert r.code == 0 and "rd rr" in (tmp_path / "p.svg").read_text()


def test_show_draws_the_zoc_and_a_retreat_before_combat(capsys, tmp_path):
    out = tmp_path / "demo.svg"
    j = run(capsys, "show", DEMO, "--svg", str(out), "--retreat-hex", "0408", "--json").json
    assert j["layers"] == ["zoc", "retreat"]
    svg = out.read_text()
    assert "german ZOC in 0403 [6.1]" in svg and "retreat from 0408 [9.48]" in svg
    j = run(capsys, "show", DEMO, "--svg", str(out), "--force", "--json").json
    assert j["layers"] == ["zoc"]
