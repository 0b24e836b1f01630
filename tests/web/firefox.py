"""Firefox for the page tests, driven over WebDriver BiDi, the W3C protocol Firefox speaks itself.

Playwright drives only its own patched Firefox, which cannot be downloaded here, and its BiDi
mode asks Debian's Firefox ESR for a command that release lacks; so the tests start Debian's
``firefox-esr`` headless with ``--remote-debugging-port`` and speak the few BiDi commands they
need (navigate, evaluate, set the viewport, take a screenshot) over a websocket."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from browsers import installed
from serverproc import free_port
from websockets.sync.client import ClientConnection, connect

FIREFOX_NAMES = ("firefox-esr", "firefox")


def firefox_path() -> str:
    """The Firefox to drive: $TAROCCHI_FIREFOX, else the first on PATH."""
    return installed("Firefox", "TAROCCHI_FIREFOX", FIREFOX_NAMES, "firefox-esr")


class Firefox:
    """One headless Firefox and its one tab; ``close`` ends both."""

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="tarocchi-firefox-")
        port = free_port()
        self.process = subprocess.Popen(
            [
                firefox_path(),
                "--headless",
                "--no-remote",
                "--profile",
                self.profile,
                f"--remote-debugging-port={port}",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.ids = 0
        assert self.process.stdout is not None
        deadline = time.monotonic() + 60
        for line in self.process.stdout:  # Firefox says where it listens once it is ready
            if "WebDriver BiDi listening" in line:
                break
            if time.monotonic() > deadline:
                break
        else:
            raise AssertionError("Firefox ended before it listened for WebDriver BiDi")
        self.closing = ExitStack()
        self.socket: ClientConnection = self.closing.enter_context(
            connect(f"ws://127.0.0.1:{port}/session", max_size=None)
        )
        self.call("session.new", {"capabilities": {}})
        self.context: str = self.call("browsingContext.getTree", {})["contexts"][0]["context"]

    def call(self, method: str, params: dict[str, Any]) -> Any:
        """One command and its result (events that arrive meanwhile are dropped)."""
        self.ids += 1
        self.socket.send(json.dumps({"id": self.ids, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv(timeout=60))
            if message.get("id") == self.ids:
                if message.get("type") == "error":
                    raise AssertionError(f"{method}: {message.get('error')}: {message.get('message')}")
                return message["result"]

    def goto(self, url: str) -> None:
        self.call("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def value(self, expression: str) -> Any:
        """What a JavaScript expression is, passed through JSON."""
        result = self.call(
            "script.evaluate",
            {
                "expression": f"JSON.stringify(({expression}) ?? null)",
                "target": {"context": self.context},
                "awaitPromise": True,
            },
        )
        if result.get("type") == "exception":
            raise AssertionError(f"{expression}: {result['exceptionDetails'].get('text')}")
        return json.loads(result["result"]["value"])

    def wait_for(self, expression: str, seconds: float = 20) -> Any:
        """The expression's value once it is truthy; AssertionError after ``seconds``."""
        deadline = time.monotonic() + seconds
        while True:
            found = self.value(expression)
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"still false after {seconds} s: {expression}")
            time.sleep(0.1)

    def viewport(self, width: int, height: int) -> None:
        self.call(
            "browsingContext.setViewport",
            {"context": self.context, "viewport": {"width": width, "height": height}},
        )

    def screenshot(self, path: Path) -> None:
        data = self.call("browsingContext.captureScreenshot", {"context": self.context})["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        try:
            self.call("session.end", {})
            self.closing.close()
        finally:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
            shutil.rmtree(self.profile, ignore_errors=True)
