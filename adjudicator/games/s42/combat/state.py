"""The position as it changes: a working copy of a scenario that actions edit,
and the way back to a validated scenario file.

An action (a combat, a rally, a disengagement, a weather roll) reads the
current ``Scenario`` and edits a ``Work`` copy; ``Work.to_scenario()`` runs the
result through the real loader, so every next position is validated exactly as
a user's file would be. Each change is recorded in plain words with its rules.
"""

from __future__ import annotations

import copy
import io
import json
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml import YAML

from adjudicator.games.s42.combat.odds import Finding
from adjudicator.scenario import Scenario, parse_scenario

#: A change made to the position: what, the rules behind it, and the unit.
Change = Finding


@dataclass
class Work:
    """A mutable copy of a position (plain data in the scenario-file format)."""

    data: dict[str, Any]
    source: str = "<next position>"
    changes: list[Change] = field(default_factory=list)
    eliminated: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, sc: Scenario) -> Work:
        data = sc.model_dump(mode="json", exclude_defaults=True)
        data["game"] = sc.game
        data.setdefault("map", {}).setdefault("hexes", {})
        return cls(copy.deepcopy(data), source=sc.source)

    # -- units -------------------------------------------------------------------
    @property
    def units(self) -> list[dict[str, Any]]:
        return self.data.setdefault("units", [])

    def unit(self, uid: str) -> dict[str, Any] | None:
        return next((u for u in self.units if u["id"] == uid), None)

    def alive(self, uid: str) -> bool:
        return self.unit(uid) is not None

    def steps_left(self, uid: str) -> int:
        u = self.unit(uid)
        if u is None:
            return 0
        return u.get("steps", u.get("max_steps", 1))

    def set(self, uid: str, key: str, value: Any, why: str | None = None,
            rules: list[str] | None = None) -> None:
        u = self.unit(uid)
        if u is None:
            return
        u[key] = value
        if why:
            self.changes.append(Change(why, rules or [], uid))

    def remove(self, uid: str, why: str, rules: list[str]) -> None:
        u = self.unit(uid)
        if u is None:
            return
        self.units.remove(u)
        self.eliminated.append(uid)
        self.changes.append(Change(why, rules, uid))

    def lose_step(self, uid: str, why: str, rules: list[str],
                  reduced: dict[str, list[int]] | None = None) -> bool:
        """Take one step from ``uid``; True if that eliminated it (10.3)."""
        u = self.unit(uid)
        if u is None:
            return True
        left = self.steps_left(uid) - 1
        if left <= 0:
            self.remove(uid, f"{uid} loses its last step and is eliminated ({why})",
                        sorted(set(rules) | {"10.3"}))
            return True
        u["steps"] = left
        note = ""
        if reduced and uid in reduced:
            a, d = reduced[uid]
            u["attack"], u["defense"] = int(a), int(d)
            note = f"; now {a}-{d}"
        else:
            self.warnings.append(
                f"{uid}: the strengths of its reduced side were not given (choices 'reduced'); "
                "its printed strengths were kept")
        self.changes.append(Change(f"{uid} loses a step ({why}); {left} left{note}",
                                   sorted(set(rules) | {"10.3"}), uid))
        return False

    def units_at(self, place: str) -> list[dict[str, Any]]:
        return [u for u in self.units if u["hex"] == place]

    # -- hexes ----------------------------------------------------------------------
    def hex_spec(self, h: str) -> dict[str, Any]:
        hexes = self.data["map"]["hexes"]
        spec = hexes.get(h)
        if isinstance(spec, str):
            spec = {"terrain": spec}
            hexes[h] = spec
        return spec

    # -- output -------------------------------------------------------------------------
    def compact(self) -> dict[str, Any]:
        out = copy.deepcopy(self.data)
        hexes = out.get("map", {}).get("hexes", {})
        for h, spec in list(hexes.items()):
            if isinstance(spec, dict) and set(spec) <= {"terrain"}:
                hexes[h] = spec.get("terrain", "clear")
        out.pop("example", None)
        return out

    def to_scenario(self) -> Scenario:
        """The next position, through the real loader (raises InputError if invalid)."""
        return parse_scenario(json.dumps(self.compact()), self.source, ".json")

    def to_yaml(self) -> str:
        return dump_yaml(self.compact())


def dump_yaml(data: Any) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = None
    yaml.width = 100
    buf = io.StringIO()
    yaml.dump(data, buf)
    return buf.getvalue()

