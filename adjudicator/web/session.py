"""A position kept warm in the server: loaded once, asked many times, edited with undo.

The solver already keeps each map ground and each position's own part across questions
in one process; a :class:`PositionSession` keeps the same :class:`Scenario` object (so
that the position parts are found again), the answers it gave (until the position
changes) and the edit history. It is the small internal form of a warm session: the
server calls only ``ask``, ``edit``, ``undo``, ``board`` and ``yaml``.
"""

from __future__ import annotations

import importlib
import io
import json
import threading
import time
from collections import OrderedDict
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from ruamel.yaml import YAML

from adjudicator.errors import InputError, usage_error
from adjudicator.games import Game, game_ids, get_game
from adjudicator.scenario import Scenario, parse_scenario
from adjudicator.solver import Solver
from adjudicator.web.asks import Ask, cited_rules
from adjudicator.web.geometry import board_json, drawing_json

#: answers kept per position (the newest)
MAX_CACHED = 64
#: edits kept for undo
MAX_UNDO = 100
#: most units named in one question
MAX_UNITS_ASKED = 40
STATUSES = ("good-order", "disrupted", "full-retreat")


def board_module(game: Game) -> ModuleType | None:
    """The game's ``board`` module (what it offers in the browser), if it has one."""
    name = f"{game.package}.board"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def asks_of(game: Game) -> dict[str, Ask]:
    mod = board_module(game)
    return {a.name: a for a in getattr(mod, "ASKS", [])}


def _reading_areas(game: Game) -> dict[str, list[str]]:
    """Reading file (area) -> the rule ids it names readings for."""
    return _areas_in(game.kb_folder / "readings")


@cache
def _areas_in(folder: Path) -> dict[str, list[str]]:
    yaml = YAML(typ="safe")
    out: dict[str, list[str]] = {}
    for f in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        data = yaml.load(f.read_text(encoding="utf-8")) or {}
        out[f.stem] = [str(k) for k in data]
    return out


def dump_yaml(sc: Scenario) -> str:
    """The position as scenario YAML (only what differs from the defaults)."""
    data = sc.model_dump(mode="json", exclude={"source"}, exclude_defaults=True)
    return _yaml_of({"game": sc.game, **data})


