"""The warm session for scripts answers as the commands' --json do, question after
question on one loaded position, and shares its solver across positions on one map."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import run

from adjudicator.games.s42.commands.retreat import first_defender
from adjudicator.games.s42.session import Session

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "adjudicator" / "games" / "s42" / "s42_demo.yaml"
ADV = ROOT / "kb" / "s42" / "examples" / "advance_14_2_2.yaml"


def test_session_answers_as_the_cli_on_the_demo(capsys):
    s = Session.load(DEMO)
    h = first_defender(s.sc)
    assert h is not None
    # several questions in one session, in an order no command runs them
    assert s.supply() == run(capsys, "supply", str(DEMO), "--json").json
    assert s.zoc() == run(capsys, "zoc", str(DEMO), "--json").json
    assert s.retreats(h, 2) == run(capsys, "retreats", str(DEMO), "--hex", h, "--length", "2",
                                   "--json").json
    assert s.bonds() == run(capsys, "bonds", str(DEMO), "--json").json
    assert s.supply(side="soviet") == run(capsys, "supply", str(DEMO), "--side", "soviet",
                                          "--json").json
    assert s.retreats(h, 2, with_los=False) == run(
        capsys, "retreats", str(DEMO), "--hex", h, "--length", "2", "--no-supply",
        "--json").json
    assert s.retreats_of([h], 2) == [s.retreats(h, 2)]


def test_session_advances_and_readings_as_the_cli(capsys):
    s = Session.load(ADV)
    cli = run(capsys, "advances", str(ADV), "--vacated", "0405", "--allowance", "4",
              "--units", "11Pz,1Cav,76Inf", "--json").json
    assert s.advances("0405", 4, ["11Pz", "1Cav", "76Inf"]) == cli
    r = Session.load(DEMO, readings={"16.3.1": "first-road-hex-road"})
    assert r.supply() == run(capsys, "supply", str(DEMO), "--reading",
                             "16.3.1=first-road-hex-road", "--json").json


def test_session_on_another_position_shares_the_solver():
    s = Session.load(DEMO)
    moved = s.sc.model_copy(update={"units": s.sc.units[1:]})
    t = s.with_position(moved)
    assert t.solver is s.solver
    gone = s.sc.units[0].id
    assert gone in {u["id"] for u in s.supply()["units"]}
    assert gone not in {u["id"] for u in t.supply()["units"]}
