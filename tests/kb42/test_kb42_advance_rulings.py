"""Rulings on Kharkov Battles advances after combat (12.8, 12.82, 12.83, 12.51)."""

from __future__ import annotations

import pytest
from kb42_positions import position, unit

from adjudicator.errors import InputError
from adjudicator.games.kb42.queries.advance import advance

ROW = {f"KB36{c}": "clear" for c in range(14, 20)}   # one row: KB3614 .. KB3619
PATH = ["KB3616", "KB3617", "KB3618"]                # vacated KB3616, retreated east 2 hexes


def ends(sc, uid, path=PATH, **kw):
    return advance(sc, path, [uid], **kw).units[0]


@pytest.mark.rules("12.8")
def test_12_8_up_to_the_hexes_retreated_along_the_path():
    u = ends(position([unit("i", "axis", "KB3615")], hexes=ROW), "i")
    assert u.ends == {"KB3616": ["KB3615", "KB3616"], "KB3617": ["KB3615", "KB3616", "KB3617"]}
    u = ends(position([unit("i", "axis", "KB3615")], hexes=ROW), "i", length=1)
    assert list(u.ends) == ["KB3616"]


@pytest.mark.rules("12.82")
def test_12_82_the_first_hex_is_the_vacated_hex_and_a_city_ends_it():
    hexes = {**ROW, "KB3616": {"terrain": "clear", "city": "minor"}}
    u = ends(position([unit("i", "axis", "KB3615")], hexes=hexes), "i")
    assert list(u.ends) == ["KB3616"] and u.stops["KB3616"] == ["12.82"]
    with pytest.raises(InputError):
        advance(position([unit("i", "axis", "KB3614")], hexes=ROW), PATH, ["i"])


@pytest.mark.rules("12.82")
def test_12_82_entering_across_a_major_river_ends_it():
    sides = {"KB3615-KB3616": {"river": "major"}}
    u = ends(position([unit("i", "axis", "KB3615")], hexes=ROW, hexsides=sides), "i")
    assert list(u.ends) == ["KB3616"] and "12.82" in u.stops["KB3616"]


@pytest.mark.rules("12.83")
def test_12_83_no_unbridged_major_river_after_the_first_hex():
    sides = {"KB3616-KB3617": {"river": "major"}}
    for kind in ("tank", "infantry"):
        u = ends(position([unit("m", "axis", "KB3615", kind)], hexes=ROW, hexsides=sides), "m")
        assert "KB3617" not in u.ends
    bridged = {"KB3616-KB3617": {"river": "major", "bridge": "rail"}}
    u = ends(position([unit("m", "axis", "KB3615", "tank")], hexes=ROW, hexsides=bridged), "m")
    assert "KB3617" in u.ends


@pytest.mark.rules("12.82")
def test_12_82_non_mechanized_stop_on_entering_an_ezoc_and_keep_to_the_path():
    hexes = {**ROW, "KB3518": "clear"}
    units = [unit("i", "axis", "KB3615"), unit("s", "soviet", "KB3518")]
    sc = position(units, hexes=hexes)
    long_path = ["KB3616", "KB3617", "KB3618", "KB3619"]
    u = ends(sc, "i", path=long_path)
    first_ezoc = next(h for h in long_path[1:] if h in sc.grid.neighbours("KB3518"))
    assert first_ezoc in u.ends and u.stops[first_ezoc] == ["12.82"]
    assert all(h in long_path for h in u.ends)
    assert long_path.index(max(u.ends, key=long_path.index)) == long_path.index(first_ezoc)


@pytest.mark.rules("12.82")
def test_12_82_mechanized_may_deviate_and_ignore_the_step_1_ezoc():
    hexes = {f"KB{r}{c}": "clear" for r in (35, 36, 37) for c in range(14, 20)}
    units = [unit("m", "axis", "KB3615", "tank"), unit("s", "soviet", "KB3517")]
    sc = position(units, hexes=hexes)
    assert "KB3616" in sc.grid.neighbours("KB3517")      # the vacated hex is in the EZOC
    u = ends(sc, "m")
    off_path = [h for h in u.ends if h not in PATH]
    assert off_path                                       # deviation
    assert "KB3616" not in u.stops                        # the step-1 EZOC is ignored
    foot = ends(position([unit("i", "axis", "KB3615"), unit("s", "soviet", "KB3517")],
                         hexes=hexes), "i")
    assert list(foot.ends) == ["KB3616"] and foot.stops["KB3616"] == ["12.82"]


@pytest.mark.rules("12.51")
def test_12_51_encirclement_bonus_one_hex_for_non_mechanized_only():
    sc = position([unit("i", "axis", "KB3615"), unit("m", "axis", "KB3615", "tank")],
                  hexes=ROW)
    ans = advance(sc, PATH, ["i", "m"], encircled=True)
    foot, tank = ans.units
    assert list(foot.ends) == ["KB3616"] and foot.stops["KB3616"] == ["12.51"]
    assert "KB3617" in tank.ends
