"""A position kept warm: loaded once, asked many times, edited with undo.

A :class:`PositionSession` lives in the position's own process (see
:mod:`adjudicator.web.worker`). It keeps the position, what the game's board keeps warm
for it (its ``session``: for a game whose questions share a solver, the solver that holds
the map and the position ground, kept across edits), the answers it gave (until the
position changes) and the edit history. The server calls only ``ask``, ``edit``,
``undo``, ``board``, ``status`` and ``yaml``.

While the player looks, a background thread works through what is likely to be asked
next: first the game's warm-up (its board's ``warm``, step by step), then the questions
an answer leads to (an ask's ``follow``, and the board's ``prepare``), each kept as an
answer. A click never waits for more than the one step under way: the background thread
stands aside while a question from the page waits.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from ruamel.yaml import YAML

from adjudicator.errors import InputError, usage_error
from adjudicator.games import Game, game_ids, get_game
from adjudicator.render import Geometry
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
#: most questions prepared in the background after a click
MAX_PREPARED = 12
#: seconds without a click before the background prepares likely questions (clicks in
#: quick succession are answered without it competing for the processor)
PREPARE_AFTER = 0.4


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


class KeptSolver(Solver):
    """A solver that keeps the answers it gave for the position it was asked about: a
    question that asks the same query of the same position with the same facts (a
    whole-position query several clicks read, each keeping its own part) is ground once.
    Answers are read only, so sharing one is safe; the newest ``MAX_CACHED`` are kept."""

    def __init__(self, game: Game | str):
        super().__init__(game)
        self.kept: OrderedDict[tuple, tuple[Scenario, Any]] = OrderedDict()

    def solve(self, sc: Scenario, query: str, extra: Any = (), readings: Any = None,
              window: Any = None) -> Any:
        items = list(extra)
        try:
            key = (id(sc), query, tuple(items),
                   tuple(sorted(readings.items())) if readings else (),
                   None if window is None else frozenset(window))
            hash(key)
        except TypeError:  # facts that cannot be compared: asked each time
            return super().solve(sc, query, items, readings, window)
        hit = self.kept.get(key)
        if hit is not None and hit[0] is sc:
            self.kept.move_to_end(key)
            return hit[1]
        answer = super().solve(sc, query, items, readings, window)
        self.kept[key] = (sc, answer)
        while len(self.kept) > MAX_CACHED:
            self.kept.popitem(last=False)
        return answer


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
        self._where: dict[str, list[float]] | None = None
        self._geometry: Geometry | None = None
        #: id of a part of an answer -> (the part, the rules it cites)
        self._cited_parts: dict[int, tuple[Any, frozenset[str]]] = {}
        #: set once the game's warm-up (grounding what clicks will need) is done
        self.warmed = threading.Event()
        #: how long the warm-up took (ms), once done
        self.warm_ms: float | None = None
        #: questions from the page waiting for the lock (the background stands aside)
        self.waiting = 0
        #: what the background thread is to do: the warm-up's steps, then questions
        self._steps: Iterator[None] | None = None
        self._todo: deque[tuple[str, dict[str, Any], dict[str, str]]] = deque()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        #: answers prepared in the background, and how many of them a click then used
        self.prepared = 0
        self.prepared_used = 0

    def _session(self, sc: Scenario, previous: Any) -> Any:
        """What the game's board keeps warm for a position (``session``), else a solver
        that keeps its answers (:class:`KeptSolver`; kept across edits: the map stays
        ground)."""
        fn = getattr(self.mod, "session", None)
        if fn is not None:
            return fn(sc, previous)
        return previous if previous is not None else KeptSolver(self.game)

    def warm_up(self) -> None:
        """Ground what the clicks will need, in the background thread (the game's board
        ``warm``; a generator is run a step at a time, so that a click waits only for
        the step under way)."""
        fn = getattr(self.mod, "warm", None)
        t0 = time.perf_counter()

        def steps() -> Iterator[None]:
            try:
                if fn is not None:
                    out = fn(self.sc, self.warm)
                    if isinstance(out, Iterator):
                        yield from out
            finally:
                self.warm_ms = round((time.perf_counter() - t0) * 1000, 1)
                self.warmed.set()

        with self._wake:
            self._steps = steps()
            self._wake.notify()
        self._start()

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._background, daemon=True,
                                            name=f"prepare {self.name}")
            self._thread.start()

    def _background(self) -> None:
        """The background thread: the warm-up's steps, then the questions to prepare,
        one at a time, each under the lock; it stands aside while a click waits."""
        while True:
            with self._wake:
                while True:
                    if self.waiting:
                        self._wake.wait(0.05)
                    elif self._steps is not None:
                        break
                    elif self._todo:
                        # the player's next click comes after a pause: prepare then
                        idle = time.monotonic() - self.used
                        if idle >= PREPARE_AFTER:
                            break
                        self._wake.wait(PREPARE_AFTER - idle)
                    else:
                        self._wake.wait()
            with self.lock:
                if self.waiting:
                    continue
                try:
                    if self._steps is not None:
                        try:
                            next(self._steps)
                        except StopIteration:
                            self._steps = None
                    elif self._todo:
                        name, params, readings = self._todo.popleft()
                        key = self._key(name, params, readings)
                        if key not in self.cache:
                            self._answer(self.asks[name], key, params, readings, prepared=True)
                except Exception:  # noqa: BLE001 - what fails here is asked again, cold
                    self._steps = None

    def _likely(self, name: str, params: dict[str, Any], readings: dict[str, str]) -> None:
        """Queue what the player is likely to ask after this question: the asks it leads
        to (``follow``, their parameters filled from this one) and what the game's board
        ``prepare`` names."""
        todo: list[tuple[str, dict[str, Any]]] = []
        for target, fill in self.asks[name].follow:
            if target in self.asks:
                todo.append((target, {k: params.get(src) for k, src in fill.items()}))
        fn = getattr(self.mod, "prepare", None)
        if fn is not None:
            try:
                todo += list(fn(self.sc, name, params))
            except Exception:  # noqa: BLE001 - nothing prepared; the answer stands
                pass
        queue = []
        for target, given in todo[:MAX_PREPARED]:
            try:
                queue.append((target, self.check_params(self.asks[target], given), readings))
            except (InputError, KeyError):
                continue
        with self._wake:
            # what the last click leads to replaces what the one before led to
            self._todo = deque(queue)
            self._wake.notify()
        self._start()

    def status(self) -> dict[str, Any]:
        """Whether the warm-up is done (and how long it took), and how many answers were
        prepared in the background and used."""
        return {"warm": self.warmed.is_set(), "warm_ms": self.warm_ms,
                "prepared": self.prepared, "prepared_used": self.prepared_used}

    # -- reading the position ----------------------------------------------------------------

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            fn = getattr(self.mod, "view", None)
            self._view = fn(self.sc) if fn is not None else hex_view(self.sc)
        return self._view

    @property
    def places(self) -> dict[str, list[float]]:
        if self._where is None:
            self._where = places_of(self.view)
        return self._where

    @property
    def geometry(self) -> Geometry | None:
        """The hex map's geometry (kept: it is the same for every answer)."""
        if self.view["kind"] != "hex":
            return None
        if self._geometry is None:
            self._geometry = Geometry(self.sc)
        return self._geometry

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
        key = self._key(name, p, chosen)
        with self._front():
            self.used = time.monotonic()
            if key in self.cache:
                self.cache.move_to_end(key)
                out = self.cache[key]
                if out.get("prepared"):
                    self.prepared_used += 1
                reply = {**out, "cached": True}
            else:
                reply = {**self._answer(ask, key, p, chosen), "cached": False}
        self._likely(name, p, chosen)
        return reply

    def _cited(self, answer: Any) -> set[str]:
        """``cited_rules`` of an answer; that of a part the game keeps for every answer
        (a whole-position answer, the same object each time) is read once."""
        if not isinstance(answer, dict):
            return cited_rules(answer)
        out: set[str] = set()
        for k, v in answer.items():
            if isinstance(v, dict | list) and len(v) > 8:
                hit = self._cited_parts.get(id(v))
                if hit is None or hit[0] is not v:
                    hit = self._cited_parts[id(v)] = (v, frozenset(cited_rules({k: v})))
                out |= hit[1]
            else:
                out |= cited_rules({k: v})
        while len(self._cited_parts) > 4 * MAX_CACHED:
            self._cited_parts.pop(next(iter(self._cited_parts)))
        return out

    @contextlib.contextmanager
    def _front(self) -> Iterator[None]:
        """The lock, for a call from the page: the background thread stands aside (it
        finishes the one step under way, then takes nothing more while this waits)."""
        with self._wake:
            self.waiting += 1
        try:
            self.lock.acquire()
        finally:
            with self._wake:
                self.waiting -= 1
                self._wake.notify()
        try:
            yield
        finally:
            self.lock.release()

    @staticmethod
    def _key(name: str, params: dict[str, Any], readings: dict[str, str]) -> str:
        return json.dumps([name, params, sorted(readings.items())], sort_keys=True)

    def _answer(self, ask: Ask, key: str, p: dict[str, Any], chosen: dict[str, str],
                prepared: bool = False) -> dict[str, Any]:
        """Answer a question (the lock held) and keep the answer."""
        t0 = time.perf_counter()
        reply = ask.fn(self.sc, self.warm, chosen, p)
        ms = (time.perf_counter() - t0) * 1000
        cited = self._cited(reply.answer) | {r for ln in reply.lines for r in ln["rules"]}
        out = {
            "ask": ask.name, "params": p, "readings": chosen, "answer": reply.answer,
            "cli": reply.cli, "lines": reply.lines,
            "draw": drawing_json(self.view, reply.drawing, self.sc, self.places,
                                 self.geometry),
            "rules": sorted(cited, key=lambda x: [int(t) if t.isdigit() else 0
                                                  for t in x.split(".")] + [0, x]),
            "touched": self.touched(ask, cited, chosen), "ms": round(ms, 1),
            "prepared": prepared,
        }
        if prepared:
            self.prepared += 1
        self.cache[key] = out
        while len(self.cache) > MAX_CACHED:
            self.cache.popitem(last=False)
        return out

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
        self._view = self._where = self._geometry = None
        self.cache.clear()
        self._cited_parts.clear()
        with self._wake:
            self._todo.clear()
        self.warm_up()  # the whole-position answers of the changed position

    def edit(self, op: Any) -> dict[str, Any]:
        if not isinstance(op, dict):
            raise usage_error("an edit is an object with 'op'", "op")
        kind, uid = op.get("op"), op.get("unit")
        edits = {e.field: e for e in getattr(self.mod, "EDITS", ())}
        place_field = getattr(self.mod, "PLACE", "hex")
        with self._front():
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
        with self._front():
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

