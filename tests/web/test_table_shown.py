"""What lies face up and who holds the contract, as a person at the table sees them: the
Taroinche dog shown under With and the Sicilian stock a Solo shows, drawn as the pack's cards; the
Taroux stock choice as two rows of cards to click; and each seat's part in the contract at the
seats once the auction is over, with no seat called a partner while the auction runs.

One person sits at seat 0 in Chromium; the other seats are people too, played by the test over
their own websockets, so that each hand reaches the moment checked whatever the deal."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from serverproc import Server, http
from websockets.sync.client import ClientConnection, connect

Choose = Callable[[int, dict[str, Any]], str | None]
"""What a seat played by the test does in a state: a notation, or None to leave it to the page."""


class Table:
    """A table of people: seat 0 in the browser, the others on websockets the test drives."""

    def __init__(self, server: Server, browser: Any, game: str) -> None:
        from tarocchi.core.registry import get_game

        players = get_game(game).players
        created = http.post(
            f"{server.base}/api/tables", json={"game": game, "seats": ["invite"] * players}
        ).json()
        self.id = created["id"]
        self.sockets: dict[int, ClientConnection] = {}
        self.latest: dict[int, dict[str, Any]] = {}
        for seat in range(1, players):
            socket = connect(f"ws://127.0.0.1:{server.port}/ws/{self.id}", open_timeout=10, legacy=True)
            socket.send(json.dumps({"type": "hello", "token": created["seats"][seat]["token"]}))
            self.sockets[seat] = socket
        self.page = browser.new_page(viewport={"width": 1280, "height": 900})
        self.page.add_init_script("localStorage.setItem('tarocchi.animate', 'off')")
        self.page.goto(f"{server.base}{created['seats'][0]['link']}")
        self.page.wait_for_selector("#table .ring")

    def message(self) -> dict[str, Any]:
        """What the page last received."""
        found: dict[str, Any] = self.page.evaluate("() => window.tarocchiTable.message")
        return found

    def _read(self, seat: int) -> None:
        """Every message waiting for ``seat``'s socket (the latest state kept)."""
        socket = self.sockets[seat]
        while True:
            try:
                data = json.loads(socket.recv(timeout=0.05))
            except TimeoutError:
                return
            if data["type"] == "state":
                self.latest[seat] = data
            elif data["type"] == "error":
                raise AssertionError(f"seat {seat} was refused: {data['message']}")

    def run(self, choose: Choose, until: str, seconds: float = 40) -> dict[str, Any]:
        """Let the test's seats act by ``choose`` until ``until`` (a JavaScript function of the
        page's message) holds in the page; the page's message then."""
        deadline = self.page.evaluate("() => performance.now()") + seconds * 1000
        while not self.page.evaluate(f"() => ({until})(window.tarocchiTable.message)"):
            assert self.page.evaluate("() => performance.now()") < deadline, f"never reached: {until}"
            for seat in self.sockets:
                self._read(seat)
            version = self.message()["version"]
            for seat, state in self.latest.items():
                if state["version"] == version and state["view"]["to_act"] == seat:
                    action = choose(seat, state)
                    if action is not None:
                        self.sockets[seat].send(
                            json.dumps({"type": "act", "action": action, "version": version})
                        )
                        self.latest[seat] = {**state, "version": -1}  # sent: wait for the next state
            self.page.wait_for_timeout(50)
        return self.message()

    def close(self) -> None:
        for socket in self.sockets.values():
            socket.close()
        self.page.close()


@pytest.fixture
def table(request: pytest.FixtureRequest, server: Server, browser: Any) -> Iterator[Callable[[str], Table]]:
    made: list[Table] = []

    def make(game: str) -> Table:
        made.append(Table(server, browser, game))
        return made[-1]

    yield make
    for one in made:
        one.close()


def seat_texts(page: Any, selector: str) -> dict[int, str]:
    """Each seat's text at ``selector`` inside it ("" where it has none)."""
    found: dict[str, str] = page.evaluate(
        f"""() => Object.fromEntries([...document.querySelectorAll("#table .seat")].map((seat) =>
            [seat.dataset.seat, seat.querySelector({json.dumps(selector)})?.textContent || ""]))"""
    )
    return {int(seat): text for seat, text in found.items()}


def drawn(page: Any, selector: str) -> list[str]:
    codes: list[str] = page.locator(f"{selector} svg.card").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.code)"
    )
    return codes


