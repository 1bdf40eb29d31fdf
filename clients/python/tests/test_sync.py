"""The client scenario with ChatbotPlatform, against the live server (test/clients/python.test.ts)."""

from __future__ import annotations

import json
import socket
import time

import httpx
import pytest
from conftest import Receiver, Server
from scenario import ANSWER, QUESTION, RequestLog, deadline, unique

from chatbot_platform import (
    ApiConnectionError,
    BadRequestError,
    ChatbotPlatform,
    DeltaEvent,
    DoneEvent,
    MessageEvent,
    NotFoundError,
    WebhookVerificationError,
)


def client_for(server: Server, log: RequestLog | None = None, key: str | None = None) -> ChatbotPlatform:
    hooks = {"response": [log.hook]} if log else {}
    return ChatbotPlatform(api_key=key or server.api_key, base_url=server.base_url, http_client=httpx.Client(timeout=30, event_hooks=hooks))


def test_chatbot_knowledge_and_a_conversation(server: Server) -> None:
    client = client_for(server)
    bot = client.chatbots.create(name=unique("Shop"))
    assert client.chatbots.get(bot.id).name == bot.name
    assert client.chatbots.update(bot.id, name="Renamed shop").name == "Renamed shop"
    assert bot.id in [listed.id for listed in client.chatbots.list_page(limit=100).data]

    item = client.knowledge.create(bot.id, type="qa", question=QUESTION, answer=ANSWER)
    until = deadline()
    while client.knowledge.get(bot.id, item.id).status.value != "ready":
        assert time.monotonic() < until, "the Q&A pair never became ready"
        time.sleep(0.2)
    assert [listed.id for listed in client.knowledge.list_page(bot.id).data] == [item.id]
    # The search index is rebuilt after a change; the first questions may still see the old one.
    while not client.knowledge.search(bot.id, query=QUESTION).data:
        assert time.monotonic() < until, "the Q&A pair never became searchable"
        time.sleep(0.2)

    conversation = client.conversations.create(bot.id)
    turn = client.conversations.send(bot.id, conversation.id, content=QUESTION)
    assert turn.message.content == QUESTION
    assert turn.reply is not None and turn.reply.content == ANSWER
    assert turn.conversation.id == conversation.id

    events = list(client.conversations.stream(bot.id, conversation.id, content=QUESTION))
    assert isinstance(events[0], MessageEvent) and events[0].message.content == QUESTION
    deltas = [event.content for event in events if isinstance(event, DeltaEvent)]
    assert len(deltas) >= 1
    done = events[-1]
    assert isinstance(done, DoneEvent)
    assert done.reply is not None and done.reply.content == ANSWER == "".join(deltas)

    assert client.chatbots.delete(bot.id).id == bot.id
    client.close()


def test_leads_page_by_page(server: Server) -> None:
    log = RequestLog()
    client = client_for(server, log)
    bot = client.chatbots.create(name=unique("Leads"))
    created = [client.leads.create(chatbot_id=bot.id, email=f"lead{n}@example.com", name=f"Lead {n}").id for n in range(3)]
    log.seen.clear()
    listed = [lead.id for lead in client.leads.list(chatbot_id=bot.id, limit=1, order="asc")]
    assert listed == created
    pages = [seen for seen in log.seen if seen[1] == "/api/v1/leads"]
    assert len(pages) >= 3, "one lead a page"
    client.close()


def test_a_429_is_waited_out(server: Server) -> None:
    log = RequestLog()
    client = client_for(server, log, key=server.rate_limited_key)
    # Two requests a minute: within three calls one is refused, waits Retry-After, and is retried.
    for _ in range(3):
        before = len(log.seen)
        client.chatbots.create(name=unique("Limited"))
        attempts = [status for _, _, status in log.seen[before:]]
        if len(attempts) > 1:
            break
    assert attempts == [429, 201], f"the server saw {attempts}"
    assert log.retry_after[before] == "1", "the harness's clock stands a second before the window ends"
    keys = log.idempotency_keys[before:]
    assert len(keys) == 2 and keys[0] is not None and keys[0] == keys[1], "one Idempotency-Key for both attempts"
    client.close()


