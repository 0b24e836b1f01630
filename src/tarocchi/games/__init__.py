"""The four games, each in its own package with the same file names."""
