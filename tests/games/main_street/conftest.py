"""America's Main Street's rules tests import their shared helpers (cubes.py, next to
this file)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
