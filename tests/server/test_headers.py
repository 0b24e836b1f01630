"""Every page and API answer carries the security headers, the pages' inline scripts are allowed
by hash and nothing else inline, and only pages of the server's own origin (or one allowed with
--allow-origin) may open the websocket."""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverproc import Seat, create
from starlette.testclient import WebSocketDenialResponse

from tarocchi.server.app import create_app
from tarocchi.server.settings import Settings
from tarocchi.web import STATIC

ANSWERS = [
    ("GET", "/"),
    ("GET", "/table.html?id=abc"),
    ("GET", "/rules.html"),
    ("GET", "/gallery.html"),
    ("GET", "/table.js"),
    ("GET", "/table.css"),
    ("GET", "/api/games"),
    ("GET", "/api/tables/nosuch"),
    ("GET", "/api/tables?token=abc"),
    ("POST", "/api/tables"),
    ("GET", "/healthz"),
    ("GET", "/openapi.json"),
    ("GET", "/no/such/page"),
]


@pytest.mark.parametrize(("method", "path"), ANSWERS)
def test_every_answer_carries_the_security_headers(module_client: TestClient, method: str, path: str) -> None:
    """On one app for the module: each request only reads, or is refused (the POST's empty body)."""
    answer = module_client.request(method, path, json={} if method == "POST" else None)
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["referrer-policy"] == "no-referrer"
    policy = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


def test_the_pages_inline_scripts_are_allowed_by_their_hash(client: TestClient) -> None:
    """Each page's inline script, hashed here from the page as served, is named in its policy;
    no page has an inline style or event handler the policy would block."""
    for page in sorted(STATIC.glob("*.html")):
        answer = client.get(f"/{page.name}")
        policy = answer.headers["content-security-policy"]
        scripts = re.findall(r"<script([^>]*)>(.*?)</script>", answer.text, re.DOTALL)
        for attributes, body in scripts:
            if "src=" in attributes:
                continue
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in policy, page.name
        assert "<style" not in answer.text and " style=" not in answer.text, page.name
        assert not re.search(r"\son[a-z]+=", answer.text), page.name


def test_links_keep_tokens_out_of_referers(client: TestClient) -> None:
    """A seat's link holds its token in the fragment, which no Referer carries; the pages send no
    Referer at all, so a table's id stays on the server too."""
    created = create(client, "sicilian", ["invite", "easy", "easy", "easy"])
    link = created["seats"][0]["link"]
    assert link.startswith("/table.html?id=") and "#" in link
    assert created["seats"][0]["token"] not in link.split("#")[0]
    assert client.get(link.split("#")[0]).headers["referrer-policy"] == "no-referrer"


def _hello(client: TestClient, table_id: str, origin: str | None) -> None:
    headers = {} if origin is None else {"origin": origin}
    with client.websocket_connect(f"/ws/{table_id}", headers=headers) as socket:
        Seat(socket).send({"type": "ping"})
        assert Seat(socket).next() == {"type": "pong"}


def test_a_page_of_another_origin_may_not_open_the_websocket(client: TestClient) -> None:
    table = create(client, "sicilian", ["invite", "easy", "easy", "easy"])["id"]
    for origin in ("http://evil.example", "https://testserver.evil.example", "null", "http://testserver:81"):
        with pytest.raises(WebSocketDenialResponse) as refused:
            _hello(client, table, origin)
        assert refused.value.status_code == 403, origin
        assert "another origin" in refused.value.json()["detail"]
    _hello(client, table, "http://testserver")  # the server's own pages
    _hello(client, table, None)  # a program, not a browser: no Origin


def test_allowed_origins_may_open_the_websocket(tmp_path: Path) -> None:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'tables.db'}")
    allowing = replace(settings, allow_origins=("https://tables.example.org/",))
    with TestClient(create_app(allowing)) as client:
        table = create(client, "sicilian", ["invite", "easy", "easy", "easy"])["id"]
        _hello(client, table, "https://tables.example.org")
        _hello(client, table, "HTTPS://Tables.Example.org")
        with pytest.raises(WebSocketDenialResponse):
            _hello(client, table, "https://other.example.org")
