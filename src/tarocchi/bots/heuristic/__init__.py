"""Heuristic players, one module per game: rules of thumb a competent club player uses."""
