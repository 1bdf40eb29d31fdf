"""The requests of the hand-written layer, built from the generated one.

Each function returns an ``Operation``: the request (method and path from the generated
``_get_kwargs``, so paths follow clients/openapi.json) and how to read its success body (the
generated model's ``from_dict``). The sync and async clients only send them. Bodies are sent as
the caller gave them, not rebuilt through the generated models: the server validates them and
answers a typed 400/422 the caller can read, rather than the client guessing first.
"""

from __future__ import annotations

import json
import keyword
import re
from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

import inspect
from types import ModuleType

from ._generated.api.account import get_account, get_ip_allowlist, get_usage, set_ip_allowlist
from ._generated.api.analytics import export_analytics, get_analytics_overview, get_analytics_timeseries, get_analytics_trends, get_chatbot_quality
from ._generated.api.api_keys import create_api_key, delete_api_key, list_api_keys, rotate_api_key
from ._generated.api.chatbots import (
    archive_chatbot,
    create_chatbot,
    delete_chatbot,
    get_chatbot,
    get_chatbot_settings,
    list_chatbots,
    pause_chatbot,
    restore_chatbot,
    resume_chatbot,
    rotate_chatbot_api_key,
    set_chatbot_settings,
    update_chatbot,
)
from ._generated.api.conversations import (
    assign_conversation,
    create_conversation,
    delete_conversation,
    end_conversation,
    export_conversations,
    get_attachment,
    get_conversation,
    get_conversation_contact,
    get_conversation_counts,
    get_typing,
    handoff_conversation,
    list_conversations,
    list_inbox_conversations,
    list_messages,
    release_conversation,
    send_attachment,
    send_message,
    send_message_feedback,
    stream_conversation_events,
    update_conversation,
)
from ._generated.api.docs import get_open_api_document
from ._generated.api.events import get_event, list_events
from ._generated.api.knowledge import (
    create_knowledge_item,
    create_qa_from_message,
    delete_knowledge_item,
    export_knowledge,
    get_knowledge_embeddings,
    get_knowledge_item,
    import_knowledge,
    list_knowledge_item_embeddings,
    list_knowledge_items,
    refresh_knowledge_item,
    search_knowledge,
    update_knowledge_item,
)
from ._generated.api.leads import create_lead, delete_lead, export_leads, get_lead, list_chatbot_leads, list_leads, update_lead
from ._generated.api.members import get_member, invite_member, list_members, remove_member, resend_invitation, sign_out_member, update_member
from ._generated.api.model_providers import (
    create_model_provider,
    delete_model_provider,
    get_model_provider,
    list_model_providers,
    test_model_provider,
    update_model_provider,
)
from ._generated.api.oauth import create_o_auth_client, delete_o_auth_client, list_o_auth_clients, request_token, rotate_o_auth_client_secret
from ._generated.api.saved_replies import (
    create_saved_reply,
    delete_saved_reply,
    get_saved_reply,
    list_saved_replies,
    render_saved_reply,
    update_saved_reply,
)
from ._generated.api.webhooks import (
    create_webhook,
    delete_webhook,
    get_webhook,
    list_webhook_deliveries,
    list_webhooks,
    retry_webhook_delivery,
    rotate_webhook_secret,
    test_webhook,
    update_webhook,
)
from ._generated.api.widget import create_widget_identity_secret, get_widget_settings, set_widget_settings
from ._generated.models.account import Account
from ._generated.models.analytics_overview import AnalyticsOverview
from ._generated.models.analytics_timeseries import AnalyticsTimeseries
from ._generated.models.analytics_trends import AnalyticsTrends
from ._generated.models.api_key import ApiKey
from ._generated.models.api_key_list import ApiKeyList
from ._generated.models.api_key_with_secret import ApiKeyWithSecret
from ._generated.models.chatbot import Chatbot
from ._generated.models.chatbot_list import ChatbotList
from ._generated.models.chatbot_settings import ChatbotSettings
from ._generated.models.conversation import Conversation
from ._generated.models.conversation_list import ConversationList
from ._generated.models.created_chatbot import CreatedChatbot
from ._generated.models.delete_conversation_response_200 import DeleteConversationResponse200
from ._generated.models.delete_knowledge_item_response_200 import DeleteKnowledgeItemResponse200
from ._generated.models.delete_webhook_response_200 import DeleteWebhookResponse200
from ._generated.models.deleted_chatbot import DeletedChatbot
from ._generated.models.deleted_lead import DeletedLead
from ._generated.models.event import Event
from ._generated.models.event_list import EventList
from ._generated.models.import_knowledge_response_201 import ImportKnowledgeResponse201
from ._generated.models.inbox_conversation_list import InboxConversationList
from ._generated.models.knowledge_embeddings import KnowledgeEmbeddings
from ._generated.models.knowledge_item import KnowledgeItem
from ._generated.models.knowledge_item_list import KnowledgeItemList
from ._generated.models.knowledge_search_result import KnowledgeSearchResult
from ._generated.models.lead import Lead
from ._generated.models.lead_list import LeadList
from ._generated.models.message import Message
from ._generated.models.message_list import MessageList
from ._generated.models.message_turn import MessageTurn
from ._generated.models.o_auth_client_deleted import OAuthClientDeleted
from ._generated.models.o_auth_client_list import OAuthClientList
from ._generated.models.o_auth_client_with_secret import OAuthClientWithSecret
from ._generated.models.o_auth_token_response import OAuthTokenResponse
from ._generated.models.quality_report import QualityReport
from ._generated.models.rotate_chatbot_api_key_response_201 import RotateChatbotApiKeyResponse201
from ._generated.models.rotated_key import RotatedKey
from ._generated.models.usage import Usage
from ._generated.models.webhook import Webhook
from ._generated.models.webhook_delivery import WebhookDelivery
from ._generated.models.webhook_delivery_list import WebhookDeliveryList
from ._generated.models.webhook_list import WebhookList
from ._generated.models.webhook_with_secret import WebhookWithSecret
from ._generated.models.widget_identity_secret import WidgetIdentitySecret
from ._generated.models.widget_settings import WidgetSettings
from ._generated.models.conversation_contact import ConversationContact
from ._generated.models.conversation_counts import ConversationCounts
from ._generated.models.conversation_typing import ConversationTyping
from ._generated.models.deleted_member import DeletedMember
from ._generated.models.deleted_model_provider import DeletedModelProvider
from ._generated.models.deleted_saved_reply import DeletedSavedReply
from ._generated.models.invitation import Invitation
from ._generated.models.invited_member import InvitedMember
from ._generated.models.ip_allowlist import IpAllowlist
from ._generated.models.list_knowledge_item_embeddings_response_200 import ListKnowledgeItemEmbeddingsResponse200
from ._generated.models.member import Member
from ._generated.models.member_list import MemberList
from ._generated.models.member_signed_out import MemberSignedOut
from ._generated.models.model_provider import ModelProvider
from ._generated.models.model_provider_list import ModelProviderList
from ._generated.models.model_provider_test import ModelProviderTest
from ._generated.models.rendered_saved_reply import RenderedSavedReply
from ._generated.models.saved_reply import SavedReply
from ._generated.models.saved_reply_list import SavedReplyList
from ._errors import ApiConnectionError, ApiError, error_from_body

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
    #: The media types asked for; an export answers text (CSV, JSON Lines), read as it came
    accept: str = "application/json"
    #: ``parse`` gets the body as text, not as parsed JSON (exports)
    text: bool = False
    #: ``parse`` gets the body as bytes, as sent (a conversation's file)
    binary: bool = False


