"""The time limit of a command's solving (``--time-limit``).

The adjudicator's queries are answered while their programs are ground (they are
stratified: grounding alone decides them), so the limit is checked before every call
to the solver harness, and the command line also arms a watchdog that ends the process
when a single ground call outlasts it (a running ground call cannot be interrupted).
"""

from __future__ import annotations

import time

from adjudicator.errors import TimeLimitError

DEFAULT_TIME_LIMIT = 60.0
MAX_TIME_LIMIT = 86400.0

_clock: dict[str, float | None] = {"limit": None, "deadline": None}


def start(seconds: float | None) -> None:
    """Allow ``seconds`` of solving from now on (None: no limit)."""
    _clock["limit"] = seconds
    _clock["deadline"] = None if seconds is None else time.monotonic() + seconds


def check() -> None:
    """Raise TimeLimitError if the time allowed has run out."""
    deadline = _clock["deadline"]
    if deadline is not None and time.monotonic() > deadline:
        raise TimeLimitError(time_limit_message(_clock["limit"] or 0.0))


def time_limit_message(seconds: float) -> str:
    return (f"stopped: the command ran longer than its time limit of {seconds:g} s; give a "
            f"larger limit with 'adjudicator --time-limit SECONDS COMMAND ...' (or "
            f"ADJUDICATOR_TIME_LIMIT=SECONDS)")
