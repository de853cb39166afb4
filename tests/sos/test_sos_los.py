"""Rulings on Streets of Stalingrad's line of sight (9.31-9.40, 11.5, 14.26, 15.44) and
spotting (14.21-14.25): each rule allowed and forbidden, on small positions."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run

from adjudicator.games import get_game
from adjudicator.games.sos.commands.los import spotting
from adjudicator.games.sos.facts import draw
from adjudicator.games.sos.los import lines_of_sight
from adjudicator.scenario import parse_scenario

DEMO = str(get_game("sos").demo_path)


def position(hexes: dict[str, str] | None = None, hexsides: str = "", extra: str = "",
             cols: range = range(1, 9), rows: range = range(1, 9)):
    """A clear 8x8 map with the given hex specs (YAML flow text per hex)."""
    hexes = hexes or {}
    lines = ["game: sos", "phasing: german", "phase: 5", "map:", "  hexes:"]
    for c in cols:
        for r in rows:
            h = f"{c:02d}{r:02d}"
            lines.append(f'    "{h}": {hexes.get(h, "clear")}')
    if hexsides:
        lines += ["  hexsides:", hexsides]
    text = "\n".join(lines) + "\n" + extra
    return parse_scenario(text, "pos.yaml")


def los(sc, a, b, aa=False):
    return lines_of_sight(sc, [(a, b)], aa=aa)[0][0]


# -- geometry -----------------------------------------------------------------------

def test_line_draw_gives_intervening_hexes_in_order():
    line = draw(position(), "0202", "0206")
    assert line.steps == (("0203",), ("0204",), ("0205",)) and line.distance == 4


def test_line_along_a_hexside_gives_both_hexes():
    # 0202 to 0304: the line runs between 0203 and 0303 (even columns sit lower).
    line = draw(position(), "0202", "0304")
    assert line.along == [("0203", "0303")]
    assert ("0203", "0303") in line.hexsides


# -- 9.33 blocking terrain ----------------------------------------------------------

@pytest.mark.parametrize("feature", ["city", "industrial", "fortified", "suburb", "village",
                                     "forest", "strong-point"])
def test_9_33_blocking_terrain_forbids(feature):
    sc = position({"0204": f"{{features: [{feature}]}}"})
    ans = los(sc, "0202", "0206")
    assert not ans.clear and ans.rules == ["9.33"]
    assert ans.blockers[0]["where"] == "0204"


@pytest.mark.parametrize("feature", ["cemetery", "balka", "slope", "cliff"])
def test_9_33_other_terrain_allows(feature):
    sc = position({"0204": f"{{features: [{feature}]}}"})
    assert los(sc, "0202", "0206").clear


def test_9_33_hill_top_crossed_through_two_hexsides_forbids():
    sc = position({"0204": "{features: [hill-top]}"})
    ans = los(sc, "0202", "0206")
    assert not ans.clear and ans.blockers[0]["what"] == "hill-top"


def test_9_33_hill_top_only_touched_along_a_hexside_allows():
    sc = position({"0203": "{features: [hill-top]}"})
    assert los(sc, "0202", "0304").clear


def test_9_33_cliff_and_tartar_wall_hexsides_forbid_other_hexsides_allow():
    sides = '    "0203-0204": {features: [tartar-wall]}\n'
    assert not los(position(hexsides=sides), "0202", "0206").clear
    sides = '    "0203-0204": {features: [cliff]}\n'
    assert los(position(hexsides=sides), "0202", "0206").blockers[0]["kind"] == "hexside"
    sides = '    "0203-0204": {features: [rail-embankment, balka]}\n'
    assert los(position(hexsides=sides), "0202", "0206").clear


# -- 9.34 the printed map's verdicts -------------------------------------------------

def test_9_34_a_hex_the_printed_map_clears_allows():
    sc = position({"0204": "{features: [suburb], blocks_los: false}"})
    ans = los(sc, "0202", "0206")
    assert ans.clear and ans.rules == ["9.34"]


def test_9_34_a_hex_the_printed_map_blocks_forbids():
    sc = position({"0204": "{blocks_los: true}"})
    ans = los(sc, "0202", "0206")
    assert not ans.clear and ans.blockers[0]["what"] == "map"
    assert "blocking hexes: the printed map's verdict" in ans.used


def test_9_34_a_per_pair_ruling_decides_either_way():
    ruling = 'los:\n  - {between: ["0206", "0202"], clear: true}\n'
    sc = position({"0204": "{features: [city]}"}, extra=ruling)
    ans = los(sc, "0202", "0206")
    assert ans.clear and "the position's ruling for this pair" in ans.used
    ruling = 'los:\n  - {between: ["0202", "0206"], clear: false}\n'
    assert not los(position(extra=ruling), "0202", "0206").clear


def test_9_34_clear_ground_allows():
    ans = los(position(), "0202", "0206")
    assert ans.clear and ans.rules == ["9.34"]


# -- 9.35 the end hexes ----------------------------------------------------------------

def test_9_35_terrain_of_firer_and_target_is_ignored():
    sc = position({"0202": "{features: [city]}", "0206": "{features: [forest]}"})
    assert los(sc, "0202", "0206").clear


def test_9_35_but_intervening_terrain_counts():
    sc = position({"0202": "{features: [city]}", "0205": "{features: [forest]}"})
    assert not los(sc, "0202", "0206").clear


# -- 9.36 lines along a hexside ----------------------------------------------------------

@pytest.mark.rules("9.36")
@pytest.mark.parametrize("side", ["0203", "0303"])
def test_9_36_blocking_terrain_on_either_side_of_the_hexside_forbids(side):
    sc = position({side: "{features: [forest]}"})
    ans = los(sc, "0202", "0304")
    assert not ans.clear and ans.along == [["0203", "0303"]]


@pytest.mark.rules("9.36")
def test_9_36_a_line_along_a_hexside_with_clear_hexes_allows():
    assert los(position(), "0202", "0304").clear


@pytest.mark.rules("9.36")
def test_9_36_a_blocking_hexside_the_line_runs_along_forbids():
    sides = '    "0203-0303": {blocks_los: true}\n'
    ans = los(position(hexsides=sides), "0202", "0304")
    assert not ans.clear and ans.rules == ["9.36"]


# -- 9.37 adjacent hexes -----------------------------------------------------------------

@pytest.mark.rules("9.37")
def test_9_37_adjacent_hexes_always_see_each_other():
    sc = position({"0202": "{features: [city]}", "0203": "{features: [city]}"},
                  hexsides='    "0202-0203": {features: [tartar-wall]}\n')
    ans = los(sc, "0202", "0203")
    assert ans.clear and ans.rules == ["9.37"]


@pytest.mark.rules("9.37")
def test_9_37_does_not_reach_two_hexes_away():
    sc = position({"0203": "{features: [city]}"})
    assert not los(sc, "0202", "0204").clear


def test_9_31_los_is_reciprocal():
    sc = position({"0204": "{features: [slope]}", "0205": "{features: [suburb]}",
                   "0203": "{features: [hill-top]}"})
    for a, b in [("0202", "0206"), ("0203", "0206"), ("0202", "0304")]:
        assert los(sc, a, b).clear == los(sc, b, a).clear


# -- 14.26 / 9.38 heights ----------------------------------------------------------------

def test_14_26_a_hill_top_sees_over_suburb_in_the_adjacent_slope_hex():
    sc = position({"0202": "{features: [hill-top]}",
                   "0203": "{features: [slope, suburb]}"})
    ans = los(sc, "0202", "0205")
    assert ans.clear and ans.seen_over == ["0203"]


def test_14_26_a_slope_top_sees_over_too():
    sc = position({"0202": "{features: [slope-top]}",
                   "0203": "{features: [slope, village]}"})
    assert los(sc, "0205", "0202").clear


def test_14_26_forbids_from_low_ground():
    sc = position({"0203": "{features: [slope, suburb]}"})
    assert not los(sc, "0202", "0205").clear


def test_14_26_forbids_without_an_adjacent_slope_hex():
    sc = position({"0202": "{features: [hill-top]}", "0203": "{features: [suburb]}"})
    assert not los(sc, "0202", "0205").clear


def test_14_26_forbids_over_higher_terrain_than_suburb():
    sc = position({"0202": "{features: [hill-top]}", "0203": "{features: [slope, city]}"})
    assert not los(sc, "0202", "0205").clear


def test_14_26_a_blocking_hex_beyond_the_slope_still_blocks():
    sc = position({"0202": "{features: [hill-top]}", "0203": "{features: [slope]}",
                   "0204": "{features: [suburb]}"})
    assert los(sc, "0202", "0204").clear  # the blocking hex itself is the target (9.35)
    assert not los(sc, "0202", "0205").clear


def test_14_26_the_named_hill_tops_see_each_other():
    hexes = {"1039": "{features: [hill-top], height: \"102.0\"}",
             "1635": "{features: [hill-top]}", "1238": "{features: [city]}"}
    sc = position(hexes, cols=range(10, 17), rows=range(34, 41))
    ans = los(sc, "1039", "1635")
    assert ans.clear and ans.rules == ["14.26"]
    assert not los(sc, "1039", "1436").clear


# -- 11.5 the Volga ------------------------------------------------------------------------

def test_11_5_volga_hexes_never_block():
    sc = position({"0204": "{terrain: volga, features: [volga, forest]}"})
    ans = los(sc, "0202", "0206")
    assert ans.clear and ans.volga_ignored == ["0204"]


def test_11_5_the_same_terrain_off_the_volga_blocks():
    sc = position({"0204": "{features: [forest]}"})
    assert not los(sc, "0202", "0206").clear


# -- 15.44 AA fire at Stukas ---------------------------------------------------------------

@pytest.mark.rules("15.44")
def test_15_44_aa_fire_ignores_blocking_terrain():
    sc = position({"0204": "{features: [city]}"})
    ans = los(sc, "0202", "0206", aa=True)
    assert ans.clear and ans.rules == ["15.44"]
    assert not los(sc, "0202", "0206").clear


# -- spotting 14.21-14.25 --------------------------------------------------------------------

UNITS = """units:
  - {id: spotter, side: german, hex: "0202", class: %s%s}
  - {id: target, side: soviet, hex: "%s", class: infantry}