class _Raw:
    """Stands in for a generated body model or enum argument: ``_get_kwargs`` only needs its
    ``to_dict`` or ``value``; the request's body and query are the caller's, not these."""

    def __init__(self, body: Any) -> None:
        self.body = body
        self.value = body

    def to_dict(self) -> Any:
        return self.body


def _route(kwargs: dict[str, Any]) -> tuple[str, str]:
    return str(kwargs["method"]).upper(), str(kwargs["url"])


def _query_name(key: str) -> str:
    """A parameter named as a Python keyword is passed with a trailing underscore (``from_``): sent as ``from``."""
    return key[:-1] if key.endswith("_") and keyword.iskeyword(key[:-1]) else key


def _params(filters: Mapping[str, Any]) -> dict[str, Any]:
    """Query parameters: None leaves one out, booleans are written as JSON writes them."""
    return {_query_name(key): (json.dumps(value) if isinstance(value, bool) else value) for key, value in filters.items() if value is not None}


def _op(module: ModuleType, parse: Callable[[Any], T], *, body: Any = None, query: Mapping[str, Any] | None = None, **ids: str) -> Operation[T]:
    """The operation of a generated module: its method and path (each id escaped as the generated
    code escapes it), ``body`` as JSON, ``query`` as parameters. Its required keyword arguments
    (a body model, an enum) get a stand-in: only the route is read from ``_get_kwargs``."""
    # httpx drops dot segments: an id of ".." would move the call up a level (deleting a conversation
    # "..", the chatbot), and an empty one would hit the list's path. Refused here, before any request;
    # ``ids`` are keywords so the error names the caller's parameter.
    for name, value in ids.items():
        if value in ("", ".", ".."):
            raise ValueError(f"{name} must not be empty, '.' or '..' (got {value!r})")
    stand_ins = {
        name: _Raw(None)
        for name, parameter in inspect.signature(module._get_kwargs).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.default is inspect.Parameter.empty
    }
    method, url = _route(module._get_kwargs(*ids.values(), **stand_ins))
    params = _params(query) if query else None
    return Operation(method, url, parse, json=body, params=params, idempotent_key=method == "POST")


