"""Seeded generators of Stalingrad '42 positions, for property tests and the benchmark.

Two kinds of position come out of here, both as scenario dicts in the file format of the
contract and, through :func:`scenario`, as validated ``Scenario`` objects loaded with the
real parser (so a generator bug shows up as a load error, never as a silently odd map):

* :func:`small_position`: a small map (a few dozen hexes) with a bit of everything the
  rules care about (every terrain, minor/major/Volga rivers with and without bridges,
  roads, rail, lakes, alpine and impassable hexsides, cities with control, entry areas of
  both sides and neutral ones, units of both sides in every status, trains, Free Stacking
  units, ASUs, non-combat units and contested cities). Meant for differential tests.
* :func:`full_position`: a full-size map (64 x 62 = 3,968 hexes by default) with winding
  rivers including a Volga, a road net joining the cities, a rail line, entry areas at both
  ends and a few hundred units of both sides in contact along a front. Meant for the
  benchmark.

Printed hex ids have two digits for the column and two for the row, so a map can hold at
most 100 x 100 hexes (columns and rows 00-99).
"""

from __future__ import annotations

import json
import random
from typing import Any

from adjudicator.games.s42.scenario import (
    MECHANIZED_TYPES,
    NON_COMBAT_TYPES,
    NON_MECHANIZED_TYPES,
)
from adjudicator.hexgrid import HexGrid, format_hex_id, hexside_id
from adjudicator.scenario import Scenario, parse_scenario

TERRAINS = ("clear", "desert", "woods", "rough", "wooded-rough", "marsh", "seasonal-marsh",
            "mountain", "alpine")
WEATHERS = ("clear", "overcast", "overcast-w", "rain", "mud", "snow")
STATUSES = ("good-order", "disrupted", "full-retreat")
SUPPLY = ("in-supply", "out-of-supply", "isolated")
FREE_STACKING_TYPES = ("sturmgeschutz", "tank-destroyer", "engineer", "ski", "bicycle")
ASU_TYPES = ("artillery", "army-hq", "front-hq")

Data = dict[str, Any]


def scenario(data: Data, source: str = "<generated>.json") -> Scenario:
    """Load a generated position through the real scenario parser (its fast first reading
    makes this cheap; a position that fails a check raises what a user would see)."""
    return parse_scenario(json.dumps(data), source, ".json")


def _rect(cols: int, rows: int, first: int = 1) -> list[str]:
    return [format_hex_id(c, r) for c in range(first, first + cols)
            for r in range(first, first + rows)]


def _edge_runs(grid: HexGrid, cols: range, rows: range) -> dict[str, list[str]]:
    """The map edge hexes along each of the four sides, in order."""
    c0, c1, r0, r1 = cols[0], cols[-1], rows[0], rows[-1]
    return {
        "W": [format_hex_id(c0, r) for r in rows],
        "E": [format_hex_id(c1, r) for r in rows],
        "N": [format_hex_id(c, r0) for c in cols],
        "S": [format_hex_id(c, r1) for c in cols],
    }


# ---------------------------------------------------------------------------
# Units
# ---------------------------------------------------------------------------


def _unit(rng: random.Random, uid: str, side: str, where: str, *, combat: bool = True,
          kind: str | None = None) -> Data:
    """One unit with random but valid attributes."""
    if kind is None:
        if not combat:
            kind = rng.choice(NON_COMBAT_TYPES)
        else:
            kind = rng.choice(NON_MECHANIZED_TYPES + MECHANIZED_TYPES)
    free = kind in FREE_STACKING_TYPES and rng.random() < 0.7
    non_combat = kind in NON_COMBAT_TYPES or not combat
    max_steps = rng.choice((1, 1, 2, 3, 4))
    u: Data = {
        "id": uid,
        "side": side,
        "hex": where,
        "type": kind,
        "attack": 0 if non_combat else rng.randint(1, 12),
        "defense": 0 if non_combat else rng.randint(1, 10),
        "ma": rng.choice((3, 4, 5, 6, 8)),
        "max_steps": max_steps,
        "steps": rng.randint(1, max_steps),
        "free_stacking": free,
        "tank": rng.choice(("none", "none", "black", "red", "white"))
        if kind in ("tank", "panzer") else "none",
        "tq": rng.choice(("elite", "normal", "normal", "low")),
        "status": "good-order" if non_combat else rng.choices(STATUSES, (6, 2, 1))[0],
        "train": rng.random() < 0.08,
        "retreated": rng.random() < 0.1,
        "supply": rng.choices(SUPPLY, (6, 2, 1))[0],
    }
    if u["train"]:
        u["status"] = "good-order"
    return u


