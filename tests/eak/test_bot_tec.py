"""The Soviet procedure's movement costs come from the eak Terrain Effects Chart (10.0,
10.2, 10.3; 2.4): the player's chart given with --tec, else the PRACTICE chart, counted
in half MPs."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_helpers import ger, position, sov
from cli_helpers import run

from adjudicator.games.eak.commands.bot import terms_answer
from adjudicator.games.eak.tec import load_tec, practice_path

DEMO = str(Path(__file__).parents[2] / "adjudicator" / "games" / "eak" / "eak_bot_demo.yaml")
PRACTICE_CLEAR = "clear:  {mechanized: 1, non-mechanized: 1}"


def chart(tmp_path: Path, clear: str):
    """A chart of the player's own: the practice one with another cost for clear terrain."""
    text = practice_path().read_text()
    assert PRACTICE_CLEAR in text
    f = tmp_path / "tec.yaml"
    f.write_text(text.replace(PRACTICE_CLEAR, f"clear:  {{mechanized: {clear}, "
                              f"non-mechanized: {clear}}}")
                 .replace("practice: true", "practice: false")
                 .replace("id: eak_tec_practice", "id: my_tec"))
    return load_tec(f)


def nearly(tec) -> bool:
    # g3 (MA 3) needs two clear hexes to close the last open side of w in 0909
    units = [sov("w", "0909", "05"), ger("g1", "0808"), ger("g3", "1111", ma=3)]
    a = terms_answer(position(units), "0909", tec=tec)
    assert a["tec"]["id"] == tec.id
    return next(u for u in a["units"] if u["unit"] == "w")["nearly_surrounded"]


@pytest.mark.rules("10.0", "9.3")
def test_10_0_the_chart_given_sets_what_one_move_reaches(tmp_path):
    assert nearly(chart(tmp_path, "1")) is True
    assert nearly(chart(tmp_path, "2")) is False


@pytest.mark.rules("10.0", "9.3")
def test_10_0_half_mp_costs_are_counted_exactly(tmp_path):
    # two hexes at 1.5 MP each fit a movement allowance of 3; at 2 MP they do not
    assert nearly(chart(tmp_path, "1.5")) is True
    assert nearly(chart(tmp_path, "2")) is False


def test_the_practice_chart_is_named_in_the_answer(capsys):
    r = run(capsys, "bot", "terms", DEMO, "--hex", "1007")
    assert r.code == 0 and "PRACTICE terrain effects chart" in r.out
    r = run(capsys, "bot", "moves", DEMO, "--json")
    assert r.json["tec"]["practice"] is True


def test_a_chart_given_with_tec_is_used_and_a_bad_one_refused(capsys, tmp_path):
    tec = chart(tmp_path, "2")
    r = run(capsys, "bot", "terms", DEMO, "--hex", "1007", "--tec", tec.source, "--json")
    assert r.code == 0 and r.json["tec"]["id"] == "my_tec" and "note" not in r.json["tec"]
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: crt\n")
    r = run(capsys, "bot", "terms", DEMO, "--hex", "1007", "--tec", str(bad))
    assert r.code == 2 and "bad.yaml" in r.err
