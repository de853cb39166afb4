import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

# The default and slow profiles are derandomized: every run (and CI) tries the same
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
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The suite keeps its on-disk cache (adjudicator/cache.py) to itself, in a fresh directory.
if "ADJUDICATOR_CACHE_DIR" not in os.environ:
    import tempfile

    os.environ["ADJUDICATOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="adjudicator-cache-")
