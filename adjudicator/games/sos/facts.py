"""Streets of Stalingrad's facts bridge: the hex geometry of a line of sight (Python) and
the map's features, as the ASP facts ``asp/sos/los.lp`` and ``asp/sos/spotting.lp`` read."""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.hexgrid import line_steps
from adjudicator.scenario import Scenario


def const(text: str) -> str:
    return text.replace("-", "_")


def q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True)
class Line:
    """The geometry of one line between two hex centres."""

    a: str
    b: str
    distance: int
    #: the intervening hexes, step by step (two where the line runs along their hexside)
    steps: tuple[tuple[str, ...], ...]
    #: the hexsides the line crosses or runs along, each as a sorted pair
    hexsides: tuple[tuple[str, str], ...]

    @property
    def along(self) -> list[tuple[str, str]]:
        return [s for s in self.steps if len(s) == 2]  # type: ignore[misc]


def draw(sc: Scenario, a: str, b: str) -> Line:
    """The hexes and hexsides the line from the centre of ``a`` to that of ``b`` passes
    (9.34): a hex line drawn twice, nudged to either side of the true line."""
    grid = sc.grid
    cells = line_steps(grid.cube(a), grid.cube(b))
    ids = [tuple(grid.hex_at(c) or _off(grid, c) for c in step) for step in cells]
    sides: set[tuple[str, str]] = set()
    for i in range(len(ids) - 1):
        for x in ids[i]:
            for y in ids[i + 1]:
                if x in grid and y in grid and grid.are_adjacent(x, y):
                    sides.add(tuple(sorted((x, y))))  # type: ignore[arg-type]
    for step in ids:
        if len(step) == 2:
            sides.add(tuple(sorted(step)))  # type: ignore[arg-type]
    return Line(a, b, len(ids) - 1, tuple(ids[1:-1]), tuple(sorted(sides)))


def _off(grid, c) -> str:
    """A position the line passes that is not a hex of this position (off its edge)."""
    return f"off({c.q},{c.r})"


def map_facts(sc: Scenario) -> list[str]:
    """The map's features, and the readings the position chooses (defaults otherwise)."""
    from adjudicator.games import get_game

    chosen = {**get_game(sc.game).default_readings(), **sc.readings}
    out = [f"reading({q(rule)},{const(name)})." for rule, name in sorted(chosen.items())]
    for hid, spec in sorted(sc.map.hexes.items()):
        for f in spec.features:
            out.append(f"feature({q(hid)},{const(f)}).")
        if spec.terrain == "volga" or "volga" in spec.features:
            out.append(f"volga({q(hid)}).")
        if spec.blocks_los is not None:
            out.append(f"hex_verdict({q(hid)},{'blocks' if spec.blocks_los else 'clear'}).")
    for key, hs in sorted(sc.map.hexsides.items()):
        x, y = sorted(key.split("-"))
        for f in hs.features:
            out.append(f"side_feature({q(x)},{q(y)},{const(f)}).")
        if hs.blocks_los is not None:
            out.append(f"side_verdict({q(x)},{q(y)},{'blocks' if hs.blocks_los else 'clear'}).")
    return out


def line_facts(sc: Scenario, p: int, line: Line, aa: bool = False) -> list[str]:
    out = [f"pair({p},{q(line.a)},{q(line.b)},{line.distance})."]
    for i, step in enumerate(line.steps, start=1):
        for h in step:
            if h in sc.map.hexes:
                out.append(f"cell({p},{i},{q(h)}).")
        if len(step) == 2:
            out.append(f"along({p},{i}).")
    for x, y in line.hexsides:
        out.append(f"touches({p},{q(x)},{q(y)}).")
    # the neighbours a line crossing a hex comes from and goes to (every hex of the steps
    # before and after: both, where the line runs along a hexside), for the features drawn
    # through the hex (9.33: a cliff or the Tartar Wall)
    full = [(line.a,), *line.steps, (line.b,)]
    for i in range(1, len(full) - 1):
        if len(full[i]) != 1 or not sc.map.hexes.get(full[i][0], None):
            continue
        h = full[i][0]
        if not sc.map.hexes[h].crossings:
            continue
        for x in full[i - 1]:
            for y in full[i + 1]:
                out.append(f"passes({p},{q(h)},{q(x)},{q(y)}).")
    for r in sc.los:
        if {line.a, line.b} == set(r.between):
            out.append(f"ruling({p},{'clear' if r.clear else 'blocked'}).")
    if aa:
        out.append(f"aa({p}).")
    return out


# --- spotting limits (14.22-14.24) ------------------------------------------------------

def formation(u, level: str) -> str | None:
    """The unit's formation at the level the reading of 14.24 names (a battalion is known
    by its division, regiment and battalion together), or None without one."""
    o = u.oob
    parts = {"battalion": (o.division, o.regiment, o.battalion),
             "regiment": (o.division, o.regiment), "division": (o.division,)}[level]
    return "/".join(p or "" for p in parts) if parts[-1] else None


