"""``python -m bench``: not written yet (issue 9); says so instead of pretending."""

import sys

print("bench: the reference implementation and benchmark are not written yet", file=sys.stderr)
sys.exit(1)
