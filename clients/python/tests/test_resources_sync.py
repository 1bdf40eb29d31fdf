"""The rest of the API-key surface with ChatbotPlatform, against the live server: one call of each
area that could go wrong (a state change and its undoing, a list read page by page, a secret shown
once), and the retries on 502/504 against a local server that answers them."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer

import httpx
import pytest
from conftest import Server
from scenario import RequestLog, deadline, unique

from chatbot_platform import AuthenticationError, ChatbotPlatform, NotFoundError, ServerError


def client_for(server: Server, log: RequestLog | None = None) -> ChatbotPlatform:
    hooks = {"response": [log.hook]} if log else {}
    return ChatbotPlatform(api_key=server.api_key, base_url=server.base_url, http_client=httpx.Client(timeout=30, event_hooks=hooks))


def test_a_chatbot_archived_restored_paused_resumed(server: Server) -> None:
    client = client_for(server)
    bot = client.chatbots.create(name=unique("States"))
    assert client.chatbots.archive(bot.id).status.value == "archived"
    assert client.chatbots.restore(bot.id).status.value == "active"
    assert client.chatbots.pause(bot.id).status.value == "paused"
    assert client.chatbots.get(bot.id).status.value == "paused"
    assert client.chatbots.resume(bot.id).status.value == "active"
    assert bot.id in [listed.id for listed in client.chatbots.list(limit=100)]
    assert client.chatbots.set_settings(bot.id, fallback_message="Ask a person.").fallback_message == "Ask a person."
    assert client.chatbots.get_settings(bot.id).fallback_message == "Ask a person."
    assert client.knowledge.embeddings(bot.id).chatbot_id == bot.id
    client.chatbots.delete(bot.id)
    with pytest.raises(NotFoundError):
        client.chatbots.archive(bot.id)
    client.close()


def test_a_conversation_handed_off_released_and_its_messages_paged(server: Server) -> None:
    log = RequestLog()
    client = client_for(server, log)
    bot = client.chatbots.create(name=unique("Handoff"))
    conversation = client.conversations.create(bot.id)
    assert client.conversations.handoff(bot.id, conversation.id).status.value == "handoff"
    turn = client.conversations.send(bot.id, conversation.id, content="A person, please")
    assert turn.reply is None, "no reply while people have the conversation"
    assert client.conversations.release(bot.id, conversation.id).status.value == "open"
    second = client.conversations.send(bot.id, conversation.id, content="Thanks")
    assert second.reply is not None, "the chatbot replies again once released"

    log.seen.clear()
    messages = list(client.conversations.messages(bot.id, conversation.id, limit=1, order="asc"))
    assert [message.content for message in messages][:2] == ["A person, please", "Thanks"]
    assert len(messages) == 3, "the visitor's two messages and the chatbot's one reply"
    pages = [seen for seen in log.seen if seen[1].endswith("/messages")]
    assert len(pages) == 3, "one message a page"
    first = client.conversations.messages_page(bot.id, conversation.id, limit=1, order="asc")
    assert [message.id for message in first.data] == [messages[0].id] and first.has_more
    assert conversation.id in [listed.id for listed in client.conversations.list(bot.id)]

    # The handoff is kept as an event to be read again.
    until = deadline()
    while not (found := list(client.events.list(type="conversation.handoff", chatbot_id=bot.id))):
        assert time.monotonic() < until, "no conversation.handoff event"
        time.sleep(0.2)
    assert client.events.get(found[0].id).type_ == "conversation.handoff"
    client.chatbots.delete(bot.id)
    client.close()


def test_the_account_its_analytics_keys_and_oauth_clients(server: Server) -> None:
    client = client_for(server)
    account = client.account.get()
    assert account.id and account.name
    overview = client.analytics.overview()
    assert overview.tz

    key = client.api_keys.create(name=unique("Reporting key"))
    assert key.secret.startswith("sk_") and key.secret.endswith(key.last4)
    assert key.id in [listed.id for listed in client.api_keys.list(limit=100)]
    assert client.api_keys.delete(key.id).revoked_at is not None
    with ChatbotPlatform(api_key=key.secret, base_url=server.base_url, max_retries=0) as revoked:
        with pytest.raises(AuthenticationError):
            revoked.account.get()

    oauth = client.oauth_clients.create(name=unique("Lister"), scopes=["chatbots:read"])
    assert oauth.id in [listed.id for listed in client.oauth_clients.list()]
    client.oauth_clients.delete(oauth.id)
    assert oauth.id not in [listed.id for listed in client.oauth_clients.list()]
    client.close()


class _Flaky(BaseHTTPRequestHandler):
    """Answers the statuses of ``answers`` in turn (the last one for every request after)."""

    answers: list[int] = []
    seen: list[int] = []

    def do_GET(self) -> None:
        status = self.answers[min(len(self.seen), len(self.answers) - 1)]
        self.seen.append(status)
        body = json.dumps({"statusCode": status, "error": "x", "code": f"status_{status}", "message": "test"}).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("retry-after", "0")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_: object) -> None:
        pass


@pytest.fixture
def flaky() -> Iterator[tuple[str, type[_Flaky]]]:
    handler = type("Handler", (_Flaky,), {"answers": [], "seen": []})
    http = HTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{http.server_address[1]}", handler
    finally:
        http.shutdown()
        http.server_close()


def test_502_and_504_are_retried_a_500_is_not(flaky: tuple[str, type[_Flaky]]) -> None:
    base_url, handler = flaky
    handler.answers[:] = [502, 504, 404]
    with ChatbotPlatform(api_key="sk_live_unused", base_url=base_url, max_retries=2) as client:
        with pytest.raises(NotFoundError):
            client.account.get()
        assert handler.seen == [502, 504, 404]

        handler.seen.clear()
        handler.answers[:] = [500, 404]
        with pytest.raises(ServerError):
            client.account.get()
        assert handler.seen == [500]
