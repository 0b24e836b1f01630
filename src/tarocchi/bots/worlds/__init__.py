"""World samplers: complete states consistent with one seat's view, one module per game.

A search player determinizes the hidden information through these; they read nothing but the
view, so a sampled world is one the seat cannot tell from the real one.
"""
