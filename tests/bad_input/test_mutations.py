"""Mutated scenarios: whatever is wrong with a file, `validate` answers or refuses cleanly.

Valid positions (the bundled demo and generated small positions) are changed at random:
values of the wrong type, keys deleted, misspelt or unknown, unit ids and hexes broken,
values wrapped in extra lists and mappings, lists grown, and the written text itself cut
or given stray YAML characters. Each mutant, written as YAML or JSON, must be either valid
(exit 0) or refused with exit 2 and only ``FILE:LINE: PATH: message`` lines, never a
traceback, within TIME_BOUND seconds (a SIGALRM stops a hang). A second property checks
that the fast first reading of a file never changes the answer: a file that loads gives the
same position as the line-tracking reader alone, and a file refused gives the same lines.

The default run tries a few dozen mutants; ``HYPOTHESIS_PROFILE=fuzz`` (CI) tries many more.
"""

from __future__ import annotations

import copy
import json
import os
import re
import signal
from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_helpers import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import adjudicator.scenario as scenario_module
from adjudicator.errors import InputError
from adjudicator.fastload import read_yaml
from adjudicator.games.s42.generate import small_position

TIME_BOUND = 20
LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<path>\S.*?): (?P<message>.+)$")
DEMO = Path(scenario_module.__file__).parent / "games" / "s42" / "s42_demo.yaml"
DEMO_DATA = read_yaml(DEMO.read_text(encoding="utf-8"), str(DEMO))
#: The default run stays short; the other profiles (fuzz, slow, explore) keep their numbers.
QUICK = 25
SETTINGS = settings(max_examples=QUICK if os.environ.get("HYPOTHESIS_PROFILE", "default")
                    == "default" else settings().max_examples,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


# -- the mutants ----------------------------------------------------------------------------


def _paths(node: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*path, i))
    return out


def _get(node: Any, path: tuple) -> Any:
    for part in path:
        node = node[part]
    return node


def _set(root: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(root, path[:-1])[path[-1]] = value
    return root


ODD_VALUES = st.one_of(
    st.integers(-3, 12), st.integers(-(10**30), 10**30), st.booleans(), st.none(),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(max_size=6), st.sampled_from(
        ["0404", "9999", "04040", "axis", "soviet", "clear", "yes", "null", "1e3", "0x1F",
         "14Pz", "W", "7.1", "vacant", "0404-0405", "<<", "*a", "&a", "!!str", "~", "",
         "infantry", "major"]),
    st.lists(st.sampled_from(["0404", "axis", 1, None]), max_size=3),
    st.dictionaries(st.sampled_from(["id", "hex", "side", "x", "terrain"]),
                    st.sampled_from(["0404", "axis", 1, "A"]), max_size=2),
)

KEY_EDITS = st.sampled_from(["drop", "double", "swap", "upper", "unknown", "space"])


def _misspell(key: str, how: str) -> str:
    if not key:
        return "x"
    if how == "drop":
        return key[1:]
    if how == "double":
        return key + key[-1]
    if how == "swap" and len(key) > 1:
        return key[1] + key[0] + key[2:]
    if how == "upper":
        return key.upper()
    if how == "space":
        return key + " "
    return key + "_extra"


@st.composite
def mutation(draw, data: Any) -> Any:
    paths = _paths(data)
    path = draw(st.sampled_from(paths))
    node = _get(data, path)
    kind = draw(st.sampled_from(
        ["retype", "retype", "delete", "rename", "unknown", "ids", "nest", "grow", "shrink"]))
    parent = _get(data, path[:-1]) if path else None
    if kind == "retype":
        return _set(data, path, draw(ODD_VALUES))
    if kind == "delete" and path:
        del parent[path[-1]]
        return data
    if kind == "rename" and path and isinstance(parent, dict):
        value = parent.pop(path[-1])
        parent[_misspell(str(path[-1]), draw(KEY_EDITS))] = value
        return data
    if kind == "unknown" and isinstance(node, dict):
        node[draw(st.sampled_from(["tq2", "atack", "hexs", "unit", "readings", "x"]))] = \
            draw(ODD_VALUES)
        return data
    if kind == "ids" and isinstance(data, dict) and isinstance(data.get("units"), list) \
            and data["units"]:
        units = data["units"]
        i = draw(st.integers(0, len(units) - 1))
        if isinstance(units[i], dict):
            field = draw(st.sampled_from(["id", "hex"]))
            others = [u.get(field) for u in units if isinstance(u, dict)]
            units[i][field] = draw(st.one_of(st.sampled_from(others), ODD_VALUES))
        return data
    if kind == "nest":
        return _set(data, path, draw(st.sampled_from([[node], {"x": node}, [[node]]])))
    if kind == "grow" and isinstance(node, list) and node:
        node.extend(copy.deepcopy(node[: draw(st.integers(1, len(node)))]) * draw(
            st.integers(1, 40)))
        return data
    if kind == "shrink" and isinstance(node, list | dict):
        return _set(data, path, [] if isinstance(node, list) else {})
    return _set(data, path, draw(ODD_VALUES))


@st.composite
def mutants(draw) -> tuple[str, str]:
    """A mutated scenario as (suffix, text)."""
    if draw(st.booleans()):
        data = copy.deepcopy(DEMO_DATA)
    else:
        data = small_position(draw(st.integers(0, 200)))
    for _ in range(draw(st.integers(1, 3))):
        data = draw(mutation(data))
    if draw(st.booleans()):
        suffix, text = ".json", json.dumps(data, indent=draw(st.sampled_from([None, 1, 2])))
    else:
        suffix = ".yaml"
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True,
                              default_flow_style=draw(st.sampled_from([None, False])))
    if draw(st.integers(0, 4)) == 0 and text:  # damage the text itself
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 3))
        text = text[:at] + draw(st.sampled_from(
            ["", ":", "[", "]", "{", "}", "- ", "&a ", "*a", "!!int ", "\t", "\n", "'", '"',
             "#", "|", "? ", "<<: ", ", "])) + text[at + cut:]
    return suffix, text


