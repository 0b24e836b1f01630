"""docs/research.md and docs/research_layouts.json show the layouts the code builds, and the
page's examples run as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tarocchi.research.layouts import BEGIN, END, layouts_json, layouts_markdown

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research.md"
DATA = PAGE.with_name("research_layouts.json")


def test_the_layout_tables_are_the_codes() -> None:
    text = PAGE.read_text(encoding="utf-8")
    written = text.partition(BEGIN)[2].partition(END)[0]
    assert written.strip() == layouts_markdown().strip(), "run: python -m tarocchi.research.layouts"


def test_the_layouts_as_data_are_the_codes() -> None:
    """docs/research_layouts.json names every slice of every tensor, and they tile it."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert data == layouts_json(), "run: python -m tarocchi.research.layouts"
    for game in data.values():
        slots = game["information_state"] + game["perfect"]
        assert [slot["start"] for slot in slots[1:]] == [slot["stop"] for slot in slots[:-1]]
        assert game["observation"] == game["information_state"][: len(game["observation"])]


def test_the_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})
