"""What "agree" means for each query: the answers of the ASP adjudicator and of the
reference reduced to the same plain data, finding by finding.

Shared by the benchmark and the differential tests.
"""

from __future__ import annotations

from typing import Any


def zoc_table(answer: Any) -> dict[str, list[str]]:
    return dict(answer.zoc)


def bond_table(items: Any) -> dict[tuple, tuple[bool, bool]]:
    """(side, kind, ends, closed hexside of an edge bond) -> (negated, broken).

    One hex may bond with one entry area across two hexsides; the hexside keeps the two
    edge bonds apart, so each is compared on its own.
    """
    out: dict[tuple, tuple[bool, bool]] = {}
    for b in items:
        side = tuple(b.through_hexsides) if b.kind == "edge" else ()
        out[(b.side, b.kind, tuple(b.ends), side)] = (b.negated, b.broken)
    return out


def supply_table(units: Any) -> dict[str, str]:
    """unit id -> in-supply | out-of-supply | isolated."""
    return {u.id: u.status for u in units}


def retreat_table(answer: Any) -> dict[str, Any]:
    """Whether the stack dies whatever it does, and the ends it may survive in."""
    return {"eliminated": bool(answer.eliminated),
            "ends": sorted({o.end for o in answer.options if not getattr(o, "eliminated", False)})}


def advance_table(answer: Any) -> dict[str, list[str]]:
    """unit id -> every hex it may end its advance in."""
    return {u.id: sorted(u.hexes) for u in answer.units}


def double_edge_bond(ref_bonds: Any) -> bool:
    """Two edge bonds from one hex into one Entry Area (closing different hexsides).

    The adjudicator keys a bond by its ends, so such a pair is one bond there and the
    break or negation of one spreads to the other (see the xfail ruling in
    tests/s42/test_differential_rulings.py); positions with such a pair are outside what the
    supply and retreat comparisons can judge until that is fixed.
    """
    seen: set[tuple] = set()
    for b in ref_bonds:
        if b.kind != "edge":
            continue
        key = (b.side, tuple(b.ends))
        if key in seen:
            return True
        seen.add(key)
    return False


def moves_table(answers: Any) -> list[dict[str, list[str]]]:
    """For each mover: mode (normal, extended, tactical) -> the places it may end in.
    Takes adjudicator answers (``MovesAnswer``) or reference ones (``RefMoves``)."""
    out = []
    for a in answers:
        if hasattr(a, "ends") and isinstance(a.ends, dict):
            out.append({m: sorted(a.places(m)) for m in ("normal", "extended", "tactical")})
            continue
        modes: dict[str, set[str]] = {m: set() for m in ("normal", "extended", "tactical")}
        for e in a.ends:
            for m in (e.mode, *e.also):
                if m in modes:
                    modes[m].add(e.place)
        out.append({m: sorted(v) for m, v in modes.items()})
    return out