# -- the properties ----------------------------------------------------------------------


class _Alarm:
    """Stop the example after TIME_BOUND seconds (raises TimeoutError in the test)."""

    def __enter__(self):
        def stop(signum, frame):
            raise TimeoutError(f"still running after {TIME_BOUND} s")

        self.old = signal.signal(signal.SIGALRM, stop)
        signal.alarm(TIME_BOUND)

    def __exit__(self, *exc):
        signal.alarm(0)
        signal.signal(signal.SIGALRM, self.old)


@SETTINGS
@given(mutants())
def test_validate_answers_or_refuses_cleanly(tmp_path_factory, capsys, mutant):
    suffix, text = mutant
    f = tmp_path_factory.mktemp("mutant") / f"pos{suffix}"
    f.write_text(text, encoding="utf-8")
    with _Alarm():
        r = run(capsys, "validate", str(f))
    assert "Traceback" not in r.out + r.err
    assert r.code in (0, 2), (r.code, r.err)
    if r.code == 2:
        lines = r.err.strip().splitlines()
        assert lines
        for line in lines:
            m = LINE.match(line)
            assert m and m["file"] == str(f), line


def _outcome(text: str, suffix: str, fast: bool):
    if not fast:
        real_yaml, real_json = scenario_module.read_yaml, scenario_module.read_json
        scenario_module.read_yaml = lambda t, f: real_yaml(t, f) and None
        scenario_module.read_json = lambda t, f: real_json(t, f) and None
    try:
        return "ok", scenario_module.parse_scenario(text, "pos" + suffix, suffix).model_dump()
    except InputError as exc:
        return "refused", [str(p) for p in exc.problems]
    finally:
        if not fast:
            scenario_module.read_yaml, scenario_module.read_json = real_yaml, real_json


@SETTINGS
@given(mutants())
def test_fast_reading_changes_no_answer(mutant):
    suffix, text = mutant
    with _Alarm():
        assert _outcome(text, suffix, fast=True) == _outcome(text, suffix, fast=False)


def test_mutants_are_not_all_refused():
    """The strategy also makes valid files (a fuzz that only ever refuses proves little)."""
    for seed in (0, 1):
        text = json.dumps(small_position(seed))
        assert _outcome(text, ".json", fast=True)[0] == "ok"
    assert _outcome(DEMO.read_text(encoding="utf-8"), ".yaml", fast=True)[0] == "ok"


#: Plain scalars that YAML 1.1 and 1.2 readers disagree about, or that look like numbers.
TRICKY = ["0404", "404", "0", "00", "-0", "-12", "+12", "0o17", "0x1F", "0b11", "1_000",
          "012_3", "1e3", "1.5", ".5", ".inf", ".nan", "2001-12-14", "yes", "no", "on", "off",
          "y", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "=", "12:30",
          "0404-0405", "9" * 30, "0" * 19, "-0404"]
SLOTS = [
    'game: s42\nturn: {v}\nmap:\n  hexes: {{"0101": clear}}\n',
    'game: s42\nmap:\n  hexes:\n    {v}: clear\n    "0101": clear\n',
    'game: s42\nmap:\n  hexes: {{"0101": clear}}\nunits:\n  - {{id: {v}, side: axis, '
    'hex: "0101", type: infantry, attack: 1, defense: 1, ma: 1}}\n',
    'game: s42\nmap:\n  hexes: {{"0101": clear}}\nnotes: {v}\nexample: {{q: {v}, {v}: 1}}\n',
    'game: s42\nmap:\n  hexes: {{"0101": {{terrain: clear, town: {v}, vp: {v}}}}}\n',
]


@pytest.mark.parametrize("slot", range(len(SLOTS)))
def test_fast_reading_reads_tricky_scalars_as_the_line_tracking_reader(slot):
    for value in TRICKY:
        quoted = (f"'{value}'", f'"{value}"') if slot in (1, 3) else ()
        for written in (value, *quoted):
            text = SLOTS[slot].format(v=written)
            assert _outcome(text, ".yaml", fast=True) == _outcome(text, ".yaml", fast=False), \
                (slot, written)
