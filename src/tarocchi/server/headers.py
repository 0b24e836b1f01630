"""The security headers every page and API answer carries.

The pages' Content-Security-Policy allows only the server's own scripts, styles and connections,
and their inline module scripts by hash (computed from the files, so an edited page stays allowed).
Seat links carry their token in the fragment, which no Referer holds; ``no-referrer`` also keeps
a table's id and a page's query from other sites.
"""

from __future__ import annotations

import base64
import hashlib
import re
from functools import cache
from pathlib import Path

from tarocchi.web import STATIC

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", re.DOTALL)
_HOST = re.compile(r"[A-Za-z0-9.\-:\[\]]{1,300}")

API_DOCS = ("/docs", "/redoc")
"""FastAPI's OpenAPI pages: their scripts and styles come from a CDN and an inline script."""
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
    "worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


def inline_hashes(folder: Path = STATIC) -> list[str]:
    """The CSP source of every inline script of the pages in ``folder``: ``'sha256-...'``."""
    found = set()
    for page in folder.glob("*.html"):
        for script in _INLINE_SCRIPT.findall(page.read_text(encoding="utf-8")):
            digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
            found.add(f"'sha256-{digest}'")
    return sorted(found)


@cache
def _scripts() -> str:
    return " ".join(["'self'", *inline_hashes()])


def policy(path: str, host: str) -> str:
    """The Content-Security-Policy for an answer at ``path`` served as ``host`` (the Host header)."""
    if path.startswith(API_DOCS):
        return DOCS_POLICY
    sockets = f" ws://{host} wss://{host}" if _HOST.fullmatch(host) else ""
    return (
        f"default-src 'self'; script-src {_scripts()}; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    )


def security_headers(path: str, host: str) -> list[tuple[bytes, bytes]]:
    """Every header an HTTP answer at ``path`` gets."""
    return [
        (b"content-security-policy", policy(path, host).encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
    ]
