"""Rulings on the 9.3 terms the Soviet procedure reads from a position: surrounded and
causing surround (``adjudicator bot terms``)."""

from __future__ import annotations

from cli_helpers import run

from adjudicator.games.eak.commands.bot import terms_answer
from adjudicator.scenario import parse_scenario

# A German unit in 1007 with its six neighbours 1006, 1008, 0907, 0908, 1107, 1108
# (an even first pair: its neighbours in the next rows of hexes are 07 and 08).
HEXES = [f"{a}{b:02d}" for a in ("09", "10", "11") for b in range(5, 10)]


def pos(units: list[str], extra: str = "") -> object:
    lines = ["game: eak", "map:", "  hexes:", *[f'    "{h}": clear' for h in HEXES],
             "units:", *[f"  - {u}" for u in units]]
    return parse_scenario("\n".join(lines) + extra, "pos.yaml")


def sov(uid: str, h: str, extra: str = "") -> str:
    return (f"{{id: {uid}, side: soviet, hex: '{h}', type: infantry, strength: 4, ma: 4, "
            f"selector: '01'{extra}}}")


GER = "{id: g, side: german, hex: '1007', type: infantry, strength: 4, ma: 4}"


def unit(a: dict, uid: str) -> dict:
    return next(u for u in a["units"] if u["unit"] == uid)


def test_9_3_surrounded_by_units_and_zocs():
    # 0907 and 1108 are occupied; their ZOCs cover 0908, 1006, 1008 and 1107 with 0906 ...
    a = terms_answer(pos([GER, sov("a", "0907"), sov("b", "1108")]), "1007")
    assert unit(a, "g")["surrounded"] is True
    assert unit(a, "g")["open_hexes"] == []


def test_9_3_not_surrounded_with_an_open_neighbour():
    a = terms_answer(pos([GER, sov("a", "0907")]), "1007")
    g = unit(a, "g")
    assert g["surrounded"] is False and "1108" in g["open_hexes"]


def test_9_3_friendly_units_do_not_break_a_surround():
    a = terms_answer(pos([GER, sov("a", "0907"), sov("b", "1108"),
                          "{id: g2, side: german, hex: '1008', type: infantry, strength: 4, "
                          "ma: 4}"]), "1007")
    assert unit(a, "g")["surrounded"] is True


def test_9_3_isolated_unit_covers_only_its_own_hex():
    a = terms_answer(pos([GER, sov("a", "0907"), sov("b", "1108", ", supply: isolated")]),
                     "1007")
    g = unit(a, "g")
    assert g["surrounded"] is False and "1108" not in g["open_hexes"]


def test_9_3_causing_surround_only_when_alone_covering_a_neighbour():
    # a alone covers 0908/1006 (north side); b alone covers 1107/1108's side:
    # both cause surround. Adding c next to a's hexes takes that role from a.
    a = terms_answer(pos([GER, sov("a", "0907"), sov("b", "1108")]), "1007")
    assert a["causing_surround_of_this_hex"]["units"] == ["a", "b"]
    a = terms_answer(pos([GER, sov("a", "0907"), sov("b", "1108"), sov("c", "0906"),
                          sov("d", "1109")]), "1007")
    assert "d" not in a["causing_surround_of_this_hex"]["units"]
    assert "c" not in a["causing_surround_of_this_hex"]["units"]
    # no surround, nobody causes it
    a = terms_answer(pos([GER, sov("a", "0907")]), "1007")
    assert a["causing_surround_of_this_hex"]["units"] == []


def test_bot_terms_cli(capsys, tmp_path):
    f = tmp_path / "pos.yaml"
    lines = ["game: eak", "map:", "  hexes:", *[f'    "{h}": clear' for h in HEXES],
             "units:", f"  - {GER}", f"  - {sov('a', '0907')}", f"  - {sov('b', '1108')}"]
    f.write_text("\n".join(lines) + "\n")
    r = run(capsys, "bot", "terms", str(f), "--hex", "1007")
    assert r.code == 0, r.err
    assert "g (german): surrounded [9.3]" in r.out
    r = run(capsys, "bot", "terms", str(f), "--hex", "1007", "--json")
    assert r.json["units"][0]["surrounded"] is True
    assert r.json["units"][0]["nearly_surrounded"] is False  # a German unit
    r = run(capsys, "bot", "terms", str(f), "--hex", "4444")
    assert r.code == 2 and "--hex" in r.err
    r = run(capsys, "bot", "tomorrow", str(f), "--hex", "1007")
    assert r.code == 2 and "terms" in r.err
