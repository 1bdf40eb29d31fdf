"""The client scenario with AsyncChatbotPlatform: the same steps as test_sync.py, awaited."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable

import httpx
import pytest
from conftest import Receiver, Server
from scenario import ANSWER, QUESTION, RequestLog, deadline, unique

from chatbot_platform import (
    AsyncChatbotPlatform,
    BadRequestError,
    DeltaEvent,
    DoneEvent,
    MessageEvent,
    NotFoundError,
    StreamEvent,
    WebhookVerificationError,
)


def run(test: Callable[[], Awaitable[None]]) -> None:
    async def main() -> None:
        await test()

    asyncio.run(main())


def client_for(server: Server, log: RequestLog | None = None, key: str | None = None) -> AsyncChatbotPlatform:
    hooks = {"response": [log.async_hook]} if log else {}
    return AsyncChatbotPlatform(api_key=key or server.api_key, base_url=server.base_url, http_client=httpx.AsyncClient(timeout=30, event_hooks=hooks))


def test_chatbot_knowledge_and_a_conversation(server: Server) -> None:
    async def scenario() -> None:
        client = client_for(server)
        bot = await client.chatbots.create(name=unique("Shop"))
        assert (await client.chatbots.get(bot.id)).name == bot.name
        assert (await client.chatbots.update(bot.id, name="Renamed shop")).name == "Renamed shop"
        assert bot.id in [listed.id for listed in (await client.chatbots.list_page(limit=100)).data]

        item = await client.knowledge.create(bot.id, type="qa", question=QUESTION, answer=ANSWER)
        until = deadline()
        while (await client.knowledge.get(bot.id, item.id)).status.value != "ready":
            assert time.monotonic() < until, "the Q&A pair never became ready"
            await asyncio.sleep(0.2)
        assert [listed.id for listed in (await client.knowledge.list_page(bot.id)).data] == [item.id]
        while not (await client.knowledge.search(bot.id, query=QUESTION)).data:
            assert time.monotonic() < until, "the Q&A pair never became searchable"
            await asyncio.sleep(0.2)

        conversation = await client.conversations.create(bot.id)
        turn = await client.conversations.send(bot.id, conversation.id, content=QUESTION)
        assert turn.message.content == QUESTION
        assert turn.reply is not None and turn.reply.content == ANSWER
        assert turn.conversation.id == conversation.id

        events: list[StreamEvent] = [event async for event in client.conversations.stream(bot.id, conversation.id, content=QUESTION)]
        assert isinstance(events[0], MessageEvent) and events[0].message.content == QUESTION
        deltas = [event.content for event in events if isinstance(event, DeltaEvent)]
        assert len(deltas) >= 1
        done = events[-1]
        assert isinstance(done, DoneEvent)
        assert done.reply is not None and done.reply.content == ANSWER == "".join(deltas)

        assert (await client.chatbots.delete(bot.id)).id == bot.id
        await client.close()

    run(scenario)


def test_leads_page_by_page(server: Server) -> None:
    async def scenario() -> None:
        log = RequestLog()
        client = client_for(server, log)
        bot = await client.chatbots.create(name=unique("Leads"))
        created = [(await client.leads.create(chatbot_id=bot.id, email=f"lead{n}@example.com", name=f"Lead {n}")).id for n in range(3)]
        log.seen.clear()
        listed = [lead.id async for lead in client.leads.list(chatbot_id=bot.id, limit=1, order="asc")]
        assert listed == created
        assert len([seen for seen in log.seen if seen[1] == "/api/v1/leads"]) >= 3, "one lead a page"
        await client.close()

    run(scenario)


def test_a_429_is_waited_out(server: Server) -> None:
    async def scenario() -> None:
        log = RequestLog()
        client = client_for(server, log, key=server.rate_limited_key)
        for _ in range(3):
            before = len(log.seen)
            await client.chatbots.create(name=unique("Limited"))
            attempts = [status for _, _, status in log.seen[before:]]
            if len(attempts) > 1:
                break
        assert attempts == [429, 201], f"the server saw {attempts}"
        assert log.retry_after[before] == "1", "the harness's clock stands a second before the window ends"
        keys = log.idempotency_keys[before:]
        assert len(keys) == 2 and keys[0] is not None and keys[0] == keys[1], "one Idempotency-Key for both attempts"
        await client.close()

    run(scenario)


def test_a_webhook_is_verified(server: Server, receiver: Receiver) -> None:
    async def scenario() -> None:
        client = client_for(server)
        webhook = await client.webhooks.create(url=receiver.url, events=["webhook.test"])
        assert isinstance(webhook.secret, str) and webhook.secret.startswith("whsec_")
        assert webhook.id in [listed.id for listed in (await client.webhooks.list_page(limit=100)).data]
        await client.webhooks.test(webhook.id)
        assert await asyncio.to_thread(receiver.arrived.wait, 60), "no delivery arrived"
        received = receiver.requests[0]
        event = client.webhooks.verify(received.body, received.headers, webhook.secret)
        assert event["type"] == "webhook.test"
        tampered = json.dumps({**json.loads(received.body), "type": "lead.captured"})
        with pytest.raises(WebhookVerificationError):
            client.webhooks.verify(tampered, received.headers, webhook.secret)
        await client.close()

    run(scenario)


def test_an_oauth_client_lists_chatbots(server: Server) -> None:
    async def scenario() -> None:
        client = client_for(server)
        bot = await client.chatbots.create(name=unique("OAuth"))
        oauth = await client.oauth_clients.create(name=unique("Reporting"), scopes=["chatbots:read"])
        log = RequestLog()
        async with AsyncChatbotPlatform(
            oauth_client_id=oauth.id,
            oauth_client_secret=oauth.client_secret,
            scope="chatbots:read",
            base_url=server.base_url,
            http_client=httpx.AsyncClient(timeout=30, event_hooks={"response": [log.async_hook]}),
        ) as reporting:
            assert bot.id in [listed.id for listed in (await reporting.chatbots.list_page(limit=100)).data]
            assert (await reporting.chatbots.get(bot.id)).id == bot.id
        assert [(path, status) for _, path, status in log.seen] == [
            ("/oauth/token", 200),
            ("/api/v1/chatbots", 200),
            (f"/api/v1/chatbots/{bot.id}", 200),
        ], "one token for both calls"
        await client.close()

    run(scenario)


def test_typed_errors(server: Server) -> None:
    async def scenario() -> None:
        client = client_for(server)
        with pytest.raises(NotFoundError) as missing:
            await client.chatbots.get("cb_01JZZZZZZZZZZZZZZZZZZZZZZZ")
        assert missing.value.status == 404
        assert missing.value.code == "chatbot_not_found"
        assert missing.value.request_id
        with pytest.raises(BadRequestError) as invalid:
            await client.chatbots.create(name="")
        assert invalid.value.code == "validation_failed"
        assert [detail["path"] for detail in invalid.value.details] == ["name"]
        await client.close()

    run(scenario)
