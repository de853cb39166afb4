import sys
from pathlib import Path

import pytest

# The board tests' helpers (board_questions.py) import as top-level modules, as the shared
# ones in tests/ do.
sys.path.insert(0, str(Path(__file__).parent))

from board_questions import demo_path  # noqa: E402


@pytest.fixture(scope="session")
def demo():
    return demo_path()