#: What an export may answer (its ``format`` chooses): the body is returned as text, as sent.
EXPORT_TYPES = "text/csv, application/x-ndjson, application/json"


def _export(module: ModuleType, query: Mapping[str, Any], **ids: str) -> Operation[str]:
    op = _op(module, str, query=query, **ids)
    return Operation(op.method, op.url, str, params=op.params, accept=EXPORT_TYPES, text=True)


# Chatbots


def list_chatbots_op(query: Mapping[str, Any]) -> Operation[ChatbotList]:
    return _op(list_chatbots, ChatbotList.from_dict, query=query)


def create_chatbot_op(fields: Mapping[str, Any]) -> Operation[CreatedChatbot]:
    return _op(create_chatbot, CreatedChatbot.from_dict, body=dict(fields))


def get_chatbot_op(chatbot_id: str) -> Operation[Chatbot]:
    return _op(get_chatbot, Chatbot.from_dict, chatbot_id=chatbot_id)


def update_chatbot_op(chatbot_id: str, fields: Mapping[str, Any]) -> Operation[Chatbot]:
    return _op(update_chatbot, Chatbot.from_dict, chatbot_id=chatbot_id, body=fields)


def delete_chatbot_op(chatbot_id: str) -> Operation[DeletedChatbot]:
    return _op(delete_chatbot, DeletedChatbot.from_dict, chatbot_id=chatbot_id)


def archive_chatbot_op(chatbot_id: str) -> Operation[Chatbot]:
    return _op(archive_chatbot, Chatbot.from_dict, chatbot_id=chatbot_id)


def restore_chatbot_op(chatbot_id: str) -> Operation[Chatbot]:
    return _op(restore_chatbot, Chatbot.from_dict, chatbot_id=chatbot_id)


def pause_chatbot_op(chatbot_id: str) -> Operation[Chatbot]:
    return _op(pause_chatbot, Chatbot.from_dict, chatbot_id=chatbot_id)


def resume_chatbot_op(chatbot_id: str) -> Operation[Chatbot]:
    return _op(resume_chatbot, Chatbot.from_dict, chatbot_id=chatbot_id)


def rotate_chatbot_api_key_op(chatbot_id: str) -> Operation[RotateChatbotApiKeyResponse201]:
    return _op(rotate_chatbot_api_key, RotateChatbotApiKeyResponse201.from_dict, chatbot_id=chatbot_id)


def get_chatbot_settings_op(chatbot_id: str) -> Operation[ChatbotSettings]:
    return _op(get_chatbot_settings, ChatbotSettings.from_dict, chatbot_id=chatbot_id)


def set_chatbot_settings_op(chatbot_id: str, fields: Mapping[str, Any]) -> Operation[ChatbotSettings]:
    return _op(set_chatbot_settings, ChatbotSettings.from_dict, chatbot_id=chatbot_id, body=fields)


def get_widget_settings_op(chatbot_id: str) -> Operation[WidgetSettings]:
    return _op(get_widget_settings, WidgetSettings.from_dict, chatbot_id=chatbot_id)


def set_widget_settings_op(chatbot_id: str, fields: Mapping[str, Any]) -> Operation[WidgetSettings]:
    return _op(set_widget_settings, WidgetSettings.from_dict, chatbot_id=chatbot_id, body=fields)


def create_widget_identity_secret_op(chatbot_id: str) -> Operation[WidgetIdentitySecret]:
    return _op(create_widget_identity_secret, WidgetIdentitySecret.from_dict, chatbot_id=chatbot_id, body={})


def get_chatbot_quality_op(chatbot_id: str, query: Mapping[str, Any]) -> Operation[QualityReport]:
    return _op(get_chatbot_quality, QualityReport.from_dict, chatbot_id=chatbot_id, query=query)


# Conversations


def list_conversations_op(chatbot_id: str, query: Mapping[str, Any]) -> Operation[ConversationList]:
    return _op(list_conversations, ConversationList.from_dict, chatbot_id=chatbot_id, query=query)


def list_inbox_conversations_op(query: Mapping[str, Any]) -> Operation[InboxConversationList]:
    return _op(list_inbox_conversations, InboxConversationList.from_dict, query=query)


