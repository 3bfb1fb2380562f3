"""Road to 300 fast bulk path (numba)."""
