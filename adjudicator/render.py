"""SVG pictures of a position: terrain, hexside features, units, and overlays.

The grid, the terrain and the counters are drawn here; what a game's hexes, hexsides and
counters show is drawn by its ``Style`` (``adjudicator/games/<game>/picture.py``).
Rule areas add what they know through ``Layer`` objects: shaded hexes, lines
between hex centres (bonds, paths), hexside marks and labels. The ``show``
command collects layers from every module of the position's game's overlays package
(``adjudicator/games/<game>/overlays/``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from html import escape

from adjudicator.hexgrid import parse_hexside_id
from adjudicator.scenario import Scenario

SIZE = 30.0  # hex radius in px
MARGIN = 60.0

TERRAIN_FILL = {
    "clear": "#f4efd8",
    "desert": "#ead9a4",
    "woods": "#b9d7a1",
    "rough": "#d6c2a0",
    "wooded-rough": "#a9bf8d",
    "marsh": "#b7d3d0",
    "seasonal-marsh": "#d3e2cf",
    "mountain": "#c4a98a",
    "alpine": "#e8e8ee",
}
SIDE_FILL = {"axis": "#8c9aa8", "soviet": "#c8644b", "neutral": "#bbbbbb"}
SIDE_ZOC = {"axis": "#38546e", "soviet": "#9a2e1c"}


@dataclass
class Line:
    a: str  # hex id or entry-area id
    b: str
    colour: str
    width: float = 3.0
    dash: str | None = None
    title: str = ""


@dataclass
class Mark:
    """A hexside drawn over (e.g. a bond closing it)."""

    hexside: str
    colour: str
    width: float = 5.0
    dash: str | None = None
    title: str = ""


@dataclass
class Shade:
    hex: str
    colour: str
    opacity: float = 0.3
    title: str = ""
    pattern: str | None = None  # "hatch-<side>" for ZOC hatching


@dataclass
class ShowParams:
    """What the player asked ``show`` to draw beyond the position itself.

    Layers that need a question (whose retreat? which advance?) read it from
    here and draw nothing when it is not given.
    """

    retreat_hex: str | None = None
    retreat_length: int | None = None
    vacated: str | None = None
    allowance: int | None = None
    units: list[str] = field(default_factory=list)
    side: str | None = None
    #: the unit or stack whose Movement Phase reach is drawn (``show --moves``)
    moves: list[str] | None = None


@dataclass
class Layer:
    name: str
    legend: list[tuple[str, str]] = field(default_factory=list)  # (colour, text)
    shades: list[Shade] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    labels: list[tuple[str, str, str]] = field(default_factory=list)  # (hex, text, colour)


class Style:
    """How a game's hex features, hexside features and counters are drawn. This one draws
    terrain and plain counters; a game's ``picture`` module (``adjudicator/games/<game>/
    picture.py``) defines ``STYLE``, an instance of its subclass, for its own."""

    terrain_fill: dict[str, str] = TERRAIN_FILL
    #: (colour, text) rows always in the legend
    legend: tuple[tuple[str, str], ...] = ()

    def hex_features(self, spec, x: float, y: float) -> list[str]:
        """SVG for what a hex holds beyond its terrain, centred at (x, y)."""
        return []

    def hex_drawing(self, hex_id: str, spec, g: Geometry) -> list[str]:
        """SVG drawn across a hex that needs the map's geometry (``g``), such as a
        feature running from one of its sides to another."""
        return []

    def hexside_features(self, key: str, hs, seg: str, cseg: str,
                         middle: tuple[float, float]) -> list[str]:
        """SVG for a hexside's features: ``seg`` are the attributes of the shared edge's
        line, ``cseg`` of the line between the two hex centres."""
        return []

    def unit_outline(self, u) -> tuple[str, float]:
        """The colour and width of a counter's outline."""
        return "#222", 1

    def unit_tip(self, u) -> str:
        return f"{u.id} ({u.side})"

    def unit_label(self, u) -> str:
        """The second line printed on a counter."""
        return ""


def style_for(sc: Scenario) -> Style:
    """The drawing style of the position's game (the plain one if it declares none)."""
    from adjudicator.games import game_ids, get_game

    if sc.game in game_ids():
        mod = get_game(sc.game).module("picture")
        if mod is not None and hasattr(mod, "STYLE"):
            return mod.STYLE
    return Style()


