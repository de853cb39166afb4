"""Enemy Action: Kharkov's component data for the Soviet procedure: the command cards
(2.3, 8.x) and the combat chits (2.22, 12.41, 12.5), read from user data files.

The rulebook describes the cards and chits but does not print them, so they are data the
user supplies, in the format documented in ``docs/games/eak-bot-data.rst``. The bundled
files ``data/practice_cards.yaml`` and ``data/practice_chits.yaml`` are a *practice set*:
invented values in that format, labelled as such in the files and in every answer that
uses them (``DataSet.label``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from adjudicator.errors import InputError, Problem
from adjudicator.limits import read_text
from adjudicator.scenario import _line_of, _Strict

DATA = Path(__file__).parent / "data"
PRACTICE_CARDS = DATA / "practice_cards.yaml"
PRACTICE_CHITS = DATA / "practice_chits.yaml"

#: combat tactics named on cards (12.3, the TACTICS player aid)
Tactic = Literal["artillery", "fixed-artillery", "airpower", "tank-brigade", "rifle-brigade",
                 "reinforce-battle", "assault-coordination", "intelligence", "partisans",
                 "nkvd", "battlefield-replacements", "combat-engineers", "screen",
                 "panzer-battalion"]

#: the situations a combat chit side can name (12.41)
Situation = Literal["ratio-ge", "ratio-gt", "ratio-lt", "terrain", "flank-attack",
                    "one-hex-attack", "large-attack", "only-attacker-armor",
                    "only-defender-armor", "defender-adjacent", "dispersed-or-unsupplied",
                    "ip-crossfire", "attacker-artillery", "defender-artillery",
                    "attacker-airpower", "defender-airpower", "combat-engineers",
                    "command-value", "nkvd", "attack-not-supported", "soviets-not-supported",
                    "defender-not-supported"]


class Command(_Strict):
    """One command of a card (8.11-8.13): what it does and on which game-turns."""

    kind: Literal["army", "army-units", "front", "stavka", "event", "replacement"]
    army: str | None = None
    front: Literal["voronezh", "southwest"] | None = None
    event: str | None = None
    #: a special event (8.1: not implemented from the auxiliary card)
    special: bool = False
    #: first and last game-turn the command is valid (none: every turn)
    turns: tuple[int, int] | None = None

    @field_validator("army", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return str(v) if isinstance(v, int) and not isinstance(v, bool) else v

    def valid_on(self, turn: int) -> bool:
        return self.turns is None or self.turns[0] <= turn <= self.turns[1]


class Card(_Strict):
    id: str
    deck: Literal["soviet", "german"]
    primary: bool = False
    command_value: int = Field(ge=0, le=9)
    #: the game-turn the card enters play (none: from the start)
    turn: int | None = Field(default=None, ge=1, le=99)
    commands: list[Command] = Field(default_factory=list)
    tactics: list[Tactic] = Field(default_factory=list)
    #: the card goes back into the draw pile after its tactic is used (12.32)
    return_to_deck: bool = False


class Hits(_Strict):
    attacker: int = Field(default=0, ge=-9, le=9)
    defender: int = Field(default=0, ge=-9, le=9)
    soviet: int = Field(default=0, ge=-9, le=9)
    german: int = Field(default=0, ge=-9, le=9)


class ChitSide(_Strict):
    situation: Situation
    #: for the ratio situations: the ratio's first number (X in X:1)
    ratio: float | None = Field(default=None, gt=0, le=99)
    #: for the terrain situation: the terrains that apply
    terrain: list[Literal["clear", "broken", "marsh", "woods", "town", "city"]] | None = None
    #: for the command-value situation
    value: int | None = Field(default=None, ge=0, le=9)
    hits: Hits = Field(default_factory=Hits)
    priority: bool = False


class Chit(_Strict):
    id: int = Field(ge=1, le=999)
    dark: bool = False
    sides: tuple[ChitSide, ChitSide]


class DataFile(_Strict):
    set: str | None = None
    cards: list[Card] | None = None
    chits: list[Chit] | None = None


@dataclass
class DataSet:
    """The cards and chits in use, and where they come from."""

    cards: dict[str, Card]
    chits: list[Chit]
    cards_from: str
    chits_from: str
    practice: bool

    @property
    def label(self) -> str:
        if self.practice:
            return ("PRACTICE component data (invented cards/chits, not the printed ones): "
                    f"cards from {self.cards_from}, chits from {self.chits_from}")
        return f"cards from {self.cards_from}, chits from {self.chits_from}"


#: files read already: path -> ((modification time, size), the data); the data is never
#: changed by its readers, so a file unchanged on disk is parsed once per process
_READ: dict[str, tuple[tuple[int, int], DataFile]] = {}


def _load(path: Path) -> DataFile:
    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    hit = _READ.get(str(path))
    if hit is not None and hit[0] == stamp:
        return hit[1]
    data = _parse(path)
    if stamp is not None:
        _READ[str(path)] = (stamp, data)
    return data


def _parse(path: Path) -> DataFile:
    text = read_text(path)
    name = str(path)
    try:
        doc = YAML(typ="rt").load(text)
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InputError([Problem(name, (mark.line + 1) if mark else 1, "(file)",
                                  f"malformed YAML: {getattr(exc, 'problem', exc)}")]) from None
    if not isinstance(doc, dict):
        raise InputError([Problem(name, 1, "(file)", "expected a mapping with cards and/or "
                                  "chits")])
    try:
        data = DataFile.model_validate(_plain(doc))
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = tuple(err["loc"])
            problems.append(Problem(name, _line_of(doc, loc),
                                    ".".join(str(p) for p in loc) or "(file)", err["msg"]))
        raise InputError(problems) from None
    problems = []
    if data.cards is not None:
        seen: set[str] = set()
        for i, c in enumerate(data.cards):
            if c.id in seen:
                problems.append(Problem(name, _line_of(doc, ("cards", i, "id")),
                                        f"cards.{i}.id", f"card '{c.id}' is listed twice"))
            seen.add(c.id)
            for j, cmd in enumerate(c.commands):
                need = {"army": "army", "army-units": "army", "replacement": "army",
                        "front": "front", "event": "event"}.get(cmd.kind)
                if need and getattr(cmd, need) is None:
                    problems.append(Problem(name, _line_of(doc, ("cards", i, "commands", j)),
                                            f"cards.{i}.commands.{j}",
                                            f"a {cmd.kind} command names its {need}"))
    if data.chits is not None:
        for i, ch in enumerate(data.chits):
            for j, s in enumerate(ch.sides):
                if s.situation.startswith("ratio") and s.ratio is None:
                    problems.append(Problem(name, _line_of(doc, ("chits", i, "sides", j)),
                                            f"chits.{i}.sides.{j}",
                                            "a ratio situation gives its ratio"))
                if s.situation == "terrain" and not s.terrain:
                    problems.append(Problem(name, _line_of(doc, ("chits", i, "sides", j)),
                                            f"chits.{i}.sides.{j}",
                                            "a terrain situation lists its terrains"))
                if s.situation == "command-value" and s.value is None:
                    problems.append(Problem(name, _line_of(doc, ("chits", i, "sides", j)),
                                            f"chits.{i}.sides.{j}",
                                            "a command-value situation gives its value"))
    if problems:
        raise InputError(problems)
    return data


def _plain(node: Any) -> Any:
    if isinstance(node, dict):
        return {str(k): _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    return node


def load_data(position_file: str | Path | None = None, bot_data: str | None = None
              ) -> DataSet:
    """The cards and chits for a position: its ``bot_data`` file (relative to the
    position's folder), each part not given there taken from the practice set."""
    practice_cards = _load(PRACTICE_CARDS)
    practice_chits = _load(PRACTICE_CHITS)
    cards, chits = practice_cards.cards or [], practice_chits.chits or []
    cards_from, chits_from = PRACTICE_CARDS.name, PRACTICE_CHITS.name
    practice_c = practice_ch = True
    if bot_data:
        base = Path(position_file).parent if position_file else Path(".")
        path = base / bot_data
        user = _load(path)
        if user.cards is not None:
            cards, cards_from = user.cards, str(path)
            practice_c = user.set == "practice"
        if user.chits is not None:
            chits, chits_from = user.chits, str(path)
            practice_ch = user.set == "practice"
    return DataSet({c.id: c for c in cards}, chits, cards_from, chits_from,
                   practice_c or practice_ch)
