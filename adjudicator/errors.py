"""Problems with user input, reported as ``FILE:LINE: PATH: message``."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: At most this many problems are printed; a count of the rest follows them.
MAX_SHOWN = 50


def one_line(text: str) -> str:
    """``text`` with line breaks and other control characters written as escapes, so that
    a problem is always one line, whatever the user typed."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    path: str
    message: str

    def __str__(self) -> str:
        return one_line(f"{self.file}:{self.line}: {self.path}: {self.message}")

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "path": self.path,
                "message": self.message}


class InputError(Exception):
    """One or more problems with what the user gave; the CLI exits with status 2."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def lines(self, limit: int = MAX_SHOWN) -> list[str]:
        """The first ``limit`` problems, one per line, then how many more there are."""
        out = [str(p) for p in self.problems[:limit]]
        rest = len(self.problems) - limit
        if rest > 0:
            out.append(f"... and {rest} more problem{'s' if rest > 1 else ''} "
                       f"({len(self.problems)} in all; the first {limit} are shown)")
        return out

    def to_json(self, limit: int = MAX_SHOWN) -> dict[str, Any]:
        """``{"errors": [...], "error_count": N}``: the first ``limit`` problems."""
        return {"errors": [p.to_json() for p in self.problems[:limit]],
                "error_count": len(self.problems)}


def usage_error(message: str, path: str = "arguments") -> InputError:
    """A problem with a command-line argument rather than a file."""
    return InputError([Problem("<command line>", 0, path, message)])


def did_you_mean(name: object, candidates: Iterable[object], n: int = 3) -> str:
    """``"; did you mean 'X', 'Y'?"`` for the candidates closest to ``name``, or ``""``."""
    pool = sorted({str(c) for c in candidates})
    close = difflib.get_close_matches(str(name), pool, n=n, cutoff=0.6)
    if not close:
        low = str(name).lower()
        close = [c for c in pool if c.lower() == low or (len(low) > 1 and low in c.lower())][:n]
    return f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""


def unknown(kind: str, name: object, candidates: Iterable[object],
            path: str = "arguments") -> InputError:
    """An unknown unit, hex, reading, table or game named on the command line."""
    return usage_error(f"no {kind} '{name}'{did_you_mean(name, candidates)}", path)


def read_input(path: str | Path, missing: str = "no such file") -> str:
    """The text of a file the user named, or an InputError saying why it cannot be read."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError([Problem(str(p), 0, "(file)", missing)]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError([Problem(str(p), 0, "(file)", f"cannot read: {exc}")]) from None


class TimeLimitError(Exception):
    """Solving took longer than ``--time-limit``; the CLI exits with status 2."""