def spot_record_facts(sc: Scenario, units) -> list[str]:
    """The spotting each unit did earlier in the position's phase (a record of another
    phase counts for nothing: the limits are per phase), its formation (14.24) and the
    phases it was pinned and moved in (14.94, 14.96)."""
    from adjudicator.games import get_game

    chosen = {**get_game(sc.game).default_readings(), **sc.readings}
    level = chosen.get("14.24#formation", "battalion")
    out = []
    for u in units:
        i = q(u.id)
        f = formation(u, level)
        if f:
            out.append(f"spot_formation({i},{q(f)}).")
        for name in ("pinned_phase", "moved_phase"):
            n = getattr(u, name, None)
            if n is not None:
                out.append(f"{name}({i},{n}).")
        rec = getattr(u, "spotting", None)
        if rec is not None and rec.phase == sc.phase:
            out += [f"spot_hex({i},{q(h)})." for h in rec.hexes]
            out += [f"spot_ifs({i},{rec.if_units}).", f"spot_af({i},{rec.af})."]
    return out


# --- zones of control, stacking, isolation, retreats, advances (5.x, 6.x, 9.4x, 9.8x,
# 19.x): the position's facts for asp/sos/base.lp and the encodings built on it ---------

#: The first day of the campaign (turn 1 of the campaign game is 13 September 1942).
FIRST_DAY = (1942, 9, 13)


def day_number(sc: Scenario) -> int:
    """Days since 13 September 1942: the position's date, else its turn (one day a turn)."""
    import datetime

    date = getattr(sc, "date", None)
    if date is None:
        return sc.turn - 1
    return (date - datetime.date(*FIRST_DAY)).days


def unit_facts(u) -> list[str]:
    uid = q(u.id)
    out = [f"unit({uid}).", f"side({uid},{u.side}).", f"cls({uid},{const(u.unit_class)}).",
           f"mp({uid},{u.movement}).", f"mob({uid},{u.moves_as}).",
           f"isolation({uid},{u.isolation}).", f"troops({uid},{u.troops})."]
    for flag in ("pinned", "spent", "hidden", "immobilized", "opportunity_fired",
                 "dismounted"):
        if getattr(u, flag):
            out.append(f"{flag}({uid}).")
    if u.name:
        out.append(f"named({uid},{q(u.name.lower())}).")
    return out


def rule_facts(sc: Scenario, chart=None) -> list[str]:
    """The map, the world and the units, as asp/sos/base.lp reads them; with a terrain
    chart, the cost of each step for each class of unit (half MPs)."""
    from adjudicator.games.sos.tec import enter_cost

    grid = sc.grid
    out = map_facts(sc)
    out += [f"day({day_number(sc)}).", f"phase({sc.phase}).", f"phasing({sc.phasing})."]
    for hid, spec in sorted(sc.map.hexes.items()):
        out.append(f"hex({q(hid)}).")
        for m in spec.markers:
            out.append(f"marker({q(hid)},{m}).")
        if spec.breakthru:
            out.append(f"breakthru({q(hid)},{spec.breakthru}).")
        if spec.explosions:
            out.append(f"explosions({q(hid)},{spec.explosions}).")
    sides: dict[tuple[str, str], list[str]] = {}
    for key, hs in sc.map.hexsides.items():
        x, y = key.split("-")
        sides[(x, y)] = sides[(y, x)] = list(hs.features)
    pairs = sorted(grid.edges())
    for a, b in pairs:
        out += [f"adj({q(a)},{q(b)}).", f"adj({q(b)},{q(a)})."]
    for bid, box in sorted(sc.map.entry_areas.items()):
        out.append(f"box({q(bid)},{box.side},{const(box.kind)}).")
        out += [f"box_hex({q(bid)},{q(h)})." for h in box.hexes]
    out += crossing_facts(sc)
    bridges = {u.hex for u in sc.units if u.unit_class == "bridge"}
    for u in sc.units:
        out += unit_facts(u)
        if u.hex in sc.map.hexes:
            out.append(f"at({q(u.id)},{q(u.hex)}).")
        elif u.hex in sc.map.entry_areas:
            out.append(f"in_box({q(u.id)},{q(u.hex)}).")
    if chart is not None:
        classes = sorted({u.moves_as for u in sc.units})
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                feats = sc.map.hexes[y].features
                for m in classes:
                    # into a hex with a bridge unit: the chart's cost with and without the
                    # bridge; base.lp says which applies (17.12)
                    for via in (("bridge", "plain") if y in bridges else ("",)):
                        c = enter_cost(chart, list(feats), m, sides.get((x, y), []),
                                       bridge=via == "bridge")
                        pre, arg = ("_via", f"{via},") if via else ("", "")
                        out.append(f"cost{pre}({arg}{m},{q(x)},{q(y)},{c})." if c is not None
                                   else f"no_entry{pre}({arg}{m},{q(x)},{q(y)}).")
    return out


def crossing_facts(sc: Scenario) -> list[str]:
    """The blocking features drawn through hexes (8.12): ``cross_verdict(H,F,V,Source)``
    and, for each ordered pair of neighbours on different banks, ``cross_side(H,F,X,Y)``;
    ``cross_along(H,F,N)`` for the neighbours the feature runs to."""
    from adjudicator.games.sos.crossings import across, verdict

    out: list[str] = []
    for hid, spec in sorted(sc.map.hexes.items()):
        if spec.river_landing:
            out.append(f"river_landing({q(hid)}).")
        for c in spec.crossings:
            f = const(c.feature)
            v, src = verdict(hid, c.feature, c.vehicles)
            out.append(f"cross_verdict({q(hid)},{f},{v},{q(src)}).")
            out += [f"cross_along({q(hid)},{f},{q(n)})." for n in c.through]
            out += [f"cross_side({q(hid)},{f},{q(x)},{q(y)})."
                    for x, y in across(sc.grid, hid, c.through)]
    return out
