"""Road to 300 compiled with numba (the optional ``fast`` extra), for the bots and
the simulator.

* :mod:`.tables`: the engine's board data (``games/road_to_300/board.py``) as arrays;
* :mod:`.jit`: the typed numba decorator;
* :mod:`.steps`: the random stream, the legal choices and the greedy bot's rankings
  (used by :mod:`roadtrip.sim.fast_road_to_300`);
* :mod:`.policy`: the expert's base policy;
* :mod:`.crosscheck`: the proof of the expert's rollouts against the engine;
* :mod:`.network`, :mod:`.afterstates` and :mod:`.close_calls`: the learned value
  network and play with it: greedy, one roll deep, close pairs two rolls deep;
* :mod:`.selfplay`: whole games at each of those depths, and the network's learning;
* :mod:`.playouts`: rollouts by the base policy or the network's greedy policy.

Nothing is imported here, so importing the package loads neither numpy nor numba.
"""
