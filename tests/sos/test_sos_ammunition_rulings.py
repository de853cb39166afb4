"""Rulings on Streets of Stalingrad's ammunition shortages (14.71-14.75), with the
examples of 14.72 and 14.75."""

from __future__ import annotations

import pytest
from cli_helpers import run
from sos_fire_helpers import position

from adjudicator.games.sos.commands.ammo import shortage

ART = "class: artillery, attack: 9, defense: 1, range: 12, movement: 12"


@pytest.mark.rules("14.71")
def test_14_71_no_shortage_before_the_start_dates():
    sc = position([], date="1942-09-19")
    assert shortage(sc, "german", 5)["why"] == ["14.71"]
    assert shortage(position([], date="1942-09-20"), "german", 5)["shortage"] == 50
    assert shortage(position([], date="1942-09-30"), "soviet", 5)["why"] == ["14.71"]
    assert shortage(position([], date="1942-10-01"), "soviet", 5)["shortage"] == 50


@pytest.mark.rules("14.72")
def test_14_72_example_roll_3_on_23_september_is_30_points():
    data = shortage(position([], date="1942-09-23"), "german", 3)
    assert data["number"] == 10 and data["shortage"] == 30 and data["unusable"] == 30


@pytest.mark.rules("14.75")
def test_14_75_example_27_saved_against_50_leaves_23():
    data = shortage(position([], date="1942-09-20"), "german", 5, saved=27)
    assert data["unusable"] == 23 and data["saved_left"] == 0
    more = shortage(position([], date="1942-09-20"), "german", 2, saved=27)
    assert more["unusable"] == 0 and more["saved_left"] == 7


@pytest.mark.rules("14.73")
def test_14_73_katyushas_are_not_affected():
    units = [f'id: "A", side: soviet, hex: "0101", {ART}',
             'id: "K", side: soviet, hex: "0102", class: rocket, attack: 12, defense: 1, '
             'range: 14, movement: 12']
    data = shortage(position(units, date="1942-10-02"), "soviet", 1)
    assert data["if_af"] == 9 and data["exempt"] == [{"unit": "K", "rule": "14.73"}]
    german = [f'id: "A", side: german, hex: "0101", {ART}',
              'id: "N", side: german, hex: "0102", class: rocket, attack: 12, defense: 1, '
              'range: 14, movement: 12']
    data = shortage(position(german, date="1942-10-02"), "german", 1)
    assert data["if_af"] == 21 and not data["exempt"]


@pytest.mark.rules("14.72")
def test_ammunition_table_from_a_file_and_its_errors(tmp_path, capsys):
    p = tmp_path / "ammo.yaml"
    p.write_text("kind: ammunition\nid: mine\ntitle: my sheet\ngerman:\n  1942-09-20: 30\n"
                 "soviet:\n  1942-10-01: 20\n")
    data = shortage(position([], date="1942-09-21"), "german", 2, path=str(p))
    assert data["shortage"] == 60 and data["table"]["id"] == "mine"
    assert "practice_note" not in data
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: ammunition\nid: b\ntitle: t\ngerman:\n  1942-09-20: 70\n"
                   "soviet:\n  1942-10-01: 20\n")
    src = tmp_path / "pos.yaml"
    src.write_text("game: sos\ndate: 1942-09-21\nmap:\n  hexes:\n    '0101': clear\n")
    r = run(capsys, "ammunition", str(src), "--side", "german", "--roll", "2", "--ammo",
            str(bad))
    assert r.code == 2 and f"{bad}:5: german.1942-09-20:" in r.err
    r = run(capsys, "ammunition", str(src), "--side", "axis", "--roll", "2")
    assert r.code == 2 and "--side" in r.err


@pytest.mark.rules("14.71")
def test_ammunition_needs_the_date(tmp_path, capsys):
    src = tmp_path / "pos.yaml"
    src.write_text("game: sos\nmap:\n  hexes:\n    '0101': clear\n")
    r = run(capsys, "ammunition", str(src), "--side", "german", "--roll", "2")
    assert r.code == 2 and "date: the position has no date" in r.err
