"""docs/research.md shows the layouts the code builds, and its examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

from tarocchi.research.layouts import BEGIN, END, layouts_markdown

PAGE = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def test_the_layout_tables_are_the_codes() -> None:
    text = PAGE.read_text(encoding="utf-8")
    written = text.partition(BEGIN)[2].partition(END)[0]
    assert written.strip() == layouts_markdown().strip(), "run: python -m tarocchi.research.layouts"


def test_the_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})
