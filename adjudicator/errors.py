"""Problems with user input, reported as ``FILE:LINE: PATH: message``."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


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


#: At most this many problems are listed; a last line counts the rest.
MAX_SHOWN = 50


class InputError(Exception):
    """One or more problems with what the user gave; the CLI exits with status 2.

    ``problems`` holds the first :data:`MAX_SHOWN` problems in file and line order and,
    when there were more, one last line that counts the rest (``all_problems`` has them
    all), so that a file with thousands of mistakes prints a screenful, not thousands.
    """

    def __init__(self, problems: list[Problem]):
        flat: list[Problem] = []
        for p in problems:  # a list shown before may come back: take its hidden part too
            flat.extend(p.hidden if isinstance(p, Summary) else (p,))
        ordered = sorted(flat)
        self.all_problems = ordered
        self.problems = ordered[:MAX_SHOWN]
        rest = ordered[MAX_SHOWN:]
        if rest:
            summary = Summary(ordered[0].file, 0, "(file)",
                              f"{len(rest):,} more problem{'s' if len(rest) > 1 else ''} not "
                              f"shown (the first {MAX_SHOWN} are listed)")
            object.__setattr__(summary, "hidden", tuple(rest))
            self.problems.append(summary)
        super().__init__("\n".join(str(p) for p in self.problems))

    def lines(self) -> list[str]:
        """What the command line prints: one line per problem shown, then the count."""
        return [str(p) for p in self.problems]

    def to_json(self) -> dict[str, Any]:
        """``{"errors": [...], "error_count": N}``: the problems shown and how many in all."""
        return {"errors": [p.to_json() for p in self.problems if not isinstance(p, Summary)],
                "error_count": len(self.all_problems)}


@dataclass(frozen=True)
class Summary(Problem):
    """The last line of a long list: how many problems were left out (``hidden``)."""

    hidden = ()  # set on each summary; not a field, so it is not in the printed record


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
    """The text of a file the user named, or an InputError saying why it cannot be read
    (missing, not a regular file, too large, not UTF-8: see :mod:`adjudicator.limits`)."""
    from adjudicator.limits import read_text

    return read_text(path, missing)


class TimeLimitError(Exception):
    """Solving took longer than ``--time-limit``; the CLI exits with status 2."""