def create_conversation_op(chatbot_id: str, fields: Mapping[str, Any]) -> Operation[Conversation]:
    return _op(create_conversation, Conversation.from_dict, chatbot_id=chatbot_id, body=dict(fields))


def get_conversation_op(chatbot_id: str, conversation_id: str) -> Operation[Conversation]:
    return _op(get_conversation, Conversation.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id)


def update_conversation_op(chatbot_id: str, conversation_id: str, fields: Mapping[str, Any]) -> Operation[Conversation]:
    return _op(update_conversation, Conversation.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id, body=fields)


def delete_conversation_op(chatbot_id: str, conversation_id: str) -> Operation[DeleteConversationResponse200]:
    return _op(delete_conversation, DeleteConversationResponse200.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id)


def end_conversation_op(chatbot_id: str, conversation_id: str, fields: Mapping[str, Any]) -> Operation[Conversation]:
    return _op(end_conversation, Conversation.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id, body=dict(fields))


def handoff_conversation_op(chatbot_id: str, conversation_id: str, fields: Mapping[str, Any]) -> Operation[Conversation]:
    return _op(handoff_conversation, Conversation.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id, body=dict(fields))


def release_conversation_op(chatbot_id: str, conversation_id: str) -> Operation[Conversation]:
    return _op(release_conversation, Conversation.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id)


def assign_conversation_op(chatbot_id: str, conversation_id: str, fields: Mapping[str, Any]) -> Operation[Conversation]:
    return _op(assign_conversation, Conversation.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id, body=fields)


def list_messages_op(chatbot_id: str, conversation_id: str, query: Mapping[str, Any]) -> Operation[MessageList]:
    return _op(list_messages, MessageList.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id, query=query)


def send_message_op(chatbot_id: str, conversation_id: str, fields: Mapping[str, Any]) -> Operation[MessageTurn]:
    return _op(send_message, MessageTurn.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id, body=dict(fields))


def send_message_feedback_op(chatbot_id: str, conversation_id: str, message_id: str, fields: Mapping[str, Any]) -> Operation[Message]:
    return _op(send_message_feedback, Message.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id, message_id=message_id, body=dict(fields))


def send_attachment_op(chatbot_id: str, conversation_id: str, fields: Mapping[str, Any]) -> Operation[MessageTurn]:
    return _op(send_attachment, MessageTurn.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id, body=dict(fields))


#: What a conversation's file may be (its type is read from its bytes when it is sent).
ATTACHMENT_TYPES = "image/png, image/jpeg, image/gif, image/webp, application/pdf"


def get_attachment_op(chatbot_id: str, conversation_id: str, attachment_id: str) -> Operation[bytes]:
    op = _op(get_attachment, bytes, chatbot_id=chatbot_id, conversation_id=conversation_id, attachment_id=attachment_id)
    return Operation(op.method, op.url, bytes, accept=ATTACHMENT_TYPES, binary=True)


# Knowledge


def list_knowledge_op(chatbot_id: str, query: Mapping[str, Any]) -> Operation[KnowledgeItemList]:
    return _op(list_knowledge_items, KnowledgeItemList.from_dict, chatbot_id=chatbot_id, query=query)


def create_knowledge_op(chatbot_id: str, fields: Mapping[str, Any]) -> Operation[KnowledgeItem]:
    return _op(create_knowledge_item, KnowledgeItem.from_dict, chatbot_id=chatbot_id, body=dict(fields))


def get_knowledge_op(chatbot_id: str, item_id: str, include_content: bool | None) -> Operation[KnowledgeItem]:
    return _op(get_knowledge_item, KnowledgeItem.from_dict, chatbot_id=chatbot_id, item_id=item_id, query={"include_content": include_content})


def update_knowledge_op(chatbot_id: str, item_id: str, fields: Mapping[str, Any]) -> Operation[KnowledgeItem]:
    return _op(update_knowledge_item, KnowledgeItem.from_dict, chatbot_id=chatbot_id, item_id=item_id, body=fields)


def delete_knowledge_op(chatbot_id: str, item_id: str) -> Operation[DeleteKnowledgeItemResponse200]:
    return _op(delete_knowledge_item, DeleteKnowledgeItemResponse200.from_dict, chatbot_id=chatbot_id, item_id=item_id)


def refresh_knowledge_op(chatbot_id: str, item_id: str) -> Operation[KnowledgeItem]:
    return _op(refresh_knowledge_item, KnowledgeItem.from_dict, chatbot_id=chatbot_id, item_id=item_id)


def import_knowledge_op(chatbot_id: str, fields: Mapping[str, Any]) -> Operation[ImportKnowledgeResponse201]:
    return _op(import_knowledge, ImportKnowledgeResponse201.from_dict, chatbot_id=chatbot_id, body=dict(fields))


