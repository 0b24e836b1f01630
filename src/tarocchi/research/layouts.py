"""The layouts of every game as Markdown tables and as data: ``python -m tarocchi.research.layouts``
rewrites them in docs/research.md (between its ``<!-- layouts -->`` markers) and
docs/research_layouts.json; a test holds both to the code."""

from __future__ import annotations

import json
import sys
from itertools import groupby
from pathlib import Path
from typing import Any

from tarocchi.core.registry import available_games, get_game
from tarocchi.research.encoding import Layout, Slot, encoder
from tarocchi.research.observers import Observer, compact_layout

BEGIN = "<!-- layouts: written by python -m tarocchi.research.layouts -->"
END = "<!-- /layouts -->"


def _range(slot: Slot) -> str:
    """A slot's bounds as the table shows them: ``low..high``, or with a bound for each place of
    the last axis ``low..[1 x 168, 4]`` (runs of one bound counted)."""
    if slot.highs is None:
        return f"{slot.low:g}..{slot.high:g}"
    runs = [(value, len(list(group))) for value, group in groupby(slot.highs)]
    return f"{slot.low:g}..[{', '.join(f'{v:g} x {k}' if k > 1 else f'{v:g}' for v, k in runs)}]"


def layout_table(layout: Layout, skip: int = 0) -> str:
    """One row per slot from the ``skip``-th on: offsets, shape, bounds and meaning."""
    rows = ["| slice | offsets | shape | range | meaning |", "|---|---|---|---|---|"]
    for slot in layout.slots[skip:]:
        shape = " x ".join(str(size) for size in slot.shape)
        rows.append(f"| `{slot.name}` | {slot.start}:{slot.stop} | {shape} | {_range(slot)} | {slot.doc} |")
    return "\n".join(rows)


def _perfect(game_id: str) -> tuple[Layout, int]:
    """The perfect information state's layout, and where its own slots begin."""
    layout = Observer(get_game(game_id), "information_state", "perfect", "raw").raw_layout
    return layout, len(encoder(get_game(game_id)).information_state_layout.slots)


def _only(layout: Layout, name: str) -> Layout:
    """A layout of one of ``layout``'s slots, at its offsets (for a table of that row)."""
    only = Layout()
    only.slots.append(layout.slot(name))
    return only


def layouts_markdown() -> str:
    """Every game's observation and information-state layouts (the same for every option but the
    bound of ``scores``, the most a game of its length can total: shown for the default
    options)."""
    parts: list[str] = []
    for game_id in available_games():
        game = get_game(game_id)
        enc = encoder(game)
        obs, state = enc.observation_layout, enc.information_state_layout
        perfect, skip = _perfect(game_id)
        compact = compact_layout(enc)
        parts.append(
            f"### {game.info.name} (`{game_id}`)\n\n"
            f"{game.players} seats, {enc.cards} cards, {enc.actions} actions, {len(enc.phases)} phases "
            f"({', '.join(phase.name.lower() for phase in enc.phases)}).\n\n"
            f"Observation: {obs.size} floats.\n\n{layout_table(obs)}\n\n"
            f"Information state: {state.size} floats, the observation's {obs.size} then:\n\n"
            f"{layout_table(state, len(obs.slots))}\n\n"
            f'Compact information state (`tensor="compact_information_state"`): {compact.size} floats, '
            f"the information state's slots but `calls`:\n\n{layout_table(_only(compact, 'calls'))}\n\n"
            f'Perfect information (`info="perfect"`): the seat\'s tensor (any kind), then '
            "(offsets here after the information state):\n\n"
            f"{layout_table(perfect, skip)}\n"
        )
    return "\n".join(parts)


def layouts_json() -> dict[str, Any]:
    """The same layouts as data: per game, its sizes and each tensor's slots (``Layout.to_json``:
    name, start, stop, shape, low, high, doc), raw bounds; a unit tensor divides each value by
    the larger magnitude of its place's bounds."""
    found: dict[str, Any] = {}
    for game_id in available_games():
        game = get_game(game_id)
        enc = encoder(game)
        perfect, skip = _perfect(game_id)
        found[game_id] = {
            "players": game.players,
            "cards": enc.cards,
            "actions": enc.actions,
            "phases": [phase.name.lower() for phase in enc.phases],
            "observation": enc.observation_layout.to_json(),
            "information_state": enc.information_state_layout.to_json(),
            "compact_information_state": compact_layout(enc).to_json(),
            "perfect": perfect.to_json()[skip:],
        }
    return found


def _dumps(data: dict[str, Any]) -> str:
    """JSON with one slot a line, so that a change to a slot is one line of a diff."""
    games = []
    for game_id, game in data.items():
        fields = []
        for name, value in game.items():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                rows = ",\n".join(f"   {json.dumps(slot, ensure_ascii=False)}" for slot in value)
                fields.append(f"  {json.dumps(name)}: [\n{rows}\n  ]")
            else:
                fields.append(f"  {json.dumps(name)}: {json.dumps(value)}")
        games.append(f" {json.dumps(game_id)}: {{\n" + ",\n".join(fields) + "\n }")
    return "{\n" + ",\n".join(games) + "\n}\n"


def rewrite(page: Path, data: Path) -> bool:
    """Put the tables between the page's markers and the data in its file; whether either
    changed."""
    text = page.read_text(encoding="utf-8")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    new = f"{head}{BEGIN}\n\n{layouts_markdown()}\n{END}{tail}"
    changed = new != text
    page.write_text(new, encoding="utf-8")
    written = _dumps(layouts_json())
    changed |= not data.exists() or data.read_text(encoding="utf-8") != written
    data.write_text(written, encoding="utf-8")
    return changed


if __name__ == "__main__":
    docs = Path(sys.argv[1] if len(sys.argv) > 1 else "docs")
    page, data = docs / "research.md", docs / "research_layouts.json"
    print(f"{page}, {data}: {'rewritten' if rewrite(page, data) else 'unchanged'}")
