"""Unit integrity (9.73) in plain Python, under the default readings: the modifiers an
attack or a defensive/opportunity fire gets from the order of battle of the firing and
defending units. Written from the rulebook apart from ``asp/sos/integrity.lp``; the tests
compare the two on generated stacks."""

from __future__ import annotations

from itertools import combinations
from typing import Any

GERMAN_SUPPORT = {"armor", "assault-gun", "engineer", "at-gun", "aa-gun", "artillery",
                  "mortar"}
NONCOMBAT = {"leader", "commissar", "op", "transport", "tank-repair", "fortification",
             "minefield", "bridge", "stuka"}


def _bn(u: Any) -> tuple | None:
    o = u.oob
    return (o.division, o.regiment, o.battalion) if o.battalion and o.regiment else None


def _rgt(u: Any) -> tuple | None:
    o = u.oob
    return (o.division, o.regiment) if o.regiment else None


def _formation(u: Any) -> tuple | None:
    o = u.oob
    if o.independent:
        return None
    if o.division:
        return ("d", o.division)
    if o.corps:
        return ("c", o.corps)
    return None


def _infantry(u: Any) -> bool:
    return u.unit_class == "infantry" and not u.oob.independent


def _elite(u: Any) -> bool:
    return _infantry(u) and (u.side == "german" or u.troops in ("guards", "marine"))


def _tank(u: Any) -> bool:
    return u.side == "german" and u.unit_class in ("armor", "assault-gun")


def _same_armor(a: Any, b: Any) -> bool:
    return ((_bn(a) is not None and _bn(a) == _bn(b))
            or (_rgt(a) is not None and _rgt(a) == _rgt(b)))


def attack(attackers: list[Any], defenders: list[Any], target_clear: bool) -> dict[str, int]:
    """Integrity modifiers of an attack by ``attackers`` on ``defenders``."""
    out: dict[str, int] = {}
    by_hex: dict[str, list[Any]] = {}
    for u in attackers:
        by_hex.setdefault(u.hex, []).append(u)
    positive: set[str] = set()
    for units in by_hex.values():
        elite = [u for u in units if _elite(u)]
        if any(_bn(a) == _bn(b) and _bn(a) for a, b in combinations(elite, 2)):
            out["bn-same"] = -1
        inf = [u for u in units if _infantry(u)]
        if len({_bn(u) for u in inf if _bn(u)}) > 1:
            positive.add("bn-mixed")
        if len({_rgt(u) for u in inf if _rgt(u)}) > 1:
            positive.add("rgt-mixed")
        mixers = [u for u in units if u.unit_class not in NONCOMBAT
                  and not (u.side == "german" and u.unit_class in GERMAN_SUPPORT)]
        if len({_formation(u) for u in mixers if _formation(u)}) > 1:
            positive.add("div-mixed")
        tanks = [u for u in units if _tank(u)]
        if target_clear and any(_same_armor(a, b) and _same_armor(a, c) and _same_armor(b, c)
                                for a, b, c in combinations(tanks, 3)):
            out["armor-same"] = -1
    regiments: dict[tuple, list[Any]] = {}
    for u in attackers:
        if _infantry(u) and (u.side == "german" or u.troops == "guards") and _rgt(u):
            regiments.setdefault(_rgt(u), []).append(u)  # type: ignore[arg-type]
    if any(len(us) >= 4 and len({u.hex for u in us}) >= 2 for us in regiments.values()):
        out["rgt-same"] = -1
    combat = [u for u in defenders if u.unit_class not in NONCOMBAT]
    if len({_formation(u) for u in combat if _formation(u)}) > 1:
        out["div-defenders"] = -1
    leaders = [u for u in attackers if u.unit_class in ("leader", "commissar")
               and not (u.side == "soviet" and u.name in ("Pavlov", "Herman"))]
    for ldr in leaders:
        stacked = [u for u in by_hex.get(ldr.hex, []) if _infantry(u)]
        others = [u for u in attackers if u is not ldr]
        shares = any((_formation(ldr) and _formation(ldr) == _formation(u))
                     or (ldr.oob.corps and ldr.oob.corps == u.oob.corps) for u in others)
        if stacked and shares:
            positive.clear()
    for p in positive:
        out[p] = 1
    return out


def fire(firers: list[Any]) -> dict[str, int]:
    """Integrity modifiers of a defensive or opportunity fire by ``firers``."""
    out: dict[str, int] = {}
    for a, b in combinations(firers, 2):
        if a.hex != b.hex:
            continue
        if _elite(a) and _elite(b) and _bn(a) and _bn(a) == _bn(b):
            out["bn-fire"] = -1
        if _tank(a) and _tank(b) and _same_armor(a, b):
            out["armor-fire"] = -1
    return out
