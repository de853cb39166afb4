"""Hex geometry for maps printed with hex ids made of a column and a row number.

A game declares how it prints hex ids and lays out its grid in a ``HexFormat``:
an optional prefix (``KB3617``), which number comes first and how many digits
each has, the compass direction in which column and row numbers grow, and the
orientation of the hexes. The default is four-digit ``CCRR`` ids without prefix,
columns growing east and rows south, flat-topped hexes standing in columns.

Conventions follow Red Blob Games' hexagon guide: offset coordinates (column,
row) as printed are turned into a frame where x grows east and y south, then
converted to cube coordinates (q, r, s) with q + r + s = 0 for all arithmetic.
``shifted`` names the columns (flat-topped hexes) that sit half a hex further
south, or the rows (pointy-topped hexes) that sit half a hex further east:
``even`` (the default) or ``odd``, counted on the printed numbers.

Everything geometric is done here, in Python; the ASP encodings only ever see
the resulting relations as facts (adjacency, the two distance-2 relations that
ZOC bonds use, hexsides).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Literal

Shift = Literal["even", "odd"]
Compass = Literal["north", "south", "east", "west"]
Orientation = Literal["flat", "pointy"]

_HEX_ID = re.compile(r"^\d{4}$")


@dataclass(frozen=True)
class HexFormat:
    """How a game prints hex ids and lays out its grid."""

    #: letters printed before the numbers (``"KB"`` for ``KB3617``)
    prefix: str = ""
    #: which number is printed first
    first: Literal["column", "row"] = "column"
    #: digits of each number
    digits: int = 2
    #: the compass direction in which column numbers grow: east or west
    columns_grow: Compass = "east"
    #: the compass direction in which row numbers grow: south or north
    rows_grow: Compass = "south"
    #: ``flat``: flat-topped hexes standing in columns; ``pointy``: pointy-topped hexes
    #: lying in rows
    orientation: Orientation = "flat"
    _pattern: re.Pattern = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.columns_grow not in ("east", "west"):
            raise ValueError(f"columns grow east or west, not {self.columns_grow}")
        if self.rows_grow not in ("north", "south"):
            raise ValueError(f"rows grow north or south, not {self.rows_grow}")
        if not 1 <= self.digits <= 3:
            raise ValueError(f"a hex number has 1 to 3 digits, not {self.digits}")
        if "-" in self.prefix or not re.fullmatch(r"[A-Za-z]*", self.prefix):
            raise ValueError(f"a hex id prefix is made of letters, not {self.prefix!r}")
        d = self.digits
        object.__setattr__(self, "_pattern",
                           re.compile(rf"^{re.escape(self.prefix)}(\d{{{d}}})(\d{{{d}}})$"))

    @property
    def largest(self) -> int:
        return 10 ** self.digits - 1

    def is_id(self, text: str) -> bool:
        return bool(self._pattern.match(text))

    def parse(self, text: str) -> tuple[int, int]:
        """A printed id as (column, row) numbers."""
        m = self._pattern.match(text)
        if m is None:
            raise ValueError(f"{text!r} is not {self.describe()}")
        a, b = int(m.group(1)), int(m.group(2))
        return (a, b) if self.first == "column" else (b, a)

    def format(self, col: int, row: int) -> str:
        a, b = (col, row) if self.first == "column" else (row, col)
        return f"{self.prefix}{a:0{self.digits}d}{b:0{self.digits}d}"

    def example(self) -> str:
        return self.format(4, 4)

    def describe(self) -> str:
        """How an id looks, for error messages."""
        if self == DEFAULT_FORMAT:
            return 'a four-digit hex id like "0404"'
        lead = f"{self.prefix}, then " if self.prefix else ""
        return (f'a hex id like "{self.example()}" ({lead}the {self.first} number, then the '
                f"{'row' if self.first == 'column' else 'column'} number, "
                f"{self.digits} digits each)")

    def to_xy(self, col: int, row: int) -> tuple[int, int]:
        """Printed (column, row) -> (x, y) with x growing east and y south."""
        return (col if self.columns_grow == "east" else -col,
                row if self.rows_grow == "south" else -row)

    def from_xy(self, x: int, y: int) -> tuple[int, int]:
        return (x if self.columns_grow == "east" else -x,
                y if self.rows_grow == "south" else -y)


#: Four-digit ``CCRR`` ids, columns growing east, rows south, flat-topped hexes.
DEFAULT_FORMAT = HexFormat()

#: The six cube directions, in clockwise order starting with "north" (the hex
#: directly above). Consecutive directions are 60 degrees apart, so two
#: consecutive ones bracket a hexside bond.
DIRECTIONS: tuple[tuple[int, int, int], ...] = (
    (0, -1, 1),  # N
    (1, -1, 0),  # NE
    (1, 0, -1),  # SE
    (0, 1, -1),  # S
    (-1, 1, 0),  # SW
    (-1, 0, 1),  # NW
)


@dataclass(frozen=True, order=True, slots=True)
class Cube:
    q: int
    r: int
    s: int

    def __post_init__(self) -> None:
        if self.q + self.r + self.s != 0:
            raise ValueError(f"cube coordinates must sum to zero: {self}")

    def __add__(self, other: Cube) -> Cube:
        return Cube(self.q + other.q, self.r + other.r, self.s + other.s)

    def __sub__(self, other: Cube) -> Cube:
        return Cube(self.q - other.q, self.r - other.r, self.s - other.s)

    def scale(self, k: int) -> Cube:
        return Cube(self.q * k, self.r * k, self.s * k)

    def distance(self, other: Cube) -> int:
        d = self - other
        return max(abs(d.q), abs(d.r), abs(d.s))

    def neighbour(self, direction: int) -> Cube:
        return self + Cube(*DIRECTIONS[direction % 6])


def is_hex_id(text: str, fmt: HexFormat = DEFAULT_FORMAT) -> bool:
    """True when ``text`` has the shape of a printed hex id (by default four digits)."""
    if fmt is DEFAULT_FORMAT:
        return bool(_HEX_ID.match(text))
    return fmt.is_id(text)


def parse_hex_id(text: str, fmt: HexFormat = DEFAULT_FORMAT) -> tuple[int, int]:
    """Split a printed hex id into (column, row)."""
    if fmt is not DEFAULT_FORMAT:
        return fmt.parse(text)
    if not is_hex_id(text):
        raise ValueError(f"{text!r} is not a four-digit hex id")
    return int(text[:2]), int(text[2:])


def format_hex_id(col: int, row: int, fmt: HexFormat = DEFAULT_FORMAT) -> str:
    if fmt is not DEFAULT_FORMAT:
        return fmt.format(col, row)
    return f"{col:02d}{row:02d}"


def offset_to_cube(col: int, row: int, shifted: Shift = "even") -> Cube:
    q = col
    if shifted == "even":  # even columns sit half a hex lower
        r = row - (col + (col & 1)) // 2
    else:  # odd columns sit half a hex lower
        r = row - (col - (col & 1)) // 2
    return Cube(q, r, -q - r)


def cube_to_offset(c: Cube, shifted: Shift = "even") -> tuple[int, int]:
    col = c.q
    if shifted == "even":
        row = c.r + (col + (col & 1)) // 2
    else:
        row = c.r + (col - (col & 1)) // 2
    return col, row


@dataclass(frozen=True)
class HexGrid:
    """A set of on-map hexes with the chosen column (or row) shift, in a game's format."""

    hexes: frozenset[str]
    shifted: Shift = "even"
    fmt: HexFormat = DEFAULT_FORMAT

    @classmethod
    def of(cls, hexes: Iterable[str], shifted: Shift = "even",
           fmt: HexFormat = DEFAULT_FORMAT) -> HexGrid:
        return cls(frozenset(hexes), shifted, fmt)

    # -- conversions -------------------------------------------------------
    def xy(self, hex_id: str) -> tuple[int, int]:
        """The hex's (x, y) offset position, x growing east and y south."""
        if self.fmt is DEFAULT_FORMAT:
            return parse_hex_id(hex_id)
        return self.fmt.to_xy(*self.fmt.parse(hex_id))

    def cube(self, hex_id: str) -> Cube:
        if self.fmt is DEFAULT_FORMAT:
            return offset_to_cube(*parse_hex_id(hex_id), self.shifted)
        x, y = self.xy(hex_id)
        if self.fmt.orientation == "pointy":
            # Rows shifted east are columns shifted south, seen in a mirror along the
            # diagonal: the mirror keeps every neighbour a neighbour.
            x, y = y, x
        return offset_to_cube(x, y, self.shifted)

    def hex_at(self, c: Cube) -> str | None:
        """Printed id of the cube position, or None if it is off this map."""
        if self.fmt is DEFAULT_FORMAT:
            col, row = cube_to_offset(c, self.shifted)
            if not (0 <= col <= 99 and 0 <= row <= 99):
                return None
            hid = format_hex_id(col, row)
            return hid if hid in self.hexes else None
        x, y = cube_to_offset(c, self.shifted)
        if self.fmt.orientation == "pointy":
            x, y = y, x
        col, row = self.fmt.from_xy(x, y)
        if not (0 <= col <= self.fmt.largest and 0 <= row <= self.fmt.largest):
            return None
        hid = self.fmt.format(col, row)
        return hid if hid in self.hexes else None

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self.hexes

    # -- neighbourhood -----------------------------------------------------
    def table(self) -> dict[str, tuple[str | None, ...]]:
        """Each hex -> its six neighbours in direction order (None: off this map).

        Built once per grid from integer coordinates, with no object per hex; the
        relations below read it."""
        key = (self.hexes, self.shifted, self.fmt)
        hit = _TABLES.get(key)
        if hit is not None:
            return hit
        even = self.shifted == "even"
        at: dict[tuple[int, int], str] = {}
        # (an id that is not one of the format's is no hex of the grid: the scenario checks
        # report it, and the relations leave it out)
        if self.fmt is DEFAULT_FORMAT:  # plain CCRR ids: integer arithmetic only
            for h in self.hexes:
                if not (len(h) == 4 and h.isdigit() and h.isascii()):
                    continue
                col, row = int(h[:2]), int(h[2:])
                at[(col, row - ((col + (col & 1)) // 2 if even else (col - (col & 1)) // 2))] = h
        else:  # another game's format: through its own conversion
            for h in self.hexes:
                if not self.fmt.is_id(h):
                    continue
                c = self.cube(h)
                at[(c.q, c.r)] = h
        dirs = [(dq, dr) for dq, dr, _ in DIRECTIONS]
        get = at.get
        table = {h: tuple(get((q + dq, r + dr)) for dq, dr in dirs) for (q, r), h in at.items()}
        for h in self.hexes.difference(table):  # malformed ids: no neighbours
            table[h] = (None,) * 6
        if len(_TABLES) > 8:
            _TABLES.clear()
        _TABLES[key] = table
        return table

    def neighbours(self, hex_id: str) -> list[str]:
        """On-map neighbours of a hex, clockwise from north."""
        row = self.table().get(hex_id)
        if row is None:  # not a hex of this map: its neighbours by geometry
            c = self.cube(hex_id)
            return [n for n in (self.hex_at(c.neighbour(d)) for d in range(6)) if n is not None]
        return [n for n in row if n is not None]

    def are_adjacent(self, a: str, b: str) -> bool:
        return self.cube(a).distance(self.cube(b)) == 1

    def distance(self, a: str, b: str) -> int:
        return self.cube(a).distance(self.cube(b))

    def edges(self) -> Iterator[tuple[str, str]]:
        """Every pair of adjacent on-map hexes, once each, in id order."""
        table = self.table()
        for h in sorted(self.hexes):
            for n in table[h]:
                if n is not None and h < n:
                    yield h, n

    # -- the two distance-2 relations used by ZOC bonds ----------------------
    def straight_pairs(self) -> Iterator[tuple[str, str, str]]:
        """(a, middle, b): a and b two hexes apart in a straight line through middle.

        This is the shape of a *hex bond*. Each unordered pair is yielded once
        with a < b.
        """
        table = self.table()
        for a in sorted(self.hexes):
            row = table[a]
            for d in range(6):
                m = row[d]
                if m is None:
                    continue
                b = table[m][d]
                if b is not None and a < b:
                    yield a, m, b

    def bent_pairs(self) -> Iterator[tuple[str, str, str, str]]:
        """(a, b, m1, m2): a and b two apart, not in line; m1 and m2 touch both.

        This is the shape of a *hexside bond*: the bond crosses the hexside
        between m1 and m2 (m1 < m2). Each unordered pair (a, b) once, a < b.
        """
        table = self.table()
        for a in sorted(self.hexes):
            row = table[a]
            for d in range(6):
                m1, m2 = row[d], row[(d + 1) % 6]
                if m1 is None or m2 is None:
                    continue
                b = table[m1][(d + 1) % 6]
                if b is None or not a < b:
                    continue
                yield a, b, min(m1, m2), max(m1, m2)

    def bent_offmap(self) -> Iterator[tuple[str, str, str]]:
        """(a, m1, m2): a bent distance-2 relation whose far end is off the map.

        Both m1 and m2 are on the map; the far end would lie beyond the map
        edge. This is the shape of a hexside bond with the map edge (an entry
        area), closing the hexside m1-m2.
        """
        table = self.table()
        seen: set[tuple[str, str, str]] = set()
        for a in sorted(self.hexes):
            row = table[a]
            for d in range(6):
                m1, m2 = row[d], row[(d + 1) % 6]
                if m1 is None or m2 is None or table[m1][(d + 1) % 6] is not None:
                    continue
                key = (a, min(m1, m2), max(m1, m2))
                if key not in seen:
                    seen.add(key)
                    yield key

    def on_edge(self, hex_id: str) -> bool:
        """True when the hex has fewer than six on-map neighbours."""
        return len(self.neighbours(hex_id)) < 6


#: Neighbour tables of recent grids, by their hexes and shift.
_TABLES: dict[tuple[frozenset[str], str, HexFormat], dict[str, tuple[str | None, ...]]] = {}


def hexside_id(a: str, b: str) -> str:
    """Canonical id of the hexside between two hexes: the smaller id first."""
    lo, hi = sorted((a, b))
    return f"{lo}-{hi}"


def parse_hexside_id(text: str, fmt: HexFormat = DEFAULT_FORMAT) -> tuple[str, str]:
    """Split ``"0404-0405"`` (either order) into its two hex ids, sorted."""
    parts = text.split("-")
    if len(parts) != 2 or not all(is_hex_id(p, fmt) for p in parts):
        ex = f"{fmt.format(4, 4)}-{fmt.format(4, 5)}"
        raise ValueError(f"{text!r} is not a hexside id like '{ex}'")
    a, b = parts
    if a == b:
        raise ValueError(f"{text!r} joins a hex to itself")
    lo, hi = sorted((a, b))
    return lo, hi


def _cube_round(q: float, r: float, s: float) -> Cube:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Cube(int(rq), int(rr), int(rs))


def line_steps(a: Cube, b: Cube) -> list[tuple[Cube, ...]]:
    """The hexes a straight line between the centres of ``a`` and ``b`` passes, step by
    step (a at step 0, b at the last): one hex per step, or two where the line runs
    exactly along the hexside between them (the line drawn twice, nudged to either
    side; where the two drawings differ, the line lies on their shared hexside)."""
    n = a.distance(b)
    if n == 0:
        return [(a,)]
    eps = (1e-6, 2e-6, -3e-6)
    out = []
    for i in range(n + 1):
        t = i / n
        pts = []
        for sign in (1, -1):
            q = a.q + (b.q - a.q) * t + sign * eps[0]
            r = a.r + (b.r - a.r) * t + sign * eps[1]
            s = a.s + (b.s - a.s) * t + sign * eps[2]
            pts.append(_cube_round(q, r, s))
        out.append((pts[0],) if pts[0] == pts[1] else tuple(sorted(pts)))
    return out
