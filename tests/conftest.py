import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

# The default, slow and fuzz profiles are derandomized: every run (and CI) tries the same
# examples, so a green suite stays green. "explore" draws fresh random examples, many of
# them: run it by hand to hunt for new disagreements and turn each into a ruling.
settings.register_profile("default", max_examples=60, deadline=None, derandomize=True)
settings.register_profile(
    "slow", max_examples=200, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "explore", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# "fuzz" is for the bad-input suite (tests/bad_input): many mutated scenario files, still
# derandomized so that CI stays reproducible; "explore" draws fresh ones there too.
settings.register_profile(
    "fuzz", max_examples=500, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