# ---------------------------------------------------------------------------
# Small positions for differential tests
# ---------------------------------------------------------------------------


def small_position(seed: int, cols: int | None = None, rows: int | None = None,
                   units: int | None = None, alpine_hexes: bool = True) -> Data:
    """A small random position as a scenario dict (seeded: same seed, same position).

    ``alpine_hexes=False`` turns full Alpine hexes into Mountain hexes (the differential
    tests use it while the adjudicator reads them as plain terrain; see
    tests/s42/test_differential_rulings.py).
    """
    rng = random.Random(seed)
    cols = cols or rng.randint(4, 8)
    rows = rows or rng.randint(4, 8)
    n_units = rng.randint(6, 30) if units is None else units
    shifted = rng.choice(("even", "even", "odd"))
    hex_ids = _rect(cols, rows)
    grid = HexGrid.of(hex_ids, shifted)
    hexes: dict[str, Data] = {}
    for h in hex_ids:
        spec: Data = {"terrain": rng.choices(TERRAINS, (10, 2, 3, 2, 1, 1, 1, 1, 1))[0]}
        if spec["terrain"] == "alpine" and not alpine_hexes:
            spec["terrain"] = "mountain"
        roll = rng.random()
        if roll < 0.12:
            spec["city"] = rng.choice(("major", "minor"))
            spec["control"] = rng.choice(("axis", "soviet"))
            spec["vp"] = rng.choice((0, 1, 2))
        elif roll < 0.18:
            spec["town"] = True
        if rng.random() < 0.05:
            spec["fortification"] = rng.choice(("printed", "built", "under-construction"))
        hexes[h] = spec
    hexsides: dict[str, Data] = {}
    for a, b in grid.edges():
        roll = rng.random()
        side: Data = {}
        if roll < 0.22:
            river = rng.choices(("minor", "major", "volga"), (3, 4, 1))[0]
            side["river"] = river
            if rng.random() < 0.3:
                side["bridge"] = rng.choice(("road", "rail", "ferry"))
                if river == "volga" and side["bridge"] == "road":
                    side["bridge"] = "ferry"  # the Volga has no road bridges (5.5.3)
            if river == "major" and rng.random() < 0.15:
                side["frozen"] = rng.random() < 0.5
        elif roll < 0.26:
            side["impassable"] = True
        elif roll < 0.30:
            side["lake"] = True
            if rng.random() < 0.3:
                side["frozen"] = rng.random() < 0.5
        elif roll < 0.33:
            side["alpine"] = True
        if rng.random() < 0.3:
            side["road"] = rng.choice(("primary", "secondary"))
        if rng.random() < 0.08:
            side["rail"] = True
        if side.get("river") and (side.get("road") or side.get("rail")) \
                and "bridge" not in side and rng.random() < 0.85:
            if side["river"] != "volga":
                side["bridge"] = "road" if side.get("road") else "rail"  # most bridged
            elif side.get("rail"):
                side["bridge"] = "rail"  # a Saratov-like rail bridge; never a road bridge
        if side:
            hexsides[hexside_id(a, b)] = side
    # Entry areas: up to three disjoint stretches of the map edge.
    entry_areas: dict[str, Data] = {}
    runs = _edge_runs(grid, range(1, cols + 1), range(1, rows + 1))
    used: set[str] = set()
    for letter in rng.sample("ABCDWXYZ", rng.randint(0, 4)):
        run = runs[rng.choice("NSEW")]
        start = rng.randrange(len(run))
        length = rng.randint(1, 4)
        stretch = [h for h in run[start:start + length] if h not in used]
        if not stretch:
            continue
        used.update(stretch)
        entry_areas[letter] = {"side": rng.choices(("axis", "soviet", "neutral"), (4, 4, 1))[0],
                               "hexes": stretch}
    # Units: each hex holds one side only, except city hexes, which may hold combat units
    # of both sides (a contested city, 29.1.1). Entry areas hold their own side's units.
    owner: dict[str, str] = {}
    unit_list: list[Data] = []
    for i in range(n_units):
        side = rng.choice(("axis", "soviet"))
        friendly_areas = [a for a, v in entry_areas.items() if v["side"] == side]
        if friendly_areas and rng.random() < 0.07:
            where = rng.choice(friendly_areas)
        else:
            where = rng.choice(hex_ids)
        u = _unit(rng, f"{side[0].upper()}{i}", side, where, combat=rng.random() < 0.85)
        if where in hexes:
            have = owner.get(where)
            if have is None:
                owner[where] = side if u["defense"] else f"{side}:nc"
            elif have in (side, f"{side}:nc"):
                if not u["defense"]:
                    owner[where] = f"{side}:nc"
            elif have == "both" or (have in ("axis", "soviet") and hexes[where].get("city")):
                if not u["defense"]:
                    continue
                owner[where] = "both"
            else:
                continue
        unit_list.append(u)
    data: Data = {
        "game": "s42",
        "turn": rng.choice((1, 5, 12, 20, 28, 30, 35)),
        "weather": rng.choice(WEATHERS),
        "phasing": rng.choice(("axis", "soviet")),
        "map": {"shifted": shifted, "hexes": hexes, "hexsides": hexsides,
                "entry_areas": entry_areas},
        "units": unit_list,
    }
    return data


