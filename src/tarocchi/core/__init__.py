"""The game-independent engine: cards, actions, trick rules, views, records and matches."""
