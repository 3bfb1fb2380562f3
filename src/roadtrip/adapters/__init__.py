"""Thin adapters that put every roadtrip game behind the standard AI interfaces.

``roadtrip.adapters.openspiel``, ``roadtrip.adapters.pettingzoo`` and
``roadtrip.adapters.gymnasium`` each import their framework when imported, so they
need the optional extra (``pip install 'roadtrip[rl]'``); this package itself
imports nothing, and the game core never imports any of these libraries.
"""
