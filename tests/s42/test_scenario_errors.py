"""Bad scenario files: every problem reported at once as FILE:LINE: PATH: message."""

import json
import textwrap

import pytest

from adjudicator.errors import InputError
from adjudicator.games import game_ids
from adjudicator.scenario import load_scenario

GOOD = """\
game: s42
turn: 8
map:
  hexes:
    "0404": clear
    "0405": {terrain: woods, city: minor}
    "0504": clear
  hexsides:
    "0404-0405": {river: major}
  entry_areas:
    W: {side: axis, hexes: ["0404"]}
units:
  - {id: A, side: axis, hex: "0404", type: infantry, attack: 4, defense: 4, ma: 4}
  - {id: B, side: soviet, hex: "0405", type: tank, attack: 5, defense: 3, ma: 8}
"""


def problems(tmp_path, text, name="pos.yaml"):
    f = tmp_path / name
    f.write_text(textwrap.dedent(text))
    with pytest.raises(InputError) as exc:
        load_scenario(f)
    return [str(p).replace(str(f), name) for p in exc.value.problems]


def test_good_file_loads(tmp_path):
    f = tmp_path / "pos.yaml"
    f.write_text(GOOD)
    sc = load_scenario(f)
    assert sc.turn == 8 and sc.units[1].steps_left == 1 and sc.map.hexes["0404"].terrain == "clear"


CASES = [
    (
        "unknown key with did-you-mean",
        GOOD.replace("type: tank,", "type: tank, tq2: elite,"),
        ["pos.yaml:14: units[1].tq2: unknown key 'tq2'; did you mean 'tq'?"],
    ),
    (
        "unknown top-level key",
        GOOD.replace("turn: 8", "trun: 8"),
        ["pos.yaml:2: trun: unknown key 'trun'; did you mean 'turn'?"],
    ),
    (
        "bad enum value",
        GOOD.replace("side: soviet", "side: sovjet"),
        ["pos.yaml:14: units[1].side: 'sovjet' is not one of axis, soviet "
         "(did you mean 'soviet'?)"],
    ),
    (
        "bad terrain in the short form",
        GOOD.replace('"0504": clear', '"0504": swamp'),
        ["pos.yaml:7: map.hexes.0504.terrain: 'swamp' is not one of clear, desert, woods, "
         "rough, wooded-rough, marsh, seasonal-marsh, mountain, alpine"],
    ),
    (
        "hex not on the map",
        GOOD.replace('hex: "0405", type: tank', 'hex: "9999", type: tank'),
        ["pos.yaml:14: units[1].hex: '9999' is not on the map"],
    ),
    (
        "hexside between hexes that are not adjacent",
        GOOD.replace('"0404-0405": {river: major}', '"0405-0504": {river: major}'),
        ["pos.yaml:9: map.hexsides.0405-0504: '0405' and '0504' are not adjacent, "
         "so they share no hexside"],
    ),
    (
        "hexside naming a hex off the map",
        GOOD.replace('"0404-0405": {river: major}', '"0404-0403": {river: major}'),
        ["pos.yaml:9: map.hexsides.0404-0403: hex '0403' is not on the map"],
    ),
    (
        "duplicate unit ids",
        GOOD.replace("id: B,", "id: A,"),
        ["pos.yaml:14: units[1].id: duplicate unit id 'A' (also units[0])"],
    ),
    (
        "steps above max_steps",
        GOOD.replace("ma: 8}", "ma: 8, max_steps: 2, steps: 3}"),
        ["pos.yaml:14: units[1].steps: 3 steps left but max_steps is 2"],
    ),
    (
        "steps below one",
        GOOD.replace("ma: 8}", "ma: 8, steps: 0}"),
        ["pos.yaml:14: units[1].steps: 0: input should be greater than or equal to 1"],
    ),
    (
        "unit in an entry area that does not exist",
        GOOD.replace('hex: "0404", type: infantry', 'hex: "X", type: infantry'),
        ["pos.yaml:13: units[0].hex: no entry area 'X'"],
    ),
    (
        "unit in a misspelt entry area",
        GOOD.replace("W: {side", "WW: {side").replace('hex: "0404", type: infantry',
                                                        'hex: "W", type: infantry'),
        ["pos.yaml:13: units[0].hex: no entry area 'W'; did you mean 'WW'?"],
    ),
    (
        "missing required key",
        GOOD.replace(" attack: 4,", ""),
        ["pos.yaml:13: units[0].attack: required key 'attack' is missing"],
    ),
    (
        "not a whole number",
        GOOD.replace("attack: 4,", "attack: four,"),
        ["pos.yaml:13: units[0].attack: input should be a valid integer, unable to parse "
         "string as an integer, got 'four'"],
    ),
    (
        "unknown game",
        GOOD.replace("game: s42", "game: s43"),
        [f"pos.yaml:1: game: no adjudicator for game 's43' (known: {', '.join(game_ids())}); "
         "did you mean 's42'?"],
    ),
    (
        "bridge without a river",
        GOOD.replace("{river: major}", "{bridge: road}"),
        ["pos.yaml:9: map.hexsides.0404-0405.bridge: a bridge needs a river on the same "
         "hexside"],
    ),
    (
        "entry-area hex inside the map",
        GOOD.replace('"0504": clear', '"0504": clear\n    "0304": clear\n    "0305": clear\n'
                     '    "0403": clear\n    "0505": clear')
        .replace('hexes: ["0404"]', 'hexes: ["0404", "0405"]'),
        ["pos.yaml:15: map.entry_areas.W.hexes[0]: '0404' is not on the map edge"],
    ),
    (
        "malformed YAML",
        GOOD.replace("ma: 4}", "ma: 4"),
        ["pos.yaml:14: (top): malformed YAML: expected ',' or '}', but got '{'"],
    ),
]


