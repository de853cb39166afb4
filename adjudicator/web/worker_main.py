"""The loop of a position's process (see :mod:`adjudicator.web.worker`): open the position,
then answer the server's calls one at a time until told to close or the pipe closes.

Importing this module imports every game and its board, so the fork server that preloads
it hands each new process a warm interpreter.
"""

from __future__ import annotations

import signal
from typing import Any

from adjudicator import solver
from adjudicator.errors import InputError
from adjudicator.games import game_ids, get_game
from adjudicator.web.session import PositionSession, _reading_areas, board_module, load_text

# A position's process asks many questions of one position: its solver session (the map
# ground, the position's facts) is renewed after this many, not after the command line's
# few (each question keeps its atoms until then: about half a megabyte on a full-size map).
solver.MAX_QUERIES = max(solver.MAX_QUERIES, 300)

for _g in game_ids():
    board_module(get_game(_g))
    _reading_areas(get_game(_g))  # the reading files, read once in the fork server


def _portable(exc: BaseException) -> tuple[str, Any]:
    """The exception as it crosses the pipe: an input error as its problems (the server
    raises it again), anything else as its text."""
    if isinstance(exc, InputError):
        return ("input", exc.all_problems)
    return ("error", f"{type(exc).__name__}: {exc}")


def serve(conn: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops us
    session: PositionSession | None = None
    while True:
        try:
            method, args = conn.recv()
        except (EOFError, OSError):
            return
        if method == "close":
            return
        try:
            if method == "open":
                text, name = args
                session = PositionSession(load_text(text, name), name)
                session.warm_up()
                out: Any = session.board()
            elif method in ("edit", "undo"):
                board = getattr(session, method)(*args)
                out = (board, session.yaml())
            else:
                out = getattr(session, method)(*args)
            conn.send((True, out))
        except Exception as exc:  # noqa: BLE001 - every failure is the caller's to report
            conn.send((False, _portable(exc)))
