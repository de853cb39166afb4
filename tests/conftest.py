import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

# The default, slow and fuzz profiles are derandomized: every run (and CI) tries the same
# examples, so a green suite stays green. "explore" draws fresh random examples, many of
# them: run it to hunt for new disagreements and turn each into a ruling. Its count per
# test (and so per area and per reading, each being its own test) is HYPOTHESIS_EXAMPLES,
# 400 unless set; `make explore` runs 10,000 (see the README, "Checking the checker").
settings.register_profile("default", max_examples=60, deadline=None, derandomize=True)
settings.register_profile(
    "slow", max_examples=200, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def _explore_examples() -> int:
    raw = os.environ.get("HYPOTHESIS_EXAMPLES", "400")
    try:
        n = int(raw)
    except ValueError:
        raise SystemExit(f"HYPOTHESIS_EXAMPLES: {raw!r} is not a whole number") from None
    if n < 1:
        raise SystemExit(f"HYPOTHESIS_EXAMPLES: {n} is below 1")
    return n


# derandomize is set explicitly: a profile inherits from the loaded one, which after the
# line above is the derandomized "default".
settings.register_profile(
    "explore", max_examples=_explore_examples(), deadline=None, derandomize=False,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    print_blob=True,
)
# "fuzz" is for the bad-input suite (tests/bad_input): many mutated scenario files, still
# derandomized so that CI stays reproducible; "explore" draws fresh ones there too.
settings.register_profile(
    "fuzz", max_examples=500, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
