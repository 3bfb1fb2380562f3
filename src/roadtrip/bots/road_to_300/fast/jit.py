"""The one place the fast path meets numba: a typed ``jit`` decorator.

numba is an optional extra (``pip install 'roadtrip[fast]'``); importing this
module without it raises ImportError, which :mod:`roadtrip.sim.fast_road_to_300`
turns into "use the engine".  Compiled functions are cached on disk (numba's
``cache=True``), so only the first run on a machine pays for compiling.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

Function = TypeVar("Function", bound=Callable[..., Any])


def jit(function: Function) -> Function:
    """``function`` compiled in nopython mode (same signature for mypy)."""
    return cast(Function, numba.njit(cache=True, nogil=True)(function))
