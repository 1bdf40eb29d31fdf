"""Calls mypy must judge: tests/test_typed_calls.py runs mypy on this file and expects an error on
each call whose line ends in an ``error:`` comment holding part of mypy's message, and on no other line.

Not run, only type-checked (it is outside ``tests``, which must type-check clean).
"""

from chatbot_platform import AsyncChatbotPlatform, ChatbotPlatform


def sync_calls(client: ChatbotPlatform, chatbot_id: str) -> None:
    # Right calls: no error.
    client.chatbots.create(name="Shop", personality="concise", welcome_message=None)
    client.chatbots.list_page(limit=10, status="active", order="asc")
    client.knowledge.create(chatbot_id, type="qa", question="Delivery?", answer="2 days", alternatives=["Shipping?"])
    client.leads.create(chatbot_id=chatbot_id, email="a@example.com", custom={"plan": "pro", "seats": 3})
    client.webhooks.create(url="https://example.com/hooks", events=["lead.captured"])
    client.analytics.timeseries(metric="leads", from_="2026-01-01T00:00:00Z", interval="week")
    client.saved_replies.create(shortcut="thanks", title="Thanks", body="Thank you, {visitor.name}!")
    client.leads.export(format="csv", status="new")
    client.conversations.counts(channel="widget")

    # An unknown key.
    client.chatbots.create(name="Shop", colour="blue")  # error: Unexpected keyword argument "colour"
    client.leads.list(chatbot="cb_1")  # error: Unexpected keyword argument "chatbot"
    client.saved_replies.render("sr_1", conversation="conv_1")  # error: Unexpected keyword argument "conversation"
    # A wrong type.
    client.chatbots.list_page(limit="10")  # error: Argument "limit" to "list_page" of "Chatbots" has incompatible type "str"; expected "int"
    client.chatbots.list_page(status="deleted")  # error: Argument "status" to "list_page" of "Chatbots" has incompatible type
    client.webhooks.create(url="https://example.com/hooks", events=["lead.created"])  # error: List item 0 has incompatible type
    client.leads.export(format="xlsx")  # error: Argument "format" to "export" of "Leads" has incompatible type
    # A missing required key.
    client.chatbots.create(language="en")  # error: Missing named argument "name" for "create" of "Chatbots"
    client.analytics.timeseries(interval="day")  # error: Missing named argument "metric" for "timeseries" of "Analytics"
    client.saved_replies.render("sr_1")  # error: Missing named argument "conversation_id" for "render" of "SavedReplies"


async def async_calls(client: AsyncChatbotPlatform, chatbot_id: str) -> None:
    await client.chatbots.create(name="Shop")
    await client.members.invite(email="new@example.com", role="agent")

    await client.members.invite(email="new@example.com", role="boss")  # error: Argument "role" to "invite" of "AsyncMembers" has incompatible type
    await client.conversations.send(chatbot_id, "conv_1", text="Hello")  # error: Unexpected keyword argument "text"
    await client.model_providers.create(name="Local", type="ollama")  # error: Missing named argument "base_url" for "create" of "AsyncModelProviders"
