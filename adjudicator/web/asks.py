"""What a game's board offers: the questions a player asks by clicking, and how an
answer is drawn.

A game declares its board in ``adjudicator/games/<game>/board.py``: ``ASKS``, a list of
:class:`Ask` (each names its parameters and the function that answers), and ``CLICK``, the
ask a plain click on a hex runs. An ask's function returns a :class:`Reply`: the answer
exactly as the command line prints it with ``--json`` (the same function is called), the
command that gives it, readable lines with their rules, and a drawing in the small
vocabulary below (hexes lit by kind, paths through hex centres, hexsides marked, labels).
The web core adds the coordinates (from :mod:`adjudicator.render`) and names no game.
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
    #: fn(scenario, solver, readings, params) -> Reply
    fn: Callable[..., Reply]
    #: the reading files (``kb/<game>/readings/<area>.yaml``) whose rules bear on it
    reading_areas: tuple[str, ...] = ()
    #: asks offered after this one, with how their parameters are filled from it
    follow: tuple[tuple[str, dict[str, str]], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "help": self.help,
                "params": [p.to_json() for p in self.params],
                "follow": [{"ask": a, "fill": fill} for a, fill in self.follow]}


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

    def label(self, hex_id: str, text: str, kind: str = "") -> None:
        self.labels.append({"hex": hex_id, "text": text, "kind": kind})


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
