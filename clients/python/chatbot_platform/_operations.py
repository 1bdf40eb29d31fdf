"""The requests of the hand-written layer, built from the generated one.

Each function returns an ``Operation``: the request (method and path from the generated
``_get_kwargs``, so paths follow clients/openapi.json) and how to read its success body (the
generated model's ``from_dict``). The sync and async clients only send them. Bodies are sent as
the caller gave them, not rebuilt through the generated models: the server validates them and
answers a typed 400/422 the caller can read, rather than the client guessing first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from ._generated.api.chatbots import create_chatbot, delete_chatbot, get_chatbot, list_chatbots, update_chatbot
from ._generated.api.conversations import create_conversation, send_message
from ._generated.api.knowledge import create_knowledge_item, get_knowledge_item, list_knowledge_items, search_knowledge
from ._generated.api.leads import create_lead, get_lead, list_leads
from ._generated.api.oauth import create_o_auth_client, request_token
from ._generated.api.webhooks import create_webhook, list_webhooks, test_webhook
from ._generated.models.chatbot import Chatbot
from ._generated.models.chatbot_list import ChatbotList
from ._generated.models.conversation import Conversation
from ._generated.models.created_chatbot import CreatedChatbot
from ._generated.models.deleted_chatbot import DeletedChatbot
from ._generated.models.knowledge_item import KnowledgeItem
from ._generated.models.knowledge_item_list import KnowledgeItemList
from ._generated.models.knowledge_search_result import KnowledgeSearchResult
from ._generated.models.lead import Lead
from ._generated.models.lead_list import LeadList
from ._generated.models.message import Message
from ._generated.models.message_turn import MessageTurn
from ._generated.models.o_auth_client_with_secret import OAuthClientWithSecret
from ._generated.models.o_auth_token_response import OAuthTokenResponse
from ._generated.models.webhook_with_secret import WebhookWithSecret
from ._generated.models.webhook_delivery import WebhookDelivery
from ._generated.models.webhook_list import WebhookList
from ._errors import ApiError, error_from_body

import httpx

T = TypeVar("T")


@dataclass(frozen=True)
class Operation(Generic[T]):
    method: str
    url: str
    parse: Callable[[Any], T]
    json: Any = None
    data: dict[str, str] | None = None
    params: dict[str, Any] | None = None
    #: POSTs get an Idempotency-Key, the same on every retry (not the token endpoint, which has none)
    idempotent_key: bool = False


class _Raw:
    """Stands in for a generated body model: ``_get_kwargs`` only needs its ``to_dict``."""

    def __init__(self, body: Any) -> None:
        self.body = body

    def to_dict(self) -> Any:
        return self.body


def _route(kwargs: dict[str, Any]) -> tuple[str, str]:
    return str(kwargs["method"]).upper(), str(kwargs["url"])


def _params(filters: dict[str, Any]) -> dict[str, Any]:
    """Query parameters: None leaves one out, booleans are written as JSON writes them."""
    return {key: (json.dumps(value) if isinstance(value, bool) else value) for key, value in filters.items() if value is not None}


def _body(fields: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in fields.items() if value is not None}


def _post(kwargs: dict[str, Any], body: Any, parse: Callable[[Any], T]) -> Operation[T]:
    method, url = _route(kwargs)
    return Operation(method, url, parse, json=body, idempotent_key=True)


# Chatbots


def create_chatbot_op(fields: dict[str, Any]) -> Operation[CreatedChatbot]:
    return _post(create_chatbot._get_kwargs(body=cast(Any, _Raw(None))), _body(fields), CreatedChatbot.from_dict)


def list_chatbots_op(filters: dict[str, Any]) -> Operation[ChatbotList]:
    method, url = _route(list_chatbots._get_kwargs())
    return Operation(method, url, ChatbotList.from_dict, params=_params(filters))


def get_chatbot_op(chatbot_id: str) -> Operation[Chatbot]:
    method, url = _route(get_chatbot._get_kwargs(chatbot_id))
    return Operation(method, url, Chatbot.from_dict)


def update_chatbot_op(chatbot_id: str, fields: dict[str, Any]) -> Operation[Chatbot]:
    method, url = _route(update_chatbot._get_kwargs(chatbot_id, body=cast(Any, _Raw(None))))
    return Operation(method, url, Chatbot.from_dict, json=fields)


def delete_chatbot_op(chatbot_id: str) -> Operation[DeletedChatbot]:
    method, url = _route(delete_chatbot._get_kwargs(chatbot_id))
    return Operation(method, url, DeletedChatbot.from_dict)


# Knowledge


def create_knowledge_op(chatbot_id: str, fields: dict[str, Any]) -> Operation[KnowledgeItem]:
    return _post(create_knowledge_item._get_kwargs(chatbot_id, body=cast(Any, _Raw(None))), _body(fields), KnowledgeItem.from_dict)


def list_knowledge_op(chatbot_id: str, filters: dict[str, Any]) -> Operation[KnowledgeItemList]:
    method, url = _route(list_knowledge_items._get_kwargs(chatbot_id))
    return Operation(method, url, KnowledgeItemList.from_dict, params=_params(filters))


def get_knowledge_op(chatbot_id: str, item_id: str, include_content: bool | None) -> Operation[KnowledgeItem]:
    method, url = _route(get_knowledge_item._get_kwargs(chatbot_id, item_id))
    return Operation(method, url, KnowledgeItem.from_dict, params=_params({"include_content": include_content}))


def search_knowledge_op(chatbot_id: str, fields: dict[str, Any]) -> Operation[KnowledgeSearchResult]:
    return _post(search_knowledge._get_kwargs(chatbot_id, body=cast(Any, _Raw(None))), _body(fields), KnowledgeSearchResult.from_dict)


# Conversations


def create_conversation_op(chatbot_id: str, fields: dict[str, Any]) -> Operation[Conversation]:
    return _post(create_conversation._get_kwargs(chatbot_id), _body(fields), Conversation.from_dict)


def send_message_op(chatbot_id: str, conversation_id: str, fields: dict[str, Any]) -> Operation[MessageTurn]:
    kwargs = send_message._get_kwargs(chatbot_id, conversation_id, body=cast(Any, _Raw(None)))
    return _post(kwargs, _body(fields), MessageTurn.from_dict)


@dataclass(frozen=True)
class MessageEvent:
    """``message``: the visitor's message, stored."""

    message: Message
    type: str = "message"


