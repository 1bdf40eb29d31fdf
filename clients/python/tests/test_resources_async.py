"""The same surface with AsyncChatbotPlatform: a state change and its undoing, a list paged with
``async for``, a key created and deleted."""

from __future__ import annotations

import asyncio

import httpx
from conftest import Server
from scenario import RequestLog, unique

from chatbot_platform import AsyncChatbotPlatform


def test_chatbots_conversations_and_keys_awaited(server: Server) -> None:
    async def scenario() -> None:
        log = RequestLog()
        http = httpx.AsyncClient(timeout=30, event_hooks={"response": [log.async_hook]})
        async with AsyncChatbotPlatform(api_key=server.api_key, base_url=server.base_url, http_client=http) as client:
            bot = await client.chatbots.create(name=unique("Async states"))
            assert (await client.chatbots.archive(bot.id)).status.value == "archived"
            assert (await client.chatbots.restore(bot.id)).status.value == "active"

            conversation = await client.conversations.create(bot.id)
            assert (await client.conversations.handoff(bot.id, conversation.id)).status.value == "handoff"
            assert (await client.conversations.send(bot.id, conversation.id, content="Hello")).reply is None
            assert (await client.conversations.release(bot.id, conversation.id)).status.value == "open"
            await client.conversations.send(bot.id, conversation.id, content="Still there?")
            log.seen.clear()
            contents = [message.content async for message in client.conversations.messages(bot.id, conversation.id, limit=1, order="asc")]
            assert contents[:2] == ["Hello", "Still there?"] and len(contents) == 3
            assert len([seen for seen in log.seen if seen[1].endswith("/messages")]) == 3, "one message a page"
            assert conversation.id in [listed.id async for listed in client.conversations.list_inbox(chatbot_id=bot.id)]

            assert (await client.analytics.overview(chatbot_id=bot.id)).chatbot_id == bot.id
            key = await client.api_keys.create(name=unique("Async key"))
            assert key.id in [listed.id async for listed in client.api_keys.list(limit=100)]
            assert (await client.api_keys.delete(key.id)).revoked_at is not None
            await client.chatbots.delete(bot.id)
        await http.aclose()

    asyncio.run(scenario())
