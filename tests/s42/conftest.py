import sys
from pathlib import Path

# Stalingrad '42's test helpers (positions.py) import as top-level modules, as the
# shared ones in tests/ do.
sys.path.insert(0, str(Path(__file__).parent))
