"""Stalingrad '42's scenario format: its terrain, hexside features, units, markers,
weather and supply sources (the core's scenario models, extended).

The loader (``adjudicator.scenario``) validates a file whose ``game`` is ``s42``
against ``Scenario`` here; every other rule of the file format (line numbers,
hex ids as typed, ``FILE:LINE: PATH: message``) is the core's.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from adjudicator import scenario as base
from adjudicator.limits import MAX_NUMBER

Side = Literal["axis", "soviet"]
Terrain = Literal[
    "clear",
    "desert",
    "woods",
    "rough",
    "wooded-rough",
    "marsh",
    "seasonal-marsh",
    "mountain",
    "alpine",
]
Weather = Literal["clear", "overcast", "overcast-w", "rain", "mud", "snow"]

NON_MECHANIZED_TYPES = (
    "infantry",
    "security",
    "jager",
    "naval-infantry",
    "mountain",
    "bicycle",
    "nkvd",
    "engineer",
    "cavalry",
    "sturm",
    "ski",
)
MECHANIZED_TYPES = (
    "tank",
    "panzer",
    "mechanized",
    "panzergrenadier",
    "tank-destroyer",
    "motorized",
    "artillery",
    "army-hq",
    "front-hq",
    "sturmgeschutz",
)
NON_COMBAT_TYPES = ("supply-point", "leader", "soviet-army-hq", "reserve-army")
#: Artillery Support Units (18.2): artillery and the 4th Panzer Army HQs.
ASU_TYPES = ("artillery", "army-hq", "front-hq")
UNIT_TYPES = NON_MECHANIZED_TYPES + MECHANIZED_TYPES + NON_COMBAT_TYPES
UnitType = Literal[UNIT_TYPES]  # type: ignore[valid-type]


class HexSpec(base.HexSpec):
    terrain: Terrain = "clear"
    city: Literal["major", "minor"] | None = None
    town: bool = False
    vp: int = Field(default=0, ge=0, le=MAX_NUMBER)
    port: bool = False
    control: Side | None = None
    fortification: Literal["printed", "built", "under-construction"] | None = None
    #: Not in contract v1: the City Battle marker level on this city hex (11.6.2): 0, 1 or 2.
    city_battle: int = Field(default=0, ge=0, le=2)
    # -- Not in contract v1 (supply, chapters 16-17); all optional. --
    #: The sea a port lies on (16.2.3-16.2.5): black, azov, or kerch (the Kerch Strait, Taman).
    sea: Literal["black", "azov", "kerch"] | None = None
    #: The port whose holder commands its sea when he can also supply it (Temryuk, 16.2.4).
    naval_base: bool = False
    #: A printed Landmark (9.3.5, 16.5.4).
    landmark: bool = False
    #: The railroad in this hex is not yet repaired for the Axis (17.1, 17.2, 17.4).
    rail_unrepaired: bool = False
    #: Movement: an Axis Railhead marker stands here (17.2.1); Soviet rail movement
    #: never enters it (5.6.3).
    railhead: bool = False


class HexsideSpec(base.HexsideSpec):
    river: Literal["minor", "major", "volga"] | None = None
    bridge: Literal["road", "rail", "ferry"] | None = None
    road: Literal["primary", "secondary"] | None = None
    rail: bool = False
    impassable: bool = False
    lake: bool = False
    alpine: bool = False
    #: Not in contract v1: force a river or lake hexside frozen or unfrozen.
    #: By default major rivers (not the Volga) and lakes freeze on Winter turns (23.4).
    frozen: bool | None = None
    #: Movement: the Volga Flotilla marker (5.5.3): a Soviet crossing site of the Volga
    #: that acts as a ferry, on a Volga hexside in or north of hex 5622.
    flotilla: bool = False


class EntryArea(base.EntryArea):
    side: Literal["axis", "soviet", "neutral"]
    hexes: list[str] = Field(default_factory=list)
    #: Movement: the edge hexes a road leads into from this area, with the road's kind
    #: (22.3.1: a mechanized unit re-entering the map there may use the road rate).
    roads: dict[str, Literal["primary", "secondary"]] = Field(default_factory=dict)


class MapSpec(base.MapSpec):
    hexes: dict[str, HexSpec]
    hexsides: dict[str, HexsideSpec] = Field(default_factory=dict)
    entry_areas: dict[str, EntryArea] = Field(default_factory=dict)


class Unit(base.Unit):
    id: str
    side: Side
    hex: str
    type: UnitType  # type: ignore[valid-type]
    attack: int = Field(ge=0, le=MAX_NUMBER)
    defense: int = Field(ge=0, le=MAX_NUMBER)
    ma: int = Field(ge=0, le=MAX_NUMBER)
    max_steps: int = Field(default=1, ge=1, le=MAX_NUMBER)
    steps: int | None = Field(default=None, ge=1, le=MAX_NUMBER)
    free_stacking: bool = False
    tank: Literal["none", "black", "red", "white"] = "none"
    tq: Literal["elite", "normal", "low"] = "normal"
    status: Literal["good-order", "disrupted", "full-retreat"] = "good-order"
    train: bool = False
    retreated: bool = False
    supply: Literal["in-supply", "out-of-supply", "isolated"] = "in-supply"
    # -- Not in contract v1 (combat, chapters 8-11, 18, 20.5, 21.4, 28); all optional. --
    #: Axis nationality (2.3.4, 20.5): german (the default for Axis units), romanian,
    #: hungarian, italian, slovakian, croatian or ncv (North Caucasian Volunteers).
    nationality: Literal[
        "german", "romanian", "hungarian", "italian", "slovakian", "croatian", "ncv", "soviet"
    ] | None = None
    #: Defense strength printed in parentheses on the counter (9.8).
    parenthesized: bool = False
    #: Has attacked earlier in this Combat Phase (8.1).
    attacked: bool = False
    #: Has been attacked earlier in this Combat Phase (8.1).
    defended: bool = False
    #: Carries a Replacement marker (21.4).
    replacement: bool = False
    #: ASU or leader on its Used side (18.2.1, 28.1.1).
    used: bool = False
    #: Range printed on an ASU or leader counter, in hexes (18.4, 28.1.2).
    range: int | None = Field(default=None, ge=0, le=MAX_NUMBER)
    #: Movement: the MA is printed in a black box, so no Extended Movement (2.3.2, 5.3).
    ma_boxed: bool = False
    #: Movement: a Soviet Garrison unit (blue Unit Type box, 20.4): it stays put until
    #: an Axis combat unit comes within five hexes.
    garrison: bool = False
    #: Movement: a Soviet North Caucasus unit held until its release (20.6).
    north_caucasus: bool = False
    #: Movement: the hold of 20.4 or 20.6 on this unit was lifted earlier in the game.
    released: bool = False
    #: Movement: an Axis Plan Blucher unit (20.7): it leaves entry area W only across
    #: the Kerch Strait.
    blucher: bool = False
    #: Movement: a North Caucasian Volunteer unit placed this turn (20.8): it moves one
    #: hex only.
    arriving: bool = False
    #: Movement: which Soviet Army HQ this is (4.3, 20.1): the 1st Guards and 5th Shock
    #: Armies take at most two tank or mechanized corps.
    army: Literal["1st-guards", "5th-shock", "tank"] | None = None

    @field_validator("id", "hex", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)

    @property
    def steps_left(self) -> int:
        return self.max_steps if self.steps is None else self.steps

    @property
    def is_combat(self) -> bool:
        """Combat units have a defense strength above zero (2.3.1, 19.1)."""
        return self.defense > 0 and self.type not in NON_COMBAT_TYPES

    @property
    def is_mechanized(self) -> bool:
        return self.type in MECHANIZED_TYPES

    @property
    def is_asu(self) -> bool:
        return self.type in ASU_TYPES


class SupplySourceSpec(base._Strict):
    """Not in contract v1: a Supply Source a scenario's special rules name (16.2, S1-S4)."""

    side: Side
    #: A hex id, or the id of an entry area that becomes a source for ``side``.
    hex: str
    note: str | None = None

    @field_validator("hex", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)


