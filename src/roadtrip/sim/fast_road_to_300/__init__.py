"""Road to 300's fast bulk path: the same rules compiled with numba, for big simulations.

``roadtrip simulate road-to-300`` plays on it when every seat is ``random`` or
``greedy`` (:mod:`.eligibility`; ``--engine`` opts out).  The modules, bottom up:

* :mod:`roadtrip.bots.road_to_300.fast` (shared with the expert's rollouts, which
  live in the bots layer and may not import ``sim``): ``tables``, the engine's board
  data (``games/road_to_300/board.py``) as arrays; ``jit``, the typed numba
  decorator (numba is the optional ``fast`` extra); ``steps``, the random stream,
  the legal choices and the bots' rankings;
* :mod:`.playing`: whole games and batches, every rules option, 1-6 players;
* :mod:`.path`: chunks of games as the runner's tallies and result rows;
* :mod:`.crosscheck`: the proof against the engine (legal choices, replays).

The fast path has its own random streams (SplitMix64 per game index), so for a
seed it plays other games than the engine path, reproducibly on every backend;
``benchmarks/README.md`` has the figures, ``docs/history.md`` the design.
"""
