"""What a game's board offers: the questions a player asks by clicking, and how an
answer is drawn.

A game declares its board in ``adjudicator/games/<game>/board.py``: ``ASKS``, a list of
:class:`Ask` (each names its parameters and the function that answers), and ``CLICK``, the
ask a plain click on a place runs. Optionally: ``view(sc)``, its map as the page draws it
(by default the hex map of :func:`adjudicator.web.geometry.hex_view`; a graph of points
and lines is built with ``graph_view``); ``session(sc, previous)``, what it keeps warm for a
position (by default a solver that keeps its answers), handed to every ask;
``warm(sc, warm)``, what it grounds while the player looks (a generator is run a step at a
time); ``prepare(sc, ask, params)``, the (ask, params) a click likely leads to, prepared in
the background after a pause; ``EDITS``, the unit fields the player may change
(:class:`Edit`); ``PLACE``, the unit field holding its place (``hex``); ``check(sc)``, the
game's own checks of a loaded or edited position.

An ask's function returns a :class:`Reply`: the answer exactly as the command line prints
it with ``--json`` (the same function is called), the command that gives it, readable
lines with their rules, and a drawing in the small vocabulary below (places lit by kind,
paths through their points, hexsides marked, labels at a place or beside a line). The web
core adds the coordinates (:mod:`adjudicator.web.geometry`) and names no game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

#: Parameter kinds the page knows how to fill: a hex (one click), hexes (clicks in order,
#: a path), a unit or units (click a stack, pick from it), a whole number, one of choices.
PARAM_KINDS = ("hex", "hexes", "unit", "units", "int", "choice")


@dataclass(frozen=True)
class Param:
    name: str
    kind: str
    label: str
    required: bool = True
    default: Any = None
    #: for ``int``: (lowest, highest); for ``choice``: the choices
    range: tuple[int, int] | None = None
    choices: tuple[str, ...] = ()
    #: for ``hexes``: the most hexes
    most: int = 12

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v not in (None, ())}


@dataclass(frozen=True)
class Ask:
    name: str
    title: str
    help: str
    params: tuple[Param, ...]
    #: fn(scenario, warm, readings, params) -> Reply; ``warm`` is what the board's
    #: ``session`` keeps for the position (by default the game's :class:`Solver`)
    fn: Callable[..., Reply]
    #: the reading files (``kb/<game>/readings/<area>.yaml``) whose rules bear on it
    reading_areas: tuple[str, ...] = ()
    #: asks offered after this one, with how their parameters are filled from it
    follow: tuple[tuple[str, dict[str, str]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "help": self.help,
                "params": [p.to_json() for p in self.params],
                "follow": [{"ask": a, "fill": fill} for a, fill in self.follow]}


@dataclass(frozen=True)
class Edit:
    """A unit field the player may change on the board: one of ``choices``, or a whole
    number from ``lowest`` to the unit's ``highest`` field (e.g. its most steps).
    ``shown`` is the unit attribute that holds the value now (``field`` by default)."""

    field: str
    label: str
    choices: tuple[str, ...] = ()
    lowest: int = 1
    highest: str = ""
    shown: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"field": self.field, "label": self.label, "choices": list(self.choices),
                "lowest": self.lowest, "highest": self.highest,
                "shown": self.shown or self.field}


@dataclass
class Drawing:
    """What an answer lights on the map. ``kind`` names what a thing is (the page's
    legend and the tests read it); ``hover`` ties a path to the hex that shows it."""

    hexes: list[dict[str, Any]] = field(default_factory=list)
    paths: list[dict[str, Any]] = field(default_factory=list)
    hexsides: list[dict[str, Any]] = field(default_factory=list)
    labels: list[dict[str, Any]] = field(default_factory=list)

    def hex(self, hex_id: str, kind: str, title: str = "", colour: str | None = None) -> None:
        self.hexes.append({"hex": hex_id, "kind": kind, "title": title, "colour": colour})

    def path(self, hexes: list[str], kind: str, title: str = "", colour: str | None = None,
             dash: bool = False, hover: str | None = None) -> None:
        self.paths.append({"hexes": list(hexes), "kind": kind, "title": title,
                           "colour": colour, "dash": dash, "hover": hover})

    def hexside(self, hexside: str, kind: str, title: str = "",
                colour: str | None = None) -> None:
        self.hexsides.append({"hexside": hexside, "kind": kind, "title": title,
                              "colour": colour})

    def label(self, hex_id: str, text: str, kind: str = "",
              between: tuple[str, str] | None = None) -> None:
        """A label at a place, or (``between``) at the middle of the line joining two."""
        self.labels.append({"hex": hex_id, "text": text, "kind": kind,
                            "between": list(between) if between else None})


@dataclass
class Reply:
    #: the answer as ``adjudicator <command> --json`` prints it
    answer: dict[str, Any]
    #: the command line(s) that give the same answer (FILE stands for the position)
    cli: list[str]
    #: readable lines, each {"text", "rules", "kind"?}
    lines: list[dict[str, Any]]
    drawing: Drawing


def line(text: str, rules: list[str] | tuple[str, ...] = (), kind: str = "") -> dict[str, Any]:
    return {"text": text, "rules": list(rules), "kind": kind}


def with_readings(sc: Any, readings: dict[str, str]) -> Any:
    """The position with the readings asked written into it, as a file would choose them
    (for a game whose questions read their readings from the position)."""
    if not readings:
        return sc
    return sc.model_copy(update={"readings": {**sc.readings, **readings}})


def readings_note(readings: dict[str, str]) -> str:
    """What to add to a command line when the readings are chosen in the position."""
    if not readings:
        return ""
    return (" (with readings: " + ", ".join(f"{r}: {n}" for r, n in sorted(readings.items()))
            + " in the position file)")


def cited_rules(data: Any) -> set[str]:
    """Every rule id an answer cites: the strings in any list under a key ending in
    ``rules`` (``rules``, ``los_rules``, ``allowance_rules`` ...), at any depth."""
    out: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str) and k.endswith("rules") and isinstance(v, list):
                    out.update(x for x in v if isinstance(x, str))
                else:
                    stack.append(v)
        elif isinstance(item, list):
            stack.extend(item)
    return out