@pytest.mark.parametrize("text,expected", [(t, e) for _, t, e in CASES],
                         ids=[c[0] for c in CASES])
def test_bad_file_messages(tmp_path, text, expected):
    assert problems(tmp_path, text) == expected


def test_every_problem_is_reported_at_once(tmp_path):
    text = (GOOD.replace("side: sovjet", "")
            .replace("side: soviet", "side: sovjet")
            .replace('hex: "0404", type: infantry', 'hex: "9999", type: infantry')
            .replace("turn: 8", "turn: 0"))
    assert problems(tmp_path, text) == [
        "pos.yaml:2: turn: 0: input should be greater than or equal to 1",
        "pos.yaml:13: units[0].hex: '9999' is not on the map",
        "pos.yaml:14: units[1].side: 'sovjet' is not one of axis, soviet (did you mean 'soviet'?)",
    ]


def test_semantic_problems_are_all_listed(tmp_path):
    text = GOOD.replace('hex: "0404", type: infantry', 'hex: "9999", type: infantry').replace(
        "id: B,", "id: A,")
    out = problems(tmp_path, text)
    assert out == ["pos.yaml:13: units[0].hex: '9999' is not on the map",
                   "pos.yaml:14: units[1].id: duplicate unit id 'A' (also units[0])"]


def test_unquoted_hex_ids_keep_their_digits(tmp_path):
    f = tmp_path / "pos.yaml"
    f.write_text(GOOD.replace('"0404": clear', "0404: clear").replace('hex: "0404"', "hex: 0404"))
    sc = load_scenario(f)
    assert "0404" in sc.map.hexes and sc.units[0].hex == "0404"


def test_json_files_with_lines(tmp_path):
    import yaml

    data = yaml.safe_load(GOOD)
    data["units"][1]["side"] = "red"
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(data, indent=2))
    out = problems(tmp_path, f.read_text(), "pos.json")
    assert len(out) == 1 and out[0].startswith("pos.json:") and "units[1].side" in out[0]
    line = int(out[0].split(":")[1])
    assert '"side": "red"' in f.read_text().splitlines()[line - 1]


def test_malformed_json(tmp_path):
    out = problems(tmp_path, '{"game": "s42",\n "map": }', "pos.json")
    assert out == ["pos.json:2: (top): malformed JSON: Expecting value (column 9)"]


def test_missing_file_and_wrong_suffix(tmp_path):
    with pytest.raises(InputError) as exc:
        load_scenario(tmp_path / "nope.yaml")
    assert str(exc.value).endswith("nope.yaml:0: (file): no such file")
    bad = tmp_path / "pos.txt"
    bad.write_text("x")
    with pytest.raises(InputError) as exc:
        load_scenario(bad)
    assert "expected a .yaml, .yml or .json file" in str(exc.value)
