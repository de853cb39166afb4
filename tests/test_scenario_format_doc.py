"""docs/scenario-format.rst is the complete reference of the scenario format.

Every key the loader accepts (found by walking the scenario models) is documented in the
section of its part, with every value it allows; the annotated example is a valid position;
the limits the page states are the limits the loader enforces.
"""

from __future__ import annotations

import re
import textwrap
import typing
from pathlib import Path

import pytest
from cli_helpers import run
from pydantic import BaseModel

from adjudicator import limits
from adjudicator.games.s42.scenario import Scenario  # the format the page documents

DOC = Path(__file__).resolve().parent.parent / "docs" / "scenario-format.rst"
TEXT = DOC.read_text(encoding="utf-8")


def _sections(text: str) -> dict[str, str]:
    """Section title -> its text (titles are underlined with ``-``)."""
    lines = text.splitlines()
    out: dict[str, str] = {}
    title = None
    for i, line in enumerate(lines):
        if i + 1 < len(lines) and lines[i + 1] and set(lines[i + 1]) == {"-"} and line:
            title = line.strip()
            out[title] = ""
        elif title:
            out[title] += line + "\n"
    return out


SECTIONS = _sections(TEXT)


def _inner(annotation: typing.Any) -> list[typing.Any]:
    """The types inside an annotation (list[X] -> X, dict[str, X] -> X, X | None -> X)."""
    args = typing.get_args(annotation)
    return [a for a in args if a is not type(None)] if args else [annotation]


def _models(model: type[BaseModel], path: str) -> list[tuple[str, type[BaseModel]]]:
    """Every model of the format with the dotted path of its section."""
    out = [(path, model)]
    for name, field in model.model_fields.items():
        if field.exclude:
            continue
        for t in _inner(field.annotation):
            for u in _inner(t) if typing.get_origin(t) in (list, dict) else [t]:
                if isinstance(u, type) and issubclass(u, BaseModel):
                    out += _models(u, f"{path}.{name}" if path else name)
    return out


MODELS = _models(Scenario, "")


def _title(path: str) -> str:
    return f"``{path}``" if path else "Top level keys"


def _choices(annotation: typing.Any) -> list[str]:
    out = []
    for t in _inner(annotation):
        if typing.get_origin(t) is typing.Literal:
            out += [str(v) for v in typing.get_args(t)]
    return out


def test_every_part_has_its_section():
    assert [p for p, _ in MODELS] == ["", "map", "map.hexes", "map.hexsides",
                                      "map.entry_areas", "units", "supply_sources", "moves_used"]
    for path, _ in MODELS:
        assert _title(path) in SECTIONS, path


@pytest.mark.parametrize("path,model", MODELS, ids=[p or "top" for p, _ in MODELS])
def test_every_key_and_value_is_documented(path, model):
    section = SECTIONS[_title(path)]
    for name, field in model.model_fields.items():
        if field.exclude:
            continue
        assert f"* - ``{name}``" in section, f"{path}.{name} is not documented"
        for value in _choices(field.annotation):
            assert f"``{value}``" in section, f"{path}.{name}: value {value!r} not documented"


def test_every_key_appears_in_the_complete_example():
    example = _example()
    for path, model in MODELS:
        for name, field in model.model_fields.items():
            if not field.exclude:
                assert re.search(rf"\b{name}:", example), f"{path}.{name} not in the example"


def _example() -> str:
    block = TEXT.split(":name: complete-example", 1)[1]
    lines = []
    for line in block.splitlines()[1:]:
        if line and not line.startswith("   "):
            break
        lines.append(line)
    return textwrap.dedent("\n".join(lines)).strip() + "\n"


def test_complete_example_is_a_valid_position(tmp_path, capsys):
    f = tmp_path / "example.yaml"
    f.write_text(_example(), encoding="utf-8")
    r = run(capsys, "validate", str(f))
    assert r.code == 0, r.err


def test_required_keys_are_named():
    required = [n for n, f in Scenario.model_fields.items() if f.is_required()]
    assert required == ["game", "map"]
    assert "Two keys are required: ``game`` and ``map``" in TEXT


def test_stated_limits_are_the_enforced_ones():
    section = SECTIONS["Limits"]
    for value in (limits.MAX_FILE_BYTES, limits.MAX_DEPTH, limits.MAX_HEXES,
                  limits.MAX_HEXSIDES, limits.MAX_UNITS, limits.MAX_ITEMS, limits.MAX_DIGITS,
                  limits.MAX_NUMBER):
        assert f"{value:,}" in section, value


def test_demo_position_is_named_and_exists():
    assert "adjudicator/games/s42/s42_demo.yaml" in TEXT
    assert (DOC.parent.parent / "adjudicator" / "games" / "s42" / "s42_demo.yaml").is_file()


def test_demo_help_names_the_demo_position(capsys):
    r = run(capsys, "demo", "--help")
    assert r.code == 0 and "adjudicator/games/s42/s42_demo.yaml" in r.out


def test_no_pointer_outside_the_repository():
    assert "CONTRACT" not in TEXT and "../shared" not in TEXT
