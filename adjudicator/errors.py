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


@dataclass(frozen=True)
class Summary(Problem):
    """The last line of a long list: how many problems were left out (``hidden``)."""

    hidden = ()  # set on each summary; not a field, so it is not in the printed record


def usage_error(message: str, path: str = "arguments") -> InputError:
    """A problem with a command-line argument rather than a file."""
    return InputError([Problem("<command line>", 0, path, message)])


def read_input(path: str | Path, missing: str = "no such file") -> str:
    """The text of a file the user named, or an InputError saying why it cannot be read
    (missing, not a regular file, too large, not UTF-8: see :mod:`adjudicator.limits`)."""
    from adjudicator.limits import read_text

    return read_text(path, missing)
