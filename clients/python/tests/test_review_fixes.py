"""Cases the live server cannot produce on demand, against a small local server that answers as
each test scripts it: dot ids, a revoked token, an in-flight 409, a dropped stream, a repeated
cursor, an unknown or unfinished event stream; and webhook bodies and headers that are not text."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from chatbot_platform import (
    ApiConnectionError,
    AsyncChatbotPlatform,
    AuthenticationError,
    ChatbotPlatform,
    ChatbotPlatformError,
    ConflictError,
    DeltaEvent,
    NotFoundError,
    StreamEvent,
    WebhookVerificationError,
)


@dataclass
class Seen:
    method: str
    path: str
    authorization: str | None
    idempotency_key: str | None


#: status, headers, body; None: close the connection without answering.
Reply = tuple[int, dict[str, str], bytes] | None


def json_reply(status: int, body: Any) -> Reply:
    return status, {"content-type": "application/json", "retry-after": "0"}, json.dumps(body).encode()


def error_reply(status: int, code: str) -> Reply:
    return json_reply(status, {"statusCode": status, "error": "x", "code": code, "message": "test"})


EMPTY_PAGE = {"data": [], "has_more": False, "next_cursor": None}


@dataclass
class Local:
    url: str
    seen: list[Seen] = field(default_factory=list)
    answer: Callable[[Seen, int], Reply] = lambda request, index: error_reply(404, "not_found")


@pytest.fixture
def local() -> Iterator[Local]:
    state = Local("")

    class Handler(BaseHTTPRequestHandler):
        def handle_one(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            if length:
                self.rfile.read(length)
            request = Seen(self.command, self.path, self.headers.get("authorization"), self.headers.get("idempotency-key"))
            state.seen.append(request)
            reply = state.answer(request, len(state.seen) - 1)
            if reply is None:
                self.close_connection = True
                return
            status, headers, body = reply
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            if "content-length" not in headers:
                self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = do_DELETE = do_PATCH = handle_one

        def log_message(self, *_: object) -> None:
            pass

    http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.url = f"http://127.0.0.1:{http.server_address[1]}"
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        http.shutdown()
        http.server_close()


def test_an_empty_or_dot_id_is_refused_before_any_request(local: Local) -> None:
    with ChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=0) as client:
        for bad in ("..", ".", ""):
            with pytest.raises(ValueError, match="conversation_id"):
                client.conversations.delete("cb_1", bad)
        with pytest.raises(ValueError, match="chatbot_id"):
            client.chatbots.delete("..")

    async def main() -> None:
        async with AsyncChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=0) as client:
            with pytest.raises(ValueError, match="conversation_id"):
                await client.conversations.delete("cb_1", "..")
            with pytest.raises(ValueError, match="chatbot_id"):
                await client.chatbots.get(".")

    asyncio.run(main())
    assert local.seen == []


def _tokens_then(accepted: Callable[[str | None], bool]) -> Callable[[Seen, int], Reply]:
    """Issues tok_1, tok_2… in turn; a list call is answered 200 when ``accepted(authorization)``."""
    issued: list[str] = []

    def answer(request: Seen, _: int) -> Reply:
        if request.path == "/oauth/token":
            issued.append(f"tok_{len(issued) + 1}")
            return json_reply(200, {"access_token": issued[-1], "token_type": "Bearer", "expires_in": 3600, "scope": "chatbots:read"})
        return json_reply(200, EMPTY_PAGE) if accepted(request.authorization) else error_reply(401, "invalid_token")

    return answer


def test_a_401_to_a_token_renews_it_once(local: Local) -> None:
    credentials: dict[str, Any] = {"oauth_client_id": "oc_1", "oauth_client_secret": "secret", "base_url": local.url, "max_retries": 0}
    local.answer = _tokens_then(lambda authorization: authorization != "Bearer tok_1")
    with ChatbotPlatform(**credentials) as client:
        assert client.chatbots.list_page().data == []
    assert [(seen.path.split("?")[0], seen.authorization) for seen in local.seen] == [
        ("/oauth/token", None),
        ("/api/v1/chatbots", "Bearer tok_1"),
        ("/oauth/token", None),
        ("/api/v1/chatbots", "Bearer tok_2"),
    ]

    local.seen.clear()
    local.answer = _tokens_then(lambda authorization: False)
    with ChatbotPlatform(**credentials) as client:
        with pytest.raises(AuthenticationError):
            client.chatbots.list_page()
    assert [seen.path for seen in local.seen].count("/oauth/token") == 2 and len(local.seen) == 4

    async def main() -> None:
        local.seen.clear()
        local.answer = _tokens_then(lambda authorization: authorization == "Bearer tok_2")
        async with AsyncChatbotPlatform(**credentials) as client:
            assert (await client.chatbots.list_page()).data == []
            local.seen.clear()
            # The renewed token is kept: the next call needs no new one.
            assert (await client.chatbots.list_page()).data == []
        assert [seen.authorization for seen in local.seen] == ["Bearer tok_2"]

    asyncio.run(main())


def test_an_in_flight_409_is_retried_another_is_not(local: Local) -> None:
    answers = [error_reply(409, "idempotency_key_in_flight"), error_reply(409, "idempotency_key_in_flight"), error_reply(404, "chatbot_not_found")]
    local.answer = lambda request, index: answers[min(index, len(answers) - 1)]
    with ChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=2) as client:
        with pytest.raises(NotFoundError):
            client.chatbots.pause("cb_1")
    assert len(local.seen) == 3 and len({seen.idempotency_key for seen in local.seen}) == 1

    local.seen.clear()
    local.answer = lambda request, index: error_reply(409, "chatbot_archived")
    with ChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=2) as client:
        with pytest.raises(ConflictError):
            client.chatbots.pause("cb_1")
    assert len(local.seen) == 1

    async def main() -> None:
        local.seen.clear()
        local.answer = lambda request, index: answers[min(index, len(answers) - 1)]
        async with AsyncChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=2) as client:
            with pytest.raises(NotFoundError):
                await client.chatbots.pause("cb_1")
        assert len(local.seen) == 3

    asyncio.run(main())


async def _collect(events: AsyncIterator[StreamEvent], into: list[StreamEvent]) -> None:
    async for event in events:
        into.append(event)


def test_a_stream_is_not_sent_again_after_a_connection_error_but_is_after_a_503(local: Local) -> None:
    local.answer = lambda request, index: None
    with ChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=2) as client:
        with pytest.raises(ApiConnectionError):
            list(client.conversations.stream("cb_1", "conv_1", content="Hello"))
    assert len(local.seen) == 1

    local.seen.clear()
    answers = [error_reply(503, "unavailable"), error_reply(404, "conversation_not_found")]
    local.answer = lambda request, index: answers[min(index, len(answers) - 1)]
    with ChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=2) as client:
        with pytest.raises(NotFoundError):
            list(client.conversations.stream("cb_1", "conv_1", content="Hello"))
    assert len(local.seen) == 2

    async def main() -> None:
        local.seen.clear()
        local.answer = lambda request, index: None
        async with AsyncChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=2) as client:
            with pytest.raises(ApiConnectionError):
                await _collect(client.conversations.stream("cb_1", "conv_1", content="Hello"), [])
        assert len(local.seen) == 1

        local.seen.clear()
        local.answer = lambda request, index: answers[min(index, len(answers) - 1)]
        async with AsyncChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=2) as client:
            with pytest.raises(NotFoundError):
                await _collect(client.conversations.stream("cb_1", "conv_1", content="Hello"), [])
        assert len(local.seen) == 2

    asyncio.run(main())


def test_a_repeated_cursor_stops_paging_with_an_error(local: Local) -> None:
    def answer(request: Seen, index: int) -> Reply:
        # Page 2 names itself as the next: a client trusting it would ask for ever (the 20th answer
        # ends the list, so a client without the check finishes without an error instead of hanging).
        if index >= 20:
            return json_reply(200, EMPTY_PAGE)
        return json_reply(200, {"data": [], "has_more": True, "next_cursor": "c_2"})

    local.answer = answer
    with ChatbotPlatform(api_key="sk_live_unused", base_url=local.url) as client:
        with pytest.raises(ChatbotPlatformError, match="repeated next_cursor"):
            list(client.chatbots.list())
    assert len(local.seen) == 2

    async def main() -> None:
        local.seen.clear()
        async with AsyncChatbotPlatform(api_key="sk_live_unused", base_url=local.url) as client:
            with pytest.raises(ChatbotPlatformError, match="repeated next_cursor"):
                async for _ in client.chatbots.list():
                    pass
        assert len(local.seen) == 2

    asyncio.run(main())


def test_unknown_events_are_skipped_and_a_stream_without_done_raises(local: Local) -> None:
    stream = b'event: typing\ndata: not JSON\n\nevent: delta\ndata: {"content": "Hi"}\n\n'
    local.answer = lambda request, index: (200, {"content-type": "text/event-stream"}, stream)
    events: list[StreamEvent] = []
    with ChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=0) as client:
        with pytest.raises(ApiConnectionError, match="the stream ended before its done event"):
            for event in client.conversations.stream("cb_1", "conv_1", content="Hello"):
                events.append(event)
    assert events == [DeltaEvent("Hi")]

    async def main() -> None:
        awaited: list[StreamEvent] = []
        async with AsyncChatbotPlatform(api_key="sk_live_unused", base_url=local.url, max_retries=0) as client:
            with pytest.raises(ApiConnectionError, match="the stream ended before its done event"):
                await _collect(client.conversations.stream("cb_1", "conv_1", content="Hello"), awaited)
        assert awaited == [DeltaEvent("Hi")]

    asyncio.run(main())


def test_webhook_bytes_that_are_not_text_are_refused_and_the_timestamp_is_signed_as_sent() -> None:
    key = b"0123456789abcdef0123456789abcdef"
    secret = "whsec_" + base64.b64encode(key).decode()

    def headers(timestamp: str, body: bytes, signature: str | None = None) -> dict[str, str]:
        signed = f"msg_1.{timestamp}.".encode() + body
        value = signature or "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
        return {"webhook-id": "msg_1", "webhook-timestamp": timestamp, "webhook-signature": value}

    now = str(int(time.time()))
    sync_client = ChatbotPlatform(api_key="sk_live_unused")
    async_client = AsyncChatbotPlatform(api_key="sk_live_unused")
    for verify in (sync_client.webhooks.verify, async_client.webhooks.verify):
        not_utf8 = b'{"type": "\xff"}'
        with pytest.raises(WebhookVerificationError):
            verify(not_utf8, headers(now, not_utf8), secret)
        body = b'{"type": "lead.created"}'
        with pytest.raises(WebhookVerificationError):
            verify(body, headers(now, body, signature="v1,\u00e9t\u00e9"), secret)
        # A timestamp written with a leading zero is signed as written, not as int() would write it.
        assert verify(body, headers("0" + now, body), secret) == {"type": "lead.created"}
    sync_client.close()
    asyncio.run(async_client.close())
