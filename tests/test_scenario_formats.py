"""Per-game scenario formats: a game declares its hex ids, grid, terrain and hexside
vocabularies, unit fields, markers, phases and weather by extending the core's models,
and the loader validates a file against the model of the game it names, with every
problem as FILE:LINE: PATH: message.

A toy game ``toykb`` (tests/fixtures/games/toygame/scenario.py) is registered for these
tests only: hex ids such as ``KB3617``, pointy-topped hexes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import games
from adjudicator.errors import InputError
from adjudicator.games import DiceSpec, Game, get_game
from adjudicator.render import Style, render_svg, style_for
from adjudicator.scenario import Scenario, parse_scenario, scenario_model

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "games"

GOOD = """\
game: toykb
phase: combat
weather: mud
map:
  shifted: odd
  hexes:
    KB3617: forest
    KB3618: {terrain: city, control: soviet}
    KB3717: clear
  hexsides:
    KB3617-KB3618: {river: major, bridge: true}
units:
  - {id: A, side: axis, hex: KB3617, strength: 4, cadre: true}
  - {id: B, side: soviet, hex: KB3618, strength: 3}
"""


@pytest.fixture
def toykb(monkeypatch):
    monkeypatch.syspath_prepend(str(FIXTURES))
    game = Game(id="toykb", title="Toy KB", dice=DiceSpec(10, 1), package="toygame",
                scenario="toygame.scenario:Scenario")
    monkeypatch.setitem(games._REGISTRY, "toykb", game)
    return game


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as exc:
        parse_scenario(text, "pos.yaml")
    return [str(p) for p in exc.value.problems]


def test_a_file_is_read_with_its_games_model(toykb):
    sc = parse_scenario(GOOD, "pos.yaml")
    assert type(sc).__module__ == "toygame.scenario"
    assert sc.phase == "combat" and sc.weather == "mud"
    assert sc.units_by_id["A"].cadre is True
    assert sc.hexside("KB3618", "KB3617").river == "major"
    assert sc.grid.are_adjacent("KB3617", "KB3618")
    assert sc.grid.fmt.prefix == "KB"


def test_a_changed_copy_derives_its_own_cached_values(toykb):
    """A copy made with changed units or map answers from its own fields, not from what
    the original had cached (units by id, hexsides by pair, the grid)."""
    sc = parse_scenario(GOOD, "pos.yaml")
    assert set(sc.units_by_id) == {"A", "B"} and sc.hexside("KB3617", "KB3618")
    assert sc.grid.are_adjacent("KB3617", "KB3717")
    moved = sc.model_copy(update={"units": [u.model_copy(update={"hex": "KB3717"})
                                            if u.id == "A" else u for u in sc.units]})
    assert moved.units_by_id["A"].hex == "KB3717" and sc.units_by_id["A"].hex == "KB3617"
    fewer = sc.model_copy(update={"units": sc.units[1:]})
    assert set(fewer.units_by_id) == {"B"}
    small = sc.map.model_copy(update={"hexes": {"KB3617": sc.map.hexes["KB3617"]},
                                      "hexsides": {}})
    cut = sc.model_copy(update={"map": small, "units": sc.units[:1]})
    assert cut.hexside("KB3617", "KB3618") is None
    assert "KB3717" not in cut.grid and "KB3717" in sc.grid
    deep = sc.model_copy(deep=True)
    assert deep.units_by_id["A"] is deep.units[0]
    # an unchanged shallow copy keeps what was derived (the same fields)
    assert sc.model_copy().units_by_id is sc.units_by_id


def test_each_game_has_its_model():
    assert scenario_model("s42") is get_game("s42").scenario_model
    assert scenario_model("s42") is not Scenario
    # A game nobody adjudicates is read with the default game's model, so the file's
    # other problems are listed beside the unknown game.
    assert scenario_model("nope") is scenario_model("s42")


def test_an_id_of_another_format_is_refused_naming_the_games_format(toykb):
    bad = GOOD.replace("KB3717: clear", "'3717': clear")
    assert problems(bad) == [
        'pos.yaml:9: map.hexes.3717: \'3717\' is not a hex id like "KB0404" (KB, then the '
        "column number, then the row number, 2 digits each)"]


def test_the_games_vocabulary_decides_what_is_valid(toykb):
    bad = (GOOD.replace("weather: mud", "weather: rain")
           .replace("KB3617: forest", "KB3617: woods")
           .replace("phase: combat", "phase: lunch"))
    out = problems(bad)
    assert "pos.yaml:2: phase: 'lunch' is not one of movement, combat, supply" in out
    assert "pos.yaml:3: weather: 'rain' is not one of dry, mud, frozen" in out
    assert any(p.startswith("pos.yaml:7: map.hexes.KB3617.terrain: 'woods' is not one of")
               for p in out)


def test_unknown_unit_fields_suggest_the_games_own(toykb):
    bad = GOOD.replace("strength: 3}", "strenght: 3}")
    out = problems(bad)
    assert "pos.yaml:14: units[1].strenght: unknown key 'strenght'; did you mean 'strength'?" \
        in out


def test_the_games_own_cross_checks_run(toykb):
    bad = GOOD.replace("{river: major, bridge: true}", "{bridge: true}")
    assert problems(bad) == ["pos.yaml:11: map.hexsides.KB3617-KB3618.bridge: "
                             "a bridge needs a river"]


def test_the_shared_checks_use_the_games_grid(toykb):
    # On pointy-topped rows with the odd rows shifted half a hex east, KB3617 (row 17)
    # touches KB3718 in the row below, but not KB3518.
    sc = parse_scenario(GOOD, "pos.yaml")
    assert sc.grid.are_adjacent("KB3617", "KB3718")
    assert not sc.grid.are_adjacent("KB3617", "KB3518")
    bad = GOOD.replace("KB3717: clear", "KB3717: clear\n    KB3518: clear").replace(
        "KB3617-KB3618: {river: major, bridge: true}", "KB3617-KB3518: {river: minor}")
    assert problems(bad) == ["pos.yaml:12: map.hexsides.KB3617-KB3518: 'KB3518' and 'KB3617' "
                             "are not adjacent, so they share no hexside"]


def test_stalingrad_positions_are_read_as_before():
    sc = parse_scenario('game: s42\nmap: {hexes: {"0404": clear}}\n', "p.yaml")
    assert type(sc).__module__ == "adjudicator.games.s42.scenario"
    assert sc.weather == "clear" and sc.phasing == "axis"
    out = []
    try:
        parse_scenario('game: s42\nmap: {hexes: {"KB3617": clear}}\n', "p.yaml")
    except InputError as exc:
        out = [str(p) for p in exc.problems]
    assert out == ['p.yaml:2: map.hexes.KB3617: \'KB3617\' is not a four-digit hex id like "0404"']


def test_a_game_without_a_picture_style_is_drawn_plainly(toykb):
    sc = parse_scenario(GOOD, "pos.yaml")
    assert type(style_for(sc)) is Style
    svg = render_svg(sc, [])
    assert svg.count("<polygon points=") == 3
    assert ">KB3617</text>" in svg and "A (axis)" in svg


def test_stalingrad_draws_its_own_features():
    sc = parse_scenario('game: s42\nmap: {hexes: {"0404": clear, "0405": clear}, '
                        'hexsides: {"0404-0405": {river: volga}}}\n', "p.yaml")
    assert type(style_for(sc)).__name__ == "S42Style"
    assert 'stroke="#0c3d8a" stroke-width="8"' in render_svg(sc, [])


# A game whose positions are not written on hexes declares its own loader instead
# (``Game.loader``): it gets the plain data, after the same fast first reading and limits,
# and reports its problems with their lines like every other game.


def toy_loader(data, col):
    if "size" not in data:
        col.add(("size",), "required key 'size' is missing")
        raise InputError(col.problems)
    return ("toyown", data["size"])


@pytest.fixture
def toyown(monkeypatch):
    game = Game(id="toyown", title="Toy own format", dice=DiceSpec(6, 1),
                package="toygame", loader=f"{__name__}:toy_loader")
    monkeypatch.setitem(games._REGISTRY, "toyown", game)
    return game


def test_a_game_with_its_own_loader_reads_its_file(toyown):
    assert parse_scenario("game: toyown\nsize: 3\n", "t.yaml") == ("toyown", 3)


def test_a_game_loaders_problems_carry_their_lines(toyown):
    with pytest.raises(InputError) as err:
        parse_scenario("game: toyown\n\nother: 1\n", "t.yaml")
    assert [str(p) for p in err.value.problems] == [
        "t.yaml:1: size: required key 'size' is missing"]


def test_a_game_loader_gets_the_input_limits_too(toyown):
    from adjudicator.limits import MAX_DEPTH

    deep = "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5)
    with pytest.raises(InputError) as err:
        parse_scenario(f"game: toyown\nsize: 1\nextra: {deep}\n", "t.yaml")
    assert all(p.line == 3 for p in err.value.problems), err.value.problems


def test_a_hex_game_still_gets_the_hex_model():
    sc = parse_scenario('game: s42\nmap: {hexes: {"0404": clear}}\n', "t.yaml")
    assert isinstance(sc, Scenario)


def test_the_fast_reader_refuses_the_characters_the_line_tracking_reader_refuses():
    # adjudicator.fastload keeps its own copy of ruamel's pattern (so a JSON file is read
    # without importing a YAML reader); the copy must stay ruamel's.
    from ruamel.yaml.reader import Reader

    from adjudicator.fastload import NON_PRINTABLE

    assert NON_PRINTABLE.pattern == Reader.NON_PRINTABLE.pattern
    assert NON_PRINTABLE.flags == Reader.NON_PRINTABLE.flags