def search_knowledge_op(chatbot_id: str, fields: Mapping[str, Any]) -> Operation[KnowledgeSearchResult]:
    return _op(search_knowledge, KnowledgeSearchResult.from_dict, chatbot_id=chatbot_id, body=dict(fields))


def knowledge_from_message_op(chatbot_id: str, fields: Mapping[str, Any]) -> Operation[KnowledgeItem]:
    return _op(create_qa_from_message, KnowledgeItem.from_dict, chatbot_id=chatbot_id, body=dict(fields))


def knowledge_embeddings_op(chatbot_id: str) -> Operation[KnowledgeEmbeddings]:
    return _op(get_knowledge_embeddings, KnowledgeEmbeddings.from_dict, chatbot_id=chatbot_id)


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


StreamEvent = MessageEvent | DeltaEvent | DoneEvent


def stream_event(frame: Frame, headers: httpx.Headers) -> StreamEvent | None:
    """One server-sent event as its type; None for an event this version does not know. An ``error``
    event (the turn failed after the stream began) is raised as the typed ApiError of its body, as
    an error answer before the stream is, and as the TypeScript client throws it."""
    event = frame.event
    if event not in ("message", "delta", "done", "error"):
        return None  # a later version's event: skipped, its data unread
    body: Any = json_data(frame)
    if event == "message":
        return MessageEvent(Message.from_dict(body))
    if event == "delta":
        return DeltaEvent(str(body["content"]))
    if event == "done":
        return DoneEvent(MessageTurn.from_dict(body))
    if event == "error":
        status = body.get("statusCode", 500) if isinstance(body, dict) else 500
        raise error_from_body(int(status), body, headers)
    return None


#: The longest event a stream may send (its data lines, and the line being read), in characters: a
#: ``done`` event holds a whole turn, far below this; a server sending more is broken or hostile.
MAX_EVENT_CHARS = 16 * 1024 * 1024
_LINE_END = re.compile(r"\r\n|\r|\n")


class EventTooLong(ApiConnectionError):
    """A stream's event grew past MAX_EVENT_CHARS: reading stops rather than buffer without end."""

    def __init__(self) -> None:
        super().__init__(f"an event of the stream is longer than {MAX_EVENT_CHARS} characters")


class LineSplitter:
    """text/event-stream lines from decoded chunks, split anywhere: linear in the text however it is
    cut (each chunk is scanned once; a line's pieces are joined once), and a line that grows past
    MAX_EVENT_CHARS is refused instead of buffered. httpx's ``iter_lines`` has no such bound."""

    def __init__(self) -> None:
        self._pieces: list[str] = []
        self._size = 0
        self._after_cr = False

    @property
    def size(self) -> int:
        """The characters of the line being read."""
        return self._size

    def feed(self, text: str) -> list[str]:
        if not text:
            return []
        if self._after_cr and text.startswith("\n"):
            text = text[1:]  # the LF of a CRLF cut between two chunks
        self._after_cr = text.endswith("\r")
        lines: list[str] = []
        start = 0
        for end in _LINE_END.finditer(text):
            self._pieces.append(text[start : end.start()])
            lines.append("".join(self._pieces))
            self._pieces, self._size = [], 0
            start = end.end()
        if start < len(text):
            self._pieces.append(text[start:])
            self._size += len(text) - start
            if self._size > MAX_EVENT_CHARS:
                raise EventTooLong()
        return lines

    def close(self) -> list[str]:
        """The last line, when the stream ends without a line end."""
        rest = "".join(self._pieces)
        self._pieces, self._size = [], 0
        return [rest] if rest else []


@dataclass(frozen=True)
class Frame:
    """One server-sent event: its name (``message`` when it has none), its data lines joined, and
    its own ``id:`` (None when the frame has none)."""

    event: str
    data: str
    id: str | None


class SseParser:
    """Reads text/event-stream lines into frames, as the HTML spec describes."""

    def __init__(self) -> None:
        self.event = ""
        self.data: list[str] = []
        #: The characters of the frame's data lines so far, to bound the frame with its next line.
        self.data_chars = 0
        self.id: str | None = None

    def feed(self, line: str) -> Frame | None:
        if line == "":
            if not self.data:
                self.event, self.id = "", None
                return None
            ready = Frame(self.event or "message", "\n".join(self.data), self.id)
            self.event, self.data, self.data_chars, self.id = "", [], 0, None
            return ready
        if line.startswith(":"):
            return None  # a comment: the keep-alive
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "event":
            self.event = value
        elif name == "id" and "\0" not in value:
            self.id = value
        elif name == "data":
            self.data_chars += len(value) + 1
            if self.data_chars > MAX_EVENT_CHARS:
                raise EventTooLong()
            self.data.append(value)
        return None