def with_movement(data: Data, seed: int) -> Data:
    """A small position with what the Movement Phase reads added (seeded, and drawn from
    its own generator, so ``small_position`` stays as it was): ports on the Black Sea
    and the Sea of Azov, a Kerch Strait hex and an Axis area W, a rail line, Axis
    Railhead markers, the Volga Flotilla, roads into the map from entry areas, Garrison,
    North Caucasus, Plan Blucher and arriving Volunteer units, Soviet Army HQs of each
    army, Naval Infantry, units in stacks and movement already used this turn."""
    rng = random.Random(seed * 7919 + 17)
    data = json.loads(json.dumps(data))
    hexes: dict[str, Data] = data["map"]["hexes"]
    sides: dict[str, Data] = data["map"]["hexsides"]
    areas: dict[str, Data] = data["map"]["entry_areas"]
    ids = sorted(hexes)
    grid = HexGrid.of(ids, data["map"]["shifted"])
    for h in rng.sample(ids, min(len(ids), rng.randint(1, 8))):
        hexes[h].update(port=True, sea=rng.choice(("black", "black", "azov")))
    if rng.random() < 0.5:
        hexes[rng.choice(ids)].update(port=True, sea="kerch")
    # a rail line: a walk of railroad hexsides
    here = rng.choice(ids)
    for _ in range(rng.randint(0, 10)):
        n = rng.choice(sorted(grid.neighbours(here)))
        sides.setdefault(hexside_id(here, n), {})["rail"] = True
        here = n
    rail_hexes = sorted({h for k, v in sides.items() if v.get("rail") for h in k.split("-")})
    for h in rail_hexes:
        if rng.random() < 0.15:
            hexes[h]["railhead"] = True
    volga = [k for k, v in sides.items() if v.get("river") == "volga"]
    if volga and rng.random() < 0.6:
        sides[rng.choice(volga)]["flotilla"] = True
    if areas and rng.random() < 0.6:
        letter = rng.choice(sorted(areas))
        areas.setdefault("W", {"side": "axis", "hexes": []})
        if letter != "W" and areas[letter]["hexes"]:
            areas["W"]["hexes"].append(areas[letter]["hexes"].pop())
        if not areas["W"]["hexes"]:
            del areas["W"]
        else:
            areas["W"]["side"] = "axis"
    for area in areas.values():
        area["roads"] = {h: rng.choice(("primary", "secondary"))
                         for h in area["hexes"] if rng.random() < 0.4}
    armies = ["1st-guards", "5th-shock", "tank"]
    for u in data["units"]:
        roll = rng.random()
        if u["type"] == "soviet-army-hq" and u["side"] == "soviet":
            u["army"] = rng.choice(armies)
        elif u["side"] == "soviet" and roll < 0.05:
            u["garrison"] = True
            u["released"] = rng.random() < 0.3
        elif u["side"] == "soviet" and roll < 0.08:
            u["north_caucasus"] = True
            u["released"] = rng.random() < 0.5
        elif u["side"] == "soviet" and roll < 0.2 and u["defense"]:
            u["type"] = "naval-infantry"
            u["free_stacking"] = False
        elif u["side"] == "axis" and u["hex"] == "W" and roll < 0.5:
            u["blucher"] = True
        elif u["side"] == "axis" and roll < 0.06 and u["hex"] in hexes:
            u.update(nationality="ncv", arriving=True)
        elif u["side"] == "soviet" and roll < 0.3 and u["defense"]:
            u["type"] = rng.choice(("tank", "mechanized"))
    data["units"] = [u for u in data["units"]
                     if u["hex"] not in areas or areas[u["hex"]]["side"] == u["side"]]
    # movers for the sea, the Kerch Strait and 20.7-20.8
    held = {u["hex"]: u["side"] for u in data["units"]}
    if "W" in areas and rng.random() < 0.8:
        data["units"].append(_unit(rng, "AW", "axis", "W", kind="infantry")
                             | {"status": "good-order", "train": False,
                                "blucher": rng.random() < 0.5})
    ports = [h for h in ids if hexes[h].get("port") and held.get(h) != "axis"]
    if ports and rng.random() < 0.8:
        data["units"].append(_unit(rng, "SN", "soviet", rng.choice(ports),
                                   kind=rng.choice(("naval-infantry", "infantry")))
                             | {"status": "good-order", "train": False})
    free = [h for h in ids if held.get(h) != "soviet"]
    if free and rng.random() < 0.5:
        data["units"].append(_unit(rng, "AV", "axis", rng.choice(free), kind="infantry")
                             | {"nationality": "ncv", "arriving": True})
    # stacks: some units join another unit of their side
    for u in data["units"]:
        if rng.random() < 0.15:
            mates = [v for v in data["units"] if v["side"] == u["side"] and v is not u
                     and v["hex"] in hexes]
            if mates:
                u["hex"] = rng.choice(mates)["hex"]
    if rng.random() < 0.5:
        data["moves_used"] = {"rail": rng.choice((0, 0, 1, 3, 4)),
                              "rail_map": rng.choice((0, 0, 1)),
                              "sea": rng.sample(["black", "azov"], rng.randint(0, 1)),
                              "kerch": rng.choice((0, 0, 1)),
                              "ferry": rng.choice((0, 0, 1))}
    return data


