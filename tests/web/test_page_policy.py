"""Every page works under the server's Content-Security-Policy: Chromium reports no violation
while the lobby creates a table, the table page plays on its websocket, and the rules and
cards pages draw."""

from __future__ import annotations

from typing import Any

from serverproc import Server

WATCH = """window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.violatedDirective));"""


def _open(browser: Any, url: str, ready: str) -> tuple[Any, list[str]]:
    page = browser.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(WATCH)
    page.goto(url)
    page.wait_for_selector(ready)
    return page, console


def _blocked(page: Any, console: list[str]) -> list[str]:
    found: list[str] = page.evaluate("() => window.violations")
    return found + [line for line in console if "Content Security Policy" in line]


def test_the_pages_run_under_the_policy(browser: Any, server: Server) -> None:
    lobby, console = _open(browser, f"{server.base}/", "body[data-ready=yes]")
    lobby.click("#create button[type=submit]")
    lobby.wait_for_selector("#created a[data-seat]")
    link = lobby.locator("#created a[data-seat]").first.get_attribute("href")
    assert _blocked(lobby, console) == []
    table, console = _open(browser, f"{server.base}{link}", "#table .hand")
    assert table.locator("#table .hand svg").count() > 0
    assert _blocked(table, console) == []
    for path, ready in (
        ("/rules.html?game=taroux", "body[data-ready=yes]"),
        ("/gallery.html", "body[data-ready=yes]"),
    ):
        page, console = _open(browser, f"{server.base}{path}", ready)
        assert _blocked(page, console) == [], path
        page.close()
    lobby.close()
    table.close()


def test_a_violation_would_be_seen(browser: Any, server: Server) -> None:
    """The watch above sees an inline script the policy blocks (so its silence means something)."""
    page, console = _open(browser, f"{server.base}/", "body[data-ready=yes]")
    page.evaluate("""() => { const s = document.createElement("script"); s.textContent = "window.ran = 1";
      document.body.append(s); }""")
    page.wait_for_function("() => window.violations.length > 0")
    assert page.evaluate("() => window.ran") is None
    assert "script-src" in " ".join(_blocked(page, console))
    page.close()
