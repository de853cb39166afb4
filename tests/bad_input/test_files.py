"""Bad scenario files, one named case per kind of trouble, each through `adjudicator validate`.

Every case must end with exit status 2 and only ``FILE:LINE: PATH: message`` lines, never a
traceback, and within the time the harness allows (a SIGALRM stops a hang). The limits are
those of :mod:`adjudicator.limits`, documented in docs/scenario-format.rst.
"""

from __future__ import annotations

import json
import os
import re
import signal

import pytest
from cli_helpers import run

from adjudicator.limits import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_FILE_BYTES,
    MAX_HEXES,
    MAX_HEXSIDES,
    MAX_UNITS,
)

#: Seconds a case may take before the harness stops it (a hang, not a slow machine).
TIME_BOUND = 20

LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<path>\S.*?): (?P<message>.+)$")

HEAD = 'game: s42\nmap:\n  hexes:\n    "0101": clear\n    "0102": clear\n'
UNIT = '{id: %s, side: axis, hex: "0101", type: infantry, attack: 1, defense: 1, ma: 1}'


@pytest.fixture(autouse=True)
def time_bound():
    """Fail a case that runs longer than TIME_BOUND seconds instead of hanging the suite."""
    if not hasattr(signal, "SIGALRM"):  # pragma: no cover - not on this platform
        yield
        return

    def stop(signum, frame):
        raise TimeoutError(f"still running after {TIME_BOUND} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(TIME_BOUND)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def refused(capsys, path) -> list[re.Match]:
    """Run `validate` on ``path``: exit 2, and every line a FILE:LINE: PATH: message."""
    r = run(capsys, "validate", str(path))
    assert "Traceback" not in r.err + r.out
    assert r.code == 2, (r.code, r.out, r.err)
    lines = r.err.strip().splitlines()
    assert lines
    matches = [LINE.match(line) for line in lines]
    assert all(matches), lines
    assert all(m["file"] == str(path) for m in matches), lines
    return matches


def write(tmp_path, name: str, text: str):
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def only(capsys, path, line: int, where: str, words: str) -> None:
    (m,) = refused(capsys, path)
    assert (int(m["line"]), m["path"]) == (line, where), m.group()
    assert words in m["message"], m.group()


# -- files that are not files -----------------------------------------------------------


def test_missing_file(tmp_path, capsys):
    only(capsys, tmp_path / "nope.yaml", 0, "(file)", "no such file")


def test_wrong_suffix(tmp_path, capsys):
    only(capsys, write(tmp_path, "pos.txt", HEAD), 0, "(file)", "expected a .yaml")


def test_folder_named_like_a_scenario(tmp_path, capsys):
    (tmp_path / "pos.yaml").mkdir()
    only(capsys, tmp_path / "pos.yaml", 0, "(file)", "is a folder")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_link_to_an_endless_device(tmp_path, capsys):
    (tmp_path / "pos.yaml").symlink_to("/dev/zero")
    only(capsys, tmp_path / "pos.yaml", 0, "(file)", "not a regular file")


@pytest.mark.skipif(not os.path.exists("/dev/urandom"), reason="no /dev/urandom")
def test_json_link_to_random_bytes(tmp_path, capsys):
    (tmp_path / "pos.json").symlink_to("/dev/urandom")
    only(capsys, tmp_path / "pos.json", 0, "(file)", "not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_named_pipe_never_blocks(tmp_path, capsys):
    os.mkfifo(tmp_path / "pos.yaml")
    only(capsys, tmp_path / "pos.yaml", 0, "(file)", "not a regular file")


def test_link_to_a_pipe(tmp_path, capsys):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes")
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "pos.yaml").symlink_to(tmp_path / "pipe")
    only(capsys, tmp_path / "pos.yaml", 0, "(file)", "not a regular file")


def test_huge_file(tmp_path, capsys):
    f = tmp_path / "pos.yaml"
    with open(f, "wb") as out:  # sparse: the size without the bytes
        out.write(HEAD.encode())
        out.truncate(MAX_FILE_BYTES + 1)
    only(capsys, f, 0, "(file)", f"the limit is {MAX_FILE_BYTES:,} bytes")


def test_not_utf8(tmp_path, capsys):
    f = tmp_path / "pos.yaml"
    f.write_bytes(HEAD.encode() + b"notes: caf\xe9\n")
    only(capsys, f, 6, "(file)", "not UTF-8")


def test_empty_file(tmp_path, capsys):
    only(capsys, write(tmp_path, "pos.yaml", ""), 1, "(top)", "holds a mapping")


def test_list_at_the_top(tmp_path, capsys):
    only(capsys, write(tmp_path, "pos.yaml", "- game: s42\n"), 1, "(top)", "holds a mapping")


# -- structure that explodes ------------------------------------------------------------


def test_deep_nesting_yaml_flow(tmp_path, capsys):
    n = 100_000
    f = write(tmp_path, "pos.yaml", HEAD + "notes: " + "[" * n + "]" * n + "\n")
    (m,) = refused(capsys, f)
    assert m["line"] == "6" and f"deeper than {MAX_DEPTH}" in m["message"]


def test_deep_nesting_yaml_block(tmp_path, capsys):
    n = 2_000
    text = HEAD + "example:\n" + "".join("  " * (i + 1) + f"k{i}:\n" for i in range(n)) \
        + "  " * (n + 1) + "x\n"
    f = write(tmp_path, "pos.yaml", text)
    (m,) = refused(capsys, f)
    assert f"deeper than {MAX_DEPTH}" in m["message"]
    assert int(m["line"]) == 6 + MAX_DEPTH  # the first mapping one level too deep


def test_deep_nesting_yaml_compact_lists(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + "notes:\n" + "- " * 5_000 + "x\n")
    (m,) = refused(capsys, f)
    assert f"deeper than {MAX_DEPTH}" in m["message"]


def test_deep_nesting_json(tmp_path, capsys):
    n = 200_000
    f = write(tmp_path, "pos.json",
              '{"game": "s42",\n "map": {"hexes": {"0101": "clear"}},\n "example": {"a": '
              + "[" * n + "]" * n + "}}")
    only(capsys, f, 3, "(top)", f"deeper than {MAX_DEPTH}")


def test_brackets_inside_json_strings_are_not_nesting(tmp_path, capsys):
    data = {"game": "s42", "map": {"hexes": {"0101": "clear"}}, "notes": "[" * 1000}
    f = write(tmp_path, "pos.json", json.dumps(data))
    r = run(capsys, "validate", str(f))
    assert r.code == 0, r.err


ALIAS_BOMB = "".join(
    f"{a}: &{a} [" + ",".join([f"*{p}"] * 9 if p else ['"lol"'] * 9) + "]\n"
    for p, a in zip(["", "a", "b", "c", "d", "e", "f", "g", "h"], "abcdefghi", strict=True)
)


def test_alias_bomb(tmp_path, capsys):
    assert len(ALIAS_BOMB) < 700
    only(capsys, write(tmp_path, "pos.yaml", ALIAS_BOMB), 1, "a", "anchor (&a) is not allowed")


def test_alias_bomb_inside_a_scenario(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + "example:\n" + "".join(
        "  " + line + "\n" for line in ALIAS_BOMB.splitlines()))
    only(capsys, f, 7, "example.a", "anchor (&a) is not allowed")


def test_alias_without_anchor_is_refused(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + "notes: *nowhere\n")
    (m,) = refused(capsys, f)
    assert m["line"] == "6"


def test_merge_key(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + "units:\n  - <<: {side: axis}\n    id: A\n")
    only(capsys, f, 7, "units[0]", "merge key (<<) is not allowed")


def test_number_too_long_yaml(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD.replace("game: s42\n", "game: s42\nturn: "
                                                   + "9" * 5000 + "\n"))
    only(capsys, f, 2, "turn", f"numbers have at most {MAX_DIGITS} digits")


def test_number_too_long_json(tmp_path, capsys):
    f = write(tmp_path, "pos.json", '{"game": "s42",\n "turn": ' + "9" * 5000
              + ',\n "map": {"hexes": {"0101": "clear"}}}')
    only(capsys, f, 2, "(top)", f"numbers have at most {MAX_DIGITS} digits")


# -- too much of a thing ------------------------------------------------------------------


def test_too_many_units_yaml(tmp_path, capsys):
    units = "".join(f"  - {UNIT % f'U{i}'}\n" for i in range(MAX_UNITS * 3))
    f = write(tmp_path, "pos.yaml", HEAD + "units:\n" + units)
    only(capsys, f, 7 + MAX_UNITS, "units", f"at most {MAX_UNITS:,} units")


def test_too_many_units_json(tmp_path, capsys):
    unit = {"id": "U", "side": "axis", "hex": "0101", "type": "infantry", "attack": 1,
            "defense": 1, "ma": 1}
    data = {"game": "s42", "map": {"hexes": {"0101": "clear"}},
            "units": [{**unit, "id": f"U{i}"} for i in range(MAX_UNITS + 1)]}
    f = write(tmp_path, "pos.json", json.dumps(data, indent=1))
    only(capsys, f, 8, "units", f"{MAX_UNITS + 1:,} units; a scenario holds at most")


def test_map_of_300_by_300_hexes(tmp_path, capsys):
    hexes = "".join(f'    "{c:03d}{r:03d}": clear\n' for c in range(300) for r in range(300))
    f = write(tmp_path, "pos.yaml", "game: s42\nmap:\n  hexes:\n" + hexes)
    only(capsys, f, 4 + MAX_HEXES, "map.hexes", f"at most {MAX_HEXES:,} hexes")


def test_too_many_hexsides(tmp_path, capsys):
    sides = "".join(f'    "{i:04d}-{i + 1:04d}": {{road: primary}}\n'
                    for i in range(MAX_HEXSIDES + 1))
    f = write(tmp_path, "pos.yaml", HEAD + "  hexsides:\n" + sides)
    only(capsys, f, 7 + MAX_HEXSIDES, "map.hexsides", f"at most {MAX_HEXSIDES:,} hexsides")


def test_bad_full_map_prints_50_lines_and_a_count(tmp_path, capsys):
    hexes = "".join(f'    "{c:02d}{r:02d}": swamp\n' for c in range(1, 100) for r in range(1, 100))
    f = write(tmp_path, "pos.yaml", "game: s42\nmap:\n  hexes:\n" + hexes)
    lines = refused(capsys, f)
    assert len(lines) == 51
    assert all("'swamp' is not one of" in m["message"] for m in lines[:50])
    assert lines[-1]["message"].startswith(f"{99 * 99 - 50:,} more problems not shown")


# -- values of the wrong kind -------------------------------------------------------------


def test_number_out_of_range(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD.replace("game: s42", "game: s42\nturn: 2147483648"))
    only(capsys, f, 2, "turn", "less than or equal to 999")


def test_empty_game(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD.replace("game: s42", "game: ''"))
    only(capsys, f, 1, "game", "no adjudicator for game ''")


def test_unknown_reading_in_the_file(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + 'readings:\n  "7.1": vacnat\n')
    only(capsys, f, 7, "readings.7.1", "has no reading 'vacnat' (readings: enemy-only, "
         "vacant); did you mean 'vacant'?")


def test_reading_of_a_rule_without_readings(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + 'readings:\n  "7.11": vacant\n')
    only(capsys, f, 7, "readings.7.11", "rule 7.11 has no named readings")


def test_rule_id_written_as_a_number(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + "readings:\n  7.1: vacant\n")
    only(capsys, f, 7, "readings", 'quote it: "7.1"')


def test_string_for_the_unit_list(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + "units: 14Pz\n")
    only(capsys, f, 6, "units", "expected a list, got the text '14Pz'")


def test_string_for_entry_area_hexes(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + '  entry_areas:\n    W: {side: axis, hexes: "0101"}\n')
    only(capsys, f, 7, "map.entry_areas.W.hexes", "expected a list, got the text '0101'")


def test_list_for_a_mapping(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", 'game: s42\nmap:\n  hexes: ["0101", "0102"]\n')
    only(capsys, f, 3, "map.hexes", "expected a mapping")


def test_duplicate_key(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + "game: s42\n")
    only(capsys, f, 6, "(top)", "duplicate key")


def test_two_documents(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + "---\n" + HEAD)
    (m,) = refused(capsys, f)
    assert "malformed YAML" in m["message"]


def test_control_character(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + "notes: a\x07b\n")
    only(capsys, f, 6, "(top)", "special characters are not allowed (character #x0007)")


def test_unknown_tag(tmp_path, capsys):
    f = write(tmp_path, "pos.yaml", HEAD + "turn: !!python/object:os.system x\n")
    refused(capsys, f)


def test_json_duplicate_key(tmp_path, capsys):
    f = write(tmp_path, "pos.json",
              '{"game": "s42",\n "game": "s42",\n "map": {"hexes": {"0101": "clear"}}}')
    only(capsys, f, 2, "(top)", "duplicate key")


def test_json_nan(tmp_path, capsys):
    f = write(tmp_path, "pos.json",
              '{"game": "s42",\n "turn": NaN,\n "map": {"hexes": {"0101": "clear"}}}')
    refused(capsys, f)


def test_a_capped_list_passed_on_keeps_every_problem():
    from adjudicator.errors import MAX_SHOWN, InputError, Problem

    first = InputError([Problem("a.yaml", i, "x", "bad") for i in range(1, 121)])
    assert len(first.problems) == MAX_SHOWN + 1 and len(first.all_problems) == 120
    again = InputError([*first.problems, Problem("b.yaml", 1, "y", "bad")])
    assert len(again.all_problems) == 121
    assert str(again.problems[-1]) == ("a.yaml:0: (file): 71 more problems not shown "
                                       f"(the first {MAX_SHOWN} are listed)")
