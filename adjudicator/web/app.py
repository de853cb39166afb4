"""The board in a browser: a Starlette application over the game registry.

Safe by default: positions are read only from the folder (or the one file) the server was
given, or uploaded as text; no request names a path outside it, follows a link out of it,
runs code or reads another file. Every request body is size-capped and checked, with a
clear 4xx. Each open position lives in a process of its own
(:mod:`adjudicator.web.worker`): a question that runs longer than the time limit is
stopped by killing that process (the position is reopened in a new one) and answered 503.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from adjudicator.errors import InputError
from adjudicator.games import default_game_id, game_ids, get_game
from adjudicator.limits import MAX_FILE_BYTES, read_text
from adjudicator.web.session import board_module
from adjudicator.web.worker import Stopped, Worker, start_processes

STATIC = Path(__file__).resolve().parent / "static"
SUFFIXES = (".yaml", ".yml", ".json")
#: most positions open at once, each in its own process (the least recently used is closed)
MAX_POSITIONS = 8
#: largest request body other than an upload
MAX_BODY = 64 * 1024
#: longest a question may run, in seconds
TIME_LIMIT = 30.0
#: most files listed from the folder
MAX_LISTED = 500


def default_docs() -> Path:
    """The built rules site of a source checkout (``make docs``)."""
    return Path(__file__).resolve().parents[2] / "docs" / "_build" / "html"


@dataclass
class Config:
    #: a folder whose position files may be opened, or one file, or None (the demos)
    root: Path | None = None
    docs: Path | None = None
    time_limit: float = TIME_LIMIT
    hosts: list[str] = field(default_factory=lambda: ["127.0.0.1", "localhost", "::1"])


def _safe_file(root: Path, rel: str) -> Path:
    """``rel`` inside ``root``: no absolute path, no '..', no link anywhere on the way,
    a regular file with a position suffix. Anything else is a 404."""
    if not isinstance(rel, str) or not rel or rel.startswith(("/", "\\")) or "\x00" in rel:
        raise HTTPException(404, "no such file in the folder")
    parts = rel.replace("\\", "/").split("/")
    if any(p in ("", ".", "..") or p.startswith(".") for p in parts):
        raise HTTPException(404, "no such file in the folder")
    here = root
    for p in parts:
        here = here / p
        if here.is_symlink():
            raise HTTPException(404, "no such file in the folder")
    if here.suffix.lower() not in SUFFIXES or not here.is_file():
        raise HTTPException(404, "no such file in the folder")
    if not here.resolve().is_relative_to(root.resolve()):
        raise HTTPException(404, "no such file in the folder")
    return here


def _listing(root: Path) -> list[str]:
    out: list[str] = []
    stack = [root]
    while stack and len(out) < MAX_LISTED:
        folder = stack.pop()
        try:
            entries = sorted(folder.iterdir())
        except OSError:
            continue
        for e in entries:
            if e.name.startswith(".") or e.is_symlink():
                continue
            if e.is_dir():
                stack.append(e)
            elif e.suffix.lower() in SUFFIXES and e.is_file():
                out.append(e.relative_to(root).as_posix())
    return sorted(out)[:MAX_LISTED]


class Board:
    """The server's state: what it may open, and the positions open now (each a
    :class:`Worker`, its own process)."""

    def __init__(self, config: Config):
        self.config = config
        self.positions: OrderedDict[str, Worker] = OrderedDict()
        self.lock = threading.Lock()

    def sources(self) -> list[dict[str, str]]:
        root = self.config.root
        if root is None:
            first = default_game_id()
            return [{"key": f"demo:{g}", "name": f"{get_game(g).title} (bundled demo)"}
                    for g in sorted(game_ids(), key=lambda g: (g != first, g))
                    if get_game(g).demo_path and board_module(get_game(g)) is not None]
        if root.is_file():
            return [{"key": f"file:{root.name}", "name": root.name}]
        return [{"key": f"file:{rel}", "name": rel} for rel in _listing(root)]

    def find(self, key: str) -> tuple[Path, str]:
        root = self.config.root
        if not isinstance(key, str):
            raise HTTPException(400, "key must be a string")
        kind, _, rest = key.partition(":")
        if kind == "demo" and root is None and rest in game_ids():
            path = get_game(rest).demo_path
            if path is None:
                raise HTTPException(404, "that game has no bundled demo")
            return path, path.name
        if kind == "file" and root is not None and root.is_file() and rest == root.name:
            return root, root.name
        if kind == "file" and root is not None and root.is_dir():
            return _safe_file(root, rest), rest
        raise HTTPException(404, f"nothing to open as {key!r}")

    def open(self, text: str, name: str) -> tuple[str, dict[str, Any]]:
        """Open a position in a new process; its id and its board."""
        w = Worker(text, name, self.config.time_limit)
        pid = secrets.token_hex(6)
        with self.lock:
            self.positions[pid] = w
            while len(self.positions) > MAX_POSITIONS:
                _, old = self.positions.popitem(last=False)
                old.close()
        return pid, w.first

    def get(self, pid: str) -> Worker:
        with self.lock:
            w = self.positions.get(pid)
            if w is None:
                raise HTTPException(404, "no such position (it may have been closed: open it "
                                    "again)")
            self.positions.move_to_end(pid)
            return w

    def close(self) -> None:
        with self.lock:
            for w in self.positions.values():
                w.close()
            self.positions.clear()


async def _body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The JSON object of the request, at most ``limit`` bytes."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise HTTPException(415, "send application/json")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise HTTPException(413, f"the request is larger than {limit:,} bytes")
    chunks, n = [], 0
    async for chunk in request.stream():
        n += len(chunk)
        if n > limit:
            raise HTTPException(413, f"the request is larger than {limit:,} bytes")
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks).decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise HTTPException(400, "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the request body must be a JSON object")
    return data


def _problems(exc: InputError) -> JSONResponse:
    return JSONResponse({"error": "the input has problems",
                         "problems": [str(p) for p in exc.problems],
                         "details": [{"file": p.file, "line": p.line, "path": p.path,
                                      "message": p.message} for p in exc.problems]},
                        status_code=422)


def create_app(config: Config | None = None) -> Starlette:
    config = config or Config()
    board = Board(config)

    async def run(fn, *args):
        """Run blocking work in a thread; a position's process that runs past the time
        limit is killed (``Stopped``)."""
        try:
            return await anyio.to_thread.run_sync(fn, *args)
        except Stopped:
            raise HTTPException(503, f"the question took longer than {config.time_limit:g} "
                                "s and was stopped (the position was reopened as it stands; "
                                "its undo history is lost)") from None

    async def call(pid: str, method: str, *args):
        w = board.get(pid)
        return await run(lambda: w.call(method, *args, timeout=config.time_limit))

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def sources(request: Request) -> Response:
        return JSONResponse({"sources": board.sources(), "upload_limit": MAX_FILE_BYTES,
                             "docs": _docs_dir(config) is not None})

    async def open_(request: Request) -> Response:
        data = await _body(request)
        path, name = board.find(data.get("key"))
        pid, b = await run(board.open, read_text(path), name)
        return JSONResponse({"id": pid, **b})

    async def upload(request: Request) -> Response:
        data = await _body(request, MAX_FILE_BYTES * 2 + 4096)
        name, text = data.get("name"), data.get("text")
        if not isinstance(name, str) or not isinstance(text, str):
            raise HTTPException(400, "send {name, text}")
        name = Path(name.replace("\\", "/")).name or "upload.yaml"
        if len(text.encode("utf-8")) > MAX_FILE_BYTES:
            raise HTTPException(413, f"the file is larger than {MAX_FILE_BYTES:,} bytes")
        pid, b = await run(board.open, text, name)
        return JSONResponse({"id": pid, **b})

    async def position(request: Request) -> Response:
        pid = request.path_params["pid"]
        return JSONResponse({"id": pid, **(await call(pid, "board"))})

    async def status(request: Request) -> Response:
        pid = request.path_params["pid"]
        return JSONResponse({"id": pid, **(await call(pid, "status"))})

    async def ask(request: Request) -> Response:
        pid = request.path_params["pid"]
        board.get(pid)
        data = await _body(request)
        return JSONResponse(await call(pid, "ask", data.get("ask"), data.get("params"),
                                       data.get("readings")))

    async def edit(request: Request) -> Response:
        pid = request.path_params["pid"]
        board.get(pid)
        data = await _body(request)
        return JSONResponse({"id": pid, **(await call(pid, "edit", data))})

    async def undo(request: Request) -> Response:
        pid = request.path_params["pid"]
        return JSONResponse({"id": pid, **(await call(pid, "undo"))})

    async def download(request: Request) -> Response:
        pid = request.path_params["pid"]
        name = board.get(pid).name
        stem = Path(name).stem or "position"
        return Response(await call(pid, "yaml"), media_type="application/x-yaml", headers={
            "content-disposition": f'attachment; filename="{stem}-edited.yaml"'})

    async def rule(request: Request) -> Response:
        game, rid = request.path_params["game"], request.path_params["rule"]
        if game not in game_ids() or not all(p.isalnum() for p in rid.split(".")):
            raise HTTPException(404, "no such rule")
        docs = _docs_dir(config)
        target = _rule_page(docs, game, rid) if docs else None
        if target:
            return RedirectResponse("/docs/" + target, status_code=302)
        why = ("the rules site is not built: run <code>make docs</code> in the project "
               "folder (it writes docs/_build/html), then restart <code>adjudicator "
               "serve</code>" if docs is None else f"the rules site has no page for {rid}")
        return HTMLResponse(f"<!doctype html><title>Rule {rid}</title><p>Rule {game} {rid}: "
                            f"{why}.</p>", status_code=404 if docs else 200)

    async def http_error(request: Request, exc: HTTPException) -> Response:
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    async def input_error(request: Request, exc: InputError) -> Response:
        return _problems(exc)

    routes = [
        Route("/", index),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/sources", sources),
        Route("/api/open", open_, methods=["POST"]),
        Route("/api/upload", upload, methods=["POST"]),
        Route("/api/position/{pid:str}", position),
        Route("/api/position/{pid:str}/status", status),
        Route("/api/position/{pid:str}/ask", ask, methods=["POST"]),
        Route("/api/position/{pid:str}/edit", edit, methods=["POST"]),
        Route("/api/position/{pid:str}/undo", undo, methods=["POST"]),
        Route("/api/position/{pid:str}/download", download),
        Route("/rules/{game:str}/{rule:str}", rule),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    docs = _docs_dir(config)
    if docs is not None:
        routes.append(Mount("/docs", StaticFiles(directory=docs, html=True), name="docs"))
    @contextlib.asynccontextmanager
    async def lifespan(app):
        # the process that starts each position's process, its imports done before the
        # first position is opened
        threading.Thread(target=start_processes, daemon=True).start()
        yield
        board.close()  # the positions' processes end with the server

    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=config.hosts)]
    app = Starlette(routes=routes, middleware=middleware,
                    exception_handlers={HTTPException: http_error, InputError: input_error},
                    lifespan=lifespan)
    app.state.board = board
    return app


def _docs_dir(config: Config) -> Path | None:
    d = config.docs if config.docs is not None else default_docs()
    return d if (d / "index.html").is_file() else None


def _rule_page(docs: Path, game: str, rid: str) -> str | None:
    """The page (and anchor) of a rule in the built site, from its rule map."""
    path = docs / "_static" / "rulemap.js"
    try:
        text = read_text(path)
        data = json.loads(text[text.index("{"):text.rindex("}") + 1])
    except (InputError, ValueError):
        return None
    rules = data.get("rules", {})
    for key in (f"{game}:{rid}", f"{game}:{rid}.0"):
        if key in rules:
            return rules[key][0]
    return None
