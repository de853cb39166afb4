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


class InputError(Exception):
    """One or more problems with what the user gave; the CLI exits with status 2."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def usage_error(message: str, path: str = "arguments") -> InputError:
    """A problem with a command-line argument rather than a file."""
    return InputError([Problem("<command line>", 0, path, message)])


def read_input(path: str | Path, missing: str = "no such file") -> str:
    """The text of a file the user named, or an InputError saying why it cannot be read."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError([Problem(str(p), 0, "(file)", missing)]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError([Problem(str(p), 0, "(file)", f"cannot read: {exc}")]) from None
