"""A game may read its positions into its own model (``register_format``)."""

from __future__ import annotations

import pytest

from adjudicator.errors import InputError
from adjudicator.scenario import FORMATS, Scenario, parse_scenario, register_format


def test_a_registered_format_reads_the_file(monkeypatch):
    monkeypatch.setitem(FORMATS, "toy", None)

    def parse(data, col):
        if "size" not in data:
            col.add(("size",), "required key 'size' is missing")
            raise InputError(col.problems)
        return ("toy", data["size"])

    register_format("toy", parse)
    known = lambda: ["s42", "toy"]  # noqa: E731
    assert parse_scenario("game: toy\nsize: 3\n", "t.yaml", known_games=known) == ("toy", 3)
    with pytest.raises(InputError) as err:
        parse_scenario("game: toy\nother: 1\n", "t.yaml", known_games=known)
    assert [str(p) for p in err.value.problems] == [
        "t.yaml:1: size: required key 'size' is missing"]


def test_a_format_is_used_only_for_a_known_game(monkeypatch):
    monkeypatch.setitem(FORMATS, "toy", lambda data, col: "toy")
    with pytest.raises(InputError, match="no adjudicator for game 'toy'"):
        parse_scenario("game: toy\nmap: {hexes: {}}\n", "t.yaml", known_games=lambda: ["s42"])


def test_a_hex_game_still_gets_the_hex_model():
    sc = parse_scenario('game: s42\nmap: {hexes: {"0404": clear}}\n', "t.yaml")
    assert isinstance(sc, Scenario)