class SseReader:
    """The frames of a text/event-stream body fed as decoded chunks. A frame (its data lines and the
    line being read, together) longer than MAX_EVENT_CHARS raises EventTooLong."""

    def __init__(self) -> None:
        self._lines = LineSplitter()
        self._parser = SseParser()

    def feed(self, text: str) -> list[Frame]:
        frames = [frame for line in self._lines.feed(text) if (frame := self._parser.feed(line)) is not None]
        if self._parser.data_chars + self._lines.size > MAX_EVENT_CHARS:
            raise EventTooLong()
        return frames

    def close(self) -> list[Frame]:
        """A stream that ends without a blank line: its last frame is not complete, so none is made."""
        return [frame for line in self._lines.close() if (frame := self._parser.feed(line)) is not None]


def sse_frames(chunks: Iterable[str]) -> Iterator[Frame]:
    reader = SseReader()
    for text in chunks:
        yield from reader.feed(text)
    yield from reader.close()


async def sse_frames_async(chunks: AsyncIterable[str]) -> AsyncIterator[Frame]:
    reader = SseReader()
    async for text in chunks:
        for frame in reader.feed(text):
            yield frame
    for frame in reader.close():
        yield frame


def json_data(frame: Frame) -> Any:
    """A frame's data as JSON; data that is not JSON is a broken stream (ApiConnectionError)."""
    try:
        return json.loads(frame.data) if frame.data else None
    except ValueError as error:
        raise ApiConnectionError(f"the stream's {frame.event!r} event holds no JSON: {error}") from error


# Leads


def list_leads_op(query: Mapping[str, Any]) -> Operation[LeadList]:
    return _op(list_leads, LeadList.from_dict, query=query)


def list_chatbot_leads_op(chatbot_id: str, query: Mapping[str, Any]) -> Operation[LeadList]:
    return _op(list_chatbot_leads, LeadList.from_dict, chatbot_id=chatbot_id, query=query)


def create_lead_op(fields: Mapping[str, Any]) -> Operation[Lead]:
    return _op(create_lead, Lead.from_dict, body=dict(fields))


def get_lead_op(lead_id: str) -> Operation[Lead]:
    return _op(get_lead, Lead.from_dict, lead_id=lead_id)


def update_lead_op(lead_id: str, fields: Mapping[str, Any]) -> Operation[Lead]:
    return _op(update_lead, Lead.from_dict, lead_id=lead_id, body=fields)


def delete_lead_op(lead_id: str) -> Operation[DeletedLead]:
    return _op(delete_lead, DeletedLead.from_dict, lead_id=lead_id)


# Webhooks


def list_webhooks_op(query: Mapping[str, Any]) -> Operation[WebhookList]:
    return _op(list_webhooks, WebhookList.from_dict, query=query)


def create_webhook_op(fields: Mapping[str, Any]) -> Operation[WebhookWithSecret]:
    return _op(create_webhook, WebhookWithSecret.from_dict, body=dict(fields))


def get_webhook_op(webhook_id: str) -> Operation[Webhook]:
    return _op(get_webhook, Webhook.from_dict, webhook_id=webhook_id)


def update_webhook_op(webhook_id: str, fields: Mapping[str, Any]) -> Operation[Webhook]:
    return _op(update_webhook, Webhook.from_dict, webhook_id=webhook_id, body=fields)


def delete_webhook_op(webhook_id: str) -> Operation[DeleteWebhookResponse200]:
    return _op(delete_webhook, DeleteWebhookResponse200.from_dict, webhook_id=webhook_id)


def test_webhook_op(webhook_id: str) -> Operation[WebhookDelivery]:
    return _op(test_webhook, WebhookDelivery.from_dict, webhook_id=webhook_id)


def rotate_webhook_secret_op(webhook_id: str, fields: Mapping[str, Any]) -> Operation[WebhookWithSecret]:
    return _op(rotate_webhook_secret, WebhookWithSecret.from_dict, webhook_id=webhook_id, body=dict(fields))


def list_webhook_deliveries_op(webhook_id: str, query: Mapping[str, Any]) -> Operation[WebhookDeliveryList]:
    return _op(list_webhook_deliveries, WebhookDeliveryList.from_dict, webhook_id=webhook_id, query=query)


def retry_webhook_delivery_op(webhook_id: str, delivery_id: str) -> Operation[WebhookDelivery]:
    return _op(retry_webhook_delivery, WebhookDelivery.from_dict, webhook_id=webhook_id, delivery_id=delivery_id)


