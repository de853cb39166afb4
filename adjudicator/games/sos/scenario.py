"""Streets of Stalingrad's scenario format: its three map sheets under one hex
numbering, multi-feature hexes, hexside features, off-map boxes, the date and
phase, and units with factors, class, order of battle and state (the core's
scenario models, extended).

Line of sight follows the drawn map (9.33-9.36): a hex's features say what
terrain it holds, and ``blocks_los`` on a hex or hexside records what the
printed map decides where the drawn terrain reaches (or misses) the line;
``los`` on the position lists per-pair rulings for what only the printed map
decides.
"""

from __future__ import annotations

import datetime
from typing import Any, Literal

from pydantic import Field, field_validator

from adjudicator import scenario as base
from adjudicator.hexgrid import HexFormat
from adjudicator.limits import MAX_NUMBER

Side = Literal["german", "soviet"]
#: Map sheets printed with one shared numbering (2.1); informative only.
Sheet = Literal["north", "centre", "south"]
HexFeature = Literal[
    "city",
    "industrial",
    "fortified",
    "suburb",
    "village",
    "forest",
    "balka",
    "cliff",
    "hill-top",
    "slope",
    "slope-top",
    "strong-point",
    "tartar-wall",
    "cemetery",
    "volga",
    # --- zones of control, stacking, isolation, retreats, advances (5.x, 6.x, 9.4x, 9.8x,
    # 19.x): roads and railroads, for 9.883(3) and the terrain chart's road rate
    "road",
    "railroad",
]
HexsideFeature = Literal["balka", "cliff", "tartar-wall", "rail-cut", "rail-embankment",
                         "bridge", "road"]
UnitClass = Literal[
    "infantry", "engineer", "armor", "assault-gun", "at-gun", "aa-gun", "mortar",
    "artillery", "rocket", "op", "leader", "commissar", "sniper", "mine-dog", "transport",
    "flotilla", "tank-repair", "minefield", "fortification", "bridge", "stuka",
    # --- zones of control, stacking, retreats (6.1, 16.6): the Soviet armored trains
    "armored-train",
]
#: How a unit moves, for the terrain chart and 9.48: foot (MP 8, dismounted units too),
#: towed (MP 12 or 15), motorized (MP 24 or 28), armored (tanks, StuGs, armored cars).
Mobility = Literal["foot", "towed", "motorized", "armored"]
#: Four-digit ids, columns 01-38 growing east, rows 01-79 growing south (2.1).
SOS_FORMAT = HexFormat()
MAX_COLUMN, MAX_ROW = 38, 79


#: The blocking terrain a hex may hold a crossing verdict for (8.12, Appendices A and B), and
#: the Volga cliffs (balka/cliff terrain, 8.67; 9.33: a line across them is blocked).
CrossingFeature = Literal["balka", "tartar-wall", "rail-cut", "rail-embankment", "cliff"]


def _ids_as_text(v: Any) -> Any:
    """A list of hex ids written as bare numbers (YAML reads 1039 as an int) as text, so
    the id check sees the digits; anything else is left for the field's own check."""
    if isinstance(v, list):
        return [x if not isinstance(x, int) or isinstance(x, bool) else str(x) for x in v]
    return v


def _on_map(hex_id: str) -> bool:
    col, row = SOS_FORMAT.parse(hex_id)
    return 1 <= col <= MAX_COLUMN and 1 <= row <= MAX_ROW


