"""The README and the docs point only to files inside the repository, and every
file they name exists (the rule texts and rulings they cite are kept in docs/sources/)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md") if "sources" not in p.parts)]
NAMED = re.compile(r"`((?:docs|src|tests|benchmarks|records)/[^`\s]*)`")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
STEERING = re.compile(r"(?<![\w.])shared/")


def test_no_page_points_outside_the_repository() -> None:
    found = []
    for page in PAGES:
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{page.relative_to(ROOT)}:{number}"
            if STEERING.search(line):
                found.append(f"{where}: names the steering repository's shared/ folder")
            for link in LINK.findall(line):
                if "://" in link or link.startswith("mailto:"):
                    continue
                target = (page.parent / link).resolve()
                if not target.is_relative_to(ROOT) or not target.exists():
                    found.append(f"{where}: {link} is not a file of the repository")
    assert not found, "\n".join(found)


def test_every_file_a_page_names_exists() -> None:
    named = {
        (page.relative_to(ROOT), path.rstrip(".,:;)"))
        for page in PAGES
        for path in NAMED.findall(page.read_text(encoding="utf-8"))
    }
    assert any(path.startswith("docs/sources/") for _, path in named)  # the rule texts are cited
    missing = [
        f"{page}: {path}"
        for page, path in sorted(named)
        if not any(mark in path for mark in "*<…{") and not (ROOT / path.split("::")[0]).exists()
    ]
    assert not missing, "\n".join(missing)
