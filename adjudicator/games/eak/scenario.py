"""Enemy Action: Kharkov's scenario format (German-player solo rules): its terrain,
hexside features, villages, victory points, map overlays, markers, cards and unit fields
(the core's scenario models, extended).

The grid is the four-digit, flat-topped grid with even-numbered first pairs sitting half a
hex further along the second pair that Stalingrad '42 uses: the same ids, the same
neighbours and distances (``hex_format`` is the core's default). Only the compass is turned
(the map's *orientation*): on this map the first pair of digits grows southward and the
second westward (``COMPASS``, ``compass_step`` and ``toward`` below), which matters where
the rules speak of compass directions ("westernmost", "easternmost") and where a movement
arrow is given by its direction.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import Field, field_validator

from adjudicator import scenario as base
from adjudicator.hexgrid import DIRECTIONS, HexGrid
from adjudicator.limits import MAX_NUMBER

Side = Literal["german", "soviet"]
Terrain = Literal["clear", "broken", "marsh", "woods", "town", "city"]
#: The book's five unit types (2.21), and older names read as one of them.
UnitType = Literal["infantry", "cavalry", "armor", "mechanized-infantry", "armored-cavalry",
                   "tank", "panzer", "panzergrenadier", "mechanized", "motorized"]
#: type -> the book's type it stands for
TYPE_ALIASES = {"tank": "armor", "panzer": "armor", "panzergrenadier": "mechanized-infantry",
                "mechanized": "mechanized-infantry", "motorized": "mechanized-infantry"}
MECHANIZED = frozenset({"armor", "mechanized-infantry", "armored-cavalry"})
ARMORED = frozenset({"armor", "armored-cavalry"})
Front = Literal["voronezh", "southwest"]
River = Literal["minor", "donets", "dniepr", "blocked-dniepr"]
#: The ground conditions of 18.33-18.34 (the position's ``weather``).
Ground = Literal["frozen", "light-mud", "heavy-mud"]
#: The lines printed on the map (2.1): ``artillery`` (0107-1901; also the east Soviet
#: support line), ``west`` (0114-2501: the west Soviet support line and the near
#: operational limit line) and ``far`` (0120-3107: the far operational limit line).
Line = Literal["artillery", "west", "far"]

#: The core grid's six neighbour directions (``adjudicator.hexgrid.DIRECTIONS``, which
#: reads the sheet with the first pair growing to the right and the second downward: up,
#: up-right, down-right, down, down-left, up-left) named by this map's compass. The second
#: pair grows westward, so "up" the sheet is east; the first pair grows southward, so
#: "right" is south. Seen by the compass the hexes are pointy-topped: east and west
#: neighbours, and four diagonal ones.
COMPASS: tuple[str, ...] = ("east", "southeast", "southwest", "west", "northwest",
                            "northeast")
Direction = Literal["east", "southeast", "southwest", "west", "northwest", "northeast"]


def compass_step(grid: HexGrid, a: str, b: str) -> str | None:
    """The compass direction from hex ``a`` to its neighbour ``b`` (None if not adjacent)."""
    d = grid.cube(b) - grid.cube(a)
    for i, step in enumerate(DIRECTIONS):
        if (d.q, d.r, d.s) == step:
            return COMPASS[i]
    return None


def toward(grid: HexGrid, a: str, direction: str) -> str | None:
    """The id of the hex next to ``a`` in a compass direction (None if off the map)."""
    c = grid.cube(a).neighbour(COMPASS.index(direction))
    return grid.hex_at(c)


def westward(hex_id: str) -> int:
    """How far west a hex lies: its second pair of digits (9.24's compass tie-breaks)."""
    return int(hex_id[2:])


def southward(hex_id: str) -> int:
    """How far south a hex lies: its first pair of digits."""
    return int(hex_id[:2])


def _hex_text(v: Any) -> Any:
    return v if not isinstance(v, int) or isinstance(v, bool) else str(v)


class Arrow(base._Strict):
    """A Soviet movement arrow printed in a hex (2.1): primary (wide) or secondary (dash),
    pointing across one hexside; ``front`` for an arrow marked V or S."""

    kind: Literal["primary", "secondary"] = "primary"
    #: the compass direction it points (the neighbour across that hexside)
    to: Direction
    #: only for units of this front (an arrow marked V or S); none: for every unit
    front: Front | None = None


class HexSpec(base.HexSpec):
    terrain: Terrain = "clear"
    #: a village (2.1: where garrisons may also stand; no effect on movement or combat)
    village: bool = False
    #: name printed for a town or city (for answers)
    name: str | None = None
    #: victory points printed in the hex (2.1, 17.1)
    vp: int = Field(default=0, ge=0, le=MAX_NUMBER)
    #: who owns a town or city hex (14.1)
    owner: Side | None = None
    #: a German or Soviet friendly map-edge hex (2.1, 13.1)
    edge: Side | None = None
    #: a road leads off the map from this map-edge hex (13.1's supply heads)
    road_off_map: bool = False
    #: the Soviet fronts this hex is a target for (2.1, 14.11)
    target: list[Front] = Field(default_factory=list)
    #: a logistics hex of this front (2.1: shaded yellow for Voronezh, red for Southwest)
    logistics: Front | None = None
    #: the movement arrows printed in the hex (2.1: at most one of each kind per front)
    arrows: list[Arrow] = Field(default_factory=list)
    #: the printed lines this hex lies east of (on the Soviet side of): see ``Line``
    east_of: list[Line] = Field(default_factory=list)
    #: a Soviet Garrison marker in this hex (15.x)
    garrison: bool = False
    #: a Soviet Forward Support marker (13.53)
    forward_support: bool = False
    #: an Improved Position marker (14.2), of the side whose units hold the hex
    ip: bool = False


class HexsideSpec(base.HexsideSpec):
    river: River | None = None
    #: a road crosses this hexside (across a river: a bridge, 10.32)
    road: bool = False
    #: optional: a road crossing a river is always a bridge (10.32); ``true`` confirms it
    bridge: bool | None = None

    @property
    def bridged(self) -> bool:
        """A river hexside a road crosses (10.32)."""
        return bool(self.river and self.road)


class MapSpec(base.MapSpec):
    hexes: dict[str, HexSpec]
    hexsides: dict[str, HexsideSpec] = Field(default_factory=dict)


class Unit(base.Unit):
    id: str
    side: Side
    hex: str
    type: UnitType
    #: the unit selector printed on the counter, e.g. "01" (2.21, 9.1)
    selector: str | None = None
    strength: int = Field(ge=0, le=MAX_NUMBER)
    ma: int = Field(ge=0, le=MAX_NUMBER)
    max_steps: int = Field(default=1, ge=1, le=3)
    steps: int | None = Field(default=None, ge=1, le=3)
    #: Soviet army (Mobile Group Popov counts as one) or German army
    army: str | None = None
    #: German corps
    corps: str | None = None
    front: Front | None = None
    dispersed: bool = False
    supply: Literal["in-supply", "out-of-supply", "isolated"] = "in-supply"
    active: bool = False
    #: a reserve unit (placed from the reserve box this activation, 9.5, 12.2)
    reserve: bool = False
    #: retreated this activation (12.74)
    retreated: bool = False
    #: attacked this activation
    attacked: bool = False

    @field_validator("id", "hex", "selector", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return _hex_text(v)

    @property
    def steps_left(self) -> int:
        return self.max_steps if self.steps is None else self.steps

    @property
    def kind(self) -> str:
        """The book's unit type (2.21): older names read as the type they stand for."""
        return TYPE_ALIASES.get(self.type, self.type)

    @property
    def mechanized(self) -> bool:
        return self.kind in MECHANIZED

    @property
    def armored(self) -> bool:
        return self.kind in ARMORED

    @property
    def supplied(self) -> bool:
        return self.supply == "in-supply"

    @property
    def selector_number(self) -> int | None:
        return int(self.selector) if self.selector and self.selector.isdigit() else None


class ObjectiveMarker(base._Strict):
    """A front or army objective marker on the map (9.1, 9.2, 16.x)."""

    front: Front
    #: the army whose objective this is; none for a front objective
    army: str | None = None
    #: the objective's compass direction printed on the marker (9.24)
    direction: Literal["north", "south", "east", "west"] | None = None
    hex: str
    #: an army objective: the hexes listed on the back of the marker after ``hex``, in
    #: order (9.13: where it goes each time a Soviet unit enters its hex)
    next: list[str] = Field(default_factory=list)
    #: false for an army objective marker still waiting for its army's first activation,
    #: ``hex`` then being the first hex on its back (9.13)
    placed: bool = True

    @field_validator("hex", mode="before")
    @classmethod
    def _hex(cls, v: Any) -> Any:
        return _hex_text(v)

    @field_validator("next", mode="before")
    @classmethod
    def _next(cls, v: Any) -> Any:
        return [_hex_text(h) for h in v] if isinstance(v, list) else v


class Cards(base._Strict):
    """The Soviet cards (8.x), by their printed ids: the command card in play, the
    auxiliary card, and the cards of the draw pile, top card first (8.0, 8.1; how many
    are left: 12.32, 12.54)."""

    command: str | None = None
    auxiliary: str | None = None
    #: card ids of the Soviet draw pile, top card first
    draw_pile: list[str] = Field(default_factory=list, max_length=45)

    @field_validator("draw_pile", mode="before")
    @classmethod
    def _ids(cls, v: Any) -> Any:
        return [_hex_text(c) for c in v] if isinstance(v, list) else v


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
        return _hex_text(v)

    @property
    def steps_left(self) -> int:
        return self.max_steps if self.steps is None else self.steps


class Scenario(base.Scenario):
    game: str
    turn: int = Field(default=1, ge=1, le=MAX_NUMBER)
    #: the ground condition of the game-turn (18.33-18.34)
    weather: Ground = "frozen"
    phasing: Side = "german"
    #: which impulse of the game-turn, when the position is in one
    impulse: int | None = Field(default=None, ge=1, le=MAX_NUMBER)
    #: the Soviet victory point total (9.8, 13.51)
    soviet_vp: int | None = Field(default=None, ge=0, le=MAX_NUMBER)
    map: MapSpec
    units: list[Unit] = Field(default_factory=list)
    objectives: list[ObjectiveMarker] = Field(default_factory=list)
    cards: Cards = Field(default_factory=Cards)
    readings: dict[str, str] = Field(default_factory=dict)

    # --- what the Soviet procedure reads besides the map and its overlays ----------
    # (8.x, 9.x, 12.2-12.6, 15.x: the bot, docs/eak-bot.rst). The printed overlays it
    # uses (targets, arrows, logistics hexes, IP markers) are the hexes' own fields and
    # the draw pile is ``cards.draw_pile``. The component data (cards, combat chits) is
    # read from ``bot_data`` (a file beside the position; the practice set when absent).
    #: Soviet units in the Reserve Units box (9.5, 12.2)
    reserve_box: list[ReserveUnit] = Field(default_factory=list)
    #: hexes in Soviet support; none given: every hex (13.5: all hexes before turn 5)
    support: list[str] | None = None
    #: hexes beyond the current Soviet operational limit (9.8); none: the whole map is in
    beyond_limit: list[str] = Field(default_factory=list)
    #: the Fixed Artillery Range of the game-turn (12.31; printed on the game-turn track,
    #: not in the book): how many hexes beyond the artillery line the Soviet Fixed
    #: Artillery tactic reaches; none: not checked
    far: int | None = Field(default=None, ge=0, le=MAX_NUMBER)
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

    # -- questions every eak module asks of a position --------------------------
    def arrows_from(self, hex_id: str, front: str | None = None
                    ) -> list[tuple[str, str | None]]:
        """(kind, neighbour hex or None off the map) of each arrow in ``hex_id`` in force
        for a unit of ``front`` (an arrow marked for the other front is disregarded)."""
        spec = self.map.hexes.get(hex_id)
        if spec is None:
            return []
        return [(a.kind, toward(self.grid, hex_id, a.to)) for a in spec.arrows
                if a.front is None or front is None or a.front == front]

    def road_hex(self, hex_id: str) -> bool:
        """A hex a road runs through: a road hexside of it, or a road off the map."""
        return hex_id in self._road_hexes

    @cached_property
    def _road_hexes(self) -> frozenset[str]:
        out: set[str] = {h for h, s in self.map.hexes.items() if s.road_off_map}
        for (a, b), side in self._sides():
            if side.road:
                out |= {a, b}
        return frozenset(out)

    def _sides(self) -> list[tuple[tuple[str, str], HexsideSpec]]:
        from adjudicator.hexgrid import parse_hexside_id
        return [(parse_hexside_id(k, self.hex_format), v) for k, v in self.map.hexsides.items()]

    # -- the game's own cross-checks ---------------------------------------------
    def check_hexside(self, path: tuple[str | int, ...], spec: HexsideSpec,
                      add: base.Add) -> None:
        if spec.bridge and not (spec.river and spec.road):
            add((*path, "bridge"), "a bridge is where a road crosses a river (10.32): give "
                "river and road: true on the same hexside")
        if spec.bridge is False and spec.river and spec.road:
            add((*path, "bridge"), "a river hexside a road crosses is bridged (10.32); "
                "drop bridge: false or the road")
        if spec.river == "blocked-dniepr" and spec.road:
            add((*path, "road"), "no road crosses a blocked Dniepr hexside: it can't be "
                "crossed at all (10.31)")

    def check_unit(self, path: tuple[str | int, ...], u: Unit, add: base.Add) -> None:
        if u.steps is not None and u.steps > u.max_steps:
            add((*path, "steps"), f"{u.steps} steps left but max_steps is {u.max_steps}")
        # (a unit salvaged from an invalid entry may lack its other fields)
        side, selector = getattr(u, "side", None), getattr(u, "selector", "")
        if side == "soviet" and selector is None:
            add((*path, "selector"), "a Soviet unit needs its unit selector (2.21, 9.1)")
        if selector and not str(selector).isdigit():
            add((*path, "selector"), f"a unit selector is a number such as 01, got "
                f"'{selector}' (2.21)")
        if side == "german" and getattr(u, "front", None) is not None:
            add((*path, "front"), "only Soviet units belong to a front")

    def check(self, add: base.Add) -> None:
        for i, obj in enumerate(self.objectives):
            if obj.hex not in self.grid:
                add(("objectives", i, "hex"), f"'{obj.hex}' is not on the map")
            if not obj.placed and obj.army is None:
                add(("objectives", i, "placed"), "only an army objective marker waits for "
                    "its army's first activation (9.13)")
            if obj.next and obj.army is None:
                add(("objectives", i, "next"), "only an army objective marker lists further "
                    "hexes (9.13)")
        pile = self.cards.draw_pile
        for i, card in enumerate(pile):
            if card in pile[:i]:
                add(("cards", "draw_pile", i), f"the card {card} is in the draw pile twice")
            elif card in (self.cards.command, self.cards.auxiliary):
                add(("cards", "draw_pile", i), f"the card {card} is in play, not in the "
                    "draw pile")
        for name in ("support", "beyond_limit", "checked_targets"):
            for i, h in enumerate(getattr(self, name) or ()):
                if h not in self.grid:
                    add((name, i), f"'{h}' is not on the map")
        for hid, spec in self.map.hexes.items():
            where = ("map", "hexes", hid)
            if spec.owner and spec.terrain not in ("town", "city"):
                add((*where, "owner"), "only a town or city hex has an owner (14.1)")
            if spec.garrison and any(u.side == "german" for u in self.units_at(hid)):
                add((*where, "garrison"),
                    "a garrison stands only in a hex free of German units (15.1)")
            if spec.edge and hid in self.grid and not self.grid.on_edge(hid):
                add((*where, "edge"), "only a hex on the edge of the map given is a "
                    "map-edge hex (2.1, 13.1)")
            if spec.road_off_map and not spec.edge:
                add((*where, "road_off_map"), "a road leaves the map only from a map-edge "
                    "hex: give edge: german or soviet (13.1)")
            if len(set(spec.target)) != len(spec.target):
                add((*where, "target"), "a front is named twice")
            seen: set[tuple[str, str | None]] = set()
            for j, arrow in enumerate(spec.arrows):
                key = (arrow.kind, arrow.front)
                if key in seen:
                    add((*where, "arrows", j), f"two {arrow.kind} arrows for "
                        f"{arrow.front or 'every front'} in one hex (2.1)")
                seen.add(key)
            for line in spec.east_of:
                if spec.east_of.count(line) > 1:
                    add((*where, "east_of"), f"the line '{line}' is named twice")
                    break
            # the lines run one behind the other: artillery, then west, then far (2.1)
            for inner, outer in (("artillery", "west"), ("west", "far")):
                if inner in spec.east_of and outer not in spec.east_of:
                    add((*where, "east_of"), f"a hex east of the {inner} line is east of "
                        f"the {outer} line too (2.1): add {outer}")
