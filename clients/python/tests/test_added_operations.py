"""The operations the client gained last, against the live server: saved replies, members, the IP
allowlist, exports, conversation counts, typing, the live event stream, the API's document and an
agent's files in a handed-off conversation."""

from __future__ import annotations

import asyncio
import base64
import csv
import io
import json

import httpx
import pytest
from conftest import Server
from scenario import ANSWER, QUESTION, unique

from chatbot_platform import ApiError, AsyncChatbotPlatform, ChatbotPlatform, ConflictError


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


#: A 1×1 PNG.
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")


def test_an_agents_file_sent_and_read_back_sync_and_async(server: Server) -> None:
    accepts: list[str] = []

    def keep_accept(request: httpx.Request) -> None:
        if "/attachments/" in request.url.path:
            accepts.append(request.headers["accept"])

    with ChatbotPlatform(api_key=server.api_key, base_url=server.base_url, http_client=httpx.Client(timeout=30, event_hooks={"request": [keep_accept]})) as client:
        bot = client.chatbots.create(name=unique("Files"))
        conversation = client.conversations.create(bot.id)
        upload = base64.b64encode(PNG).decode()
        with pytest.raises(ConflictError) as refused:
            client.conversations.send_attachment(bot.id, conversation.id, name="dot.png", content_base64=upload)
        assert refused.value.code == "conversation_not_in_handoff", "an agent sends files in a handed-off conversation only"

        client.conversations.handoff(bot.id, conversation.id)
        turn = client.conversations.send_attachment(bot.id, conversation.id, name="dot.png", content_base64=upload)
        attachment = turn.message.attachment
        assert attachment is not None and turn.reply is None and turn.message.content == ""
        assert (attachment.name, attachment.content_type.value, attachment.size) == ("dot.png", "image/png", len(PNG))
        assert attachment.id.startswith("att_")
        assert client.conversations.get_attachment(bot.id, conversation.id, attachment.id) == PNG, "the same bytes back"
        assert accepts and "image/png" in accepts[0] and "application/pdf" in accepts[0], "asking for what the operation answers"

        with pytest.raises(ApiError) as html:
            client.conversations.send_attachment(bot.id, conversation.id, name="page.png", content_base64=base64.b64encode(b"<!doctype html><p>hi").decode())
        assert (html.value.status, html.value.code) == (415, "unsupported_attachment_type"), "the type is read from the bytes, not the name"

        async def read_async() -> None:
            async with AsyncChatbotPlatform(api_key=server.api_key, base_url=server.base_url, http_client=httpx.AsyncClient(timeout=30)) as aclient:
                assert await aclient.conversations.get_attachment(bot.id, conversation.id, attachment.id) == PNG
                again = await aclient.conversations.send_attachment(bot.id, conversation.id, name="again.png", content_base64=upload)
                assert again.message.attachment is not None and again.message.attachment.id != attachment.id
                assert await aclient.conversations.get_attachment(bot.id, conversation.id, again.message.attachment.id) == PNG

        asyncio.run(read_async())
        client.chatbots.delete(bot.id)