"""


def spots(hexes=None, cls="infantry", state="", target="0205"):
    sc = position(hexes, extra=UNITS % (cls, state, target))
    return spotting(sc, "german")["targets"][0]


@pytest.mark.rules("14.21", "14.2")
def test_14_21_an_ordinary_unit_spots_and_a_bridge_or_sniper_cannot():
    assert spots()["spotted"]
    for cls in ("bridge", "minefield", "fortification"):
        t = spots(cls=cls)
        assert not t["spotted"] and t["by"][0]["why_not"] == [{"reason": "cannot-spot",
                                                               "rule": "14.21"}]
    # a Soviet sniper (snipers are Soviet only, 16.1) spotting a German unit
    sc = position(None, extra=UNITS.replace("side: german", "side: x").replace(
        "side: soviet", "side: german").replace("side: x", "side: soviet") % (
        "sniper", "", "0205"))
    t = spotting(sc, "soviet")["targets"][0]
    assert not t["spotted"] and t["by"][0]["why_not"] == [{"reason": "cannot-spot",
                                                           "rule": "14.21"}]


def test_14_23_a_pinned_unit_cannot_spot_a_spent_one_can():
    assert not spots(state=", pinned: true")["spotted"]
    assert spots(state=", spent: true")["spotted"]


def test_14_25_four_hexes_from_low_ground():
    assert spots(target="0206")["spotted"]
    t = spots(target="0207")
    assert not t["spotted"] and t["by"][0]["why_not"][0]["rule"] == "14.25"


def test_14_25_nine_hexes_from_a_hill_top():
    hexes = {"0202": "{features: [hill-top]}"}
    sc = position(hexes, extra=UNITS % ("infantry", "", "0208"), rows=range(1, 13))
    assert spotting(sc, "german")["targets"][0]["by"][0]["range"] == 9
    assert spotting(sc, "german")["targets"][0]["spotted"]


def test_14_25_nine_hexes_across_the_volga():
    hexes = {"0203": "{terrain: volga, features: [volga]}"}
    sc = position(hexes, extra=UNITS % ("infantry", "", "0208"))
    t = spotting(sc, "german")["targets"][0]
    assert t["spotted"] and t["by"][0]["range"] == 9


@pytest.mark.rules("9.31", "14.2")
def test_9_31_spotting_needs_a_clear_line():
    t = spots({"0204": "{features: [city]}"})
    assert not t["spotted"] and t["by"][0]["why_not"] == [{"reason": "no-los",
                                                           "rule": "9.33"}]


# -- the command line ------------------------------------------------------------------------

def test_los_command_text_and_json(capsys):
    r = run(capsys, "los", DEMO, "--from", "0404", "--to", "0408")
    assert r.code == 0 and "blocked [9.33]" in r.out and "0406 by suburb" in r.out
    assert "seen over the slope hex 0405" in r.out
    j = run(capsys, "los", DEMO, "--from", "0404", "--to", "0408", "--json").json
    assert j["los"] == "blocked" and j["seen_over"] == ["0405"]


def test_los_command_refuses_a_hex_off_the_position(capsys):
    r = run(capsys, "los", DEMO, "--from", "0404", "--to", "0909")
    assert r.code == 2 and "--to: '0909' is not a hex of this position" in r.err
    assert "Traceback" not in r.err


def test_spotted_command(capsys):
    r = run(capsys, "spotted", DEMO, "--side", "german")
    assert r.code == 0 and "pinned [14.23]" in r.out
    j = run(capsys, "spotted", DEMO, "--side", "soviet", "--json").json
    assert j["spotters_off_map"] == ["OP/62A"]
    bad = run(capsys, "spotted", DEMO, "--side", "axis")
    assert bad.code == 2 and "'axis' is not one of german, soviet" in bad.err


def test_los_is_not_a_command_of_other_games(capsys):
    s42 = str(get_game("s42").demo_path)
    r = run(capsys, "los", s42, "--from", "0101", "--to", "0103")
    assert r.code == 2 and "has no 'los' command" in r.err


# -- the readings of 14.26 -------------------------------------------------------------------

HEIGHT = {"0202": "{features: [hill-top]}", "0203": "{features: [slope]}",
          "0204": "{features: [suburb]}"}


def test_14_26_reading_slope_hex_only_is_the_default_and_blocks_beyond_the_slope():
    assert not los(position(HEIGHT), "0202", "0205").clear


def test_14_26_reading_below_the_height_sees_over_suburb_beyond_the_slope():
    sc = position(HEIGHT, extra='readings: {"14.26": below-the-height}\n')
    assert los(sc, "0202", "0205").clear
    low = dict(HEIGHT, **{"0202": "clear"})
    sc = position(low, extra='readings: {"14.26": below-the-height}\n')
    assert not los(sc, "0202", "0205").clear


def test_an_unknown_reading_is_refused(capsys, tmp_path):
    p = tmp_path / "r.yaml"
    p.write_text('game: sos\nphasing: german\nreadings: {"14.26": wide}\n'
                 'map:\n  hexes:\n    "0101": clear\n')
    r = run(capsys, "validate", str(p))
    assert r.code == 2 and "no reading 'wide'" in r.err


# -- the picture -----------------------------------------------------------------------------

def test_los_svg_draws_the_line_and_what_blocks_it(capsys, tmp_path):
    out = tmp_path / "los.svg"
    r = run(capsys, "los", DEMO, "--from", "0404", "--to", "0408", "--svg", str(out))
    assert r.code == 0 and f"wrote {out}" in r.out
    svg = out.read_text()
    assert "<title>LOS blocked</title>" in svg
    assert "0406: suburb [9.33]" in svg and "0405: seen over from the height [14.26]" in svg
    clear = tmp_path / "clear.svg"
    run(capsys, "los", DEMO, "--from", "0202", "--to", "0208", "--svg", str(clear))
    assert "<title>LOS clear</title>" in clear.read_text()
    again = run(capsys, "los", DEMO, "--from", "0404", "--to", "0408", "--svg", str(out))
    assert again.code == 2 and "--svg" in again.err


# -- the tutorial's position ---------------------------------------------------------------

TUTORIAL = str(Path(__file__).resolve().parents[2] / "docs" / "tutorial" / "los-dispute.yaml")


def test_tutorial_answers_as_the_page_shows(capsys, tmp_path):
    r = run(capsys, "los", TUTORIAL, "--from", "0202", "--to", "0205")
    assert "blocked [9.33]" in r.out and "0204 by suburb" in r.out
    wide = tmp_path / "wide.yaml"
    wide.write_text(Path(TUTORIAL).read_text().replace(
        "phasing: german", 'phasing: german\nreadings: {"14.26": below-the-height}'))
    assert "clear [9.34]" in run(capsys, "los", str(wide), "--from", "0202", "--to", "0205").out
    r = run(capsys, "los", TUTORIAL, "--from", "0202", "--to", "0304")
    assert "0303 by forest" in r.out and "runs along the hexside 0203-0303" in r.out


# -- the worked examples of 14.27 and 14.26 ---------------------------------------------------

EX_14_27_SEEN = ("1030", "1048", "0433", "0939", "1935", "1139")
EX_14_27_TOO_FAR = ("1733", "1431", "0532")


@pytest.mark.rules("14.25", "14.27")
def test_14_27_example_an_op_on_height_102_spots_nine_hexes_over_land_and_no_farther():
    """The example of 14.27: an OP on height 102.0 (hex 1039) spots 1030 through 1048,
    0433 through 0939 and 1935 through 1139, but not 1239, 1733, 1431 or 0532.

    From the text: 1039 is the hill top of height 102.0 (14.25, 14.27) and the OP stands
    there; the listed hexes and which are seen. Nothing else: the example names no terrain
    between the hexes, so every other hex is clear here. The seen hexes lie 9 hexes off
    (0939 and 1139 next door) and 1733, 1431 and 0532 lie 10 hexes off: the example's
    verdict on them is the 9-hex range over West Bank land (14.25 b), which this position
    checks with nothing in the way. 1239, two hexes off, is hidden by terrain the text does
    not name: only the printed map decides it, so the position gives a per-pair ruling for
    it (9.34), the only one (docs/sos-line-of-sight.rst)."""
    units = ['units:', '  - {id: op, side: german, hex: "1039", class: op}']
    units += [f'  - {{id: "t{h}", side: soviet, hex: "{h}", class: infantry}}'
              for h in EX_14_27_SEEN + EX_14_27_TOO_FAR + ("1239",)]
    sc = position({"1039": '{features: [hill-top], height: "102.0"}'},
                  extra="\n".join(units) + "\n" + printed_map("1039", ["1239"], "14.27"),
                  cols=range(4, 20), rows=range(29, 50))
    got = {t["hex"]: t for t in spotting(sc, "german")["targets"]}
    row = got["1239"]["by"][0]
    assert not got["1239"]["spotted"] and row["distance"] == 2
    assert row["why_not"] == [{"reason": "no-los", "rule": "9.34"}]
    assert "the position's ruling for this pair" in row["los_used"]
    for h in EX_14_27_SEEN:
        assert got[h]["spotted"], h
        assert got[h]["by"][0]["range"] == 9
    for h in EX_14_27_TOO_FAR:
        row = got[h]["by"][0]
        assert not got[h]["spotted"] and row["distance"] == 10 and row["los"] == "clear"
        assert row["why_not"] == [{"reason": "out-of-range", "rule": "14.25"}], h


def named_hills(readings: str = ""):
    units = ['units:', '  - {id: op, side: german, hex: "1039", class: op}',
             '  - {id: t, side: soviet, hex: "2238", class: infantry}',
             '  - {id: u, side: soviet, hex: "2240", class: infantry}']
    hexes = {"1039": '{features: [hill-top], height: "102.0"}',
             "2238": '{features: [hill-top], height: "126.3"}',
             "2240": "{features: [hill-top]}"}
    sc = position(hexes, extra="\n".join(units) + "\n" + readings, cols=range(8, 24),
                  rows=range(30, 45))
    return {t["hex"]: t for t in spotting(sc, "german")["targets"]}


@pytest.mark.rules("14.25")
def test_14_25_the_op_on_1039_spots_the_named_hill_tops_beyond_its_range():
    got = named_hills()
    assert got["2238"]["spotted"] and got["2238"]["by"][0]["distance"] == 12
    # another hill top 12 hexes off is out of range (9 from a hill top)
    row = got["2240"]["by"][0]
    assert not got["2240"]["spotted"] and row["why_not"][0]["rule"] == "14.25"
    got = named_hills('readings: {"14.25#hills": line-only}\n')
    assert not got["2238"]["spotted"]
    assert got["2238"]["by"][0]["why_not"] == [{"reason": "out-of-range", "rule": "14.25"}]


#: 14.26's examples: the spotting hex, its feature and height as the text gives them, the
#: hexes the text says it spots, and those it says it does not.
EX_14_26 = [("2238", "hill-top", "126.3", ("2640", "1840"), ("2641", "1841")),
            ("1007", "hill-top", "120.0", ("0909", "0808"), ("0709", "0805")),
            ("2249", "slope-top", None, ("2245", "2048"), ("2047", "1948")),
            ("1814", "hill-top", "126.6", ("1412",), ("1512", "1812")),
            ("2238", "hill-top", "126.3", ("2247", "2041"), ("1942", "2042")),
            ("1635", "hill-top", "115.4", ("1435", "1436"), ("1336", "1437", "1734"))]


def printed_map(spotter: str, hexes, example: str) -> str:
    """The position's per-pair rulings (``los``) for what only the printed map decides: the
    line from the spotter to each of ``hexes`` is blocked by terrain the text does not
    name."""
    lines = ["los:"]
    lines += [f'  - {{between: ["{spotter}", "{h}"], clear: false, note: "printed map, '
              f'{example}"}}' for h in hexes]
    return "\n".join(lines) + "\n"


RULING = "the position's ruling for this pair"


@pytest.mark.rules("14.25", "14.26", "9.34")
@pytest.mark.parametrize("spotter,feature,height,seen,unseen", EX_14_26)
def test_14_26_examples_the_seen_hexes_within_the_ranges_of_14_25(spotter, feature, height,
                                                                    seen, unseen):
    """From the text: the spotting hex, its feature (hill top with its height, or slope
    top) and which hexes are seen. The text names no terrain between the hexes, so every
    other hex is clear here, and the seen hexes must be spotted: 2247 lies 9 hexes from the
    hill top 2238 and 2245 4 hexes from the slope top 2249, the limits of 14.25 for a hill
    top and for any other hex. The unseen hexes are hidden by terrain the text does not
    name: they all lie within range (and none next to the spotter, which 9.37 would let
    see), so only the printed map decides them, and the position says so with a per-pair
    ruling for each (its ``los`` list, 9.34), and for nothing else: the seen hexes are
    answered from the geometry, the unseen ones from the rulings, and the answer says
    which it used (docs/sos-line-of-sight.rst)."""
    spec = f"{{features: [{feature}]" + (f', height: "{height}"}}' if height else "}")
    units = ["units:", f'  - {{id: op, side: german, hex: "{spotter}", class: op}}']
    units += [f'  - {{id: "t{h}", side: soviet, hex: "{h}", class: infantry}}'
              for h in seen + unseen]
    col, row = int(spotter[:2]), int(spotter[2:])
    cols = range(max(1, col - 10), col + 11)
    rows = range(max(1, row - 10), row + 11)
    text = "\n".join(units) + "\n"
    sc = position({spotter: spec}, extra=text + printed_map(spotter, unseen, "14.26"),
                  cols=cols, rows=rows)
    got = {t["hex"]: t for t in spotting(sc, "german")["targets"]}
    limit = 9 if feature == "hill-top" else 4
    for h in seen:
        row_ = got[h]["by"][0]
        assert got[h]["spotted"] and row_["distance"] <= limit == row_["range"], h
        assert RULING not in row_["los_used"], h
    for h in unseen:
        row_ = got[h]["by"][0]
        assert not got[h]["spotted"] and 1 < row_["distance"] <= limit, h
        assert row_["why_not"] == [{"reason": "no-los", "rule": "9.34"}], h
        assert RULING in row_["los_used"] and "its note: printed map, 14.26" in \
            row_["los_used"], h
    # without the rulings, the geometry alone would see them all: the rulings are needed
    bare = position({spotter: spec}, extra=text, cols=cols, rows=rows)
    assert all(t["spotted"] for t in spotting(bare, "german")["targets"])
