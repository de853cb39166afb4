"""Enemy Action: Kharkov's scenario format (German-player solo rules): its terrain,
hexside features, villages, victory points, markers, cards and unit fields (the core's
scenario models, extended).

The grid is the four-digit, flat-topped grid with even-numbered first pairs sitting half a
hex further along the second pair that Stalingrad '42 uses: the same ids, the same
neighbours and distances (``hex_format`` is the core's default). Only the compass is turned:
on this map the first pair of digits grows southward and the second westward
(``COMPASS`` and ``compass_step`` below), which matters where the rules speak of compass
directions ("westernmost", "easternmost").
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from adjudicator import scenario as base
from adjudicator.hexgrid import DIRECTIONS, HexGrid
from adjudicator.limits import MAX_NUMBER

Side = Literal["german", "soviet"]
Terrain = Literal["clear", "broken", "marsh", "woods", "town", "city"]
UnitType = Literal["infantry", "panzer", "panzergrenadier", "mechanized", "tank",
                   "cavalry", "motorized", "artillery", "security"]
Front = Literal["voronezh", "southwest"]

#: The core grid's six neighbour directions (``adjudicator.hexgrid.DIRECTIONS``, which
#: reads the sheet with the first pair growing to the right and the second downward: up,
#: up-right, down-right, down, down-left, up-left) named by this map's compass. The second
#: pair grows westward, so "up" the sheet is east; the first pair grows southward, so
#: "right" is south. Seen by the compass the hexes are pointy-topped: east and west
#: neighbours, and four diagonal ones.
COMPASS: tuple[str, ...] = ("east", "southeast", "southwest", "west", "northwest",
                            "northeast")


def compass_step(grid: HexGrid, a: str, b: str) -> str | None:
    """The compass direction from hex ``a`` to its neighbour ``b`` (None if not adjacent)."""
    d = grid.cube(b) - grid.cube(a)
    for i, step in enumerate(DIRECTIONS):
        if (d.q, d.r, d.s) == step:
            return COMPASS[i]
    return None


def westward(hex_id: str) -> int:
    """How far west a hex lies: its second pair of digits (9.24's compass tie-breaks)."""
    return int(hex_id[2:])


def southward(hex_id: str) -> int:
    """How far south a hex lies: its first pair of digits."""
    return int(hex_id[:2])


class HexSpec(base.HexSpec):
    terrain: Terrain = "clear"
    #: a village (no town or city symbol; 10.2)
    village: bool = False
    #: name printed for a town or city (for answers)
    name: str | None = None
    #: victory points printed in the hex
    vp: int = Field(default=0, ge=0, le=MAX_NUMBER)
    #: who owns a town or city hex (German-owned towns matter to 9.21 and 10.1)
    owner: Side | None = None
    #: a German or Soviet friendly map-edge hex (10.7, 13.1)
    edge: Side | None = None
    #: a Soviet Garrison marker in this hex (15.x)
    garrison: bool = False
    #: a German Forward Support marker (13.x)
    forward_support: bool = False


class HexsideSpec(base.HexsideSpec):
    river: Literal["minor", "donets", "dniepr", "blocked-dniepr"] | None = None
    #: a road crosses this hexside (where it crosses a river: a bridge)
    road: bool = False
    #: a bridge: only where a road crosses a river
    bridge: bool = False


class MapSpec(base.MapSpec):
    hexes: dict[str, HexSpec]
    hexsides: dict[str, HexsideSpec] = Field(default_factory=dict)


class Unit(base.Unit):
    id: str
    side: Side
    hex: str
    type: UnitType
    #: the Soviet unit selector printed on the counter, e.g. "01" (9.1)
    selector: str | None = None
    strength: int = Field(ge=0, le=MAX_NUMBER)
    ma: int = Field(ge=0, le=MAX_NUMBER)
    max_steps: int = Field(default=1, ge=1, le=MAX_NUMBER)
    steps: int | None = Field(default=None, ge=1, le=MAX_NUMBER)
    army: str | None = None
    corps: str | None = None
    front: Front | None = None
    dispersed: bool = False
    supply: Literal["in-supply", "out-of-supply", "isolated"] = "in-supply"
    active: bool = False
    #: a reserve unit (placed from the reserve box, 9.5, 12.2)
    reserve: bool = False
    retreated: bool = False
    attacked: bool = False

    @field_validator("id", "hex", "selector", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)

    @property
    def steps_left(self) -> int:
        return self.max_steps if self.steps is None else self.steps


class ObjectiveMarker(base._Strict):
    """A front or army objective marker on the map (9.2, 16.x)."""

    front: Front
    #: the army whose objective this is; none for a front objective
    army: str | None = None
    #: the objective's compass direction printed on the marker (9.24)
    direction: Literal["north", "south", "east", "west"] | None = None
    hex: str

    @field_validator("hex", mode="before")
    @classmethod
    def _hex(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)


class Cards(base._Strict):
    """The Soviet command card in play and the auxiliary card (8.x), by their printed ids."""

    command: str | None = None
    auxiliary: str | None = None


class ReserveUnit(base._Strict):
    """A Soviet unit in the Reserve Units box (9.5, 12.2): a unit without a hex."""

    id: str
    type: UnitType
    selector: str
    strength: int = Field(ge=0, le=MAX_NUMBER)
    ma: int = Field(ge=0, le=MAX_NUMBER)
    max_steps: int = Field(default=1, ge=1, le=MAX_NUMBER)
    steps: int | None = Field(default=None, ge=1, le=MAX_NUMBER)
    army: str
    front: Front
    supply: Literal["in-supply", "out-of-supply", "isolated"] = "in-supply"

    @field_validator("id", "selector", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)

    @property
    def steps_left(self) -> int:
        return self.max_steps if self.steps is None else self.steps


class Arrow(base._Strict):
    """A printed movement arrow (9.21 method 10): the compass direction of the primary
    and, if printed, the secondary arrow in a hex, and the front it is marked for."""

    hex: str
    primary: Literal["east", "southeast", "southwest", "west", "northwest", "northeast"]
    secondary: Literal["east", "southeast", "southwest", "west", "northwest",
                       "northeast"] | None = None
    front: Front | None = None

    @field_validator("hex", mode="before")
    @classmethod
    def _hex(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)


class Scenario(base.Scenario):
    game: str
    turn: int = Field(default=1, ge=1, le=MAX_NUMBER)
    weather: Literal["clear", "mud", "snow"] = "clear"
    phasing: Side = "german"
    #: which Soviet impulse of the turn (8.x), when the position is in one
    impulse: int | None = Field(default=None, ge=1, le=MAX_NUMBER)
    map: MapSpec
    units: list[Unit] = Field(default_factory=list)
    objectives: list[ObjectiveMarker] = Field(default_factory=list)
    cards: Cards = Field(default_factory=Cards)
    readings: dict[str, str] = Field(default_factory=dict)

    def check_hexside(self, path: tuple[str | int, ...], spec: HexsideSpec,
                      add: base.Add) -> None:
        if spec.bridge and not (spec.river and spec.road):
            add((*path, "bridge"), "a bridge is where a road crosses a river: give river "
                "and road: true on the same hexside")

    def check_unit(self, path: tuple[str | int, ...], u: Unit, add: base.Add) -> None:
        if u.steps is not None and u.steps > u.max_steps:
            add((*path, "steps"), f"{u.steps} steps left but max_steps is {u.max_steps}")
        # (a unit salvaged from an invalid entry may lack its other fields)
        side, selector = getattr(u, "side", None), getattr(u, "selector", "")
        if side == "soviet" and selector is None:
            add((*path, "selector"), "a Soviet unit needs its unit selector (9.1)")
        if side == "german" and getattr(u, "front", None) is not None:
            add((*path, "front"), "only Soviet units belong to a front")

    def check(self, add: base.Add) -> None:
        for i, obj in enumerate(self.objectives):
            if obj.hex not in self.grid:
                add(("objectives", i, "hex"), f"'{obj.hex}' is not on the map")
        for hid, spec in self.map.hexes.items():
            if spec.owner and spec.terrain not in ("town", "city"):
                add(("map", "hexes", hid, "owner"), "only a town or city hex has an owner")
            if spec.garrison and any(u.side == "german" for u in self.units_at(hid)):
                add(("map", "hexes", hid, "garrison"),
                    "a garrison stands only in a hex free of German units (15.x)")

    # --- Soviet procedure (bot) fields ---------------------------------------------
    # What the Soviet procedure (8.x, 9.x, 12.2-12.6, 15.x) reads besides the units and
    # the map: the Soviet draw pile, the reserve box, the printed overlays (front
    # targets, movement arrows, logistics hexes, Soviet support, the operational limit),
    # the improved positions and what has happened in the current activation. The
    # component data (cards, combat chits) is read from ``bot_data`` (a file beside the
    # position; the bundled practice set when not given).
    #: card ids of the Soviet draw pile, top card first (8.0, 8.1)
    draw_pile: list[str] = Field(default_factory=list)
    #: the Soviet victory points (9.4 Tactical Value, 9.8, 9.22)
    soviet_vp: int = Field(default=0, ge=0, le=MAX_NUMBER)
    #: Soviet units in the Reserve Units box (9.5, 12.2)
    reserve_box: list[ReserveUnit] = Field(default_factory=list)
    #: the fronts each VP or village hex is targeted for (9.3 Front Target)
    targets: dict[str, list[Front]] = Field(default_factory=dict)
    #: printed movement arrows (9.21 method 10, 12.7, 12.83)
    arrows: list[Arrow] = Field(default_factory=list)
    #: logistics hexes and the fronts they serve (9.21 method 7)
    logistics: dict[str, list[Front]] = Field(default_factory=dict)
    #: hexes in Soviet support; none given: every hex (13.5: all hexes before turn 5)
    support: list[str] | None = None
    #: hexes beyond the current Soviet operational limit (9.8); none: the whole map is in
    beyond_limit: list[str] = Field(default_factory=list)
    #: hexes holding an Improved Position marker (9.4, 9.7, 12.51, 14.2)
    improved_positions: list[str] = Field(default_factory=list)
    #: ids of the units that moved in the current activation (9.6, 9.7)
    moved: list[str] = Field(default_factory=list)
    #: ids of the units placed from the reserve box in the current activation (9.6, 9.7)
    placed_from_reserve: list[str] = Field(default_factory=list)
    #: hexes already the target of an attack check in this activation (9.42)
    checked_targets: list[str] = Field(default_factory=list)
    #: Soviet units in the Eliminated Units box, on their one-step side (16.1)
    eliminated_box: list[ReserveUnit] = Field(default_factory=list)
    #: the cards and combat chits file (relative to the position's folder)
    bot_data: str | None = None
