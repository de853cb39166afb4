"""The rulebook's movement examples (5.3, 5.5.5), rebuilt as positions under
kb/s42/examples/move_*.yaml and answered by the adjudicator."""

from pathlib import Path

import pytest

from adjudicator.games.s42.queries.moves import check_move, moves
from adjudicator.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "kb" / "s42" / "examples"


@pytest.mark.rules("5.3")
def test_5_3_extended_and_road_examples():
    sc = load_scenario(EXAMPLES / "move_5_3.yaml")
    want = sc.example["expected"]
    for uid, places in want["reach"].items():
        a = moves(sc, [uid])
        for place, kind in places.items():
            assert a.end(place) is not None and a.end(place).kind == kind, (uid, place)
    for uid, places in want["not_reached"].items():
        a = moves(sc, [uid])
        for place in places:
            e = a.end(place)
            assert e is None or e.mode == "tactical", (uid, place)
    for uid, places in want["spent"].items():
        a = moves(sc, [uid])
        for place, mp in places.items():
            assert a.end(place).spent == mp


@pytest.mark.rules("5.5.5")
def test_5_5_5_pontoon_example():
    sc = load_scenario(EXAMPLES / "move_5_5_5.yaml")
    want = sc.example["expected"]
    for spec, allowed in want["paths"].items():
        assert check_move(sc, spec).allowed is allowed, spec
    far = sc.model_copy(update={"units": [*sc.units, sc.units[0].model_copy(
        update={"id": "F", "hex": "0405"})]})
    for spec, allowed in want["with_far_bank_unit"].items():
        assert check_move(far, spec).allowed is allowed, spec
