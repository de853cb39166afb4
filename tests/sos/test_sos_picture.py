"""The picture of a Streets of Stalingrad position (``show``): the blocking features
drawn through hexes (8.12, Appendices A and B)."""

from __future__ import annotations

import re

import pytest
import yaml
from cli_helpers import run
from sos_positions import position, unit

from adjudicator.render import render_svg

CROSSINGS = {
    "0303": {"features": ["balka"], "crossings": [
        {"feature": "balka", "through": ["0302", "0304"]}]},
    "0404": {"features": ["tartar-wall"], "crossings": [
        {"feature": "tartar-wall", "through": ["0304", "0505"], "vehicles": "cross"}]},
    "0205": {"crossings": [{"feature": "rail-cut", "through": ["0204", "0206", "0305"]}]},
}


def _paths(svg: str) -> dict[str, str]:
    """hex id -> the SVG element of the feature drawn through it."""
    out = {}
    for m in re.finditer(r'<path class="crossing[^>]*>.*?</path>', svg):
        out[re.search(r"<title>(\d{4}):", m.group(0)).group(1)] = m.group(0)
    return out


@pytest.mark.rules("8.12")
def test_8_12_show_draws_each_feature_through_its_hex():
    svg = render_svg(position([unit("i", "german", "0101")], hexes=CROSSINGS), [])
    got = _paths(svg)
    assert set(got) == {"0303", "0404", "0205"}
    # blocked: solid and broad; crossable: dashed
    assert "crossing-blocked" in got["0303"] and "stroke-dasharray" not in got["0303"]
    assert "crossing-cross" in got["0404"] and "stroke-dasharray" in got["0404"]
    assert "vehicles blocked (8.12)" in got["0303"]
    assert "vehicles may cross (position)" in got["0404"]
    # two sides: one curve by the centre; three sides: a spoke to each
    assert got["0303"].count(" Q") == 1
    assert got["0205"].count("M") == 3
    # each feature its own colour
    colours = {h: re.search(r'stroke="(#[0-9a-f]{6})"', e).group(1) for h, e in got.items()}
    assert len(set(colours.values())) == 3
    # a position without crossings draws none
    assert "crossing" not in render_svg(position([unit("i", "german", "0101")]), [])


def test_show_writes_the_crossings(tmp_path, capsys):
    sc = position([unit("i", "german", "0101")], hexes=CROSSINGS)
    src = tmp_path / "pos.yaml"
    src.write_text(yaml.safe_dump(sc.model_dump(mode="json", exclude_none=True)))
    out = tmp_path / "pos.svg"
    r = run(capsys, "show", str(src), "--svg", str(out))
    assert r.code == 0, r.err
    assert set(_paths(out.read_text())) == {"0303", "0404", "0205"}
