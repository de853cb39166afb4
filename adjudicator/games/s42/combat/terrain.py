"""Terrain questions the combat rules ask, answered from the scenario in Python.

Mirrors asp/s42/terrain.lp where both need the same fact (frozen hexsides,
23.4), so combat arithmetic does not need a solver call.
"""

from __future__ import annotations

from adjudicator.games.s42.scenario import HexsideSpec
from adjudicator.scenario import Scenario, Unit

#: 2.3.3: the infantry-type units (doubled in City and Mountain hexes).
INFANTRY_TYPES = (
    "infantry", "security", "jager", "naval-infantry", "mountain", "bicycle", "nkvd",
    "engineer", "cavalry", "sturm", "ski", "mechanized", "panzergrenadier", "motorized",
)
AXIS_ALLIES = ("romanian", "hungarian", "italian", "slovakian", "croatian", "ncv")


def nationality(u: Unit) -> str:
    """German unless the file says otherwise (Axis); Soviet units are 'soviet'."""
    if u.side == "soviet":
        return "soviet"
    return u.nationality or "german"


def is_axis_ally(u: Unit) -> bool:
    return u.side == "axis" and nationality(u) in AXIS_ALLIES


def side_of(sc: Scenario, a: str, b: str) -> HexsideSpec:
    return sc.hexside(a, b) or HexsideSpec()


def frozen(sc: Scenario, a: str, b: str) -> bool:
    """23.4: on Winter turns major rivers and desert lakes freeze (the file may force it)."""
    s = side_of(sc, a, b)
    if s.frozen is not None:
        return s.frozen
    if not sc.winter:
        return False
    if s.river == "major":
        return True
    if s.lake:
        return any(sc.map.hexes[h].terrain == "desert" for h in (a, b))
    return False


def river_kind(sc: Scenario, a: str, b: str) -> str | None:
    """The river the hexside counts as in combat: minor, major or volga; a frozen lake
    counts as a (frozen) major river (23.4)."""
    s = side_of(sc, a, b)
    if s.river:
        return s.river
    if s.lake and frozen(sc, a, b):
        return "major"
    return None


def is_marsh(sc: Scenario, h: str) -> bool:
    """9.5.4 and 23.2.3: marsh, and seasonal marsh on Rain and Mud turns."""
    t = sc.map.hexes[h].terrain
    return t == "marsh" or (t == "seasonal-marsh" and sc.weather in ("rain", "mud"))


def is_mountain(sc: Scenario, h: str) -> bool:
    """9.6.1; 9.6.2: a full Alpine hex is treated as a Mountain hex."""
    return sc.map.hexes[h].terrain in ("mountain", "alpine")


def completed_fort(sc: Scenario, h: str, defender_side: str, readings: dict[str, str]) -> bool:
    """A completed fortification that works for ``defender_side`` (9.7.1, 9.7.6)."""
    f = sc.map.hexes[h].fortification
    if f == "built":
        return True
    if f == "printed":
        return defender_side == "soviet" or readings.get("9.7.6") == "tank-ban-stays"
    return False


def fort_shift_applies(sc: Scenario, h: str, defender_side: str) -> bool:
    f = sc.map.hexes[h].fortification
    return f == "built" or (f == "printed" and defender_side == "soviet")


def row(h: str) -> int | None:
    return int(h[2:]) if len(h) == 4 and h.isdigit() else None


def winter_zone(sc: Scenario, u: Unit) -> bool:
    """23.4: an Axis unit on a Winter turn on or north of hex row xx43."""
    r = row(u.hex)
    return sc.winter and u.side == "axis" and r is not None and r <= 43 and u.hex in sc.map.hexes
