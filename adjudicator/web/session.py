"""A position kept warm: loaded once, asked many times, edited with undo.

A :class:`PositionSession` lives in the position's own process (see
:mod:`adjudicator.web.worker`). It keeps the position, what the game's board keeps warm
for it (its ``session``: for a game whose questions share a solver, the solver that holds
the map and the position ground, kept across edits), the answers it gave (until the
position changes) and the edit history. The server calls only ``ask``, ``edit``,
``undo``, ``board`` and ``yaml``.
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
from adjudicator.web.geometry import drawing_json, hex_view, places_of

#: answers kept per position (the newest)
MAX_CACHED = 64
#: edits kept for undo
MAX_UNDO = 100
#: most units named in one question
MAX_UNITS_ASKED = 40


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
        self.mod = board_module(self.game)
        self.asks = asks_of(self.game)
        self.warm = self._session(sc, None)
        self.lock = threading.Lock()
        self.history: list[Scenario] = []
        self.cache: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.used = time.monotonic()
        self._view: dict[str, Any] | None = None
        #: set once the game's warm-up (grounding what clicks will need) is done
        self.warmed = threading.Event()

    def _session(self, sc: Scenario, previous: Any) -> Any:
        """What the game's board keeps warm for a position (``session``), else a solver
        (kept across edits: the map stays ground)."""
        fn = getattr(self.mod, "session", None)
        if fn is not None:
            return fn(sc, previous)
        return previous if previous is not None else Solver(self.game)

    def warm_up(self) -> None:
        """Ground what the clicks will need, in a background thread (the game's board
        ``warm``); a click meanwhile waits for it, then is answered warm."""
        fn = getattr(self.mod, "warm", None)

        def work() -> None:
            try:
                with self.lock:
                    if fn is not None:
                        fn(self.sc, self.warm)
            except Exception:  # noqa: BLE001 - a warm-up failing only leaves it cold
                pass
            finally:
                self.warmed.set()

        threading.Thread(target=work, daemon=True, name=f"warm {self.name}").start()

    # -- reading the position ----------------------------------------------------------------

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            fn = getattr(self.mod, "view", None)
            self._view = fn(self.sc) if fn is not None else hex_view(self.sc)
        return self._view

    @property
    def places(self) -> dict[str, list[float]]:
        return places_of(self.view)

    def board(self) -> dict[str, Any]:
        readings = self.game.readings()
        sc = self.sc
        return {
            "name": self.name, "title": self.game.title, "game": sc.game,
            "turn": getattr(sc, "turn", None), "weather": getattr(sc, "weather", None),
            "phasing": getattr(sc, "phasing", None), "readings": dict(sc.readings),
            **self.view,
            "asks": [a.to_json() for a in self.asks.values()],
            "click": getattr(self.mod, "CLICK", None), "undo": len(self.history),
            "edits": [e.to_json() for e in getattr(self.mod, "EDITS", ())],
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
        places = self.places
        hexes = {h["id"] for h in self.view["hexes"]} or set(places)
        units = {u.id for u in sc.units}
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
                if not isinstance(v, str) or v not in hexes:
                    raise usage_error(f"{v!r} is not a place of this map", where)
            elif p.kind == "hexes":
                if not isinstance(v, list) or len(v) > p.most:
                    raise usage_error(f"a list of at most {p.most} places", where)
                for h in v:
                    if not isinstance(h, str) or h not in places:
                        raise usage_error(f"{h!r} is not a place of this map", where)
            elif p.kind == "unit":
                if not isinstance(v, str) or v not in units:
                    raise usage_error(f"no unit {v!r} in the position", where)
            elif p.kind == "units":
                if not isinstance(v, list) or len(v) > MAX_UNITS_ASKED:
                    raise usage_error(f"a list of at most {MAX_UNITS_ASKED} unit ids", where)
                for u in v:
                    if not isinstance(u, str) or u not in units:
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
        chosen = {**self.game.default_readings(), **self.sc.readings, **readings}
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
            reply = ask.fn(self.sc, self.warm, chosen, p)
            ms = (time.perf_counter() - t0) * 1000
            cited = cited_rules(reply.answer) | {r for ln in reply.lines for r in ln["rules"]}
            out = {
                "ask": name, "params": p, "readings": chosen, "answer": reply.answer,
                "cli": reply.cli, "lines": reply.lines,
                "draw": drawing_json(self.view, reply.drawing, self.sc),
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
        check_position(sc)
        self.history.append(self.sc)
        del self.history[:-MAX_UNDO]
        self._set(sc)

    def _set(self, sc: Scenario) -> None:
        self.sc = sc
        self.warm = self._session(sc, self.warm)
        self._view = None
        self.cache.clear()

    def edit(self, op: Any) -> dict[str, Any]:
        if not isinstance(op, dict):
            raise usage_error("an edit is an object with 'op'", "op")
        kind, uid = op.get("op"), op.get("unit")
        edits = {e.field: e for e in getattr(self.mod, "EDITS", ())}
        place_field = getattr(self.mod, "PLACE", "hex")
        with self.lock:
            data = self.sc.model_dump(mode="json", exclude={"source"}, exclude_defaults=True)
            data["game"] = self.sc.game
            ids = [u.get("id") for u in data.get("units", [])]
            if uid not in ids:
                raise usage_error(f"no unit {uid!r} in the position", "unit")
            unit = data["units"][ids.index(uid)]
            if kind == "move":
                to = op.get("to")
                if not isinstance(to, str) or to not in self.places:
                    raise usage_error(f"{to!r} is not a place of this map", "to")
                unit[place_field] = to
            elif kind == "set":
                fields = [k for k in op if k not in ("op", "unit")]
                if not fields:
                    raise usage_error("say which field to set", "op")
                now = self.sc.units_by_id[uid]
                for f in fields:
                    e = edits.get(f)
                    if e is None:
                        raise usage_error(f"'{f}' is not a field the board edits (it edits: "
                                          f"{', '.join(edits) or 'none'})", f)
                    v = op[f]
                    if e.choices:
                        if v not in e.choices:
                            raise usage_error(f"{f} is one of {', '.join(e.choices)}", f)
                    else:
                        top = getattr(now, e.highest, None) if e.highest else None
                        if not isinstance(v, int) or isinstance(v, bool) or v < e.lowest or (
                                isinstance(top, int) and v > top):
                            raise usage_error(f"{f} is a whole number from {e.lowest}"
                                              + (f" to {top}" if isinstance(top, int) else ""),
                                              f)
                    unit[f] = v
            else:
                raise usage_error("op is 'move' or 'set'", "op")
            self._replace(data)
        return self.board()

    def undo(self) -> dict[str, Any]:
        with self.lock:
            if not self.history:
                raise usage_error("nothing to undo", "undo")
            self._set(self.history.pop())
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
    check_position(sc)
    return sc


def check_position(sc: Scenario) -> None:
    """The game's own checks beyond its format: its board's ``check``, else its
    ``validate`` query (input errors the encodings report), if it has one."""
    game = get_game(sc.game)
    fn = getattr(board_module(game), "check", None)
    if fn is not None:
        fn(sc)
    elif "validate" in game.queries:
        Solver(game).solve(sc, "validate")


def _problem(name: str, message: str):
    from adjudicator.errors import Problem

    return Problem(name, 0, "(file)", message)

