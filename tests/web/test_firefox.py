"""The page works in Firefox too. Debian's Firefox ESR, driven over WebDriver BiDi
(tests/web/firefox.py), opens the lobby and a table, draws the hand as SVG cards, plays the
person's moves by clicks against computer players, and fits a phone's width."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from firefox import Firefox
from serverproc import Server

from tarocchi.core.registry import available_games

MESSAGE = "window.tarocchiTable && window.tarocchiTable.message"


def my_turn(firefox: Firefox, after: int) -> dict[str, Any]:
    """The page's message once it is past version ``after`` and the person is to act (or the hand
    is on the sheet)."""
    message: dict[str, Any] = firefox.wait_for(
        f"""(() => {{
            const m = {MESSAGE};
            const mine = m && (m.sheet.length > 0 || (m.view.to_act === 0 && m.legal.length > 0));
            return mine && m.version > {after} ? m : null;
        }})()"""
    )
    return message


def test_the_lobby_offers_every_game(firefox: Firefox, server: Server) -> None:
    firefox.goto(f"{server.base}/")
    firefox.wait_for("document.body.dataset.ready === 'yes'")
    offered = firefox.value("[...document.querySelectorAll('#game option')].map((o) => o.value)")
    assert sorted(offered) == sorted(available_games())


def test_a_person_plays_by_clicks_in_firefox(firefox: Firefox, server: Server, screenshots: Path) -> None:
    link = server.alone_with_computers("piedmont")
    firefox.viewport(1100, 900)
    firefox.goto(link)
    message = my_turn(firefox, -1)
    assert not message["sheet"]
    drawn = firefox.value("document.querySelectorAll('#table button.in-hand svg').length")
    assert drawn == len(message["hand"]) > 0  # every card of the hand drawn as SVG
    firefox.screenshot(screenshots / "firefox-piedmont.png")
    for _ in range(3):  # three of the person's moves, each by a click, each accepted
        version = message["version"]
        bid = message["legal"][-1]["text"]  # in a long auction, typed in the bid field as a person does
        firefox.wait_for(  # once the page has drawn the turn: its message may come first
            f"""(() => {{
                const confirm = () => document.querySelector('#table button.confirm-discard');
                if (confirm()) {{  // a discard of several cards: choose them all, confirm once
                    const unchosen = '#table button.in-hand.legal:not(.selected)';
                    while (confirm().disabled) document.querySelector(unchosen).click();
                    confirm().click();
                    return 'discard';
                }}
                const target = document.querySelector('#table button.in-hand.legal, #table button.call');
                if (target) {{
                    target.click();
                    return target.className;
                }}
                const field = document.querySelector('#action-text');
                if (!field) return null;
                field.value = {bid!r};
                document.querySelector('form.bid button[type=submit]').click();
                return 'bid';
            }})()"""
        )
        firefox.wait_for(f"{MESSAGE}.version > {version} || {MESSAGE}.refusal")
        assert firefox.value(f"{MESSAGE}.refusal") is None
        message = my_turn(firefox, version)
        if message["sheet"]:
            break


def test_a_phone_width_fits_in_firefox(firefox: Firefox, server: Server, screenshots: Path) -> None:
    link = server.alone_with_computers("taroux")
    firefox.viewport(360, 740)
    firefox.goto(link)
    firefox.wait_for("!!document.querySelector('#table .hand')")
    assert firefox.value("document.documentElement.scrollWidth") <= 360
    firefox.screenshot(screenshots / "firefox-taroux-phone.png")
