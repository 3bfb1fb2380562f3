"""The solved tables shipped with the package (``tables/*.json``), and reading them.

``scripts/solve_main_street.py`` writes them; the solvers take seconds to minutes,
so bots read the values instead of solving at start-up.  ``kicks.json`` is
``{"game", "models": {"<solo_six_black>/<upper|coarse|lower>": {"mask,blacks":
expected turns}}}``; ``mileage.json`` is ``{"game", "model", "upper", "lower",
"first_fill_up", "keys": [mat key], "values": [expected turns], "sd": [their
standard deviation]}`` (canonical states only, keys as the solver modules write
them; the three figures are the start's).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

KICKS_TABLE = "kicks.json"
MILEAGE_TABLE = "mileage.json"


@cache
def load_table(name: str) -> dict[str, Any]:
    """A shipped table, parsed (read once per process)."""
    text = resources.files("roadtrip.bots.main_street").joinpath("tables", name).read_text()
    table: dict[str, Any] = json.loads(text)
    return table


def state_key(state: tuple[int, ...]) -> str:
    """A state tuple as a JSON key: '37,2'."""
    return ",".join(str(part) for part in state)


def key_state(key: str) -> tuple[int, ...]:
    """Back from :func:`state_key`."""
    return tuple(int(part) for part in key.split(","))


__all__ = ["KICKS_TABLE", "MILEAGE_TABLE", "key_state", "load_table", "state_key"]
