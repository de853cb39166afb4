"""Rulings on Kharkov Battles Mobile Assault (11.2, 11.21-11.23, 11.26-11.27, 5.2), on the
practice Mobile Assault Table."""

from __future__ import annotations

import pytest
from cli_helpers import run
from kb42_positions import position, unit

from adjudicator.games import get_game
from adjudicator.games.kb42 import charts as C
from adjudicator.games.kb42.queries.mobile import mobile

ROW = {f"KB36{c}": "clear" for c in range(14, 20)}
TABLE = C.chart("mobile-assault")


def ma(units, target="KB3617", uid="m", hexes=None, **kw):
    top = {k: kw.pop(k) for k in ("weather",) if k in kw}
    return mobile(position(units, hexes=hexes or ROW, **top), uid, target, TABLE, **kw)


def tank(**kw):
    return unit("m", "axis", "KB3616", "tank", strength=kw.pop("strength", 8),
                max_steps=3, **kw)


@pytest.mark.rules("11.2")
def test_11_2_a_mechanized_multi_step_unit_in_the_targets_zoc_only():
    ok = ma([tank(), unit("s", "soviet", "KB3617", strength=4)])
    assert ok.legal and (ok.attacker, ok.defender) == (8, 4)
    inf = ma([unit("m", "axis", "KB3616", strength=8, max_steps=3),
              unit("s", "soviet", "KB3617")])
    assert ("m", "11.2") in inf.refused
    one_step = ma([unit("m", "axis", "KB3616", "tank", strength=8),
                   unit("s", "soviet", "KB3617")])
    assert ("m", "11.2") in one_step.refused
    # a second enemy stack exerting its ZOC on the unit forbids it
    two = ma([tank(), unit("s", "soviet", "KB3617"), unit("t", "soviet", "KB3615")])
    assert ("KB3615", "11.2") in two.refused
    # ... unless it has no ZOC (a white band)
    wb = ma([tank(), unit("s", "soviet", "KB3617"),
             unit("t", "soviet", "KB3615", white_band=True)])
    assert wb.legal
    limited = ma([tank(support="limited"), unit("s", "soviet", "KB3617")])
    assert ("m", "11.2") in limited.refused


@pytest.mark.rules("11.21")
def test_11_21_below_one_to_one_no_attack_and_disorganized():
    low = ma([tank(strength=3), unit("s", "soviet", "KB3617", strength=4)],
             dice=get_game("kb42").dice.session(rolls=[9]))
    assert low.disorganized and low.roll is None and low.result is None
    even = ma([tank(strength=4), unit("s", "soviet", "KB3617", strength=4)])
    assert not even.disorganized


@pytest.mark.rules("11.22", "11.23")
def test_11_22_not_into_towns_cities_marsh_nor_across_major_rivers_11_23_nor_in_mud():
    s = unit("s", "soviet", "KB3617")
    for spec in ({"terrain": "clear", "town": True}, {"terrain": "clear", "city": "minor"},
                 "marsh"):
        got = ma([tank(), s], hexes={**ROW, "KB3617": spec})
        assert ("KB3617", "11.22") in got.refused
    from_marsh = ma([tank(), s], hexes={**ROW, "KB3616": "marsh"})
    assert ("KB3616", "11.22") in from_marsh.refused
    river = mobile(position([tank(), s], hexes=ROW,
                            hexsides={"KB3616-KB3617": {"river": "major", "bridge": "road"}}),
                   "m", "KB3617", TABLE)
    assert ("KB3617", "11.22") in river.refused
    minor = mobile(position([tank(), s], hexes=ROW,
                            hexsides={"KB3616-KB3617": {"river": "minor"}}), "m", "KB3617", TABLE)
    assert minor.legal
    assert ("-", "11.23") in ma([tank(), s], weather="mud").refused


@pytest.mark.rules("5.2", "11.26", "11.27", "14.2")
def test_the_roll_with_air_modifiers_read_on_the_table():
    units = [tank(strength=8), unit("s", "soviet", "KB3617", strength=4)]  # 2-1
    plain = ma(units, dice=get_game("kb42").dice.session(rolls=[6]))
    assert (plain.column, plain.modified, plain.result.text) == ("2-1", 6, "Dr3")
    air = ma(units, air=1, dice=get_game("kb42").dice.session(rolls=[6]))
    assert air.modified == 7 and [m[0] for m in air.modifiers] == ["attacker-air"]
    both = ma(units, air=1, defender_air=1, dice=get_game("kb42").dice.session(rolls=[0]))
    assert both.modified == 0 and both.result.disorganized
    assert ("-", "5.2") in ma(units, air=2).refused
    # no Freeze doubling in a Mobile Assault (14.2)
    sov = [unit("m", "soviet", "KB3616", "tank", strength=6, max_steps=3),
           unit("x", "axis", "KB3617", strength=3)]
    frz = mobile(position(sov, hexes=ROW, phasing="soviet", weather="freeze"), "m", "KB3617",
                 TABLE)
    assert frz.attacker == 6


def test_mobile_assault_cli(tmp_path, capsys):
    import json

    data = {"game": "kb42", "phasing": "axis", "map": {"hexes": ROW},
            "units": [tank(), unit("s", "soviet", "KB3617", strength=4)]}
    f = tmp_path / "p.json"
    f.write_text(json.dumps(data))
    a = run(capsys, "mobile-assault", str(f), "--unit", "m", "--target", "KB3617", "--seed",
            "4", "--json")
    assert a.code == 0 and a.json["table"]["practice"] and 0 <= a.json["roll"] <= 9
    assert a.json == run(capsys, "mobile-assault", str(f), "--unit", "m", "--target",
                         "KB3617", "--seed", "4", "--json").json
    bad = run(capsys, "mobile-assault", str(f), "--unit", "m", "--target", "KB3617",
              "--drm", "weather")
    assert bad.code == 2 and "--drm" in bad.err
