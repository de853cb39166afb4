import sys
from pathlib import Path

# The p2p test helpers (p2p_positions.py) import as top-level modules.
sys.path.insert(0, str(Path(__file__).parent))
