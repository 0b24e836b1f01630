"""Text is readable: every piece of text on the table page and in the lobby has a contrast of at
least 4.5:1 (WCAG AA) against what lies behind it, computed from the browser's computed styles
(semi-transparent grounds composed over their parents', no faded ancestor); the cards' own ink
too, the hand's dimmed cards included. Disabled controls are exempt, as WCAG has them, and so is
a card in flight (its fade lasts 0.3 s): the page is looked at with its animations off. Both
pages have a favicon and log no console error; the dealer's button and the other hands' backs
are drawn."""

from __future__ import annotations

from typing import Any

import pytest
from serverproc import Server
from test_table_page import wait_for_turn

LOW_CONTRAST = """() => {
    const rgba = (text) => {
        const m = text.match(/rgba?\\(([^)]+)\\)/);
        if (!m) return null;
        const [r, g, b, a] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
        return [r, g, b, a === undefined ? 1 : a];
    };
    const over = (top, under) =>
        top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3])).concat(1);
    const ground = (node) => {
        const layers = [];
        for (let at = node; at && at.nodeType === 1; at = at.parentElement) {
            const c = rgba(getComputedStyle(at).backgroundColor);
            if (c && c[3] > 0) layers.push(c);
            if (c && c[3] === 1) break;
        }
        return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]);
    };
    const lum = ([r, g, b]) => {
        const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => {
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
    };
    const faded = (node) => {
        for (let at = node; at && at.nodeType === 1; at = at.parentElement) {
            if (Number(getComputedStyle(at).opacity) < 1) return true;
        }
        return false;
    };
    const bad = [];
    const texts = [...document.querySelectorAll("body *")].filter((e) =>
        [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
    for (const e of texts) {
        if (!e.getClientRects().length || e.closest("[disabled], .sr, option")) continue;
        const style = getComputedStyle(e);
        if (style.visibility === "hidden") continue;
        const inSvg = e instanceof SVGElement;
        const ink = rgba(inSvg ? style.fill : style.color);
        const back = inSvg ? rgba(getComputedStyle(e.ownerSVGElement.querySelector("rect")).fill) : ground(e);
        const r = ratio(over(ink, back), back);
        if (r < 4.5 || faded(e)) {
            const words = e.textContent.trim().slice(0, 30);
            bad.push(`${e.tagName} "${words}" ${r.toFixed(2)}${faded(e) ? " faded" : ""}`);
        }
    }
    return bad;
}"""


@pytest.mark.parametrize("game", ["piedmont", "sicilian", "taroinche", "taroux"])
def test_every_text_has_a_contrast_of_at_least_4_5(browser: Any, server: Server, game: str) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.add_init_script("localStorage.setItem('tarocchi.animate', 'off')")  # no card in flight
    errors: list[str] = []
    page.on("console", lambda line: errors.append(line.text) if line.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.alone_with_computers(game))
    message = wait_for_turn(page, 0)
    assert page.locator("#table .hand button.in-hand").count() == len(message["hand"])
    view = message["view"]
    assert page.locator(f"#table .seat[data-seat='{view['dealer']}'] .dealer").count() == 1
    for seat, size in enumerate(view["hand_sizes"][1:], start=1):  # the others' hands as backs
        assert page.locator(f"#table .seat[data-seat='{seat}'] .backs .back").count() == min(size, 12)
    assert page.evaluate(LOW_CONTRAST) == []
    page.goto(f"{server.base}/")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.evaluate(LOW_CONTRAST) == []
    icon = page.evaluate("() => document.querySelector('link[rel=icon]').href")
    assert page.request.get(icon).status == 200
    assert errors == []  # no console error on the table or in the lobby
    page.close()
