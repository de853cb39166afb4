"""Rulings on Kharkov Battles Pocket Attrition (8.4, 19.22), on the practice table."""

from __future__ import annotations

import pytest
from cli_helpers import run
from kb42_positions import position, unit

from adjudicator.games import get_game
from adjudicator.games.kb42 import charts as C
from adjudicator.games.kb42.queries.attrition import attrition

ROW = {f"KB36{c}": "clear" for c in range(14, 20)}
TABLE = C.chart("attrition")


def pocket(**top):
    # the Axis stack in KB3616 is cut off: Soviet units on both sides, no way round
    units = [unit("i", "axis", "KB3616", supply="isolated"),
             unit("o", "axis", "KB3616", supply="operational"),
             unit("s", "soviet", "KB3615"), unit("t", "soviet", "KB3617")]
    return position(units, hexes=ROW, sources=[{"side": "axis", "hex": "KB3619"}], **top)


@pytest.mark.rules("8.4")
def test_8_4_a_stack_isolated_again_rolls_once_and_only_its_isolated_units_suffer():
    ans = attrition(pocket(), TABLE)
    assert [(s.hex, s.units) for s in ans.stacks] == [("KB3616", ["i"])]
    # the operational-marked unit is only Out of Supply now: it neither rolls nor suffers
    rolled = attrition(pocket(), TABLE, get_game("kb42").dice.session(rolls=[8]))
    assert rolled.stacks[0].roll == 8 and rolled.stacks[0].loss == 2


@pytest.mark.rules("8.4")
def test_8_4_no_roll_with_a_supply_line_or_when_newly_out_of_supply():
    sc = position([unit("i", "axis", "KB3616", supply="isolated")], hexes=ROW,
                  sources=[{"side": "axis", "hex": "KB3619"}])
    assert attrition(sc, TABLE).stacks == []
    units = [unit("o", "axis", "KB3616", supply="oos"), unit("s", "soviet", "KB3615"),
             unit("t", "soviet", "KB3617")]
    sc = position(units, hexes=ROW, sources=[{"side": "axis", "hex": "KB3619"}])
    assert attrition(sc, TABLE).stacks == []  # Isolated now, but it was only OOS before


@pytest.mark.rules("19.22")
def test_19_22_freeze_raises_the_roll_by_one_at_most_nine():
    dice = get_game("kb42").dice.session(rolls=[9])
    ans = attrition(pocket(weather="freeze"), TABLE, dice)
    assert ans.drm == 1 and ans.stacks[0].modified == 9 and ans.stacks[0].loss == "all"
    ans = attrition(pocket(weather="freeze"), TABLE, get_game("kb42").dice.session(rolls=[5]))
    assert ans.stacks[0].modified == 6 and ans.stacks[0].loss == 1
    assert attrition(pocket(), TABLE).drm == 0


def test_attrition_cli_names_its_table_and_reads_a_seed(tmp_path, capsys):
    import json

    data = {"game": "kb42", "phasing": "axis", "map": {"hexes": ROW},
            "units": [unit("i", "axis", "KB3616", supply="isolated"),
                      unit("s", "soviet", "KB3615"), unit("t", "soviet", "KB3617")],
            "supply_sources": [{"side": "axis", "hex": "KB3619"}]}
    f = tmp_path / "p.json"
    f.write_text(json.dumps(data))
    a = run(capsys, "attrition", str(f), "--seed", "5", "--json")
    b = run(capsys, "attrition", str(f), "--seed", "5", "--json")
    assert a.code == 0 and a.json == b.json and a.json["table"]["practice"] is True
    assert 0 <= a.json["stacks"][0]["roll"] <= 9
    bad = tmp_path / "t.yaml"
    bad.write_text("kind: attrition\nrows: {0: ['-']}\n")
    out = run(capsys, "attrition", str(f), "--attrition-table", str(bad))
    assert out.code == 2 and f"{bad}:2: rows:" in out.err