# ---------------------------------------------------------------------------
# Full-size positions for the benchmark
# ---------------------------------------------------------------------------


def _walk(rng: random.Random, grid: HexGrid, start: str, steps: int,
          bias: tuple[int, int]) -> list[str]:
    """A random walk over hexes, drifting towards ``bias`` (column, row) direction."""
    path = [start]
    here = start
    for _ in range(steps):
        options = [n for n in grid.neighbours(here) if n not in path[-4:]]
        if not options:
            break

        def score(h: str, here: str = here) -> float:
            dc = int(h[:2]) - int(here[:2])
            dr = int(h[2:]) - int(here[2:])
            return dc * bias[0] + dr * bias[1] + rng.random() * 2.5

        here = max(options, key=score)
        path.append(here)
    return path


def _route(nb: dict[str, list[str]], a: str, b: str,
           blocked: set[frozenset[str]]) -> list[str]:
    """A shortest hex path from a to b avoiding the given hexsides (breadth first)."""
    from collections import deque

    prev: dict[str, str | None] = {a: None}
    queue = deque([a])
    while queue:
        h = queue.popleft()
        if h == b:
            break
        for n in nb[h]:
            if n not in prev and frozenset((h, n)) not in blocked:
                prev[n] = h
                queue.append(n)
    if b not in prev:
        return []
    out = [b]
    while prev[out[-1]] is not None:
        out.append(prev[out[-1]])  # type: ignore[arg-type]
    return out[::-1]