def test_taroinche_marks_no_partner_in_the_auction_then_shows_the_contract_and_the_dog(
    table: Callable[[str], Table], screenshots: Path
) -> None:
    """The first of seats 1-4 to speak bids 82 ♥ With naming South (seat 0) his partner; everyone
    else passes, South by clicking. While the auction runs no seat is anyone's partner on South's
    page (B3: a standing bid may be beaten). Then the dog is shown to all (B4), drawn as cards,
    and once play starts the taker and his partner wear their parts."""
    people = table("taroinche")
    page = people.page
    taker: list[int] = []

    def choose(seat: int, state: dict[str, Any]) -> str | None:
        legal = state["view"]["legal_actions"]
        if "82 H with 0" in legal and not taker:
            taker.append(seat)
            return "82 H with 0"
        if state["view"]["phase"] == "discard":
            return next(a for a in legal if a.startswith("discard"))
        if state["view"]["phase"] == "play":
            return legal[0]
        return "pass"

    auction = "(m) => m.view.phase === 'auction'"
    seen_bid = False
    while True:
        message = people.run(choose, f"(m) => !({auction})(m) || (m.view.to_act === 0 && m.legal.length > 0)")
        if message["view"]["phase"] != "auction":
            break
        labels = page.locator("#table .seat strong").all_inner_texts()
        assert not any("(partner)" in label for label in labels), labels
        assert set(seat_texts(page, ".role").values()) == {""}
        seen_bid = seen_bid or bool(taker)
        version = message["version"]
        page.locator("button.call[data-action=pass]").click()
        page.wait_for_function("(v) => window.tarocchiTable.message.version > v", arg=version)
    assert seen_bid and taker
    dog = message["view"]["facts"]["dog"].split()
    assert len(dog) == 2
    assert drawn(page, ".shown figure[data-label='the dog']") == dog
    message = people.run(choose, "(m) => m.view.phase === 'play'")
    roles = seat_texts(page, ".role")
    assert roles[taker[0]] == "taker · 82 ♥ with the dog" and roles[0] == "partner"
    assert all(role == "" for seat, role in roles.items() if seat not in (0, taker[0])), roles
    labels = dict(enumerate(page.locator("#table .seat strong").all_inner_texts()))
    assert "(partner)" in labels[taker[0]]
    page.screenshot(path=str(screenshots / "taroinche-contract.png"), full_page=True)
    assert not any("(partner)" in text for seat, text in labels.items() if seat != taker[0]), labels


def test_taroux_stock_choice_is_two_rows_of_cards_to_click(
    table: Callable[[str], Table], screenshots: Path
) -> None:
    """South bids We'll Take (by clicking) and the others pass: the stock is shown to all (T5),
    and South chooses its first or second three as one of two rows of cards; a click takes them."""
    people = table("taroux")
    page = people.page

    def choose(seat: int, state: dict[str, Any]) -> str | None:
        legal = state["view"]["legal_actions"]
        return "pass" if "pass" in legal else legal[0]

    message = people.run(choose, "(m) => m.view.to_act === 0 && m.legal.length > 0")
    page.locator("button.call[data-action=take]").click()
    message = people.run(choose, "(m) => m.view.phase === 'stock' && m.view.to_act === 0")
    stock = message["view"]["facts"]["stock"]
    assert len(stock) == 6
    rows = page.locator(".card-choices button.card-choice")
    assert rows.count() == 2
    assert drawn(page, ".card-choice[data-action=first]") == stock[:3]
    assert drawn(page, ".card-choice[data-action=second]") == stock[3:]
    assert page.locator("button.call[data-action=first]").count() == 0  # the rows are the choice
    assert drawn(page, ".shown figure[data-label='the stock']") == stock
    assert seat_texts(page, ".role")[0] == "bidding Declarer · We'll Take"
    assert seat_texts(page, ".role")[3] == "Declarer"
    page.screenshot(path=str(screenshots / "taroux-stock.png"), full_page=True)
    version = message["version"]
    page.locator(".card-choice[data-action=second]").click()
    page.wait_for_function("(v) => window.tarocchiTable.message.version > v", arg=version)
    hand = people.message()["hand"]
    assert set(stock[3:]) <= set(hand) and not set(stock[:3]) & set(hand)


def test_sicilian_solo_shows_the_stock_as_cards(table: Callable[[str], Table]) -> None:
    """Everyone holds the bargain; the others pass the Solo round and South says Solo by clicking:
    the stock is shown to all (S4), drawn as the pack's cards, and South is the Declarer."""
    people = table("sicilian")
    page = people.page

    def choose(seat: int, state: dict[str, Any]) -> str | None:
        legal = state["view"]["legal_actions"]
        return "hold" if "hold" in legal else "pass" if "pass" in legal else legal[0]

    while True:
        message = people.run(choose, "(m) => m.view.to_act === 0 && m.legal.length > 0")
        version = message["version"]
        words = [action["text"] for action in message["legal"]]
        if "solo" in words:
            break
        page.locator("button.call[data-action=hold]").click()
        page.wait_for_function("(v) => window.tarocchiTable.message.version > v", arg=version)
    page.locator("button.call[data-action=solo]").click()
    page.wait_for_function("(v) => window.tarocchiTable.message.version > v", arg=version)
    message = people.message()
    stock = message["view"]["facts"]["stock"].split()
    assert len(stock) == 3
    assert drawn(page, ".shown figure[data-label='the stock']") == stock
    assert seat_texts(page, ".role")[0] == "Declarer · Solo"
    chips = page.locator(".facts dd .chip").evaluate_all("(c) => c.map((x) => x.dataset.code)")
    assert set(stock) <= set(chips)  # the stock's line among the facts: its cards as symbols
    facts = page.locator(".facts").inner_text()
    assert not any(code in facts.split() for code in stock) and "(S4)" not in facts
