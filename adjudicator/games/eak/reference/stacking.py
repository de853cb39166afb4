"""Enemy Action: Kharkov's stacking limit in plain Python (10.4), written from the rulebook
apart from asp/eak/stacking.lp, for the differential tests."""

from __future__ import annotations

from adjudicator.games.eak.scenario import Scenario

#: 10.4: at most three units or six steps of one side in a hex
MAX_UNITS, MAX_STEPS = 3, 6


def stacks(sc: Scenario) -> dict[tuple[str, str], tuple[int, int]]:
    """(hex, side) -> (units, steps left) of every hex on the map a side occupies."""
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for u in sc.units:
        if u.hex not in sc.map.hexes:
            continue
        n, k = out.get((u.hex, u.side), (0, 0))
        out[(u.hex, u.side)] = (n + 1, k + u.steps_left)
    return out


def overstacked(sc: Scenario) -> dict[tuple[str, str], tuple[int, int]]:
    """The stacks over the limit of 10.4 (more than three units, or more than six steps)."""
    return {key: (n, k) for key, (n, k) in stacks(sc).items()
            if n > MAX_UNITS or k > MAX_STEPS}


def within(sc: Scenario) -> set[tuple[str, str]]:
    """The stacks within the limit of 10.4."""
    return set(stacks(sc)) - set(overstacked(sc))