@dataclass(frozen=True)
class DeltaEvent:
    """``delta``: the next piece of the reply."""

    content: str
    type: str = "delta"


@dataclass(frozen=True)
class DoneEvent:
    """``done``: the turn as the JSON answer has it. Authoritative: when a model failed mid-stream,
    the reply here is the fallback that was stored, not the deltas."""

    turn: MessageTurn
    type: str = "done"

    @property
    def reply(self) -> Message | None:
        return self.turn.reply

    @property
    def message(self) -> Message:
        return self.turn.message

    @property
    def conversation(self) -> Conversation:
        return self.turn.conversation


@dataclass(frozen=True)
class ErrorEvent:
    """``error``: the turn failed after the stream began; ``error`` is the typed error of its body."""

    error: ApiError
    type: str = "error"


StreamEvent = MessageEvent | DeltaEvent | DoneEvent | ErrorEvent


def stream_event(event: str, data: str, headers: httpx.Headers) -> StreamEvent | None:
    """One server-sent event as its type; None for an event this version does not know."""
    body: Any = json.loads(data)
    if event == "message":
        return MessageEvent(Message.from_dict(body))
    if event == "delta":
        return DeltaEvent(str(body["content"]))
    if event == "done":
        return DoneEvent(MessageTurn.from_dict(body))
    if event == "error":
        status = body.get("statusCode", 500) if isinstance(body, dict) else 500
        return ErrorEvent(error_from_body(int(status), body, headers))
    return None


class SseParser:
    """Reads text/event-stream lines into (event, data) pairs, as the HTML spec describes."""

    def __init__(self) -> None:
        self.event = ""
        self.data: list[str] = []

    def feed(self, line: str) -> tuple[str, str] | None:
        if line == "":
            if not self.data:
                self.event = ""
                return None
            ready = (self.event or "message", "\n".join(self.data))
            self.event, self.data = "", []
            return ready
        if line.startswith(":"):
            return None  # a comment: the keep-alive
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "event":
            self.event = value
        elif name == "data":
            self.data.append(value)
        return None


# Leads


def create_lead_op(fields: dict[str, Any]) -> Operation[Lead]:
    return _post(create_lead._get_kwargs(body=cast(Any, _Raw(None))), _body(fields), Lead.from_dict)


def list_leads_op(filters: dict[str, Any]) -> Operation[LeadList]:
    method, url = _route(list_leads._get_kwargs())
    return Operation(method, url, LeadList.from_dict, params=_params(filters))


def get_lead_op(lead_id: str) -> Operation[Lead]:
    method, url = _route(get_lead._get_kwargs(lead_id))
    return Operation(method, url, Lead.from_dict)


# Webhooks


def create_webhook_op(fields: dict[str, Any]) -> Operation[WebhookWithSecret]:
    return _post(create_webhook._get_kwargs(body=cast(Any, _Raw(None))), _body(fields), WebhookWithSecret.from_dict)


def list_webhooks_op(filters: dict[str, Any]) -> Operation[WebhookList]:
    method, url = _route(list_webhooks._get_kwargs())
    return Operation(method, url, WebhookList.from_dict, params=_params(filters))


def test_webhook_op(webhook_id: str, fields: dict[str, Any]) -> Operation[WebhookDelivery]:
    return _post(test_webhook._get_kwargs(webhook_id), _body(fields) or None, WebhookDelivery.from_dict)


# OAuth


def create_oauth_client_op(fields: dict[str, Any]) -> Operation[OAuthClientWithSecret]:
    return _post(create_o_auth_client._get_kwargs(body=cast(Any, _Raw(None))), _body(fields), OAuthClientWithSecret.from_dict)


def request_token_op(client_id: str, client_secret: str, scope: str | None) -> Operation[OAuthTokenResponse]:
    method, url = _route(request_token._get_kwargs(body=cast(Any, _Raw(None))))
    data = {"grant_type": "client_credentials", "client_id": client_id, "client_secret": client_secret}
    if scope:
        data["scope"] = scope
    return Operation(method, url, OAuthTokenResponse.from_dict, data=data)
