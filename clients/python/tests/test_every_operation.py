"""Every API operation under /api/v1/ of clients/openapi.json has a method on both clients, and that
method sends the operation's HTTP method to its path (checked against a mock transport: no server)."""

from __future__ import annotations

import asyncio
import inspect
import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from chatbot_platform import AsyncChatbotPlatform, ChatbotPlatform

DOCUMENT = Path(__file__).resolve().parents[2] / "openapi.json"

#: operationId → the method that calls it: ``resource.method`` (``.method`` on the client itself).
#: A list names its ``…_page`` method here (the iterating one sends the same request, lazily).
METHODS = {
    "getAccount": "account.get",
    "getUsage": "account.usage",
    "getIpAllowlist": "account.get_ip_allowlist",
    "setIpAllowlist": "account.set_ip_allowlist",
    "exportAnalytics": "analytics.export",
    "getAnalyticsOverview": "analytics.overview",
    "getAnalyticsTimeseries": "analytics.timeseries",
    "getAnalyticsTrends": "analytics.trends",
    "listApiKeys": "api_keys.list_page",
    "createApiKey": "api_keys.create",
    "deleteApiKey": "api_keys.delete",
    "rotateApiKey": "api_keys.rotate",
    "listChatbots": "chatbots.list_page",
    "createChatbot": "chatbots.create",
    "getChatbot": "chatbots.get",
    "deleteChatbot": "chatbots.delete",
    "updateChatbot": "chatbots.update",
    "rotateChatbotApiKey": "chatbots.rotate_api_key",
    "archiveChatbot": "chatbots.archive",
    "restoreChatbot": "chatbots.restore",
    "pauseChatbot": "chatbots.pause",
    "resumeChatbot": "chatbots.resume",
    "getChatbotQuality": "chatbots.quality",
    "getChatbotSettings": "chatbots.get_settings",
    "setChatbotSettings": "chatbots.set_settings",
    "getWidgetSettings": "chatbots.get_widget",
    "setWidgetSettings": "chatbots.set_widget",
    "createWidgetIdentitySecret": "chatbots.make_widget_identity_secret",
    "listConversations": "conversations.list_page",
    "createConversation": "conversations.create",
    "exportConversations": "conversations.export",
    "getConversation": "conversations.get",
    "deleteConversation": "conversations.delete",
    "updateConversation": "conversations.update",
    "assignConversation": "conversations.assign",
    "getConversationContact": "conversations.contact",
    "endConversation": "conversations.end",
    "handoffConversation": "conversations.handoff",
    "listMessages": "conversations.messages_page",
    "sendMessage": "conversations.send",
    "sendMessageFeedback": "conversations.feedback",
    "sendAttachment": "conversations.send_attachment",
    "getAttachment": "conversations.get_attachment",
    "releaseConversation": "conversations.release",
    "getTyping": "conversations.typing",
    "listInboxConversations": "conversations.list_inbox_page",
    "getConversationCounts": "conversations.counts",
    "streamConversationEvents": "conversations.events",
    "listKnowledgeItems": "knowledge.list_page",
    "createKnowledgeItem": "knowledge.create",
    "getKnowledgeEmbeddings": "knowledge.embeddings",
    "listKnowledgeItemEmbeddings": "knowledge.item_embeddings_page",
    "exportKnowledge": "knowledge.export",
    "importKnowledge": "knowledge.import_",
    "createQaFromMessage": "knowledge.from_message",
    "searchKnowledge": "knowledge.search",
    "getKnowledgeItem": "knowledge.get",
    "deleteKnowledgeItem": "knowledge.delete",
    "updateKnowledgeItem": "knowledge.update",
    "refreshKnowledgeItem": "knowledge.refresh",
    "listChatbotLeads": "leads.list_for_chatbot_page",
    "listLeads": "leads.list_page",
    "createLead": "leads.create",
    "exportLeads": "leads.export",
    "getLead": "leads.get",
    "deleteLead": "leads.delete",
    "updateLead": "leads.update",
    "listEvents": "events.list_page",
    "getEvent": "events.get",
    "listMembers": "members.list_page",
    "inviteMember": "members.invite",
    "getMember": "members.get",
    "removeMember": "members.remove",
    "updateMember": "members.update",
    "resendInvitation": "members.resend_invitation",
    "signOutMember": "members.sign_out",
    "listModelProviders": "model_providers.list_page",
    "createModelProvider": "model_providers.create",
    "getModelProvider": "model_providers.get",
    "deleteModelProvider": "model_providers.delete",
    "updateModelProvider": "model_providers.update",
    "testModelProvider": "model_providers.test",
    "listOAuthClients": "oauth_clients.list_page",
    "createOAuthClient": "oauth_clients.create",
    "deleteOAuthClient": "oauth_clients.delete",
    "rotateOAuthClientSecret": "oauth_clients.rotate_secret",
    "getOpenApiDocument": "openapi_document",
    "listSavedReplies": "saved_replies.list_page",
    "createSavedReply": "saved_replies.create",
    "getSavedReply": "saved_replies.get",
    "deleteSavedReply": "saved_replies.delete",
    "updateSavedReply": "saved_replies.update",
    "renderSavedReply": "saved_replies.render",
    "listWebhooks": "webhooks.list_page",
    "createWebhook": "webhooks.create",
    "getWebhook": "webhooks.get",
    "deleteWebhook": "webhooks.delete",
    "updateWebhook": "webhooks.update",
    "listWebhookDeliveries": "webhooks.deliveries_page",
    "retryWebhookDelivery": "webhooks.retry_delivery",
    "rotateWebhookSecret": "webhooks.rotate_secret",
    "testWebhook": "webhooks.test",
}