class Geometry:
    def __init__(self, sc: Scenario):
        self.sc = sc
        cols = [self.xy(h)[0] for h in sc.map.hexes]
        rows = [self.xy(h)[1] for h in sc.map.hexes]
        self.c0, self.r0 = min(cols), min(rows)
        self.c1, self.r1 = max(cols), max(rows)
        self.w = SIZE * math.sqrt(3)

    def xy(self, hex_id: str) -> tuple[int, int]:
        """Where the hex is drawn: flat-topped, in the (x east, y south) frame of the game's
        hex format; pointy-topped hexes are drawn mirrored along the diagonal (north at the
        left), which keeps every neighbour touching."""
        x, y = self.sc.grid.xy(hex_id)
        return (y, x) if self.sc.grid.fmt.orientation == "pointy" else (x, y)

    def lowered(self, col: int) -> bool:
        even = col % 2 == 0
        return even if self.sc.map.shifted == "even" else not even

    def centre(self, hex_id: str) -> tuple[float, float]:
        col, row = self.xy(hex_id)
        x = MARGIN + (col - self.c0) * 1.5 * SIZE + SIZE
        y = MARGIN + (row - self.r0) * self.w + self.w / 2
        if self.lowered(col):
            y += self.w / 2
        return x, y

    def corners(self, hex_id: str) -> list[tuple[float, float]]:
        x, y = self.centre(hex_id)
        return [
            (x + SIZE * math.cos(math.radians(60 * i)), y + SIZE * math.sin(math.radians(60 * i)))
            for i in range(6)
        ]

    def shared_edge(self, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
        bx, by = self.centre(b)
        pts = sorted(self.corners(a), key=lambda p: (p[0] - bx) ** 2 + (p[1] - by) ** 2)
        return pts[0], pts[1]

    def area_point(self, area: str) -> tuple[float, float]:
        """A point beyond the map edge, outside the hexes bordering the area."""
        hexes = self.sc.map.entry_areas[area].hexes
        if not hexes:
            return MARGIN / 2, MARGIN / 2
        xs, ys = zip(*(self.centre(h) for h in hexes), strict=True)
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        mx = MARGIN + (self.c1 - self.c0) * 0.75 * SIZE + SIZE
        my = MARGIN + (self.r1 - self.r0 + 1) * self.w / 2
        dx, dy = cx - mx, cy - my
        norm = math.hypot(dx, dy) or 1.0
        return cx + dx / norm * SIZE * 1.6, cy + dy / norm * SIZE * 1.6

    def point(self, place: str) -> tuple[float, float]:
        if place in self.sc.map.hexes:
            return self.centre(place)
        return self.area_point(place)

    @property
    def width(self) -> float:
        return 2 * MARGIN + (self.c1 - self.c0) * 1.5 * SIZE + 2 * SIZE

    @property
    def height(self) -> float:
        return 2 * MARGIN + (self.r1 - self.r0 + 1.5) * self.w


def _poly(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def render_svg(sc: Scenario, layers: list[Layer], style: Style | None = None) -> str:
    """The picture of the position with the layers on it, its features and counters drawn
    in the game's style (``style``; by default ``style_for(sc)``)."""
    style = style_for(sc) if style is None else style
    g = Geometry(sc)
    legend_rows = 6 + sum(len(layer.legend) for layer in layers)
    height = g.height + 18 * legend_rows + 20
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{g.width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {g.width:.0f} {height:.0f}" font-family="sans-serif">',
        "<defs>",
    ]
    for side, colour in SIDE_ZOC.items():
        angle = 45 if side == "axis" else -45
        out.append(
            f'<pattern id="hatch-{side}" width="8" height="8" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate({angle})"><line x1="0" y1="0" x2="0" y2="8" '
            f'stroke="{colour}" stroke-width="2" stroke-opacity="0.45"/></pattern>'
        )
    out.append("</defs>")
    out.append('<rect width="100%" height="100%" fill="#ffffff"/>')
    title = f"{sc.game} turn {sc.turn}, {sc.weather}, {sc.phasing} to move"
    out.append(f'<text x="{MARGIN / 2}" y="22" font-size="15">{escape(title)}</text>')
    # terrain
    for hid, spec in sorted(sc.map.hexes.items()):
        fill = style.terrain_fill.get(spec.terrain, "#ffffff")
        out.append(
            f'<polygon points="{_poly(g.corners(hid))}" fill="{fill}" stroke="#8a8a7a" '
            f'stroke-width="0.8"><title>{hid}: {spec.terrain}</title></polygon>'
        )
        x, y = g.centre(hid)
        out.append(
            f'<text x="{x:.1f}" y="{y - SIZE * 0.62:.1f}" font-size="8" text-anchor="middle" '
            f'fill="#555">{hid}</text>'
        )
        out.extend(style.hex_features(spec, x, y))
        out.extend(style.hex_drawing(hid, spec, g))
    # shaded overlays (ZOC etc.) under the hexside features
    for layer in layers:
        for s in layer.shades:
            if s.hex not in sc.map.hexes:
                continue
            fill = f"url(#{s.pattern})" if s.pattern else s.colour
            op = 1.0 if s.pattern else s.opacity
            out.append(
                f'<polygon points="{_poly(g.corners(s.hex))}" fill="{fill}" fill-opacity="{op}" '
                f'stroke="none"><title>{escape(s.title)}</title></polygon>'
            )
    # hexside features
    for key, hs in sorted(sc.map.hexsides.items()):
        a, b = parse_hexside_id(key, sc.hex_format)
        (x1, y1), (x2, y2) = g.shared_edge(a, b)
        seg = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"'
        ca, cb = g.centre(a), g.centre(b)
        cseg = f'x1="{ca[0]:.1f}" y1="{ca[1]:.1f}" x2="{cb[0]:.1f}" y2="{cb[1]:.1f}"'
        out.extend(style.hexside_features(key, hs, seg, cseg, ((x1 + x2) / 2, (y1 + y2) / 2)))
    # entry areas
    for aid, area in sorted(sc.map.entry_areas.items()):
        x, y = g.area_point(aid)
        fill = SIDE_FILL.get(area.side, "#ccc")
        out.append(
            f'<rect x="{x - 16:.1f}" y="{y - 11:.1f}" width="32" height="22" rx="5" fill="{fill}" '
            f'stroke="#333"><title>entry area {aid} ({area.side})</title></rect>'
            f'<text x="{x:.1f}" y="{y + 5:.1f}" font-size="13" text-anchor="middle">'
            f"{escape(aid)}</text>"
        )
    # overlay hexside marks and lines
    for layer in layers:
        for mk in layer.marks:
            a, b = parse_hexside_id(mk.hexside, sc.hex_format)
            if a not in sc.map.hexes or b not in sc.map.hexes:
                continue
            (x1, y1), (x2, y2) = g.shared_edge(a, b)
            dash = f' stroke-dasharray="{mk.dash}"' if mk.dash else ""
            out.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'stroke="{mk.colour}" stroke-width="{mk.width}"{dash} stroke-linecap="round">'
                f"<title>{escape(mk.title)}</title></line>"
            )
        for ln in layer.lines:
            (x1, y1), (x2, y2) = g.point(ln.a), g.point(ln.b)
            dash = f' stroke-dasharray="{ln.dash}"' if ln.dash else ""
            out.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'stroke="{ln.colour}" stroke-width="{ln.width}"{dash} stroke-linecap="round" '
                f'opacity="0.85"><title>{escape(ln.title)}</title></line>'
            )
    # units, stacked with a small offset
    places: dict[str, list] = {}
    for u in sc.units:
        places.setdefault(u.hex, []).append(u)
    for place, units in sorted(places.items()):
        x, y = g.point(place)
        for i, u in enumerate(units[:4]):
            ox, oy = x - 11 + 3 * i, y - 9 - 3 * i
            fill = SIDE_FILL.get(u.side, "#bbbbbb")
            stroke, width = style.unit_outline(u)
            out.append(
                f'<rect x="{ox:.1f}" y="{oy:.1f}" width="22" height="18" rx="2" fill="{fill}" '
                f'stroke="{stroke}" stroke-width="{width}">'
                f"<title>{escape(style.unit_tip(u))}</title></rect>"
            )
        top = units[min(len(units), 4) - 1]
        i = min(len(units), 4) - 1
        ox, oy = x - 11 + 3 * i, y - 9 - 3 * i
        out.append(
            f'<text x="{ox + 11:.1f}" y="{oy + 8:.1f}" font-size="7" text-anchor="middle">'
            f"{escape(top.id[:6])}</text>"
            f'<text x="{ox + 11:.1f}" y="{oy + 16:.1f}" font-size="7" text-anchor="middle">'
            f"{escape(style.unit_label(top))}</text>"
        )
        if len(units) > 4:
            out.append(f'<text x="{x + 14:.1f}" y="{y:.1f}" font-size="8">+{len(units) - 4}</text>')
    for layer in layers:
        for hid, text, colour in layer.labels:
            if hid in sc.map.hexes or hid in sc.map.entry_areas:
                x, y = g.point(hid)
                out.append(
                    f'<text x="{x:.1f}" y="{y + SIZE * 0.8:.1f}" font-size="9" '
                    f'text-anchor="middle" fill="{colour}" font-weight="bold">'
                    f"{escape(text)}</text>"
                )
    # legend
    y = g.height + 10
    base_legend = list(style.legend)
    for colour, text in base_legend + [item for layer in layers for item in layer.legend]:
        out.append(
            f'<rect x="{MARGIN / 2}" y="{y - 10:.1f}" width="14" height="12" fill="{colour}"/>'
            f'<text x="{MARGIN / 2 + 20}" y="{y:.1f}" font-size="11">{escape(text)}</text>'
        )
        y += 18
    out.append("</svg>")
    return "\n".join(out)
