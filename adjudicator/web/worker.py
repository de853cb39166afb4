"""Each open position in a process of its own, so that a question running too long is
really stopped: the process is killed and a fresh one opens the position again.

The server talks to a :class:`Worker` only: ``call(method, *args, timeout=...)`` sends the
call down a pipe to the position's process, which keeps the :class:`PositionSession`
(ground map, warm session, answers, undo history) and answers it. Only the session's own
methods can be called (``board``, ``ask``, ``edit``, ``undo``, ``yaml``, ``status``). When an answer
takes longer than the time limit, the process is killed (a grounding in progress cannot
be interrupted in any other way), a new one reopens the position as it stood after the
last edit (its undo history is lost), and the call raises :class:`Stopped`.

Processes are started from a fork server that has imported the games once, so opening a
position costs a fork, not a fresh interpreter.
"""

from __future__ import annotations

import multiprocessing as mp
import threading
from typing import Any

from adjudicator.errors import InputError

#: what the server may ask a position's process to do
METHODS = ("board", "ask", "edit", "undo", "yaml", "status")


class Stopped(Exception):
    """A call ran longer than its time limit; its process was killed."""


def _context():
    try:
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["adjudicator.web.worker_main"])
        return ctx
    except ValueError:  # no fork server on this platform
        return mp.get_context("spawn")


_CTX = None


def context():
    global _CTX
    if _CTX is None:
        _CTX = _context()
    return _CTX


def start_processes() -> None:
    """Start the fork server now (it imports every game once), so that the first position
    opened costs a fork, not the imports."""
    ctx = context()
    if ctx.get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


class Worker:
    """A position open in its own process."""

    def __init__(self, text: str, name: str, timeout: float):
        self.name = name
        #: the position as it stands (its YAML after the last edit), to reopen it
        self.text = text
        self.lock = threading.Lock()
        self.process = None
        self.conn = None
        self.first: dict[str, Any] = {}
        self._start(text, name, timeout)

    def _start(self, text: str, name: str, timeout: float) -> None:
        from adjudicator.web.worker_main import serve

        ctx = context()
        parent, child = ctx.Pipe()
        self.process = ctx.Process(target=serve, args=(child,), daemon=True,
                                   name=f"position {name}")
        self.process.start()
        child.close()
        self.conn = parent
        self.first = self._round(("open", (text, name)), timeout)

    def _round(self, msg: tuple, timeout: float) -> Any:
        try:
            self.conn.send(msg)
        except OSError:  # the process has ended
            self._kill()
            raise Stopped from None
        if not self.conn.poll(timeout):
            self._kill()
            raise Stopped
        try:
            ok, value = self.conn.recv()
        except EOFError:  # the process died
            self._kill()
            raise Stopped from None
        if not ok:
            kind, detail = value
            if kind == "input":
                raise InputError(detail)
            raise RuntimeError(detail)
        return value

    def _kill(self) -> None:
        if self.process is not None and self.process.is_alive():
            self.process.kill()
        if self.process is not None:
            self.process.join(5)
        if self.conn is not None:
            self.conn.close()
        self.process = self.conn = None

    def call(self, method: str, *args: Any, timeout: float) -> Any:
        """Run the session's ``method`` in the position's process; raise :class:`Stopped`
        (after reopening the position in a new process) if it runs past ``timeout``."""
        if method not in METHODS:
            raise ValueError(f"no method {method!r}")
        with self.lock:
            if self.process is None:
                self._start(self.text, self.name, timeout)
            try:
                out = self._round((method, args), timeout)
            except Stopped:
                try:
                    self._start(self.text, self.name, max(timeout, 60.0))
                except Exception:  # noqa: BLE001 - reopened at the next call instead
                    self._kill()
                raise
            if method in ("edit", "undo"):
                out, self.text = out
            return out

    def close(self) -> None:
        with self.lock:
            if self.conn is not None:
                try:
                    self.conn.send(("close", ()))
                except OSError:
                    pass
            self._kill()
