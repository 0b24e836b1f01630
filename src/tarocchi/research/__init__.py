"""Research adapters (the optional ``research`` extra: numpy, PettingZoo, Gymnasium).

``encoding`` turns a seat's view into fixed float32 tensors and a legal-action mask;
``pettingzoo.env(game_id)`` is the multi-agent environment; importing ``gymnasium`` registers
the single-seat environments ``tarocchi/<game_id>-v0``. docs/research.md has the layouts.
The engine never imports this package: it stays stdlib-only.
"""
