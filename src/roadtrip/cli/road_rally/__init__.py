"""Road Rally USA in the terminal: the board (``board.py``), its drawing
(``draw.py``), the log of events (``events.py``), the typed commands
(``input.py``) and the results table (``result.py``)."""