def test_a_webhook_is_verified(server: Server, receiver: Receiver) -> None:
    client = client_for(server)
    webhook = client.webhooks.create(url=receiver.url, events=["webhook.test"])
    assert isinstance(webhook.secret, str) and webhook.secret.startswith("whsec_")
    assert webhook.id in [listed.id for listed in client.webhooks.list_page(limit=100).data]
    client.webhooks.test(webhook.id)
    assert receiver.arrived.wait(60), "no delivery arrived"
    received = receiver.requests[0]
    event = client.webhooks.verify(received.body, received.headers, webhook.secret)
    assert event["type"] == "webhook.test"
    tampered = json.dumps({**json.loads(received.body), "type": "lead.captured"})
    with pytest.raises(WebhookVerificationError):
        client.webhooks.verify(tampered, received.headers, webhook.secret)
    with pytest.raises(WebhookVerificationError):
        client.webhooks.verify(received.body, {**received.headers, "webhook-timestamp": str(int(time.time()) - 3600)}, webhook.secret)
    client.close()


def test_an_oauth_client_lists_chatbots(server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    client = client_for(server)
    bot = client.chatbots.create(name=unique("OAuth"))
    oauth = client.oauth_clients.create(name=unique("Reporting"), scopes=["chatbots:read"])
    log = RequestLog()
    with ChatbotPlatform(
        oauth_client_id=oauth.id,
        oauth_client_secret=oauth.client_secret,
        scope="chatbots:read",
        base_url=server.base_url,
        http_client=httpx.Client(timeout=30, event_hooks={"response": [log.hook]}),
    ) as reporting:
        assert bot.id in [listed.id for listed in reporting.chatbots.list_page(limit=100).data]
        assert reporting.chatbots.get(bot.id).id == bot.id
        assert [(path, status) for _, path, status in log.seen] == [
            ("/oauth/token", 200),
            ("/api/v1/chatbots", 200),
            (f"/api/v1/chatbots/{bot.id}", 200),
        ], "one token for both calls"
        # 59 minutes and a second later on this process's clock, the token (an hour's) has 59 s
        # left: the next call renews it first rather than risk it lapsing on the way.
        later = time.monotonic() + 3600 - 59
        monkeypatch.setattr("chatbot_platform._client.time.monotonic", lambda: later)
        assert reporting.chatbots.get(bot.id).id == bot.id
        assert [path for _, path, _ in log.seen[3:]] == ["/oauth/token", f"/api/v1/chatbots/{bot.id}"]
    client.close()


def test_an_unreachable_server_is_retried_then_raises() -> None:
    # A port nothing listens on: bound, then closed.
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    attempts: list[str] = []
    client = ChatbotPlatform(
        api_key="sk_live_unused",
        base_url=f"http://127.0.0.1:{port}",
        max_retries=1,
        http_client=httpx.Client(timeout=5, event_hooks={"request": [lambda request: attempts.append(request.headers.get("idempotency-key", ""))]}),
    )
    with pytest.raises(ApiConnectionError):
        client.chatbots.create(name="Nowhere")
    assert len(attempts) == 2 and attempts[0] and attempts[0] == attempts[1], "one retry, with the same Idempotency-Key"
    client.close()


def test_typed_errors(server: Server) -> None:
    client = client_for(server)
    with pytest.raises(NotFoundError) as missing:
        client.chatbots.get("cb_01JZZZZZZZZZZZZZZZZZZZZZZZ")
    assert missing.value.status == 404
    assert missing.value.code == "chatbot_not_found"
    assert missing.value.request_id
    with pytest.raises(BadRequestError) as invalid:
        client.chatbots.create(name="")
    assert invalid.value.status == 400
    assert invalid.value.code == "validation_failed"
    assert invalid.value.request_id
    assert [detail["path"] for detail in invalid.value.details] == ["name"]
    client.close()
