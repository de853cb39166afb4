"""Run the CLI in-process and capture what it prints and its exit status."""

from __future__ import annotations

import json
from dataclasses import dataclass

from adjudicator.cli import main


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def json(self):
        return json.loads(self.out)


def run(capsys, *args: str) -> Run:
    capsys.readouterr()
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    captured = capsys.readouterr()
    return Run(code, captured.out, captured.err)
