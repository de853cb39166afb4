"""A warm session for scripts: load a Stalingrad '42 position once, ask many questions.

Each ``adjudicator`` command loads its file, prepares the map for clingo and answers one
question, so a script (or a web page) asking twenty questions about one position would
pay for that twenty times. A ``Session`` does it once::

    from adjudicator.games.s42.session import Session

    s = Session.load("position.yaml")        # or Session(scenario)
    s.zoc()                                  # the same answers as the commands' --json
    s.supply(side="axis")
    s.retreats("0712", 2)
    s.advances("0712", 4, ["A001", "A002"])
    s.bonds()

Every method returns the same JSON-ready dict as the matching command's ``--json``
output (``answer(...)`` methods return the typed answers). The ground map and the
rewritten encodings are kept in the session's solver; a session is not thread-safe.
``with_position`` gives a session on a changed position that shares them (same map).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from adjudicator.scenario import Scenario, load_scenario
from adjudicator.solver import Solver


class Session:
    """One position and a warm solver; questions about it in any order."""

    def __init__(self, sc: Scenario, solver: Solver | None = None,
                 readings: dict[str, str] | None = None):
        self.sc = sc
        self.solver = solver or Solver(sc.game)
        #: disputed rules read another way (rule id -> reading name), for every question
        self.readings = dict(readings or {})

    @classmethod
    def load(cls, path: str | Path, readings: dict[str, str] | None = None) -> Session:
        """A session on the position in a scenario file (errors as ``InputError``)."""
        return cls(load_scenario(Path(path)), readings=readings)

    def with_position(self, sc: Scenario) -> Session:
        """A session on another position, sharing this one's solver (the map part is
        ground once per distinct map)."""
        return Session(sc, self.solver, self.readings)

    # -- the questions ----------------------------------------------------------------
    def zoc(self) -> dict[str, Any]:
        """As ``adjudicator zoc --json``."""
        from adjudicator.games.s42.queries.zoc import zoc

        return zoc(self.sc, self.solver).to_json()

    def bonds(self) -> dict[str, Any]:
        """As ``adjudicator bonds --json``."""
        from adjudicator.games.s42.queries.bonds import bonds

        return bonds(self.sc, self.solver, self.readings or None).to_json()

    def supply_answer(self, side: str | None = None):
        from adjudicator.games.s42.queries.supply import supply

        return supply(self.sc, self.solver, side, self.readings or None)

    def supply(self, side: str | None = None) -> dict[str, Any]:
        """As ``adjudicator supply [--side SIDE] --json``."""
        return self.supply_answer(side).to_json()

    def retreats_answer(self, hex_id: str, length: int, *, phase: str = "combat",
                        attackers: Sequence[str] = (), side: str | None = None,
                        with_los: bool = True):
        from adjudicator.games.s42.queries.retreat import RetreatRequest, retreats_many

        req = RetreatRequest(hex_id, length, side, tuple(attackers))
        return retreats_many(self.sc, [req], phase, self.solver, self.readings,
                             with_los=with_los)[0]

    def retreats(self, hex_id: str, length: int, **kw: Any) -> dict[str, Any]:
        """As ``adjudicator retreats --hex H --length N --json`` (``with_los=False`` as
        ``--no-supply``)."""
        return self.retreats_answer(hex_id, length, **kw).to_json()

    def retreats_of(self, hexes: Sequence[str], length: int,
                    with_los: bool = True) -> list[dict[str, Any]]:
        """The retreats of several stacks, ground together in one call."""
        from adjudicator.games.s42.queries.retreat import RetreatRequest, retreats_many

        reqs = [RetreatRequest(h, length, None, ()) for h in hexes]
        return [a.to_json() for a in retreats_many(self.sc, reqs, "combat", self.solver,
                                                   self.readings, with_los=with_los)]

    def advances_answer(self, vacated: str, allowance: int, units: Sequence[str],
                        attackers: Sequence[str] | None = None):
        from adjudicator.games.s42.queries.advance import advances

        return advances(self.sc, vacated, allowance, list(units), attackers,
                        solver=self.solver, readings=self.readings)

    def advances(self, vacated: str, allowance: int, units: Sequence[str],
                 attackers: Sequence[str] | None = None) -> dict[str, Any]:
        """As ``adjudicator advances --vacated H --allowance N --units IDS --json``."""
        return self.advances_answer(vacated, allowance, units, attackers).to_json()