# Events and analytics


def list_events_op(query: Mapping[str, Any]) -> Operation[EventList]:
    return _op(list_events, EventList.from_dict, query=query)


def get_event_op(event_id: str) -> Operation[Event]:
    return _op(get_event, Event.from_dict, event_id=event_id)


def analytics_overview_op(query: Mapping[str, Any]) -> Operation[AnalyticsOverview]:
    return _op(get_analytics_overview, AnalyticsOverview.from_dict, query=query)


def analytics_timeseries_op(query: Mapping[str, Any]) -> Operation[AnalyticsTimeseries]:
    return _op(get_analytics_timeseries, AnalyticsTimeseries.from_dict, query=query)


def analytics_trends_op(query: Mapping[str, Any]) -> Operation[AnalyticsTrends]:
    return _op(get_analytics_trends, AnalyticsTrends.from_dict, query=query)


# The account, its API keys and OAuth clients


def get_account_op() -> Operation[Account]:
    return _op(get_account, Account.from_dict)


def get_usage_op(query: Mapping[str, Any]) -> Operation[Usage]:
    return _op(get_usage, Usage.from_dict, query=query)


def list_api_keys_op(query: Mapping[str, Any]) -> Operation[ApiKeyList]:
    return _op(list_api_keys, ApiKeyList.from_dict, query=query)


def create_api_key_op(fields: Mapping[str, Any]) -> Operation[ApiKeyWithSecret]:
    return _op(create_api_key, ApiKeyWithSecret.from_dict, body=dict(fields))


def delete_api_key_op(key_id: str) -> Operation[ApiKey]:
    return _op(delete_api_key, ApiKey.from_dict, key_id=key_id)


def rotate_api_key_op(key_id: str, fields: Mapping[str, Any]) -> Operation[RotatedKey]:
    return _op(rotate_api_key, RotatedKey.from_dict, key_id=key_id, body=dict(fields))


def list_oauth_clients_op(query: Mapping[str, Any]) -> Operation[OAuthClientList]:
    return _op(list_o_auth_clients, OAuthClientList.from_dict, query=query)


def create_oauth_client_op(fields: Mapping[str, Any]) -> Operation[OAuthClientWithSecret]:
    return _op(create_o_auth_client, OAuthClientWithSecret.from_dict, body=dict(fields))


def delete_oauth_client_op(client_id: str) -> Operation[OAuthClientDeleted]:
    return _op(delete_o_auth_client, OAuthClientDeleted.from_dict, client_id=client_id)


def rotate_oauth_client_secret_op(client_id: str) -> Operation[OAuthClientWithSecret]:
    return _op(rotate_o_auth_client_secret, OAuthClientWithSecret.from_dict, client_id=client_id)


# Added operations: the account's IP allowlist, exports, typing, counts, the live event stream,
# members, model providers, saved replies and the API's own document


def get_ip_allowlist_op() -> Operation[IpAllowlist]:
    return _op(get_ip_allowlist, IpAllowlist.from_dict)


def set_ip_allowlist_op(fields: Mapping[str, Any]) -> Operation[IpAllowlist]:
    return _op(set_ip_allowlist, IpAllowlist.from_dict, body=fields)


def export_analytics_op(query: Mapping[str, Any]) -> Operation[str]:
    return _export(export_analytics, query)


def export_conversations_op(chatbot_id: str, query: Mapping[str, Any]) -> Operation[str]:
    return _export(export_conversations, query, chatbot_id=chatbot_id)


def get_conversation_contact_op(chatbot_id: str, conversation_id: str) -> Operation[ConversationContact]:
    return _op(get_conversation_contact, ConversationContact.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id)


def get_typing_op(chatbot_id: str, conversation_id: str) -> Operation[ConversationTyping]:
    return _op(get_typing, ConversationTyping.from_dict, chatbot_id=chatbot_id, conversation_id=conversation_id)



def get_conversation_counts_op(query: Mapping[str, Any]) -> Operation[ConversationCounts]:
    return _op(get_conversation_counts, ConversationCounts.from_dict, query=query)


def stream_conversation_events_op(query: Mapping[str, Any]) -> Operation[str]:
    return _op(stream_conversation_events, str, query=query)


def list_knowledge_item_embeddings_op(chatbot_id: str, query: Mapping[str, Any]) -> Operation[ListKnowledgeItemEmbeddingsResponse200]:
    return _op(list_knowledge_item_embeddings, ListKnowledgeItemEmbeddingsResponse200.from_dict, chatbot_id=chatbot_id, query=query)


def export_knowledge_op(chatbot_id: str, query: Mapping[str, Any]) -> Operation[str]:
    return _export(export_knowledge, query, chatbot_id=chatbot_id)


