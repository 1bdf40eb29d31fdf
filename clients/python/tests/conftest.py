"""The live server comes from test/helpers/client-scenario.ts, through these variables."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest


@dataclass
class Server:
    base_url: str
    api_key: str
    rate_limited_key: str


@pytest.fixture(scope="session")
def server() -> Server:
    try:
        return Server(
            base_url=os.environ["CHATBOT_PLATFORM_BASE_URL"],
            api_key=os.environ["CHATBOT_PLATFORM_API_KEY"],
            rate_limited_key=os.environ["CHATBOT_PLATFORM_RATE_LIMITED_KEY"],
        )
    except KeyError as missing:
        pytest.exit(f"{missing} is not set: run these tests through test/clients/python.test.ts", returncode=2)


@dataclass
class Received:
    body: bytes
    headers: dict[str, str]


@dataclass
class Receiver:
    url: str
    requests: list[Received] = field(default_factory=list)
    arrived: threading.Event = field(default_factory=threading.Event)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    """A webhook endpoint on 127.0.0.1 that keeps every request's exact bytes and headers."""
    kept: list[Received] = []
    arrived = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("content-length", "0"))
            kept.append(Received(self.rfile.read(length), {key: value for key, value in self.headers.items()}))
            arrived.set()
            self.send_response(200)
            self.end_headers()

        def log_message(self, *_: object) -> None:
            pass

    http = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    try:
        yield Receiver(f"http://127.0.0.1:{http.server_address[1]}/hooks", kept, arrived)
    finally:
        http.shutdown()
        http.server_close()
