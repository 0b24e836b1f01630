"""The cards drawn as SVG by the project, every card of the four packs, in Chromium.

Each card has a label a screen reader says (its name), its code, and an index that stays legible
at a phone's width (360 px); suits differ by shape and letter, so no colour is needed."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tarocchi.core.cards import FOOL_SUIT, TRUMPS
from tarocchi.core.registry import available_games, get_game
from tarocchi.web import STATIC, deck_json

DECKS = {get_game(g).deck.name: get_game(g).deck for g in available_games()}
"""Piedmont's 80-card pack, Taroux's 78, the Sicilian 63 and Taroinche's 32."""


class _Handler(SimpleHTTPRequestHandler):
    """The static folder as the server serves it, and the packs at /api/decks."""

    def do_GET(self) -> None:
        if self.path.startswith("/api/decks"):
            body = json.dumps([deck_json(deck) for deck in DECKS.values()]).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(STATIC)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def test_every_pack_has_its_suits_told_apart_by_shape_and_letter() -> None:
    assert sorted(len(d.cards) for d in DECKS.values()) == [32, 63, 78, 80]
    for deck in DECKS.values():
        assert len({s.symbol for s in deck.suits}) == len(deck.suits)
        assert len({s.letter for s in deck.suits}) == len(deck.suits)


@pytest.mark.parametrize("width", [360, 1280])
def test_every_card_is_drawn_labelled_and_legible(
    browser: Any, site: str, screenshots: Path, width: int
) -> None:
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.goto(f"{site}/gallery.html")
    page.wait_for_selector("body[data-ready=yes]", timeout=20_000)
    for deck in DECKS.values():
        drawn = page.locator(f"section[data-deck={deck.name}] svg.card:not(.back)")
        assert drawn.count() == len(deck.cards)
        codes = drawn.evaluate_all("(cards) => cards.map((c) => c.dataset.code)")
        assert codes == [c.code for c in deck.cards]
        labels = drawn.evaluate_all("(cards) => cards.map((c) => c.getAttribute('aria-label'))")
        assert labels == [c.name[:1].upper() + c.name[1:] for c in deck.cards]
        # the first text of a card is its index: a suit card's rank, a trump's "T"
        corner = drawn.evaluate_all("(cards) => cards.map((c) => c.querySelector('text').textContent)")
        for card, text in zip(deck.cards, corner, strict=True):
            if card.suit == TRUMPS:
                assert text == "T"
            elif card.suit != FOOL_SUIT:
                assert card.code == text + card.suit
    # at a phone's width a card's index is still at least 11 px tall, a trump's number far more
    heights = page.evaluate(
        """() => {
            const card = document.querySelector("svg.card[data-code='KE']");
            const trump = document.querySelector("svg.card[data-code='T14']");
            const index = card.querySelector("text").getBoundingClientRect().height;
            const number = trump.querySelectorAll("text")[1].getBoundingClientRect().height;
            return [index, number];
        }"""
    )
    assert heights[0] >= 11 and heights[1] >= 18, heights
    page.screenshot(path=str(screenshots / f"cards-{width}.png"), full_page=True)
    page.close()