def export_leads_op(query: Mapping[str, Any]) -> Operation[str]:
    return _export(export_leads, query)


def list_members_op(query: Mapping[str, Any]) -> Operation[MemberList]:
    return _op(list_members, MemberList.from_dict, query=query)


def invite_member_op(fields: Mapping[str, Any]) -> Operation[InvitedMember]:
    return _op(invite_member, InvitedMember.from_dict, body=dict(fields))


def get_member_op(user_id: str) -> Operation[Member]:
    return _op(get_member, Member.from_dict, user_id=user_id)


def update_member_op(user_id: str, fields: Mapping[str, Any]) -> Operation[Member]:
    return _op(update_member, Member.from_dict, user_id=user_id, body=fields)


def remove_member_op(user_id: str) -> Operation[DeletedMember]:
    return _op(remove_member, DeletedMember.from_dict, user_id=user_id)


def resend_invitation_op(user_id: str) -> Operation[Invitation]:
    return _op(resend_invitation, Invitation.from_dict, user_id=user_id)


def sign_out_member_op(user_id: str) -> Operation[MemberSignedOut]:
    return _op(sign_out_member, MemberSignedOut.from_dict, user_id=user_id)


def list_model_providers_op(query: Mapping[str, Any]) -> Operation[ModelProviderList]:
    return _op(list_model_providers, ModelProviderList.from_dict, query=query)


def create_model_provider_op(fields: Mapping[str, Any]) -> Operation[ModelProvider]:
    return _op(create_model_provider, ModelProvider.from_dict, body=dict(fields))


def get_model_provider_op(provider_id: str) -> Operation[ModelProvider]:
    return _op(get_model_provider, ModelProvider.from_dict, provider_id=provider_id)


def update_model_provider_op(provider_id: str, fields: Mapping[str, Any]) -> Operation[ModelProvider]:
    return _op(update_model_provider, ModelProvider.from_dict, provider_id=provider_id, body=fields)


def delete_model_provider_op(provider_id: str) -> Operation[DeletedModelProvider]:
    return _op(delete_model_provider, DeletedModelProvider.from_dict, provider_id=provider_id)


def test_model_provider_op(provider_id: str) -> Operation[ModelProviderTest]:
    return _op(test_model_provider, ModelProviderTest.from_dict, provider_id=provider_id)


def list_saved_replies_op(query: Mapping[str, Any]) -> Operation[SavedReplyList]:
    return _op(list_saved_replies, SavedReplyList.from_dict, query=query)


def create_saved_reply_op(fields: Mapping[str, Any]) -> Operation[SavedReply]:
    return _op(create_saved_reply, SavedReply.from_dict, body=dict(fields))


def get_saved_reply_op(reply_id: str) -> Operation[SavedReply]:
    return _op(get_saved_reply, SavedReply.from_dict, reply_id=reply_id)


def update_saved_reply_op(reply_id: str, fields: Mapping[str, Any]) -> Operation[SavedReply]:
    return _op(update_saved_reply, SavedReply.from_dict, reply_id=reply_id, body=fields)


def delete_saved_reply_op(reply_id: str) -> Operation[DeletedSavedReply]:
    return _op(delete_saved_reply, DeletedSavedReply.from_dict, reply_id=reply_id)


def render_saved_reply_op(reply_id: str, fields: Mapping[str, Any]) -> Operation[RenderedSavedReply]:
    return _op(render_saved_reply, RenderedSavedReply.from_dict, reply_id=reply_id, body=dict(fields))





def _document(body: Any) -> dict[str, Any]:
    return dict(body)


def get_openapi_document_op() -> Operation[dict[str, Any]]:
    """The API's OpenAPI document as JSON (a dict): the server's, with its configuration applied."""
    return _op(get_open_api_document, _document)


@dataclass(frozen=True)
class LiveEvent:
    """One event of ``conversations.events``: ``ready`` first, then conversation.* and message.*
    events (``data`` is the envelope ``GET /events`` lists; ``id`` the frame's own ``id:``, None
    when it has none), or ``reset`` (events may have been missed: reload what you show)."""

    type: str
    data: Any
    id: str | None = None


# OAuth tokens


def request_token_op(client_id: str, client_secret: str, scope: str | None) -> Operation[OAuthTokenResponse]:
    method, url = _route(request_token._get_kwargs(body=cast(Any, _Raw(None))))
    data = {"grant_type": "client_credentials", "client_id": client_id, "client_secret": client_secret}
    if scope:
        data["scope"] = scope
    return Operation(method, url, OAuthTokenResponse.from_dict, data=data)