class MovesUsed(base._Strict):
    """Movement: what the phasing player has already used this Movement Phase."""

    #: Units moved by rail so far (5.6.2: four a turn, leaders not counted).
    rail: int = Field(default=0, ge=0, le=MAX_NUMBER)
    #: Of them, units that started on a map hex (5.6.2: one a turn).
    rail_map: int = Field(default=0, ge=0, le=MAX_NUMBER)
    #: Seas whose Shipping Paths a unit has used (5.7.1: one unit per sea a turn).
    sea: list[Literal["black", "azov"]] = Field(default_factory=list)
    #: Units that crossed the Kerch Strait (5.7.2: one a turn).
    kerch: int = Field(default=0, ge=0, le=MAX_NUMBER)
    #: Units that used the Vladimirovka rail ferry (5.5.7: one a turn).
    ferry: int = Field(default=0, ge=0, le=MAX_NUMBER)


class Scenario(base.Scenario):
    game: str
    turn: int = Field(default=1, ge=1, le=MAX_NUMBER)
    weather: Weather = "clear"
    phasing: Side = "axis"
    map: MapSpec
    units: list[Unit] = Field(default_factory=list)
    readings: dict[str, str] = Field(default_factory=dict)
    #: Not in contract v1: extra Supply Sources named by the scenario's special rules.
    supply_sources: list[SupplySourceSpec] = Field(default_factory=list)
    #: Not in contract v1: movement already used this Movement Phase (5.5.7, 5.6.2, 5.7).
    moves_used: MovesUsed = Field(default_factory=MovesUsed)

    @property
    def winter(self) -> bool:
        """The Russian Winter begins on Turn 28 (23.4)."""
        return self.turn >= 28

    def check_hexside(self, path: tuple[str | int, ...], spec: HexsideSpec,
                      add: base.Add) -> None:
        if spec.bridge and not spec.river:
            add((*path, "bridge"), "a bridge needs a river on the same hexside")
        elif spec.bridge == "road" and spec.river == "volga":
            add((*path, "bridge"), "the Volga has no road bridges: it is crossed only at "
                "a ferry or the Saratov rail bridge (5.5.3); use bridge: ferry or rail")

    def check_unit(self, path: tuple[str | int, ...], u: Unit, add: base.Add) -> None:
        if u.steps is not None and u.steps > u.max_steps:
            add((*path, "steps"), f"{u.steps} steps left but max_steps is {u.max_steps}")
        if u.army and u.type != "soviet-army-hq":
            add((*path, "army"), "only a soviet-army-hq names its army (4.3, 20.1)")
        if u.arriving and u.nationality != "ncv":
            add((*path, "arriving"), "only North Caucasian Volunteers (nationality: ncv) "
                "arrive under 20.8")
        for flag, side in (("garrison", "soviet"), ("north_caucasus", "soviet"),
                           ("blucher", "axis")):
            if getattr(u, flag) and u.side != side:
                add((*path, flag), f"only {side} units are {flag.replace('_', ' ')} units")

    def check(self, add: base.Add) -> None:
        grid = self.grid
        for i, src in enumerate(self.supply_sources):
            if src.hex not in grid and src.hex not in self.map.entry_areas:
                add(("supply_sources", i, "hex"),
                    f"'{src.hex}' is neither a map hex nor an entry area")
        flotillas = [k for k, v in self.map.hexsides.items() if v.flotilla]
        for key in flotillas:
            if self.map.hexsides[key].river != "volga":
                add(("map", "hexsides", key, "flotilla"),
                    "the Volga Flotilla marker goes on a Volga hexside (5.5.3)")
        if len(flotillas) > 1:
            add(("map", "hexsides", flotillas[1], "flotilla"),
                "there is one Volga Flotilla marker (5.5.3)")
        for aid, area in self.map.entry_areas.items():
            for h in area.roads:
                if h not in area.hexes:
                    add(("map", "entry_areas", aid, "roads", h),
                        f"'{h}' is not one of the area's hexes")
        for hid, spec in self.map.hexes.items():
            if spec.sea and not spec.port:
                add(("map", "hexes", hid, "sea"), "a sea is given only for a port (16.2.3)")
