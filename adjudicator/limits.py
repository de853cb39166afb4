"""Limits on what the tool reads, checked before any real work starts.

Every input file is read through :func:`read_text`: only a regular file is opened (never a
device, a pipe or a folder, also not through a link), and at most :data:`MAX_FILE_BYTES` are
read. Structured files are scanned once, without recursion, before they are turned into
data: :func:`scan_json` for JSON text and the event scan of :mod:`adjudicator.scenario` for
YAML. The numbers are far above what a real position needs (the largest full-size map the
generator makes has 9,801 hexes and 602 units, in a 1 MB JSON file) and are listed for
players in ``docs/scenario-format.rst``. Each refusal is one ``FILE:LINE: PATH: message``.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from adjudicator.errors import InputError, Problem

#: Largest input file read, in bytes (4 MiB).
MAX_FILE_BYTES = 4 * 1024 * 1024
#: Deepest nesting of mappings and lists (a real scenario needs 5).
MAX_DEPTH = 32
#: Most hexes on a map: every four-digit hex id ``0000``-``9999`` once.
MAX_HEXES = 10_000
#: Most hexsides with features: a map of MAX_HEXES hexes has fewer than three per hex.
MAX_HEXSIDES = 30_000
#: Most units in one position (a full-size map in the benchmark holds about 300).
MAX_UNITS = 5_000
#: Most entries in any other single mapping or list.
MAX_ITEMS = 30_000
#: Longest number written in digits.
MAX_DIGITS = 100
#: Largest whole number in a scenario (turn, strengths, steps, victory points, range).
MAX_NUMBER = 999

#: Caps on named parts of a scenario: path -> (most entries, what they are).
SCENARIO_CAPS: dict[tuple[str, ...], tuple[int, str]] = {
    ("map", "hexes"): (MAX_HEXES, "hexes"),
    ("map", "hexsides"): (MAX_HEXSIDES, "hexsides"),
    ("units",): (MAX_UNITS, "units"),
}


def too_big(file: str, size: int | None = None) -> InputError:
    what = f"{size:,} bytes" if size is not None else "more than that"
    return InputError([Problem(file, 0, "(file)",
                               f"the file is too large ({what}); the limit is "
                               f"{MAX_FILE_BYTES:,} bytes")])


def read_text(path: str | Path, missing: str = "no such file",
              limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes, or an InputError.

    The file is checked after following links, and opened without blocking, so that a
    link to an endless device, a named pipe or a folder is refused at once.
    """
    p = Path(path)
    name = str(p)

    def refuse(message: str) -> InputError:
        return InputError([Problem(name, 0, "(file)", message)])

    try:
        st = os.stat(p)
    except FileNotFoundError:
        raise refuse(missing) from None
    except OSError as exc:
        raise refuse(f"cannot read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise refuse("is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise refuse("is not a regular file (a device, pipe or socket); give a file")
    if st.st_size > limit:
        raise refuse(f"the file is too large ({st.st_size:,} bytes); the limit is {limit:,} bytes")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(p, flags)
    except OSError as exc:
        raise refuse(f"cannot read: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced since it was checked
            raise refuse("is not a regular file (a device, pipe or socket); give a file")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise refuse(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise refuse(f"the file is too large (more than {limit:,} bytes); the limit is "
                     f"{limit:,} bytes")
    data = b"".join(chunks)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError([Problem(name, line, "(file)",
                                  f"not UTF-8 text (byte {exc.start + 1} cannot be read)")]
                         ) from None


_JSON_TOKEN = re.compile(rf'"(?:[^"\\]|\\.)*"|[\[\]{{}}]|[0-9]{{{MAX_DIGITS + 1},}}')
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")
_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def scan_json(text: str, file: str) -> None:
    """Refuse JSON text nested deeper than MAX_DEPTH or with a number longer than
    MAX_DIGITS, without parsing it (so that the parser never recurses too deep)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH and not _LONG_NUMBER.search(text):
        return
    # Outside the strings: no long number and no deeper nesting than allowed is the
    # common case, seen at once; else the token walk below says where.
    bare = _JSON_STRING.sub('""', text)
    if not _LONG_NUMBER.search(bare):
        depth = 0
        for bracket in _BRACKET.findall(bare):
            depth += 1 if bracket in "[{" else -1
            if depth > MAX_DEPTH:
                break
        else:
            return
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        tok = m.group()
        c = tok[0]
        if c == '"':
            continue
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError([Problem(file, text.count("\n", 0, m.start()) + 1, "(top)",
                                          nesting_message())])
        elif c in "]}":
            depth -= 1
        else:
            raise InputError([Problem(file, text.count("\n", 0, m.start()) + 1, "(top)",
                                      digits_message(len(tok)))])


def nesting_message() -> str:
    return f"nested deeper than {MAX_DEPTH} levels, the limit (a scenario needs 5)"


def digits_message(n: int) -> str:
    return f"a number of {n:,} digits; numbers have at most {MAX_DIGITS} digits"


def count_message(n: int | None, cap: int, what: str) -> str:
    many = f"{n:,}" if n is not None else f"more than {cap:,}"
    if what == "entries":
        return f"{many} entries; a mapping or list holds at most {cap:,}"
    return f"{many} {what}; a scenario holds at most {cap:,} {what}"
