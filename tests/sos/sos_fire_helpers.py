"""Small Streets of Stalingrad positions for the fire, integrity, breakthrough and
opportunity fire rulings."""

from __future__ import annotations

from adjudicator.games.sos.fire import FireRequest, solve_fire
from adjudicator.scenario import parse_scenario

INF = "class: infantry, attack: 4, defense: 3, range: 1, movement: 8"


def position(units: list[str], hexes: dict[str, str] | None = None, extra: str = "",
             phase: int = 5, date: str = "1942-09-15"):
    """A clear 8x8 map (0101-0808) with the given hex specs and units (YAML flow
    mappings, without braces)."""
    hexes = hexes or {}
    lines = ["game: sos", "phasing: german", f"phase: {phase}", f"date: {date}", "map:",
             "  hexes:"]
    for c in range(1, 9):
        for r in range(1, 9):
            h = f"{c:02d}{r:02d}"
            lines.append(f'    "{h}": {hexes.get(h, "clear")}')
    lines.append("units:" if units else "units: []")
    lines += [f"  - {{{u}}}" for u in units]
    return parse_scenario("\n".join(lines) + "\n" + extra, "pos.yaml")


def fire(sc, kind: str, firers: list[str], target: str, **kw):
    return solve_fire(sc, FireRequest(kind, firers, target, **kw))[0]


def drms(data) -> dict[str, int]:
    return {d["id"]: d["value"] for d in data["drms"]}


def why(data, unit: str) -> set[str]:
    row = next(f for f in data["firers"] if f["unit"] == unit)
    return {w["rule"] for w in row["why_not"]}


def may(data, unit: str) -> bool:
    return next(f for f in data["firers"] if f["unit"] == unit)["may_fire"]
