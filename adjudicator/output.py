"""Printing answers: readable text by default, one JSON object with ``--json``."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from adjudicator.errors import InputError, Problem

JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of text.")]
ScenarioArg = Annotated[str, typer.Argument(help="Scenario file (.yaml, .yml or .json).")]

console = Console(highlight=False, soft_wrap=True)


def cite(rules: list[str] | tuple[str, ...]) -> str:
    """Rule ids as a short citation, e.g. ``[6.1, 13.3.2]``."""
    return "[" + ", ".join(rules) + "]" if rules else ""


def emit(data: dict[str, Any] | Callable[[], dict[str, Any]], text: Callable[[Console], None],
         as_json: bool) -> None:
    """Print ``data`` as JSON, or call ``text`` to print it for a reader. ``data`` may be
    a function that makes it (then it is made only for JSON)."""
    if as_json:
        if callable(data):
            data = data()
        sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")
    else:
        text(console)


ForceOpt = Annotated[bool, typer.Option(
    "--force", help="Replace an output file that already exists.")]


def _same_file(a: Path, b: Path) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def check_output(path: str | Path, option: str, inputs: Iterable[str | Path | None] = (),
                 force: bool = False, append: bool = False) -> Path:
    """Refuse an output path before any work is done: one that is also an input, a
    folder or device, a file that exists (unless ``force``, or ``append`` for a log), or
    one in a folder that does not exist. Returns the path."""
    p = Path(path)

    def refuse(message: str) -> InputError:
        return InputError([Problem(str(p), 0, option, message)])

    if not str(path).strip():
        raise refuse("give a file name")
    for other in inputs:
        if other is not None and str(other) and _same_file(p, Path(other)):
            raise refuse(f"this is also an input file ({other}); write to another file")
    if p.is_dir():
        raise refuse("this is a folder; name a file to write")
    if p.exists() or p.is_symlink():
        if not p.exists():
            raise refuse("this is a link to nothing; name a file to write")
        if not p.is_file():
            raise refuse("this is not a regular file (a device, pipe or socket); name a "
                         "file to write")
        if not force and not append:
            raise refuse("the file exists; give --force to replace it")
    parent = Path(os.path.realpath(p)).parent
    if not parent.exists():
        raise refuse(f"the folder {p.parent} does not exist; create it first")
    if not parent.is_dir():
        raise refuse(f"{p.parent} is not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise refuse(f"cannot write in the folder {p.parent} (permission denied)")
    return p


def write_output(path: str | Path, text: str, option: str,
                 inputs: Iterable[str | Path | None] = (), force: bool = False,
                 append: bool = False) -> Path:
    """Write ``text`` to ``path`` atomically (a temporary file in the same folder, then a
    rename), after ``check_output``; with ``append``, after the file's old content. A
    failure leaves the old file whole and is reported as an InputError."""
    p = check_output(path, option, inputs, force, append)
    target = Path(os.path.realpath(p))
    old = target.read_bytes() if append and target.exists() else b""
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(old + text.encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as exc:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        reason = exc.strerror or str(exc)
        raise InputError([Problem(str(p), 0, option, f"cannot write: {reason}")]) from None
    return p