def full_position(seed: int = 42, cols: int = 64, rows: int = 62, units: int = 300,
                  alpine_hexes: bool = True) -> Data:
    """A full-size position: rivers, roads, rail, cities, entry areas, a front of units.

    ``alpine_hexes=False`` makes full Alpine hexes Mountain hexes instead (see
    :func:`small_position`).
    """
    if cols > 100 or rows > 100:
        raise ValueError("four-digit hex ids allow at most 100 columns and 100 rows")
    rng = random.Random(seed)
    first = 1 if cols < 100 and rows < 100 else 0
    col_range = range(first, first + cols)
    row_range = range(first, first + rows)
    hex_ids = _rect(cols, rows, first)
    grid = HexGrid.of(hex_ids, "even")
    nb = {h: grid.neighbours(h) for h in hex_ids}
    hexes: dict[str, Data] = {}
    for h in hex_ids:
        hexes[h] = {"terrain": rng.choices(TERRAINS, (40, 3, 8, 5, 2, 2, 2, 2, 1))[0]}
        if hexes[h]["terrain"] == "alpine" and not alpine_hexes:
            hexes[h]["terrain"] = "mountain"
    sides: dict[frozenset[str], Data] = {}

    def side_of(a: str, b: str) -> Data:
        return sides.setdefault(frozenset((a, b)), {})

    # Rivers: hexsides along the right-hand edge of random walks running north-south.
    for k in range(max(2, cols // 12)):
        col = first + (k + 1) * cols // (max(2, cols // 12) + 1)
        walk = _walk(rng, grid, format_hex_id(col, first), rows * 2, (0, 1))
        kind = "volga" if k == max(2, cols // 12) - 1 else rng.choice(("major", "major", "minor"))
        for h in walk:
            east = [n for n in grid.neighbours(h) if int(n[:2]) == int(h[:2]) + 1]
            for n in east[:1]:
                side_of(h, n)["river"] = kind
    # A few impassable, lake and alpine hexsides.
    all_edges = list(grid.edges())
    for a, b in rng.sample(all_edges, len(all_edges) // 80):
        spec = side_of(a, b)
        if "river" in spec:
            continue
        spec[rng.choice(("impassable", "lake", "alpine"))] = True
    # Cities, joined by roads; bridges where a road meets a river.
    cities = rng.sample(hex_ids, max(6, len(hex_ids) // 120))
    for c in cities:
        hexes[c].update({"terrain": "clear", "city": rng.choice(("major", "minor", "minor")),
                         "vp": rng.choice((0, 1, 2))})
    blocked = {k for k, v in sides.items() if v.get("impassable") or v.get("lake")
               or v.get("river") == "volga"}
    west_edge = [format_hex_id(first, r) for r in row_range]
    east_edge = [format_hex_id(first + cols - 1, r) for r in row_range]
    road_ends = [rng.choice(west_edge), rng.choice(west_edge), rng.choice(east_edge),
                 rng.choice(east_edge)]
    stops = cities + road_ends
    rng.shuffle(stops)
    for a, b in zip(stops, stops[1:], strict=False):
        path = _route(nb, a, b, blocked)
        for x, y in zip(path, path[1:], strict=False):
            spec = side_of(x, y)
            spec["road"] = "primary" if rng.random() < 0.5 else spec.get("road", "secondary")
            if spec.get("river") and "bridge" not in spec:
                spec["bridge"] = "road"
    # One rail line from west to east.
    mid = first + rows // 2
    rail = _route(nb, format_hex_id(first, mid), format_hex_id(first + cols - 1, mid), blocked)
    for x, y in zip(rail, rail[1:], strict=False):
        spec = side_of(x, y)
        spec["rail"] = True
        if spec.get("river") and "bridge" not in spec:
            spec["bridge"] = "rail"
    hexsides = {hexside_id(*sorted(k)): v for k, v in sides.items() if v}
    # Entry areas: Axis in the west, Soviet in the east, a neutral one in the north.
    third = max(1, rows // 3)
    entry_areas = {
        "W": {"side": "axis", "hexes": west_edge[third:2 * third]},
        "X": {"side": "axis", "hexes": [format_hex_id(c, first) for c in col_range][:third]},
        "A": {"side": "soviet", "hexes": east_edge[third:2 * third]},
        "B": {"side": "soviet", "hexes": east_edge[:third]},
        "N": {"side": "neutral",
              "hexes": [format_hex_id(c, first + rows - 1) for c in col_range][third:2 * third]},
    }
    # Control of cities: west of the front Axis, east of it Soviet.
    front = first + cols // 2
    for c in cities:
        hexes[c]["control"] = "axis" if int(c[:2]) < front else "soviet"
    # The front: Axis units in the column band just west of it, Soviet just east, in contact.
    unit_list: list[Data] = []
    occupied: dict[str, str] = {}
    band = max(2, units // (2 * rows) + 1)
    n = 0
    attempts = 0
    while n < units and attempts < units * 20:
        attempts += 1
        side = "axis" if n % 2 == 0 else "soviet"
        depth = min(band, int(rng.expovariate(1.0)))
        col = front - 1 - depth if side == "axis" else front + depth
        if not first <= col < first + cols:
            continue
        h = format_hex_id(col, rng.choice(row_range))
        if occupied.get(h, side) != side:
            continue
        if sum(1 for u in unit_list if u["hex"] == h) >= 3:
            continue
        occupied[h] = side
        u = _unit(rng, f"{side[0].upper()}{n:03d}", side, h, combat=rng.random() < 0.93)
        if rng.random() < 0.5:
            u["status"] = "good-order"
        unit_list.append(u)
        n += 1
    # A few units waiting in the entry areas.
    for i, area in enumerate(("W", "A")):
        side = entry_areas[area]["side"]
        unit_list.append(_unit(rng, f"{side[0].upper()}E{i}", side, area))
    return {
        "game": "s42",
        "turn": 12,
        "weather": "clear",
        "phasing": "axis",
        "map": {"shifted": "even", "hexes": hexes, "hexsides": hexsides,
                "entry_areas": entry_areas},
        "units": unit_list,
    }
