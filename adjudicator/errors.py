"""Problems with user input, reported as ``FILE:LINE: PATH: message``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.path}: {self.message}"


#: At most this many problems are listed; a last line counts the rest.
MAX_SHOWN = 50


class InputError(Exception):
    """One or more problems with what the user gave; the CLI exits with status 2.

    ``problems`` holds the first :data:`MAX_SHOWN` problems in file and line order and,
    when there were more, one last line that counts the rest (``all_problems`` has them
    all), so that a file with thousands of mistakes prints a screenful, not thousands.
    """

    def __init__(self, problems: list[Problem]):
        ordered = sorted(p for p in problems if not getattr(p, "summary", False))
        self.all_problems = ordered
        self.problems = ordered[:MAX_SHOWN]
        rest = len(ordered) - MAX_SHOWN
        if rest > 0:
            first = ordered[0]
            self.problems.append(Summary(
                first.file, 0, "(file)",
                f"{rest:,} more problem{'s' if rest > 1 else ''} not shown "
                f"(the first {MAX_SHOWN} are listed)"))
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True, order=True)
class Summary(Problem):
    """The last line of a long list: how many problems were left out."""

    summary: bool = True


def usage_error(message: str, path: str = "arguments") -> InputError:
    """A problem with a command-line argument rather than a file."""
    return InputError([Problem("<command line>", 0, path, message)])


def read_input(path: str | Path, missing: str = "no such file") -> str:
    """The text of a file the user named, or an InputError saying why it cannot be read
    (missing, not a regular file, too large, not UTF-8: see :mod:`adjudicator.limits`)."""
    from adjudicator.limits import read_text

    return read_text(path, missing)