#: Operations under /api/v1/ the clients leave out on purpose, each with its reason.
_MEMBERS_OWN = "a signed-in dashboard member's own: an API key or OAuth token, the client's only credentials, gets 403"
LEFT_OUT: dict[str, str] = {
    "getPresence": _MEMBERS_OWN + " session_required",
    "setPresence": _MEMBERS_OWN + " session_required",
    "sendPresenceHeartbeat": _MEMBERS_OWN + " session_required",
    "sendTyping": _MEMBERS_OWN + " member_required",
}


def operations() -> dict[str, tuple[str, str]]:
    """operationId → (HTTP method, path template) of every operation under /api/v1/."""
    document: Any = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    found: dict[str, tuple[str, str]] = {}
    for path, item in document["paths"].items():
        if path.startswith("/api/v1/"):
            for method, operation in item.items():
                if isinstance(operation, dict) and "operationId" in operation:
                    found[operation["operationId"]] = (method.upper(), path)
    return found


def test_every_operation_has_a_method_or_a_reason() -> None:
    listed = operations()
    assert len(listed) > 100, "the document's /api/v1/ operations were read"
    assert sorted(set(listed) - set(METHODS) - set(LEFT_OUT)) == [], "operations with neither a method nor a reason"
    assert sorted(set(METHODS) - set(listed)) == [], "methods of operations the document no longer has"


def _ids_and_path(template: str) -> tuple[list[str], str]:
    """Ids to call with (one per path parameter, in order) and the path they make."""
    ids: list[str] = []

    def fill(_: re.Match[str]) -> str:
        ids.append(f"id{len(ids) + 1}")
        return ids[-1]

    return ids, re.sub(r"\{[^}]+\}", fill, template)


def _answer(request: httpx.Request) -> httpx.Response:
    if request.headers.get("accept") == "text/event-stream":
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=b"event: ready\ndata: {}\n\n")
    return httpx.Response(200, json={})  # not a model's shape: reading it may fail after the request


def _method(client: object, dotted: str) -> Any:
    target: Any = client
    for name in dotted.split("."):
        target = getattr(target, name)
    return target


@pytest.mark.parametrize("operation_id", sorted(METHODS))
def test_the_method_sends_its_operation(operation_id: str) -> None:
    method, template = operations()[operation_id]
    ids, path = _ids_and_path(template)
    sent: list[tuple[str, str]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append((request.method, request.url.path))
        return _answer(request)

    sync = ChatbotPlatform(api_key="sk_test_x", base_url="http://api.test", max_retries=0, http_client=httpx.Client(transport=httpx.MockTransport(handler)))
    try:
        result = _method(sync, METHODS[operation_id])(*ids)
        if inspect.isgenerator(result):
            next(result)
            result.close()
    except Exception:  # noqa: BLE001 - the empty answer is no model; the request is what is checked
        pass
    assert sent == [(method, path)], f"ChatbotPlatform.{METHODS[operation_id]}"

    async def run_async() -> None:
        client = AsyncChatbotPlatform(api_key="sk_test_x", base_url="http://api.test", max_retries=0, http_client=httpx.AsyncClient(transport=httpx.MockTransport(handler)))
        try:
            result = _method(client, METHODS[operation_id])(*ids)
            if inspect.isasyncgen(result):
                await result.__anext__()
                await result.aclose()
            else:
                await result
        except Exception:  # noqa: BLE001 - as above
            pass

    sent.clear()
    asyncio.run(run_async())
    assert sent == [(method, path)], f"AsyncChatbotPlatform.{METHODS[operation_id]}"


def test_a_keyword_named_query_an_export_and_a_null_are_sent_as_the_api_names_them() -> None:
    """What the method-and-path check above does not look at: a query key spelled ``from_`` goes as
    ``from``, an export asks for its text types, and a ``None`` the caller passes is sent as null
    (for a chatbot key, ``chatbot_id: null`` is a refusal, not the same as leaving it out)."""
    sent: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, text="day,conversations\n", headers={"content-type": "text/csv"})

    client = ChatbotPlatform(api_key="sk_test_x", base_url="http://api.test", max_retries=0, http_client=httpx.Client(transport=httpx.MockTransport(handler)))
    assert client.analytics.export(from_="2026-01-01", format="csv") == "day,conversations\n"
    assert dict(sent[0].url.params) == {"from": "2026-01-01", "format": "csv"}
    assert "text/csv" in sent[0].headers["accept"]
    try:
        client.saved_replies.create(shortcut="thanks", title="Thanks", body="Thank you!", chatbot_id=None)
    except Exception:  # noqa: BLE001 - the CSV answer is no SavedReply; the request is what is checked
        pass
    assert json.loads(sent[1].content) == {"shortcut": "thanks", "title": "Thanks", "body": "Thank you!", "chatbot_id": None}