class PositionSession:
    def __init__(self, sc: Scenario, name: str):
        self.name = name
        self.sc = sc
        self.game = get_game(sc.game)
        self.solver = Solver(self.game)
        self.asks = asks_of(self.game)
        self.lock = threading.Lock()
        self.history: list[Scenario] = []
        self.cache: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.used = time.monotonic()
        #: set once the game's warm-up (grounding what clicks will need) is done
        self.warmed = threading.Event()

    def warm_up(self) -> None:
        """Ground what the clicks will need, in a background thread (the game's board
        ``warm``); a click meanwhile is answered as usual, only not yet as fast."""
        fn = getattr(board_module(self.game), "warm", None)
        sc = self.sc

        def work() -> None:
            try:
                if fn is not None:
                    fn(sc, self.solver)
            except Exception:  # noqa: BLE001 - a warm-up failing only leaves it cold
                pass
            finally:
                self.warmed.set()

        threading.Thread(target=work, daemon=True, name=f"warm {self.name}").start()

    # -- reading the position ----------------------------------------------------------------

    def board(self) -> dict[str, Any]:
        mod = board_module(self.game)
        readings = self.game.readings()
        return {
            "name": self.name, "title": self.game.title, **board_json(self.sc),
            "asks": [a.to_json() for a in self.asks.values()],
            "click": getattr(mod, "CLICK", None), "undo": len(self.history),
            "defaults": self.game.default_readings(),
            "disputed": {r: [{"name": o["name"], "default": bool(o.get("default")),
                              "question": o.get("question", ""), "text": o.get("text", "")}
                             for o in opts] for r, opts in readings.items()},
        }

    def yaml(self) -> str:
        return dump_yaml(self.sc)

    # -- asking --------------------------------------------------------------------------------

    def check_params(self, ask: Ask, given: Any) -> dict[str, Any]:
        if not isinstance(given, dict):
            raise usage_error("params must be an object", "params")
        known = {p.name for p in ask.params}
        for k in given:
            if k not in known:
                raise usage_error(f"'{ask.name}' takes no parameter '{k}' "
                                  f"(it takes: {', '.join(sorted(known))})", "params")
        sc = self.sc
        out: dict[str, Any] = {}
        for p in ask.params:
            v = given.get(p.name)
            where = f"params.{p.name}"
            if v is None or v == [] or v == "":
                if p.required and p.default is None:
                    raise usage_error(f"give the {p.label}", where)
                out[p.name] = p.default if p.default is not None else (
                    [] if p.kind in ("hexes", "units") else None)
                continue
            if p.kind == "hex":
                if not isinstance(v, str) or v not in sc.map.hexes:
                    raise usage_error(f"{v!r} is not a hex of this map", where)
            elif p.kind == "hexes":
                if not isinstance(v, list) or len(v) > p.most:
                    raise usage_error(f"a list of at most {p.most} hexes", where)
                for h in v:
                    if not isinstance(h, str) or (h not in sc.map.hexes
                                                  and h not in sc.map.entry_areas):
                        raise usage_error(f"{h!r} is not a hex or entry area of this map", where)
            elif p.kind == "unit":
                if not isinstance(v, str) or v not in sc.units_by_id:
                    raise usage_error(f"no unit {v!r} in the position", where)
            elif p.kind == "units":
                if not isinstance(v, list) or len(v) > MAX_UNITS_ASKED:
                    raise usage_error(f"a list of at most {MAX_UNITS_ASKED} unit ids", where)
                for u in v:
                    if not isinstance(u, str) or u not in sc.units_by_id:
                        raise usage_error(f"no unit {u!r} in the position", where)
            elif p.kind == "int":
                if not isinstance(v, int) or isinstance(v, bool) or (
                        p.range and not p.range[0] <= v <= p.range[1]):
                    lo, hi = p.range or (0, 0)
                    raise usage_error(f"a whole number from {lo} to {hi}, got {v!r}", where)
            elif p.kind == "choice":
                if v not in p.choices:
                    raise usage_error(f"one of {', '.join(p.choices)}, got {v!r}", where)
            out[p.name] = v
        return out

    def check_readings(self, given: Any) -> dict[str, str]:
        if given is None:
            return {}
        if not isinstance(given, dict):
            raise usage_error("readings must be an object of RULE: NAME", "readings")
        out = {}
        for rule, name in given.items():
            problem = self.game.reading_problem(str(rule), str(name))
            if problem:
                raise usage_error(problem, "readings")
            out[str(rule)] = str(name)
        return out

    def touched(self, ask: Ask, cited: set[str], readings: dict[str, str]) -> list[dict]:
        """The disputed rules that bear on this answer: those of the ask's reading areas
        and any the answer cites, each with its readings and the one in force."""
        areas = _reading_areas(self.game)
        rules = {r for a in ask.reading_areas for r in areas.get(a, [])}
        known = self.game.readings()
        rules |= cited & set(known)
        chosen = {**self.solver.readings_for(self.sc), **readings}
        out = []
        for r in sorted(rules, key=lambda x: [int(t) if t.isdigit() else 0
                                              for t in x.split(".")]):
            out.append({"rule": r, "chosen": chosen.get(r), "cited": r in cited,
                        "question": next((o.get("question") for o in known[r]
                                          if o.get("question")), ""),
                        "readings": [{"name": o["name"], "default": bool(o.get("default")),
                                      "text": o.get("text", "")} for o in known[r]]})
        return out

    def ask(self, name: str, params: Any, readings: Any) -> dict[str, Any]:
        ask = self.asks.get(name) if isinstance(name, str) else None
        if ask is None:
            raise usage_error(f"no question {name!r} (questions: {', '.join(self.asks)})",
                              "ask")
        p = self.check_params(ask, params or {})
        chosen = self.check_readings(readings)
        key = json.dumps([name, p, sorted(chosen.items())], sort_keys=True)
        with self.lock:
            self.used = time.monotonic()
            if key in self.cache:
                self.cache.move_to_end(key)
                return {**self.cache[key], "cached": True}
            t0 = time.perf_counter()
            reply = ask.fn(self.sc, self.solver, chosen, p)
            ms = (time.perf_counter() - t0) * 1000
            cited = cited_rules(reply.answer) | {r for ln in reply.lines for r in ln["rules"]}
            out = {
                "ask": name, "params": p, "readings": chosen, "answer": reply.answer,
                "cli": reply.cli, "lines": reply.lines,
                "draw": drawing_json(self.sc, reply.drawing),
                "rules": sorted(cited, key=lambda x: [int(t) if t.isdigit() else 0
                                                      for t in x.split(".")] + [0, x]),
                "touched": self.touched(ask, cited, chosen), "ms": round(ms, 1),
            }
            self.cache[key] = out
            while len(self.cache) > MAX_CACHED:
                self.cache.popitem(last=False)
            return {**out, "cached": False}

    # -- editing -------------------------------------------------------------------------------

    def _replace(self, data: dict[str, Any]) -> None:
        sc = parse_scenario(_yaml_of(data), self.name, ".yaml")
        self.solver.solve(sc, "validate")
        self.history.append(self.sc)
        del self.history[:-MAX_UNDO]
        self.sc = sc
        self.cache.clear()

    def edit(self, op: Any) -> dict[str, Any]:
        if not isinstance(op, dict):
            raise usage_error("an edit is an object with 'op'", "op")
        kind, uid = op.get("op"), op.get("unit")
        with self.lock:
            data = self.sc.model_dump(mode="json", exclude={"source"}, exclude_defaults=True)
            data["game"] = self.sc.game
            ids = [u.get("id") for u in data.get("units", [])]
            if uid not in ids:
                raise usage_error(f"no unit {uid!r} in the position", "unit")
            unit = data["units"][ids.index(uid)]
            if kind == "move":
                to = op.get("to")
                if not isinstance(to, str) or (to not in self.sc.map.hexes
                                               and to not in self.sc.map.entry_areas):
                    raise usage_error(f"{to!r} is not a hex or entry area of this map", "to")
                unit["hex"] = to
            elif kind == "set":
                if "status" in op:
                    if op["status"] not in STATUSES:
                        raise usage_error(f"status is one of {', '.join(STATUSES)}", "status")
                    unit["status"] = op["status"]
                if "steps" in op:
                    top = self.sc.units_by_id[uid].max_steps
                    s = op["steps"]
                    if not isinstance(s, int) or isinstance(s, bool) or not 1 <= s <= top:
                        raise usage_error(f"steps is a whole number from 1 to {top}", "steps")
                    unit["steps"] = s
            else:
                raise usage_error("op is 'move' or 'set'", "op")
            self._replace(data)
        return self.board()

    def undo(self) -> dict[str, Any]:
        with self.lock:
            if not self.history:
                raise usage_error("nothing to undo", "undo")
            self.sc = self.history.pop()
            self.cache.clear()
        return self.board()


def _yaml_of(data: dict[str, Any]) -> str:
    yaml = YAML()
    yaml.default_flow_style = None
    yaml.width = 4096
    buf = io.StringIO()
    yaml.dump(data, buf)
    return buf.getvalue()


def load_text(text: str, name: str) -> Scenario:
    """Parse a position the way ``validate`` does (same loader, same limits), then ask
    the game's validation query so that its input errors are reported too."""
    suffix = "." + name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if suffix not in (".yaml", ".yml", ".json"):
        raise InputError([_problem(name, "expected a .yaml, .yml or .json file")])
    sc = parse_scenario(text, name, suffix)
    if board_module(get_game(sc.game)) is None:
        shown = ", ".join(g for g in game_ids() if board_module(get_game(g)) is not None)
        raise InputError([_problem(name, f"the board does not show {sc.game} positions "
                                         f"(it shows: {shown})")])
    Solver(sc.game).solve(sc, "validate")
    return sc


def _problem(name: str, message: str):
    from adjudicator.errors import Problem

    return Problem(name, 0, "(file)", message)

