"""Each game's rules page as a player reads it, in Chromium: written for players (no repository
paths, test folders or command lines), illustrated with the table's own card images (the whole
pack, an example trick with its winner, an example score sheet), saying how to bid and discard
at this table; from a table the page links back to it, and an unknown game gets a page saying so
with the games there are. The developers' rulings stay in docs/rules."""

from __future__ import annotations

import re
from typing import Any

import pytest
from serverproc import Server

from tarocchi.core.registry import available_games, get_game

DEVELOPERS_WORDS = re.compile(r"docs/|tests/|src/|\.py\b|\.md\b|tarocchi play|game id|ruling", re.I)


@pytest.mark.parametrize("game", available_games())
def test_each_rules_page_is_written_and_drawn_for_players(browser: Any, server: Server, game: str) -> None:
    deck = get_game(game).deck
    players = get_game(game).players
    page = browser.new_page(viewport={"width": 360, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.base}/rules.html?game={game}")
    page.wait_for_selector("body[data-ready=yes]")
    article = page.locator("article.rules")
    assert page.title() == f"tarocchi — {article.locator('h1').inner_text()}"
    text = article.inner_text()
    assert not DEVELOPERS_WORDS.search(text), DEVELOPERS_WORDS.search(text)
    # the pack, drawn with the table's cards: every card once, in the pack's order
    pack = article.locator(".figure[data-figure=pack] svg.card")
    assert pack.evaluate_all("(cards) => cards.map((c) => c.dataset.code)") == [c.code for c in deck.cards]
    # an example trick: one card a player, one winner, named under it
    trick = article.locator(".trick-example .played")
    assert trick.count() == players
    winner = article.locator(".trick-example .played.winner")
    assert winner.count() == 1
    name = winner.locator(".by").inner_text()
    card = winner.locator("svg.card").get_attribute("aria-label")
    assert (
        article.locator(".figure[data-figure=trick] .caption").inner_text()
        == f"{name} wins the trick with {card}."
    )
    drawn = article.locator("svg.card, .chip").evaluate_all("(cards) => cards.map((c) => c.dataset.code)")
    assert set(drawn) <= {c.code for c in deck.cards}  # no card drawn that the pack lacks
    assert article.locator(".card-ref").count() == 0  # every card named in a sentence is a chip
    # an example score sheet, and how to bid and discard here
    assert any("total" in table.lower() for table in article.locator("table").all_inner_texts())
    headings = article.locator("h2").all_inner_texts()
    assert "At this table" in headings and "Scoring" in headings
    here = text[text.index("At this table") :]
    assert re.search(r"\baside\b", here) and re.search(r"\b(bid|bidding|auction)\b", here, re.I)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    assert errors == []
    page.close()


def test_an_unknown_game_gets_a_page_that_says_so(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(f"{server.base}/rules.html?game=chess")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("article h1").inner_text() == "No such game"
    alert = page.get_by_role("alert")
    assert "chess" in alert.inner_text()
    links = alert.locator("a").evaluate_all("(links) => links.map((a) => a.getAttribute('href'))")
    assert links == [f"?game={game}" for game in sorted(available_games())]
    page.close()


def test_the_rules_link_back_to_the_table_keeps_the_seat(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(server.alone_with_computers("sicilian"))
    page.wait_for_selector("#table .hand")
    page.click("#rules-link")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("article h1").inner_text() == "The Sicilian game"
    back = page.locator("nav a.back")
    assert back.inner_text() == "← Back to the table"
    back.click()
    page.wait_for_selector("#table .hand")
    page.wait_for_function(
        "() => window.tarocchiTable.message && window.tarocchiTable.message.table.seat === 0"
    )
    page.close()
