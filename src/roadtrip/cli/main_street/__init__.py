"""America's Main Street in the terminal: ``board`` (the two games' faces: turns,
choices, typed words), ``draw`` (Rich drawings of the mats, the bag and the odds),
``events`` (what happened, in words, and the result) and ``seats`` (seat names, a
team of two sharing a mat)."""
