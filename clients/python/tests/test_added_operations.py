"""The operations the client gained last, against the live server: saved replies, members, the IP
allowlist, exports, conversation counts, typing, the live event stream and the API's document."""

from __future__ import annotations

import asyncio
import csv
import io
import json

import httpx
import pytest
from conftest import Server
from scenario import ANSWER, QUESTION, unique

from chatbot_platform import AsyncChatbotPlatform, ChatbotPlatform


def test_saved_replies_members_allowlist_lead_export_and_counts(server: Server) -> None:
    with ChatbotPlatform(api_key=server.api_key, base_url=server.base_url, http_client=httpx.Client(timeout=30)) as client:
        bot = client.chatbots.create(name=unique("Added"))
        conversation = client.conversations.create(bot.id, visitor={"name": "Ada"})

        reply = client.saved_replies.create(shortcut=unique("thanks").replace(" ", "-"), title="Thanks", body="Thank you, {visitor.name}!", chatbot_id=bot.id)
        assert reply.id in [listed.id for listed in client.saved_replies.list(chatbot_id=bot.id)]
        rendered = client.saved_replies.render(reply.id, conversation_id=conversation.id)
        assert rendered.text == "Thank you, Ada!" and rendered.missing == []
        assert client.saved_replies.delete(reply.id).id == reply.id
        assert reply.id not in [listed.id for listed in client.saved_replies.list_page(chatbot_id=bot.id).data]

        invited = client.members.invite(email=f"{unique('agent').replace(' ', '.')}@example.com", name="New Agent", role="agent")
        assert (invited.status.value, invited.role.value) == ("invited", "agent")
        assert invited.id in [member.id for member in client.members.list(status="invited")]
        assert client.members.get(invited.id).email == invited.email
        assert client.members.remove(invited.id).deleted is True
        assert invited.id not in [member.id for member in client.members.list()]

        before = client.account.get_ip_allowlist().ip_allowlist
        try:
            assert client.account.set_ip_allowlist(ip_allowlist=["127.0.0.1/32"]).ip_allowlist == ["127.0.0.1/32"]
            assert client.account.get_ip_allowlist().ip_allowlist == ["127.0.0.1/32"], "kept, and this address still allowed"
        finally:
            client.account.set_ip_allowlist(ip_allowlist=before)
        assert client.account.get_ip_allowlist().ip_allowlist == before

        email = f"{unique('lead').replace(' ', '.')}@example.com"
        client.leads.create(chatbot_id=bot.id, email=email, name="Export Me")
        exported = client.leads.export(format="csv", chatbot_id=bot.id)
        rows = list(csv.DictReader(io.StringIO(exported)))
        assert [row["email"] for row in rows] == [email], "the CSV holds the chatbot's one lead"

        counts = client.conversations.counts(chatbot_id=bot.id)
        assert (counts.open_, counts.handoff, counts.ended) == (1, 0, 0)
        client.conversations.end(bot.id, conversation.id)
        counts = client.conversations.counts(chatbot_id=bot.id)
        assert (counts.open_, counts.ended) == (0, 1)
        client.chatbots.delete(bot.id)


def test_live_events_knowledge_export_typing_and_the_document(server: Server) -> None:
    async def main() -> None:
        async with AsyncChatbotPlatform(api_key=server.api_key, base_url=server.base_url, http_client=httpx.AsyncClient(timeout=30)) as client:
            bot = await client.chatbots.create(name=unique("Live"))
            events = client.conversations.events(chatbot_id=bot.id)
            first = await asyncio.wait_for(anext(events), 10)
            assert first.type == "ready"
            conversation = await client.conversations.create(bot.id)
            seen = []
            while True:
                event = await asyncio.wait_for(anext(events), 10)
                seen.append(event.type)
                if event.type == "conversation.started":
                    break
            assert event.data["chatbot_id"] == bot.id and event.id == event.data["id"], f"the envelope of GET /events (after {seen})"
            await events.aclose()

            # Typing is shown under a member's name: an API key may read it (sending it has no method).
            typing = await client.conversations.typing(bot.id, conversation.id)
            assert typing.agent is None and typing.visitor_typing is False

            await client.knowledge.create(bot.id, type="qa", question=QUESTION, answer=ANSWER)
            lines = [json.loads(line) for line in (await client.knowledge.export(bot.id)).splitlines() if line]
            assert [line.get("question") for line in lines] == [QUESTION]

            document = await client.openapi_document()
            assert document["openapi"].startswith("3.") and "/api/v1/saved-replies" in document["paths"]
            await client.chatbots.delete(bot.id)

    asyncio.run(main())
