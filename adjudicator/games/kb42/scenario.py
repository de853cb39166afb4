"""Kharkov Battles' scenario format: KB map hex ids, terrain and hexside vocabularies,
unit fields and supply sources (the core's scenario models, extended).

Hex ids are printed ``KB`` + a two-digit row + a two-digit column (``KB3617``, Kharkov).
The rulebook fixes that rows grow northward (KB49xx lies north of KB29xx, 20.3) and
columns eastward (Poltava KB3505 lies west of Kharkov KB3617, 20.3); it prints no
adjacency example, so the grid orientation (``map.orientation``: ``pointy``, the default,
hexes lying in east-west rows; or ``flat``) and offset (``map.shifted``: which rows, or
columns, sit half a hex further east, or south) are map properties a player sets to match
his map. The Third Kharkov play area is rows 30 to 48 (20.3).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Literal

from pydantic import Field, field_validator

from adjudicator import scenario as base
from adjudicator.hexgrid import HexFormat, HexGrid
from adjudicator.limits import MAX_NUMBER

Side = Literal["axis", "soviet"]
Terrain = Literal["clear", "woods", "rough", "marsh", "prohibited"]
Weather = Literal["clear", "mud", "freeze"]

#: Mechanized units (2.5): tank/assault gun and mechanized/motorized infantry.
MECHANIZED_TYPES = ("tank", "assault-gun", "mechanized", "motorized", "panzergrenadier")
#: Non-mechanized units (2.5): cavalry, infantry of every kind, security, HQs.
NON_MECHANIZED_TYPES = ("infantry", "light-infantry", "mountain", "ski", "security",
                        "cavalry", "nkvd", "hq")
#: Mechanized units shown by a vehicle silhouette only (12.33): tanks and assault guns.
SILHOUETTE_TYPES = ("tank", "assault-gun")
UNIT_TYPES = MECHANIZED_TYPES + NON_MECHANIZED_TYPES
UnitType = Literal[UNIT_TYPES]  # type: ignore[valid-type]

#: The KB map's ids as the text fixes them: rows first, growing north; columns east.
ROW_FIRST = dict(prefix="KB", first="row", digits=2, columns_grow="east", rows_grow="north")
#: The play area of the Third Kharkov scenario (20.3): rows 30 to 48.
PLAY_AREA_ROWS = (30, 48)


def hex_format(orientation: str = "pointy") -> HexFormat:
    """The KB id format with the grid orientation a map chooses."""
    return _FORMATS[orientation]


_FORMATS = {o: HexFormat(orientation=o, **ROW_FIRST) for o in ("pointy", "flat")}


class HexSpec(base.HexSpec):
    terrain: Terrain = "clear"
    city: Literal["major", "minor"] | None = None
    town: bool = False
    #: a Fortified Zone and the side it benefits (18.1)
    fz: Side | None = None
    #: a supply source printed on the map for this side (8.2, 20.1)
    supply_source: Side | None = None
    #: the side that owns the hex (2.3)
    control: Side | None = None
    #: a Rubble marker (5.41): one column to the left for its defenders (5.44)
    rubble: bool = False


class HexsideSpec(base.HexsideSpec):
    #: ``dnepr`` is the Dnepr River (7.15, 8.11); ``major`` a Major River (7.26, 7.31)
    river: Literal["minor", "major", "dnepr"] | None = None
    #: road and rail bridges are printed; pontoon bridges are markers (18.21)
    bridge: Literal["road", "rail", "pontoon"] | None = None
    impassable: bool = False
    #: a road or railroad crosses the hexside (12.33: silhouette units attack into Marsh
    #: only across one)
    road: bool = False


class MapSpec(base.MapSpec):
    #: ``pointy``: hexes lying in east-west rows (the default); ``flat``: standing in columns
    orientation: Literal["pointy", "flat"] = "pointy"
    hexes: dict[str, HexSpec]
    hexsides: dict[str, HexsideSpec] = Field(default_factory=dict)

    @property
    def hex_format(self) -> HexFormat:
        return hex_format(self.orientation)

    def grid(self) -> HexGrid:
        return HexGrid.of(self.hexes, self.shifted, self.hex_format)


class SupplySource(base._Strict):
    side: Side
    hex: str

    @field_validator("hex", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)


class Unit(base.Unit):
    side: Side
    type: UnitType  # type: ignore[valid-type]
    #: combat strength as printed or from its Strength Chit (2.6)
    strength: int = Field(default=1, ge=0, le=MAX_NUMBER)
    max_steps: int = Field(default=1, ge=1, le=MAX_NUMBER)
    steps: int | None = Field(default=None, ge=1, le=MAX_NUMBER)
    #: a white band across the counter: a combat unit without a ZOC (2.4)
    white_band: bool = False
    #: reduced to cadre status (2.4, 7.13)
    cadre: bool = False
    #: the mechanized division a regiment belongs to (8.34)
    division: str | None = None
    #: its supply state as marked at the start of the MSDP (8.3)
    supply: Literal["operational", "oos", "isolated"] = "operational"
    #: its Armor Band (2.9): blue (almost all AFVs) or yellow (AFVs and infantry)
    armor_band: Literal["blue", "yellow"] | None = None
    #: its size symbol is printed on white: half a multi-step unit for 6.21
    white_size: bool = False
    #: a Soviet Guards (or NKVD) rifle division: one step for 6.21
    guards: bool = False
    #: a Disorganized marker (11.28): strength halved in the next friendly Combat Phase
    disorganized: bool = False
    #: a regiment of a division with an attached panzer battalion (12.42: two of its
    #: regiments in one combat qualify for a Combined Arms Bonus)
    attached_armor: bool = False
    #: Axis support (9.3): full, limited (a Limited Support marker) or none
    support: Literal["full", "limited", "none"] = "full"

    @property
    def steps_left(self) -> int:
        return self.max_steps if self.steps is None else self.steps

    @property
    def mechanized(self) -> bool:
        return self.type in MECHANIZED_TYPES

    @property
    def silhouette(self) -> bool:
        return self.type in SILHOUETTE_TYPES


class Scenario(base.Scenario):
    hex_format = hex_format("pointy")

    weather: Weather = "clear"
    phasing: Side
    map: MapSpec
    units: list[Unit] = Field(default_factory=list)
    #: supply sources of the scenario rules (8.2), besides those marked on the map
    supply_sources: list[SupplySource] = Field(default_factory=list)

    @cached_property
    def grid(self) -> HexGrid:
        return self.map.grid()

    def model_post_init(self, context: Any) -> None:
        # The map's orientation decides the id format the loader checks ids against.
        object.__setattr__(self, "hex_format", self.map.hex_format)

    def check_hexside(self, path, spec: HexsideSpec, add) -> None:
        if spec.bridge and spec.river not in ("major", "dnepr"):
            add((*path, "bridge"), "a bridge crosses a major river or the Dnepr; this hexside "
                                   "has none (give its river)")

    def check_unit(self, path, unit: Unit, add) -> None:
        if unit.steps is not None and unit.steps > unit.max_steps:
            add((*path, "steps"), f"{unit.steps} steps left but only {unit.max_steps} in all")

    def check(self, add) -> None:
        for i, src in enumerate(self.supply_sources):
            if src.hex not in self.grid:
                add(("supply_sources", i, "hex"), f"'{src.hex}' is not on the map")
        sides: dict[str, set[str]] = {}
        for u in self.units:
            sides.setdefault(u.hex, set()).add(u.side)
        index = self.__dict__.get("_unit_index") or list(range(len(self.units)))
        reported = set()
        for i, u in zip(index, self.units, strict=True):
            if len(sides.get(u.hex, ())) > 1 and u.hex not in reported:
                reported.add(u.hex)
                add(("units", i, "hex"), f"units of both sides share hex {u.hex}")