class Crossing(base._Strict):
    """A blocking feature drawn through two or more sides of this hex (8.12): ``through``
    names the neighbours across those sides (on the position or not); a vehicle passing
    through the hex from one bank to another crosses it. ``vehicles``: ``blocked``
    (Appendix A) or ``cross`` (Appendix B); unset, the appendices decide, else 8.12
    (blocked; for a cliff 8.67, by the reading 8.12#cliff). A line of sight passing
    through the hex from one bank of a cliff or the Tartar Wall to another is blocked
    (9.33)."""

    feature: CrossingFeature
    through: list[str] = Field(min_length=2, max_length=6)
    vehicles: Literal["blocked", "cross"] | None = None

    @field_validator("through", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return _ids_as_text(v)


class HexSpec(base.HexSpec):
    terrain: Literal["clear", "volga"] = "clear"
    features: list[HexFeature] = Field(default_factory=list)
    sheet: Sheet | None = None
    #: A hill top's printed height, e.g. "102.0" (14.25-14.26).
    height: str | None = None
    #: A Volga hex's printed range number to each East Bank box (box id -> hexes).
    volga_range: dict[str, int] = Field(default_factory=dict)
    #: The printed map's verdict for lines through this hex: true, its drawn blocking
    #: terrain reaches every line through it; false, none does. Unset: its features decide.
    blocks_los: bool | None = None
    control: Side | None = None
    # --- markers: zones of control, retreats, advances, fire combat, breakthroughs (6.6,
    # 9.41, 9.48, 9.64, 9.87, 10.2-10.7, 14.84) ---
    #: "attack": an attack marker (9.41, 9.64, 9.72, 9.87, 11.4); "bombarded": bombarded
    #: this phase (9.87)
    markers: list[Literal["attack", "bombarded"]] = Field(default_factory=list)
    #: the side whose successful breakthrough attack put a "breakthru" marker here (10.7)
    breakthru: Side | None = None
    #: points of IF explosion markers and Stukas on the hex, whether they fired on it this
    #: phase or were left on it to interdict it (9.48, 14.84)
    explosions: int = Field(default=0, ge=0, le=MAX_NUMBER)
    #: those explosion points were left on the hex as interdiction: they used neither the
    #: CRT nor the WBBT against it (14.41, 14.84); no breakthrough attack against it (10.2)
    interdicted: bool = False
    #: a breakthrough attack was already made against this hex this phase (10.4)
    breakthrough_tried: bool = False
    # --- vehicle crossings (8.12, Appendices A and B; 9.48, 9.86, 9.87) ---
    #: blocking features drawn through two or more of its sides
    crossings: list[Crossing] = Field(default_factory=list)
    #: a river-landing arrow points to it: Soviet vehicles may cross its balka (8.67)
    river_landing: bool = False


class HexsideSpec(base.HexsideSpec):
    features: list[HexsideFeature] = Field(default_factory=list)
    #: The printed map's verdict for lines crossing or running along this hexside.
    blocks_los: bool | None = None


class Box(base.EntryArea):
    """An off-map box (8.4): the East Bank boxes, reinforcement and other boxes."""

    side: Literal["german", "soviet", "neutral"]
    kind: Literal["east-bank", "off-map"] = "off-map"
    hexes: list[str] = Field(default_factory=list)


class MapSpec(base.MapSpec):
    hexes: dict[str, HexSpec]
    hexsides: dict[str, HexsideSpec] = Field(default_factory=dict)
    entry_areas: dict[str, Box] = Field(default_factory=dict)


class OrderOfBattle(base._Strict):
    battalion: str | None = None
    regiment: str | None = None
    #: the division, or the brigade for units of a brigade (9.73 counts both alike)
    division: str | None = None
    corps: str | None = None
    # -- unit integrity (9.73) ------------------------------------------------------
    #: an independent unit: a cross or star on its back, no formation flag (9.73)
    independent: bool = False


class SpotRecord(base._Strict):
    """What a unit has spotted so far in a phase (14.22, 14.24): the target hexes, the IF
    artillery units it spotted for and their AF points. The limits are per phase: a record
    whose ``phase`` is not the position's phase is past and counts for nothing."""

    phase: int = Field(ge=1, le=15)
    hexes: list[str] = Field(default_factory=list)
    if_units: int = Field(default=0, ge=0, le=MAX_NUMBER)
    af: int = Field(default=0, ge=0, le=MAX_NUMBER)

    @field_validator("hexes", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return _ids_as_text(v)


class Unit(base.Unit):
    id: str
    side: Side
    hex: str
    unit_class: UnitClass = Field(alias="class")  # type: ignore[valid-type]
    #: Printed factors: attack, defense, range (hexes) and movement.
    attack: int = Field(default=0, ge=0, le=MAX_NUMBER)
    defense: int = Field(default=0, ge=0, le=MAX_NUMBER)
    range: int = Field(default=0, ge=0, le=MAX_NUMBER)
    movement: int = Field(default=0, ge=0, le=MAX_NUMBER)
    oob: OrderOfBattle = Field(default_factory=OrderOfBattle)
    hidden: bool = False
    pinned: bool = False
    spent: bool = False
    isolation: int = Field(default=0, ge=0, le=MAX_NUMBER)
    dismounted: bool = False
    # --- zones of control, stacking, isolation, retreats, advances, fire combat (5.x,
    # 6.x, 9.x, 10.x, 11.x, 19.x) ---
    #: a named unit's printed name (Pavlov, Herman, Zaitsev: 9.44, 9.71, 16.13)
    name: str | None = None
    #: troop quality printed on the counter: Guards, Marine or NKVD (9.44, 9.71-9.73,
    #: 9.884, 16.8, 19.x)
    troops: Literal["regular", "guards", "marine", "nkvd"] = "regular"
    #: a Soviet immobilized tank (9.881, 9.882)
    immobilized: bool = False
    #: it has used opportunity fire in the current phase, or, for a unit defending in an
    #: Attack or Exploit Attack Phase, in the enemy movement phase before it: it may not
    #: opportunity fire again this phase (11.2) nor retreat before combat (9.46)
    opportunity_fired: bool = False
    #: how it moves; by default from its class, movement factor and dismounted state
    mobility: Mobility | None = None
    #: the AF is underlined: an anti-tank weapon (9.13, 9.94)
    underlined: bool = False
    #: the AF is printed in red: a German combat engineer or Soviet flame-thrower whose
    #: attack DRM applies (9.71, 9.82)
    red_af: bool = False
    #: it moved earlier in the current turn's movement phase (9.101)
    moved: bool = False
    #: a German Luftwaffe (LW) OP, which spots for Stukas only (14.21)
    luftwaffe: bool = False
    # --- spotting limits (14.22, 14.24) ---
    #: what it has spotted in the current phase (a record of another phase is past)
    spotting: SpotRecord | None = None
    # --- OP timing (14.94, 14.96) ---
    #: the phase (1-15) it was pinned in: an OP pinned in the position's phase still spots
    #: in it; without it a pinned OP was pinned at the start of the phase (14.94)
    pinned_phase: int | None = Field(default=None, ge=1, le=15)
    #: the phase (1-15) it last moved or advanced after combat in: an OP does not spot in
    #: the phase right after (14.96)
    moved_phase: int | None = Field(default=None, ge=1, le=15)

    @property
    def moves_as(self) -> str:
        """Its mobility: given, or foot when dismounted (9.96), armored for tanks and
        StuGs, towed for MP 12 or 15, motorized for MP 24 and more, else foot."""
        if self.mobility:
            return self.mobility
        if self.dismounted:
            return "foot"
        if self.unit_class in ("armor", "assault-gun", "armored-train"):
            return "armored"
        if self.movement in (12, 15):
            return "towed"
        if self.movement >= 24:
            return "motorized"
        return "foot"

    @field_validator("id", "hex", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return v if not isinstance(v, int) or isinstance(v, bool) else str(v)


class LosRuling(base._Strict):
    """A per-pair ruling from the printed map: the line between two hexes is clear
    or blocked whatever the features say (either direction, 9.31)."""

    between: list[str] = Field(min_length=2, max_length=2)
    clear: bool
    note: str | None = None

    @field_validator("between", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return _ids_as_text(v)


#: The unit kinds only the Soviet side has, with the rules that make them so: the
#: Soviet special units of chapter 16 (whose stacking limits 5.5 marks "Soviet only")
#: and the commissars among the Soviet leaders (18.21).
SOVIET_ONLY: dict[str, tuple[str, str]] = {
    "sniper": ("Soviet snipers", "5.5, 16.1"),
    "mine-dog": ("Soviet mine dogs", "5.5, 16.2"),
    "transport": ("Soviet transport units", "5.5, 16.4"),
    "flotilla": ("Soviet River Flotilla units", "5.5, 16.5"),
    "armored-train": ("Soviet armored trains", "16.6"),
    "tank-repair": ("the Soviet tank repair unit", "5.5, 16.7"),
    "commissar": ("Soviet leaders", "18.21"),
}


class Scenario(base.Scenario):
    hex_format = SOS_FORMAT

    game: str
    turn: int = Field(default=1, ge=1, le=MAX_NUMBER)
    date: datetime.date | None = None
    #: The phase of the turn, 1 to 15 (4.1, 4.3).
    phase: int = Field(default=1, ge=1, le=15)
    weather: Literal["clear"] = "clear"
    phasing: Side = "german"
    map: MapSpec
    units: list[Unit] = Field(default_factory=list)
    los: list[LosRuling] = Field(default_factory=list)

    def check_unit(self, path: tuple[str | int, ...], unit: Unit, add: base.Add) -> None:
        # Guards and Marine infantry (9.44, 9.71, 12.5, 20.4) and NKVD units (16.8) are
        # Soviet troops only: the German order of battle has none.
        side = getattr(unit, "side", None)  # absent from a unit salvaged from bad input
        troops = getattr(unit, "troops", "regular")
        if side == "german" and troops != "regular":
            add((*path, "troops"), f"'{troops}' troops are Soviet (9.44, 16.8): a "
                "German unit's troops are regular")
        # The Soviet special units (chapter 16) and commissars: the German order of
        # battle has none.
        cls = getattr(unit, "unit_class", None)
        if side == "german" and cls in SOVIET_ONLY:
            who, rules = SOVIET_ONLY[cls]
            add((*path, "class"), f"'{cls}' units are {who} only ({rules}): the German "
                "side has none")
        # 15.1: Stukas are German air support.
        if side == "soviet" and cls == "stuka":
            add((*path, "class"), "Stukas are German air support (15.1): the Soviet side "
                "has none")
        # 14.21: the Luftwaffe OPs are German OP units.
        if getattr(unit, "luftwaffe", False) and (side != "german" or cls != "op"):
            add((*path, "luftwaffe"), "a Luftwaffe OP is a German OP unit (14.21)")
        if getattr(unit, "pinned_phase", None) is not None and not getattr(unit, "pinned",
                                                                            False):
            add((*path, "pinned_phase"), "pinned_phase is the phase a pinned unit was "
                "pinned in: give pinned: true too (14.94)")
        rec = getattr(unit, "spotting", None)
        if rec is not None:
            for j, h in enumerate(rec.hexes):
                if not SOS_FORMAT.is_id(h):
                    add((*path, "spotting", "hexes", j), f"'{h}' is not a hex id")
        # 16.3: only Soviet tanks become immobilized tanks (not armored cars, armored
        # trains or armored leaders).
        if getattr(unit, "immobilized", False):
            if side == "german":
                add((*path, "immobilized"), "immobilized tanks are Soviet only (16.3): a "
                    "German unit is never immobilized")
            elif cls != "armor":
                add((*path, "immobilized"), f"only Soviet tanks become immobilized tanks "
                    f"(16.3): a '{cls}' unit is never immobilized")

    def _check_crossings(self, hid: str, spec: HexSpec, add: base.Add) -> None:
        seen: set[str] = set()
        for i, c in enumerate(spec.crossings):
            path = ("map", "hexes", hid, "crossings", i)
            if c.feature in seen:
                add((*path, "feature"), f"a second '{c.feature}' crossing: give each "
                    "feature once, with every side it runs through")
            seen.add(c.feature)
            if len(set(c.through)) != len(c.through):
                add((*path, "through"), "a side is named twice")
            for j, n in enumerate(c.through):
                # a neighbour off the position (the feature runs on beyond its edge) may be
                # named, as long as it is a hex of the printed numbering
                if not SOS_FORMAT.is_id(n):
                    add((*path, "through", j), f"'{n}' is not a hex id")
                elif n not in self.map.hexes and not _on_map(n):
                    add((*path, "through", j), f"'{n}' is off the map: columns run "
                        f"01-{MAX_COLUMN}, rows 01-{MAX_ROW}")
                elif self.grid.cube(hid).distance(self.grid.cube(n)) != 1:
                    add((*path, "through", j), f"'{n}' is not next to {hid}: through names "
                        "the neighbours across the sides the feature runs through (8.12)")

    def check(self, add: base.Add) -> None:
        for hid, spec in self.map.hexes.items():
            col, row = SOS_FORMAT.parse(hid)
            if not (1 <= col <= MAX_COLUMN and 1 <= row <= MAX_ROW):
                add(("map", "hexes", hid), f"hex {hid} is off the map: columns run "
                    f"01-{MAX_COLUMN}, rows 01-{MAX_ROW}")
            if spec.volga_range and "volga" not in spec.features and spec.terrain != "volga":
                add(("map", "hexes", hid, "volga_range"), "range numbers belong to Volga hexes")
            for box in spec.volga_range:
                area = self.map.entry_areas.get(box)
                if area is None or area.kind != "east-bank":
                    add(("map", "hexes", hid, "volga_range", box),
                        f"'{box}' is not an East Bank box of this position")
            if spec.height and "hill-top" not in spec.features:
                add(("map", "hexes", hid, "height"), "a height is printed on hill tops only")
            if spec.interdicted and not spec.explosions:
                add(("map", "hexes", hid, "interdicted"), "interdiction is IF explosion "
                    "markers or Stukas left on the hex (14.84): give their points in "
                    "explosions")
            self._check_crossings(hid, spec, add)
        for i, r in enumerate(self.los):
            for j, h in enumerate(r.between):
                if h not in self.map.hexes:
                    add(("los", i, "between", j), f"'{h}' is not a map hex")
            if r.between[0] == r.between[1]:
                add(("los", i, "between"), "a ruling joins two different hexes")
