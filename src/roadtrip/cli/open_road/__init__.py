"""The Open Road in the terminal: board.py (the game's UI for ``roadtrip play``),
draw.py (riders, cubes and roads as text), menu.py and input.py (the numbered choices
and what a player types), events.py (what happened, in words)."""
