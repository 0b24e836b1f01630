"""The layouts of every game as Markdown tables: ``python -m tarocchi.research.layouts`` rewrites
them in docs/research.md (between its ``<!-- layouts -->`` markers); a test holds the page to them."""

from __future__ import annotations

import sys
from pathlib import Path

from tarocchi.core.registry import available_games, get_game
from tarocchi.research.encoding import BIG, Layout, encoder

BEGIN = "<!-- layouts: written by python -m tarocchi.research.layouts -->"
END = "<!-- /layouts -->"


def _bound(value: float) -> str:
    """A bound as the table shows it: ``BIG`` (no fixed limit) as ``±1e9``."""
    if abs(value) >= BIG:
        return "-1e9" if value < 0 else "1e9"
    return f"{value:g}"


def layout_table(layout: Layout, skip: int = 0) -> str:
    """One row per slot from the ``skip``-th on: offsets, shape, bounds and meaning."""
    rows = ["| slice | offsets | shape | range | meaning |", "|---|---|---|---|---|"]
    for slot in layout.slots[skip:]:
        shape = " x ".join(str(size) for size in slot.shape)
        bounds = f"{_bound(slot.low)}..{_bound(slot.high)}"
        rows.append(f"| `{slot.name}` | {slot.start}:{slot.stop} | {shape} | {bounds} | {slot.doc} |")
    return "\n".join(rows)


def layouts_markdown() -> str:
    """Every game's observation and information-state layouts (the same for every option)."""
    parts: list[str] = []
    for game_id in available_games():
        game = get_game(game_id)
        enc = encoder(game)
        obs, state = enc.observation_layout, enc.information_state_layout
        parts.append(
            f"### {game.info.name} (`{game_id}`)\n\n"
            f"{game.players} seats, {enc.cards} cards, {enc.actions} actions, {len(enc.phases)} phases "
            f"({', '.join(phase.name.lower() for phase in enc.phases)}).\n\n"
            f"Observation: {obs.size} floats.\n\n{layout_table(obs)}\n\n"
            f"Information state: {state.size} floats, the observation's {obs.size} then:\n\n"
            f"{layout_table(state, len(obs.slots))}\n"
        )
    return "\n".join(parts)


def rewrite(page: Path) -> bool:
    """Put the tables between the page's markers; whether the page changed."""
    text = page.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    new = f"{head}{BEGIN}\n\n{layouts_markdown()}\n{END}{tail}"
    if new == text:
        return False
    page.write_text(new, encoding="utf-8")
    return True


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/research.md")
    print(f"{target}: {'rewritten' if rewrite(target) else 'unchanged'}")
