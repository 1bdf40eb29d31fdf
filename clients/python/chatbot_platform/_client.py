"""ChatbotPlatform and AsyncChatbotPlatform: one surface, sync and async.

What both share lives in ``_Settings`` and the module functions; the two classes differ only in
how they wait (``time.sleep`` or ``asyncio.sleep``) and send (``httpx.Client`` or ``AsyncClient``).
"""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time
import uuid
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Generator, Iterator, Mapping, Sequence
from email.utils import parsedate_to_datetime
from typing import Any, Protocol, TypeVar, Unpack

import httpx

from . import _operations as ops
from ._errors import ApiConnectionError, ApiError, ChatbotPlatformError, error_from_response
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
from ._generated.models.o_auth_client import OAuthClient
from ._generated.models.o_auth_client_deleted import OAuthClientDeleted
from ._generated.models.o_auth_client_list import OAuthClientList
from ._generated.models.o_auth_client_with_secret import OAuthClientWithSecret
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
from ._generated.models.knowledge_item_embeddings import KnowledgeItemEmbeddings
from ._params import (
    AssignConversationBody,
    CreateApiKeyBody,
    CreateChatbotBody,
    CreateConversationBody,
    CreateKnowledgeItemBody,
    CreateLeadBody,
    CreateModelProviderBody,
    CreateOAuthClientBody,
    CreateQaFromMessageBody,
    CreateSavedReplyBody,
    CreateWebhookBody,
    EndConversationBody,
    ExportAnalyticsQuery,
    ExportConversationsQuery,
    ExportKnowledgeQuery,
    ExportLeadsQuery,
    GetAnalyticsOverviewQuery,
    GetAnalyticsTimeseriesQuery,
    GetAnalyticsTrendsQuery,
    GetChatbotQualityQuery,
    GetConversationCountsQuery,
    HandoffConversationBody,
    ImportKnowledgeBody,
    InviteMemberBody,
    ListApiKeysQuery,
    ListChatbotLeadsQuery,
    ListChatbotsQuery,
    ListConversationsQuery,
    ListEventsQuery,
    ListInboxConversationsQuery,
    ListKnowledgeItemEmbeddingsQuery,
    ListKnowledgeItemsQuery,
    ListLeadsQuery,
    ListMembersQuery,
    ListMessagesQuery,
    ListModelProvidersQuery,
    ListOAuthClientsQuery,
    ListSavedRepliesQuery,
    ListWebhookDeliveriesQuery,
    ListWebhooksQuery,
    RenderSavedReplyBody,
    RotateApiKeyBody,
    RotateWebhookSecretBody,
    SearchKnowledgeBody,
    SendAttachmentBody,
    SendMessageBody,
    SendMessageFeedbackBody,
    SetChatbotSettingsBody,
    SetIpAllowlistBody,
    SetWidgetSettingsBody,
    StreamConversationEventsQuery,
    UpdateChatbotBody,
    UpdateConversationBody,
    UpdateKnowledgeItemBody,
    UpdateLeadBody,
    UpdateMemberBody,
    UpdateModelProviderBody,
    UpdateSavedReplyBody,
    UpdateWebhookBody,
)
from ._webhooks import DEFAULT_TOLERANCE_SECONDS, verify_webhook

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

DEFAULT_BASE_URL = "http://localhost:3000"
DEFAULT_TIMEOUT = 60.0
#: Statuses worth another try, as the TypeScript client: the rate limit, and a proxy or server that
#: is starting, stopping or overloaded. A 500 is not: the same request would most likely fail again.
RETRYABLE_STATUSES = frozenset({429, 502, 503, 504})
#: A Retry-After longer than this is not waited for: the error goes to the caller.
MAX_RETRY_AFTER_SECONDS = 60.0
#: A token is renewed this long before it expires, so no request goes out with one about to lapse.
TOKEN_RENEWAL_MARGIN_SECONDS = 60.0
#: The 409 of a request whose Idempotency-Key is still being answered by a first attempt: worth waiting for.
IN_FLIGHT_CODE = "idempotency_key_in_flight"


def _in_flight(response: httpx.Response) -> bool:
    """A 409 saying the first attempt with the same Idempotency-Key is still running (body read)."""
    if response.status_code != 409:
        return False
    try:
        body: Any = response.json()
    except ValueError:
        return False
    return isinstance(body, dict) and body.get("code") == IN_FLIGHT_CODE


def retry_delay(attempt: int, response: httpx.Response | None) -> float | None:
    """Seconds to wait before retry number ``attempt`` (0-based); None: do not retry.

    ``Retry-After`` (seconds or an HTTP date) when the server sends one, else exponential back-off
    with jitter from half a second, at most 8 s.
    """
    if response is not None:
        header = response.headers.get("retry-after")
        if header is not None:
            try:
                seconds = float(header)
            except ValueError:
                try:
                    seconds = parsedate_to_datetime(header).timestamp() - time.time()
                except (TypeError, ValueError):
                    seconds = 1.0
            seconds = max(seconds, 0.0)
            return seconds if seconds <= MAX_RETRY_AFTER_SECONDS else None
    return min(0.5 * 2.0**attempt, 8.0) * (0.75 + random.random() / 2)


class _Page(Protocol[T_co]):
    """What every list answer has: a page of ``data`` and the cursor of the next."""

    @property
    def data(self) -> Sequence[T_co]: ...

    @property
    def has_more(self) -> bool: ...

    @property
    def next_cursor(self) -> str | None: ...


def _next_cursor(page: _Page[Any], seen: set[str | None]) -> str | None:
    """The cursor of the page after ``page``; None at the end. A cursor already followed would loop
    for ever: an error instead."""
    if not page.has_more or not page.next_cursor:
        return None
    if page.next_cursor in seen:
        raise ChatbotPlatformError(f"the server repeated next_cursor {page.next_cursor!r}: paging stopped")
    seen.add(page.next_cursor)
    return page.next_cursor


def _items(fetch: Callable[[str | None], _Page[T]], cursor: str | None) -> Iterator[T]:
    """Every item of a list, fetching the next page only when the caller reaches it."""
    seen: set[str | None] = {cursor}
    while True:
        page = fetch(cursor)
        yield from page.data
        cursor = _next_cursor(page, seen)
        if cursor is None:
            return


async def _aitems(fetch: Callable[[str | None], Awaitable[_Page[T]]], cursor: str | None) -> AsyncIterator[T]:
    seen: set[str | None] = {cursor}
    while True:
        page = await fetch(cursor)
        for item in page.data:
            yield item
        cursor = _next_cursor(page, seen)
        if cursor is None:
            return


def _at_cursor(filters: Mapping[str, Any], cursor: str | None) -> dict[str, Any]:
    """The query of the page at ``cursor``: the caller's filters, with the cursor paging has reached."""
    return {**filters, "cursor": cursor}


def _live_event(frame: ops.Frame) -> ops.LiveEvent | None:
    """The frame as a LiveEvent: ``ready``, ``reset``, or an event named ``resource.action``; None
    for a frame of another name (a later server's), skipped unread as the TypeScript client does."""
    if frame.event in ("ready", "reset") or "." in frame.event:
        return ops.LiveEvent(frame.event, ops.json_data(frame), frame.id)
    return None


class _Settings:
    def __init__(
        self,
        api_key: str | None,
        oauth_client_id: str | None,
        oauth_client_secret: str | None,
        scope: str | None,
        base_url: str | None,
        max_retries: int,
    ) -> None:
        # As the TypeScript client: the environment holds the key and the address unless they are given.
        if api_key is None and oauth_client_id is None:
            api_key = os.environ.get("CHATBOT_PLATFORM_API_KEY")
        if base_url is None:
            base_url = os.environ.get("CHATBOT_PLATFORM_BASE_URL", DEFAULT_BASE_URL)
        if api_key is None and (oauth_client_id is None or oauth_client_secret is None):
            raise ValueError("pass api_key (or set CHATBOT_PLATFORM_API_KEY), or oauth_client_id and oauth_client_secret")
        if api_key is not None and oauth_client_id is not None:
            raise ValueError("pass api_key or OAuth client credentials, not both")
        if max_retries < 0:
            raise ValueError("max_retries must be 0 or more")
        self.api_key = api_key
        self.oauth_client_id = oauth_client_id
        self.oauth_client_secret = oauth_client_secret
        self.scope = scope
        self.base_url = base_url.rstrip("/")
        self.max_retries = max_retries
        self.token: str | None = None
        self.token_renew_at = 0.0

    def token_fresh(self) -> bool:
        return self.token is not None and time.monotonic() < self.token_renew_at

    def keep_token(self, access_token: str, expires_in: int) -> None:
        self.token = access_token
        # Renewed a minute before it expires; a token shorter-lived than two minutes at half its life.
        self.token_renew_at = time.monotonic() + expires_in - min(TOKEN_RENEWAL_MARGIN_SECONDS, expires_in / 2)

    def drop_token(self, refused: str) -> None:
        """Forgets a token the server answered 401 to (revoked, or expired early), unless another
        call has already replaced it."""
        if self.token == refused:
            self.token = None
            self.token_renew_at = 0.0

    def renews_after_401(self, response: httpx.Response) -> bool:
        return response.status_code == 401 and self.api_key is None

    def request(self, http: httpx.Client | httpx.AsyncClient, op: ops.Operation[Any], bearer: str | None, key: str | None, accept: str) -> httpx.Request:
        headers = {"Accept": accept}
        if bearer is not None:
            headers["Authorization"] = f"Bearer {bearer}"
        if key is not None:
            headers["Idempotency-Key"] = key
        body: dict[str, Any] = {}
        if op.data is not None:
            body["data"] = op.data
        elif op.json is not None or op.method in ("POST", "PUT", "PATCH"):
            body["json"] = op.json
        return http.build_request(op.method, self.base_url + op.url, params=op.params, headers=headers, **body)


def _idempotency_key(op: ops.Operation[Any]) -> str | None:
    return str(uuid.uuid4()) if op.idempotent_key else None


def _frames(response: httpx.Response) -> Iterator[ops.Frame]:
    """A stream's frames; a connection that breaks while it is read is an ApiConnectionError, as one
    that breaks before the answer is (httpx's own errors never reach the caller)."""
    try:
        yield from ops.sse_frames(response.iter_text())
    except httpx.TransportError as error:
        raise ApiConnectionError(f"the stream broke off: {error}") from error


async def _frames_async(response: httpx.Response) -> AsyncIterator[ops.Frame]:
    try:
        async for frame in ops.sse_frames_async(response.aiter_text()):
            yield frame
    except httpx.TransportError as error:
        raise ApiConnectionError(f"the stream broke off: {error}") from error


def _stream_unfinished() -> ApiConnectionError:
    # A connection cut mid-answer ends the lines quietly: without its done event the turn is unknown.
    return ApiConnectionError("the stream ended before its done event")


def _parse(op: ops.Operation[T], response: httpx.Response) -> T:
    if response.status_code >= 400:
        raise error_from_response(response)
    return op.parse(response.content if op.binary else response.text if op.text else response.json())


class ChatbotPlatform:
    """The API, synchronously. ``with ChatbotPlatform(api_key=...) as client: …`` closes it after.

    Authenticate with ``api_key`` (``sk_live_…``/``sk_test_…``), or with an OAuth client's
    ``oauth_client_id`` and ``oauth_client_secret`` (and the ``scope`` to ask for): a token is
    fetched from ``POST /oauth/token`` when first needed and renewed before it expires.
    A 401 to a token gets a new token and one more try.
    Requests answered 429, 502, 503 or 504 (or 409 ``idempotency_key_in_flight``), and those that
    did not reach the server, are retried up to ``max_retries`` times, waiting as ``Retry-After``
    says; every POST carries an ``Idempotency-Key``, the same on each retry, so a retried write
    happens once. A stream cut by a connection error is not sent again (the server keeps no
    streamed answer to replay).
    Pass ``http_client`` to use your own ``httpx.Client`` (proxies, event hooks, transports).
    """

    def __init__(
        self,
        api_key: str | None = None,
        *,
        base_url: str | None = None,
        max_retries: int = 2,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT,
        oauth_client_id: str | None = None,
        oauth_client_secret: str | None = None,
        scope: str | None = None,
        http_client: httpx.Client | None = None,
    ) -> None:
        self._settings = _Settings(api_key, oauth_client_id, oauth_client_secret, scope, base_url, max_retries)
        self._own_http = http_client is None
        self._http = http_client if http_client is not None else httpx.Client(timeout=timeout)
        self._token_lock = threading.Lock()
        self.chatbots = Chatbots(self)
        self.conversations = Conversations(self)
        self.knowledge = Knowledge(self)
        self.leads = Leads(self)
        self.webhooks = Webhooks(self)
        self.events = Events(self)
        self.analytics = Analytics(self)
        self.account = AccountResource(self)
        self.api_keys = ApiKeys(self)
        self.oauth_clients = OAuthClients(self)
        self.members = Members(self)
        self.model_providers = ModelProviders(self)
        self.saved_replies = SavedReplies(self)

    def close(self) -> None:
        if self._own_http:
            self._http.close()

    def __enter__(self) -> ChatbotPlatform:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def _bearer(self) -> str:
        settings = self._settings
        if settings.api_key is not None:
            return settings.api_key
        with self._token_lock:
            if not settings.token_fresh():
                op = ops.request_token_op(settings.oauth_client_id or "", settings.oauth_client_secret or "", settings.scope)
                issued = _parse(op, self._send(op, None, None, "application/json"))
                settings.keep_token(issued.access_token, issued.expires_in)
            assert settings.token is not None
            return settings.token

    def _send(self, op: ops.Operation[Any], bearer: str | None, key: str | None, accept: str, stream: bool = False) -> httpx.Response:
        """Sends with retries; returns the last response (an error status included)."""
        attempt = 0
        while True:
            request = self._settings.request(self._http, op, bearer, key, accept)
            try:
                response = self._http.send(request, stream=stream)
            except httpx.TransportError as error:
                delay = None if stream else retry_delay(attempt, None)
                if attempt >= self._settings.max_retries or delay is None:
                    raise ApiConnectionError(f"{op.method} {op.url}: {error}") from error
            else:
                if response.status_code == 409:
                    response.read()
                delay = retry_delay(attempt, response) if response.status_code in RETRYABLE_STATUSES or _in_flight(response) else None
                if delay is None or attempt >= self._settings.max_retries:
                    return response
                response.close()
            time.sleep(delay)
            attempt += 1

    def _send_authorized(self, op: ops.Operation[Any], accept: str, stream: bool = False) -> httpx.Response:
        """Sends with the key or token; a 401 to a token gets a new token and one more try."""
        key = _idempotency_key(op)
        bearer = self._bearer()
        response = self._send(op, bearer, key, accept, stream)
        if self._settings.renews_after_401(response):
            response.close()
            with self._token_lock:
                self._settings.drop_token(bearer)
            response = self._send(op, self._bearer(), key, accept, stream)
        return response

    def _call(self, op: ops.Operation[T]) -> T:
        return _parse(op, self._send_authorized(op, op.accept))

    def _live(self, op: ops.Operation[Any]) -> Generator[ops.LiveEvent, None, None]:
        """The events of a stream that runs until the caller stops (closing the generator closes
        the connection) or the server ends it."""
        response = self._send_authorized(op, "text/event-stream", stream=True)
        try:
            if response.status_code >= 400:
                response.read()
                raise error_from_response(response)
            for frame in _frames(response):
                event = _live_event(frame)
                if event is not None:
                    yield event
        finally:
            response.close()

    def openapi_document(self) -> dict[str, Any]:
        """The API's OpenAPI document, as this server describes itself."""
        return self._call(ops.get_openapi_document_op())

    def _stream(self, op: ops.Operation[Any]) -> Iterator[ops.StreamEvent]:
        response = self._send_authorized(op, "text/event-stream", stream=True)
        try:
            if response.status_code >= 400:
                response.read()
                raise error_from_response(response)
            finished = False
            for frame in _frames(response):
                event = ops.stream_event(frame, response.headers)
                if event is not None:
                    finished = finished or isinstance(event, ops.DoneEvent)
                    yield event
            if not finished:
                raise _stream_unfinished()
        finally:
            response.close()


class _Resource:
    def __init__(self, client: ChatbotPlatform) -> None:
        self._client = client


class Chatbots(_Resource):
    def list(self, **filters: Unpack[ListChatbotsQuery]) -> Iterator[Chatbot]:
        """The account's chatbots, newest first, page after page (``limit`` is the page size)."""
        return _items(lambda cursor: self._client._call(ops.list_chatbots_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, **filters: Unpack[ListChatbotsQuery]) -> ChatbotList:
        return self._client._call(ops.list_chatbots_op(filters))

    def create(self, **fields: Unpack[CreateChatbotBody]) -> CreatedChatbot:
        """A new chatbot; its own API key is in the answer, shown this once."""
        return self._client._call(ops.create_chatbot_op(fields))

    def get(self, chatbot_id: str) -> Chatbot:
        return self._client._call(ops.get_chatbot_op(chatbot_id))

    def update(self, chatbot_id: str, **fields: Unpack[UpdateChatbotBody]) -> Chatbot:
        return self._client._call(ops.update_chatbot_op(chatbot_id, fields))

    def delete(self, chatbot_id: str) -> DeletedChatbot:
        return self._client._call(ops.delete_chatbot_op(chatbot_id))

    def archive(self, chatbot_id: str) -> Chatbot:
        return self._client._call(ops.archive_chatbot_op(chatbot_id))

    def restore(self, chatbot_id: str) -> Chatbot:
        return self._client._call(ops.restore_chatbot_op(chatbot_id))

    def pause(self, chatbot_id: str) -> Chatbot:
        return self._client._call(ops.pause_chatbot_op(chatbot_id))

    def resume(self, chatbot_id: str) -> Chatbot:
        return self._client._call(ops.resume_chatbot_op(chatbot_id))

    def rotate_api_key(self, chatbot_id: str) -> RotateChatbotApiKeyResponse201:
        """A new API key for the chatbot; the old one stops working."""
        return self._client._call(ops.rotate_chatbot_api_key_op(chatbot_id))

    def get_settings(self, chatbot_id: str) -> ChatbotSettings:
        return self._client._call(ops.get_chatbot_settings_op(chatbot_id))

    def set_settings(self, chatbot_id: str, **settings: Unpack[SetChatbotSettingsBody]) -> ChatbotSettings:
        return self._client._call(ops.set_chatbot_settings_op(chatbot_id, settings))

    def get_widget(self, chatbot_id: str) -> WidgetSettings:
        return self._client._call(ops.get_widget_settings_op(chatbot_id))

    def set_widget(self, chatbot_id: str, **settings: Unpack[SetWidgetSettingsBody]) -> WidgetSettings:
        return self._client._call(ops.set_widget_settings_op(chatbot_id, settings))

    def make_widget_identity_secret(self, chatbot_id: str) -> WidgetIdentitySecret:
        """Makes (or replaces) the widget's identity secret: shown once, in this answer."""
        return self._client._call(ops.create_widget_identity_secret_op(chatbot_id))

    def quality(self, chatbot_id: str, **query: Unpack[GetChatbotQualityQuery]) -> QualityReport:
        """Answered, clarified and fallback turns, the suggestions chosen, the questions that fell back
        (``from_``/``to`` are sent as ``from``/``to``)."""
        return self._client._call(ops.get_chatbot_quality_op(chatbot_id, query))


class Conversations(_Resource):
    def list(self, chatbot_id: str, **filters: Unpack[ListConversationsQuery]) -> Iterator[Conversation]:
        """A chatbot's conversations, newest first, page after page."""
        return _items(lambda cursor: self._client._call(ops.list_conversations_op(chatbot_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, chatbot_id: str, **filters: Unpack[ListConversationsQuery]) -> ConversationList:
        return self._client._call(ops.list_conversations_op(chatbot_id, filters))

    def list_inbox(self, **filters: Unpack[ListInboxConversationsQuery]) -> Iterator[Conversation]:
        """The inbox: conversations across the account's chatbots, page after page."""
        return _items(lambda cursor: self._client._call(ops.list_inbox_conversations_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    def list_inbox_page(self, **filters: Unpack[ListInboxConversationsQuery]) -> InboxConversationList:
        return self._client._call(ops.list_inbox_conversations_op(filters))

    def create(self, chatbot_id: str, **fields: Unpack[CreateConversationBody]) -> Conversation:
        return self._client._call(ops.create_conversation_op(chatbot_id, fields))

    def get(self, chatbot_id: str, conversation_id: str) -> Conversation:
        return self._client._call(ops.get_conversation_op(chatbot_id, conversation_id))

    def update(self, chatbot_id: str, conversation_id: str, **fields: Unpack[UpdateConversationBody]) -> Conversation:
        return self._client._call(ops.update_conversation_op(chatbot_id, conversation_id, fields))

    def delete(self, chatbot_id: str, conversation_id: str) -> DeleteConversationResponse200:
        return self._client._call(ops.delete_conversation_op(chatbot_id, conversation_id))

    def end(self, chatbot_id: str, conversation_id: str, **fields: Unpack[EndConversationBody]) -> Conversation:
        return self._client._call(ops.end_conversation_op(chatbot_id, conversation_id, fields))

    def handoff(self, chatbot_id: str, conversation_id: str, **fields: Unpack[HandoffConversationBody]) -> Conversation:
        """Hands the conversation to people: the chatbot stops replying until it is released."""
        return self._client._call(ops.handoff_conversation_op(chatbot_id, conversation_id, fields))

    def release(self, chatbot_id: str, conversation_id: str) -> Conversation:
        return self._client._call(ops.release_conversation_op(chatbot_id, conversation_id))

    def assign(self, chatbot_id: str, conversation_id: str, **fields: Unpack[AssignConversationBody]) -> Conversation:
        return self._client._call(ops.assign_conversation_op(chatbot_id, conversation_id, fields))

    def messages(self, chatbot_id: str, conversation_id: str, **filters: Unpack[ListMessagesQuery]) -> Iterator[Message]:
        """The conversation's messages, page after page (newest first unless ``order="asc"``)."""
        return _items(lambda cursor: self._client._call(ops.list_messages_op(chatbot_id, conversation_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    def messages_page(self, chatbot_id: str, conversation_id: str, **filters: Unpack[ListMessagesQuery]) -> MessageList:
        return self._client._call(ops.list_messages_op(chatbot_id, conversation_id, filters))

    def send(self, chatbot_id: str, conversation_id: str, **fields: Unpack[SendMessageBody]) -> MessageTurn:
        """Sends a message; the turn has ``.message``, the chatbot's ``.reply`` (None while the
        conversation is handed off) and ``.conversation``."""
        return self._client._call(ops.send_message_op(chatbot_id, conversation_id, fields))

    def stream(self, chatbot_id: str, conversation_id: str, **fields: Unpack[SendMessageBody]) -> Iterator[ops.StreamEvent]:
        """Sends a message and yields the reply as it is written: ``message``, ``delta``… then ``done`` (or ``error``)."""
        return self._client._stream(ops.send_message_op(chatbot_id, conversation_id, fields))

    def feedback(self, chatbot_id: str, conversation_id: str, message_id: str, **fields: Unpack[SendMessageFeedbackBody]) -> Message:
        """Feedback on one of the chatbot's replies."""
        return self._client._call(ops.send_message_feedback_op(chatbot_id, conversation_id, message_id, fields))

    def send_attachment(self, chatbot_id: str, conversation_id: str, **fields: Unpack[SendAttachmentBody]) -> MessageTurn:
        """Sends a file to the visitor as an agent, in a handed-off conversation: a PNG, JPEG, GIF or
        WebP image or a PDF, ``name=`` and ``content_base64=`` (``base64.b64encode(data).decode()``).
        The turn's ``.message`` has ``.attachment`` and empty ``.content``; ``.reply`` is None."""
        return self._client._call(ops.send_attachment_op(chatbot_id, conversation_id, fields))

    def get_attachment(self, chatbot_id: str, conversation_id: str, attachment_id: str) -> bytes:
        """A file of the conversation: its bytes as they were sent (its name, ``content_type`` and
        size are on the message's ``.attachment``)."""
        return self._client._call(ops.get_attachment_op(chatbot_id, conversation_id, attachment_id))

    def export(self, chatbot_id: str, **query: Unpack[ExportConversationsQuery]) -> str:
        """The chatbot's conversations as the server writes them: JSON Lines, or CSV with ``format="csv"``."""
        return self._client._call(ops.export_conversations_op(chatbot_id, query))

    def contact(self, chatbot_id: str, conversation_id: str) -> ConversationContact:
        """The name, e-mail and phone of the conversation's lead (NotFoundError ``lead_not_found`` when
        the visitor left none)."""
        return self._client._call(ops.get_conversation_contact_op(chatbot_id, conversation_id))

    def typing(self, chatbot_id: str, conversation_id: str) -> ConversationTyping:
        """Who is typing in the conversation now."""
        return self._client._call(ops.get_typing_op(chatbot_id, conversation_id))


    def counts(self, **query: Unpack[GetConversationCountsQuery]) -> ConversationCounts:
        """How many conversations are open, handed off and ended (the inbox's tabs)."""
        return self._client._call(ops.get_conversation_counts_op(query))

    def events(self, **query: Unpack[StreamConversationEventsQuery]) -> Generator[ops.LiveEvent, None, None]:
        """The account's conversation and message events as they happen (the dashboard inbox's
        stream): ``ready`` first, then each event; it runs until the server ends it or you close
        it. ``close()`` closes the connection; so does ``break`` once nothing else holds the
        generator, so hold it in ``contextlib.closing(...)`` to close it on every way out."""
        return self._client._live(ops.stream_conversation_events_op(query))


class Knowledge(_Resource):
    def list(self, chatbot_id: str, **filters: Unpack[ListKnowledgeItemsQuery]) -> Iterator[KnowledgeItem]:
        """The chatbot's knowledge items, page after page."""
        return _items(lambda cursor: self._client._call(ops.list_knowledge_op(chatbot_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, chatbot_id: str, **filters: Unpack[ListKnowledgeItemsQuery]) -> KnowledgeItemList:
        return self._client._call(ops.list_knowledge_op(chatbot_id, filters))

    def create(self, chatbot_id: str, **item: Unpack[CreateKnowledgeItemBody]) -> KnowledgeItem:
        """Adds an item: ``type="qa", question=..., answer=...``, or a ``url`` or ``document``;
        it is processed in the background until its ``status`` is ``ready``."""
        return self._client._call(ops.create_knowledge_op(chatbot_id, item))

    def get(self, chatbot_id: str, item_id: str, *, include_content: bool | None = None) -> KnowledgeItem:
        return self._client._call(ops.get_knowledge_op(chatbot_id, item_id, include_content))

    def update(self, chatbot_id: str, item_id: str, **fields: Unpack[UpdateKnowledgeItemBody]) -> KnowledgeItem:
        return self._client._call(ops.update_knowledge_op(chatbot_id, item_id, fields))

    def delete(self, chatbot_id: str, item_id: str) -> DeleteKnowledgeItemResponse200:
        return self._client._call(ops.delete_knowledge_op(chatbot_id, item_id))

    def refresh(self, chatbot_id: str, item_id: str) -> KnowledgeItem:
        """Fetches a URL item again."""
        return self._client._call(ops.refresh_knowledge_op(chatbot_id, item_id))

    def import_(self, chatbot_id: str, **fields: Unpack[ImportKnowledgeBody]) -> ImportKnowledgeResponse201:
        """Many items in one call (the API's ``import``: ``import`` is a Python keyword, so the
        method cannot bear its name)."""
        return self._client._call(ops.import_knowledge_op(chatbot_id, fields))

    def search(self, chatbot_id: str, **fields: Unpack[SearchKnowledgeBody]) -> KnowledgeSearchResult:
        """The passages and pairs the chatbot would answer from, best first."""
        return self._client._call(ops.search_knowledge_op(chatbot_id, fields))

    def from_message(self, chatbot_id: str, **fields: Unpack[CreateQaFromMessageBody]) -> KnowledgeItem:
        """A Q&A pair from a conversation's message (a question and the answer an agent gave)."""
        return self._client._call(ops.knowledge_from_message_op(chatbot_id, fields))

    def embeddings(self, chatbot_id: str) -> KnowledgeEmbeddings:
        """Where the chatbot's semantic index stands."""
        return self._client._call(ops.knowledge_embeddings_op(chatbot_id))

    def item_embeddings(self, chatbot_id: str, **filters: Unpack[ListKnowledgeItemEmbeddingsQuery]) -> Iterator[KnowledgeItemEmbeddings]:
        """Each item's embedding state (its chunks and how many are embedded), page after page."""
        return _items(lambda cursor: self._client._call(ops.list_knowledge_item_embeddings_op(chatbot_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    def item_embeddings_page(self, chatbot_id: str, **filters: Unpack[ListKnowledgeItemEmbeddingsQuery]) -> ListKnowledgeItemEmbeddingsResponse200:
        return self._client._call(ops.list_knowledge_item_embeddings_op(chatbot_id, filters))

    def export(self, chatbot_id: str, **query: Unpack[ExportKnowledgeQuery]) -> str:
        """The chatbot's knowledge as JSON Lines, as the server writes it (``import_`` reads it back)."""
        return self._client._call(ops.export_knowledge_op(chatbot_id, query))


class Leads(_Resource):
    def list(self, **filters: Unpack[ListLeadsQuery]) -> Iterator[Lead]:
        """Every lead matching ``filters``, page after page (``limit`` is the page size)."""
        return _items(lambda cursor: self._client._call(ops.list_leads_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, **filters: Unpack[ListLeadsQuery]) -> LeadList:
        return self._client._call(ops.list_leads_op(filters))

    def list_for_chatbot(self, chatbot_id: str, **filters: Unpack[ListChatbotLeadsQuery]) -> Iterator[Lead]:
        """One chatbot's leads, page after page."""
        return _items(lambda cursor: self._client._call(ops.list_chatbot_leads_op(chatbot_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    def list_for_chatbot_page(self, chatbot_id: str, **filters: Unpack[ListChatbotLeadsQuery]) -> LeadList:
        return self._client._call(ops.list_chatbot_leads_op(chatbot_id, filters))

    def create(self, **fields: Unpack[CreateLeadBody]) -> Lead:
        return self._client._call(ops.create_lead_op(fields))

    def get(self, lead_id: str) -> Lead:
        return self._client._call(ops.get_lead_op(lead_id))

    def update(self, lead_id: str, **fields: Unpack[UpdateLeadBody]) -> Lead:
        return self._client._call(ops.update_lead_op(lead_id, fields))

    def delete(self, lead_id: str) -> DeletedLead:
        return self._client._call(ops.delete_lead_op(lead_id))

    def export(self, **query: Unpack[ExportLeadsQuery]) -> str:
        """The leads matching ``query`` as the server writes them: JSON Lines, or CSV with ``format="csv"``."""
        return self._client._call(ops.export_leads_op(query))


class Webhooks(_Resource):
    def list(self, **filters: Unpack[ListWebhooksQuery]) -> Iterator[Webhook]:
        return _items(lambda cursor: self._client._call(ops.list_webhooks_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, **filters: Unpack[ListWebhooksQuery]) -> WebhookList:
        return self._client._call(ops.list_webhooks_op(filters))

    def create(self, **fields: Unpack[CreateWebhookBody]) -> WebhookWithSecret:
        """Registers an endpoint; the returned ``secret`` (``whsec_…``) is shown this once."""
        return self._client._call(ops.create_webhook_op(fields))

    def get(self, webhook_id: str) -> Webhook:
        return self._client._call(ops.get_webhook_op(webhook_id))

    def update(self, webhook_id: str, **fields: Unpack[UpdateWebhookBody]) -> Webhook:
        return self._client._call(ops.update_webhook_op(webhook_id, fields))

    def delete(self, webhook_id: str) -> DeleteWebhookResponse200:
        return self._client._call(ops.delete_webhook_op(webhook_id))

    def test(self, webhook_id: str) -> WebhookDelivery:
        """Sends a ``webhook.test`` event to this endpoint alone."""
        return self._client._call(ops.test_webhook_op(webhook_id))

    def rotate_secret(self, webhook_id: str, **fields: Unpack[RotateWebhookSecretBody]) -> WebhookWithSecret:
        """A new signing secret; the old one keeps signing beside it for its grace period."""
        return self._client._call(ops.rotate_webhook_secret_op(webhook_id, fields))

    def deliveries(self, webhook_id: str, **filters: Unpack[ListWebhookDeliveriesQuery]) -> Iterator[WebhookDelivery]:
        return _items(lambda cursor: self._client._call(ops.list_webhook_deliveries_op(webhook_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    def deliveries_page(self, webhook_id: str, **filters: Unpack[ListWebhookDeliveriesQuery]) -> WebhookDeliveryList:
        return self._client._call(ops.list_webhook_deliveries_op(webhook_id, filters))

    def retry_delivery(self, webhook_id: str, delivery_id: str) -> WebhookDelivery:
        return self._client._call(ops.retry_webhook_delivery_op(webhook_id, delivery_id))

    @staticmethod
    def verify(
        payload: bytes | str,
        headers: Mapping[str, str],
        secret: str,
        *,
        tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
    ) -> dict[str, Any]:
        """The event of a received webhook request; raises WebhookVerificationError if it is not ours."""
        return verify_webhook(payload, headers, secret, tolerance_seconds=tolerance_seconds)


class Events(_Resource):
    """The events webhooks deliver, kept to be read again."""

    def list(self, **filters: Unpack[ListEventsQuery]) -> Iterator[Event]:
        return _items(lambda cursor: self._client._call(ops.list_events_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, **filters: Unpack[ListEventsQuery]) -> EventList:
        return self._client._call(ops.list_events_op(filters))

    def get(self, event_id: str) -> Event:
        return self._client._call(ops.get_event_op(event_id))


class Analytics(_Resource):
    """``from_``/``to`` (``from`` is a Python keyword) are sent as the API's ``from``/``to``."""

    def overview(self, **query: Unpack[GetAnalyticsOverviewQuery]) -> AnalyticsOverview:
        return self._client._call(ops.analytics_overview_op(query))

    def timeseries(self, **query: Unpack[GetAnalyticsTimeseriesQuery]) -> AnalyticsTimeseries:
        return self._client._call(ops.analytics_timeseries_op(query))

    def trends(self, **query: Unpack[GetAnalyticsTrendsQuery]) -> AnalyticsTrends:
        return self._client._call(ops.analytics_trends_op(query))

    def export(self, **query: Unpack[ExportAnalyticsQuery]) -> str:
        """The period's figures as the server writes them: CSV, or JSON text with ``format="json"``."""
        return self._client._call(ops.export_analytics_op(query))


class AccountResource(_Resource):
    def get(self) -> Account:
        return self._client._call(ops.get_account_op())

    def usage(self) -> Usage:
        """Requests, messages and chatbots used against the plan's limits."""
        return self._client._call(ops.get_usage_op({}))

    def get_ip_allowlist(self) -> IpAllowlist:
        """The addresses and ranges API calls may come from (empty: any)."""
        return self._client._call(ops.get_ip_allowlist_op())

    def set_ip_allowlist(self, **fields: Unpack[SetIpAllowlistBody]) -> IpAllowlist:
        """Replaces the allowlist (``ip_allowlist=[]`` lifts it)."""
        return self._client._call(ops.set_ip_allowlist_op(fields))


class ApiKeys(_Resource):
    def list(self, **filters: Unpack[ListApiKeysQuery]) -> Iterator[ApiKey]:
        return _items(lambda cursor: self._client._call(ops.list_api_keys_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, **filters: Unpack[ListApiKeysQuery]) -> ApiKeyList:
        return self._client._call(ops.list_api_keys_op(filters))

    def create(self, **fields: Unpack[CreateApiKeyBody]) -> ApiKeyWithSecret:
        """A new key; its secret is in the answer, shown this once."""
        return self._client._call(ops.create_api_key_op(fields))

    def delete(self, key_id: str) -> ApiKey:
        return self._client._call(ops.delete_api_key_op(key_id))

    def rotate(self, key_id: str, **fields: Unpack[RotateApiKeyBody]) -> RotatedKey:
        return self._client._call(ops.rotate_api_key_op(key_id, fields))


class OAuthClients(_Resource):
    def list(self, **filters: Unpack[ListOAuthClientsQuery]) -> Iterator[OAuthClient]:
        return _items(lambda cursor: self._client._call(ops.list_oauth_clients_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, **filters: Unpack[ListOAuthClientsQuery]) -> OAuthClientList:
        return self._client._call(ops.list_oauth_clients_op(filters))

    def create(self, **fields: Unpack[CreateOAuthClientBody]) -> OAuthClientWithSecret:
        """Registers an OAuth client (API keys only); its ``client_secret`` is shown this once."""
        return self._client._call(ops.create_oauth_client_op(fields))

    def delete(self, client_id: str) -> OAuthClientDeleted:
        return self._client._call(ops.delete_oauth_client_op(client_id))

    def rotate_secret(self, client_id: str) -> OAuthClientWithSecret:
        return self._client._call(ops.rotate_oauth_client_secret_op(client_id))


class Members(_Resource):
    """The account's people (live mode: a test key gets 403 ``live_mode_required``)."""

    def list(self, **filters: Unpack[ListMembersQuery]) -> Iterator[Member]:
        return _items(lambda cursor: self._client._call(ops.list_members_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, **filters: Unpack[ListMembersQuery]) -> MemberList:
        return self._client._call(ops.list_members_op(filters))

    def invite(self, **fields: Unpack[InviteMemberBody]) -> InvitedMember:
        """Invites a person by e-mail; the answer holds the invitation."""
        return self._client._call(ops.invite_member_op(fields))

    def get(self, user_id: str) -> Member:
        return self._client._call(ops.get_member_op(user_id))

    def update(self, user_id: str, **fields: Unpack[UpdateMemberBody]) -> Member:
        return self._client._call(ops.update_member_op(user_id, fields))

    def remove(self, user_id: str) -> DeletedMember:
        return self._client._call(ops.remove_member_op(user_id))

    def resend_invitation(self, user_id: str) -> Invitation:
        """A new invitation for a member who has not accepted yet (the old link stops working)."""
        return self._client._call(ops.resend_invitation_op(user_id))

    def sign_out(self, user_id: str) -> MemberSignedOut:
        """Ends every session of the member."""
        return self._client._call(ops.sign_out_member_op(user_id))


class ModelProviders(_Resource):
    """The account's own model servers (OpenAI-compatible or Ollama) chatbots can answer with."""

    def list(self, **filters: Unpack[ListModelProvidersQuery]) -> Iterator[ModelProvider]:
        return _items(lambda cursor: self._client._call(ops.list_model_providers_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, **filters: Unpack[ListModelProvidersQuery]) -> ModelProviderList:
        return self._client._call(ops.list_model_providers_op(filters))

    def create(self, **fields: Unpack[CreateModelProviderBody]) -> ModelProvider:
        return self._client._call(ops.create_model_provider_op(fields))

    def get(self, provider_id: str) -> ModelProvider:
        return self._client._call(ops.get_model_provider_op(provider_id))

    def update(self, provider_id: str, **fields: Unpack[UpdateModelProviderBody]) -> ModelProvider:
        return self._client._call(ops.update_model_provider_op(provider_id, fields))

    def delete(self, provider_id: str) -> DeletedModelProvider:
        return self._client._call(ops.delete_model_provider_op(provider_id))

    def test(self, provider_id: str) -> ModelProviderTest:
        """Calls the provider's chat and embedding models once and says what answered."""
        return self._client._call(ops.test_model_provider_op(provider_id))


class SavedReplies(_Resource):
    """Replies agents insert by shortcut, with variables filled in per conversation."""

    def list(self, **filters: Unpack[ListSavedRepliesQuery]) -> Iterator[SavedReply]:
        return _items(lambda cursor: self._client._call(ops.list_saved_replies_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    def list_page(self, **filters: Unpack[ListSavedRepliesQuery]) -> SavedReplyList:
        return self._client._call(ops.list_saved_replies_op(filters))

    def create(self, **fields: Unpack[CreateSavedReplyBody]) -> SavedReply:
        return self._client._call(ops.create_saved_reply_op(fields))

    def get(self, reply_id: str) -> SavedReply:
        return self._client._call(ops.get_saved_reply_op(reply_id))

    def update(self, reply_id: str, **fields: Unpack[UpdateSavedReplyBody]) -> SavedReply:
        return self._client._call(ops.update_saved_reply_op(reply_id, fields))

    def delete(self, reply_id: str) -> DeletedSavedReply:
        return self._client._call(ops.delete_saved_reply_op(reply_id))

    def render(self, reply_id: str, **fields: Unpack[RenderSavedReplyBody]) -> RenderedSavedReply:
        """The reply's text for a conversation, its variables filled in (``missing``: those left empty)."""
        return self._client._call(ops.render_saved_reply_op(reply_id, fields))



class AsyncChatbotPlatform:
    """The API with ``async``/``await``: the same surface and behaviour as ChatbotPlatform."""

    def __init__(
        self,
        api_key: str | None = None,
        *,
        base_url: str | None = None,
        max_retries: int = 2,
        timeout: float | httpx.Timeout = DEFAULT_TIMEOUT,
        oauth_client_id: str | None = None,
        oauth_client_secret: str | None = None,
        scope: str | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self._settings = _Settings(api_key, oauth_client_id, oauth_client_secret, scope, base_url, max_retries)
        self._own_http = http_client is None
        self._http = http_client if http_client is not None else httpx.AsyncClient(timeout=timeout)
        self._token_lock = asyncio.Lock()
        self.chatbots = AsyncChatbots(self)
        self.conversations = AsyncConversations(self)
        self.knowledge = AsyncKnowledge(self)
        self.leads = AsyncLeads(self)
        self.webhooks = AsyncWebhooks(self)
        self.events = AsyncEvents(self)
        self.analytics = AsyncAnalytics(self)
        self.account = AsyncAccountResource(self)
        self.api_keys = AsyncApiKeys(self)
        self.oauth_clients = AsyncOAuthClients(self)
        self.members = AsyncMembers(self)
        self.model_providers = AsyncModelProviders(self)
        self.saved_replies = AsyncSavedReplies(self)

    async def close(self) -> None:
        if self._own_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncChatbotPlatform:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    async def _bearer(self) -> str:
        settings = self._settings
        if settings.api_key is not None:
            return settings.api_key
        async with self._token_lock:
            if not settings.token_fresh():
                op = ops.request_token_op(settings.oauth_client_id or "", settings.oauth_client_secret or "", settings.scope)
                issued = _parse(op, await self._send(op, None, None, "application/json"))
                settings.keep_token(issued.access_token, issued.expires_in)
            assert settings.token is not None
            return settings.token

    async def _send(self, op: ops.Operation[Any], bearer: str | None, key: str | None, accept: str, stream: bool = False) -> httpx.Response:
        attempt = 0
        while True:
            request = self._settings.request(self._http, op, bearer, key, accept)
            try:
                response = await self._http.send(request, stream=stream)
            except httpx.TransportError as error:
                delay = None if stream else retry_delay(attempt, None)
                if attempt >= self._settings.max_retries or delay is None:
                    raise ApiConnectionError(f"{op.method} {op.url}: {error}") from error
            else:
                if response.status_code == 409:
                    await response.aread()
                delay = retry_delay(attempt, response) if response.status_code in RETRYABLE_STATUSES or _in_flight(response) else None
                if delay is None or attempt >= self._settings.max_retries:
                    return response
                await response.aclose()
            await asyncio.sleep(delay)
            attempt += 1

    async def _send_authorized(self, op: ops.Operation[Any], accept: str, stream: bool = False) -> httpx.Response:
        key = _idempotency_key(op)
        bearer = await self._bearer()
        response = await self._send(op, bearer, key, accept, stream)
        if self._settings.renews_after_401(response):
            await response.aclose()
            async with self._token_lock:
                self._settings.drop_token(bearer)
            response = await self._send(op, await self._bearer(), key, accept, stream)
        return response

    async def _call(self, op: ops.Operation[T]) -> T:
        return _parse(op, await self._send_authorized(op, op.accept))

    async def _live(self, op: ops.Operation[Any]) -> AsyncGenerator[ops.LiveEvent, None]:
        response = await self._send_authorized(op, "text/event-stream", stream=True)
        try:
            if response.status_code >= 400:
                await response.aread()
                raise error_from_response(response)
            async for frame in _frames_async(response):
                event = _live_event(frame)
                if event is not None:
                    yield event
        finally:
            await response.aclose()

    async def openapi_document(self) -> dict[str, Any]:
        """The API's OpenAPI document, as this server describes itself."""
        return await self._call(ops.get_openapi_document_op())

    async def _stream(self, op: ops.Operation[Any]) -> AsyncIterator[ops.StreamEvent]:
        response = await self._send_authorized(op, "text/event-stream", stream=True)
        try:
            if response.status_code >= 400:
                await response.aread()
                raise error_from_response(response)
            finished = False
            async for frame in _frames_async(response):
                event = ops.stream_event(frame, response.headers)
                if event is not None:
                    finished = finished or isinstance(event, ops.DoneEvent)
                    yield event
            if not finished:
                raise _stream_unfinished()
        finally:
            await response.aclose()


class _AsyncResource:
    def __init__(self, client: AsyncChatbotPlatform) -> None:
        self._client = client


class AsyncChatbots(_AsyncResource):
    def list(self, **filters: Unpack[ListChatbotsQuery]) -> AsyncIterator[Chatbot]:
        """The account's chatbots, newest first, page after page (``limit`` is the page size)."""
        return _aitems(lambda cursor: self._client._call(ops.list_chatbots_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, **filters: Unpack[ListChatbotsQuery]) -> ChatbotList:
        return await self._client._call(ops.list_chatbots_op(filters))

    async def create(self, **fields: Unpack[CreateChatbotBody]) -> CreatedChatbot:
        """A new chatbot; its own API key is in the answer, shown this once."""
        return await self._client._call(ops.create_chatbot_op(fields))

    async def get(self, chatbot_id: str) -> Chatbot:
        return await self._client._call(ops.get_chatbot_op(chatbot_id))

    async def update(self, chatbot_id: str, **fields: Unpack[UpdateChatbotBody]) -> Chatbot:
        return await self._client._call(ops.update_chatbot_op(chatbot_id, fields))

    async def delete(self, chatbot_id: str) -> DeletedChatbot:
        return await self._client._call(ops.delete_chatbot_op(chatbot_id))

    async def archive(self, chatbot_id: str) -> Chatbot:
        return await self._client._call(ops.archive_chatbot_op(chatbot_id))

    async def restore(self, chatbot_id: str) -> Chatbot:
        return await self._client._call(ops.restore_chatbot_op(chatbot_id))

    async def pause(self, chatbot_id: str) -> Chatbot:
        return await self._client._call(ops.pause_chatbot_op(chatbot_id))

    async def resume(self, chatbot_id: str) -> Chatbot:
        return await self._client._call(ops.resume_chatbot_op(chatbot_id))

    async def rotate_api_key(self, chatbot_id: str) -> RotateChatbotApiKeyResponse201:
        """A new API key for the chatbot; the old one stops working."""
        return await self._client._call(ops.rotate_chatbot_api_key_op(chatbot_id))

    async def get_settings(self, chatbot_id: str) -> ChatbotSettings:
        return await self._client._call(ops.get_chatbot_settings_op(chatbot_id))

    async def set_settings(self, chatbot_id: str, **settings: Unpack[SetChatbotSettingsBody]) -> ChatbotSettings:
        return await self._client._call(ops.set_chatbot_settings_op(chatbot_id, settings))

    async def get_widget(self, chatbot_id: str) -> WidgetSettings:
        return await self._client._call(ops.get_widget_settings_op(chatbot_id))

    async def set_widget(self, chatbot_id: str, **settings: Unpack[SetWidgetSettingsBody]) -> WidgetSettings:
        return await self._client._call(ops.set_widget_settings_op(chatbot_id, settings))

    async def make_widget_identity_secret(self, chatbot_id: str) -> WidgetIdentitySecret:
        """Makes (or replaces) the widget's identity secret: shown once, in this answer."""
        return await self._client._call(ops.create_widget_identity_secret_op(chatbot_id))

    async def quality(self, chatbot_id: str, **query: Unpack[GetChatbotQualityQuery]) -> QualityReport:
        """Answered, clarified and fallback turns, the suggestions chosen, the questions that fell back
        (``from_``/``to`` are sent as ``from``/``to``)."""
        return await self._client._call(ops.get_chatbot_quality_op(chatbot_id, query))


class AsyncConversations(_AsyncResource):
    def list(self, chatbot_id: str, **filters: Unpack[ListConversationsQuery]) -> AsyncIterator[Conversation]:
        """A chatbot's conversations, newest first, page after page."""
        return _aitems(lambda cursor: self._client._call(ops.list_conversations_op(chatbot_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, chatbot_id: str, **filters: Unpack[ListConversationsQuery]) -> ConversationList:
        return await self._client._call(ops.list_conversations_op(chatbot_id, filters))

    def list_inbox(self, **filters: Unpack[ListInboxConversationsQuery]) -> AsyncIterator[Conversation]:
        """The inbox: conversations across the account's chatbots, page after page."""
        return _aitems(lambda cursor: self._client._call(ops.list_inbox_conversations_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_inbox_page(self, **filters: Unpack[ListInboxConversationsQuery]) -> InboxConversationList:
        return await self._client._call(ops.list_inbox_conversations_op(filters))

    async def create(self, chatbot_id: str, **fields: Unpack[CreateConversationBody]) -> Conversation:
        return await self._client._call(ops.create_conversation_op(chatbot_id, fields))

    async def get(self, chatbot_id: str, conversation_id: str) -> Conversation:
        return await self._client._call(ops.get_conversation_op(chatbot_id, conversation_id))

    async def update(self, chatbot_id: str, conversation_id: str, **fields: Unpack[UpdateConversationBody]) -> Conversation:
        return await self._client._call(ops.update_conversation_op(chatbot_id, conversation_id, fields))

    async def delete(self, chatbot_id: str, conversation_id: str) -> DeleteConversationResponse200:
        return await self._client._call(ops.delete_conversation_op(chatbot_id, conversation_id))

    async def end(self, chatbot_id: str, conversation_id: str, **fields: Unpack[EndConversationBody]) -> Conversation:
        return await self._client._call(ops.end_conversation_op(chatbot_id, conversation_id, fields))

    async def handoff(self, chatbot_id: str, conversation_id: str, **fields: Unpack[HandoffConversationBody]) -> Conversation:
        """Hands the conversation to people: the chatbot stops replying until it is released."""
        return await self._client._call(ops.handoff_conversation_op(chatbot_id, conversation_id, fields))

    async def release(self, chatbot_id: str, conversation_id: str) -> Conversation:
        return await self._client._call(ops.release_conversation_op(chatbot_id, conversation_id))

    async def assign(self, chatbot_id: str, conversation_id: str, **fields: Unpack[AssignConversationBody]) -> Conversation:
        return await self._client._call(ops.assign_conversation_op(chatbot_id, conversation_id, fields))

    def messages(self, chatbot_id: str, conversation_id: str, **filters: Unpack[ListMessagesQuery]) -> AsyncIterator[Message]:
        """The conversation's messages, page after page (newest first unless ``order="asc"``)."""
        return _aitems(lambda cursor: self._client._call(ops.list_messages_op(chatbot_id, conversation_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    async def messages_page(self, chatbot_id: str, conversation_id: str, **filters: Unpack[ListMessagesQuery]) -> MessageList:
        return await self._client._call(ops.list_messages_op(chatbot_id, conversation_id, filters))

    async def send(self, chatbot_id: str, conversation_id: str, **fields: Unpack[SendMessageBody]) -> MessageTurn:
        """Sends a message; the turn has ``.message``, the chatbot's ``.reply`` (None while the
        conversation is handed off) and ``.conversation``."""
        return await self._client._call(ops.send_message_op(chatbot_id, conversation_id, fields))

    def stream(self, chatbot_id: str, conversation_id: str, **fields: Unpack[SendMessageBody]) -> AsyncIterator[ops.StreamEvent]:
        """Sends a message and yields the reply as it is written: ``message``, ``delta``… then ``done`` (or ``error``)."""
        return self._client._stream(ops.send_message_op(chatbot_id, conversation_id, fields))

    async def feedback(self, chatbot_id: str, conversation_id: str, message_id: str, **fields: Unpack[SendMessageFeedbackBody]) -> Message:
        """Feedback on one of the chatbot's replies."""
        return await self._client._call(ops.send_message_feedback_op(chatbot_id, conversation_id, message_id, fields))

    async def send_attachment(self, chatbot_id: str, conversation_id: str, **fields: Unpack[SendAttachmentBody]) -> MessageTurn:
        """Sends a file to the visitor as an agent, in a handed-off conversation: a PNG, JPEG, GIF or
        WebP image or a PDF, ``name=`` and ``content_base64=`` (``base64.b64encode(data).decode()``).
        The turn's ``.message`` has ``.attachment`` and empty ``.content``; ``.reply`` is None."""
        return await self._client._call(ops.send_attachment_op(chatbot_id, conversation_id, fields))

    async def get_attachment(self, chatbot_id: str, conversation_id: str, attachment_id: str) -> bytes:
        """A file of the conversation: its bytes as they were sent (its name, ``content_type`` and
        size are on the message's ``.attachment``)."""
        return await self._client._call(ops.get_attachment_op(chatbot_id, conversation_id, attachment_id))

    async def export(self, chatbot_id: str, **query: Unpack[ExportConversationsQuery]) -> str:
        """The chatbot's conversations as the server writes them: JSON Lines, or CSV with ``format="csv"``."""
        return await self._client._call(ops.export_conversations_op(chatbot_id, query))

    async def contact(self, chatbot_id: str, conversation_id: str) -> ConversationContact:
        """The name, e-mail and phone of the conversation's lead (NotFoundError ``lead_not_found`` when
        the visitor left none)."""
        return await self._client._call(ops.get_conversation_contact_op(chatbot_id, conversation_id))

    async def typing(self, chatbot_id: str, conversation_id: str) -> ConversationTyping:
        """Who is typing in the conversation now."""
        return await self._client._call(ops.get_typing_op(chatbot_id, conversation_id))


    async def counts(self, **query: Unpack[GetConversationCountsQuery]) -> ConversationCounts:
        """How many conversations are open, handed off and ended (the inbox's tabs)."""
        return await self._client._call(ops.get_conversation_counts_op(query))

    def events(self, **query: Unpack[StreamConversationEventsQuery]) -> AsyncGenerator[ops.LiveEvent, None]:
        """The account's conversation and message events as they happen (the dashboard inbox's
        stream): ``ready`` first, then each event; it runs until the server ends it or you close
        it. ``await aclose()`` closes the connection (an async generator is not closed by
        ``break``), so hold it in ``contextlib.aclosing(...)`` to close it on every way out."""
        return self._client._live(ops.stream_conversation_events_op(query))


class AsyncKnowledge(_AsyncResource):
    def list(self, chatbot_id: str, **filters: Unpack[ListKnowledgeItemsQuery]) -> AsyncIterator[KnowledgeItem]:
        """The chatbot's knowledge items, page after page."""
        return _aitems(lambda cursor: self._client._call(ops.list_knowledge_op(chatbot_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, chatbot_id: str, **filters: Unpack[ListKnowledgeItemsQuery]) -> KnowledgeItemList:
        return await self._client._call(ops.list_knowledge_op(chatbot_id, filters))

    async def create(self, chatbot_id: str, **item: Unpack[CreateKnowledgeItemBody]) -> KnowledgeItem:
        """Adds an item: ``type="qa", question=..., answer=...``, or a ``url`` or ``document``;
        it is processed in the background until its ``status`` is ``ready``."""
        return await self._client._call(ops.create_knowledge_op(chatbot_id, item))

    async def get(self, chatbot_id: str, item_id: str, *, include_content: bool | None = None) -> KnowledgeItem:
        return await self._client._call(ops.get_knowledge_op(chatbot_id, item_id, include_content))

    async def update(self, chatbot_id: str, item_id: str, **fields: Unpack[UpdateKnowledgeItemBody]) -> KnowledgeItem:
        return await self._client._call(ops.update_knowledge_op(chatbot_id, item_id, fields))

    async def delete(self, chatbot_id: str, item_id: str) -> DeleteKnowledgeItemResponse200:
        return await self._client._call(ops.delete_knowledge_op(chatbot_id, item_id))

    async def refresh(self, chatbot_id: str, item_id: str) -> KnowledgeItem:
        """Fetches a URL item again."""
        return await self._client._call(ops.refresh_knowledge_op(chatbot_id, item_id))

    async def import_(self, chatbot_id: str, **fields: Unpack[ImportKnowledgeBody]) -> ImportKnowledgeResponse201:
        """Many items in one call (the API's ``import``: ``import`` is a Python keyword, so the
        method cannot bear its name)."""
        return await self._client._call(ops.import_knowledge_op(chatbot_id, fields))

    async def search(self, chatbot_id: str, **fields: Unpack[SearchKnowledgeBody]) -> KnowledgeSearchResult:
        """The passages and pairs the chatbot would answer from, best first."""
        return await self._client._call(ops.search_knowledge_op(chatbot_id, fields))

    async def from_message(self, chatbot_id: str, **fields: Unpack[CreateQaFromMessageBody]) -> KnowledgeItem:
        """A Q&A pair from a conversation's message (a question and the answer an agent gave)."""
        return await self._client._call(ops.knowledge_from_message_op(chatbot_id, fields))

    async def embeddings(self, chatbot_id: str) -> KnowledgeEmbeddings:
        """Where the chatbot's semantic index stands."""
        return await self._client._call(ops.knowledge_embeddings_op(chatbot_id))

    def item_embeddings(self, chatbot_id: str, **filters: Unpack[ListKnowledgeItemEmbeddingsQuery]) -> AsyncIterator[KnowledgeItemEmbeddings]:
        """Each item's embedding state (its chunks and how many are embedded), page after page."""
        return _aitems(lambda cursor: self._client._call(ops.list_knowledge_item_embeddings_op(chatbot_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    async def item_embeddings_page(self, chatbot_id: str, **filters: Unpack[ListKnowledgeItemEmbeddingsQuery]) -> ListKnowledgeItemEmbeddingsResponse200:
        return await self._client._call(ops.list_knowledge_item_embeddings_op(chatbot_id, filters))

    async def export(self, chatbot_id: str, **query: Unpack[ExportKnowledgeQuery]) -> str:
        """The chatbot's knowledge as JSON Lines, as the server writes it (``import_`` reads it back)."""
        return await self._client._call(ops.export_knowledge_op(chatbot_id, query))


class AsyncLeads(_AsyncResource):
    def list(self, **filters: Unpack[ListLeadsQuery]) -> AsyncIterator[Lead]:
        """Every lead matching ``filters``, page after page (``limit`` is the page size)."""
        return _aitems(lambda cursor: self._client._call(ops.list_leads_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, **filters: Unpack[ListLeadsQuery]) -> LeadList:
        return await self._client._call(ops.list_leads_op(filters))

    def list_for_chatbot(self, chatbot_id: str, **filters: Unpack[ListChatbotLeadsQuery]) -> AsyncIterator[Lead]:
        """One chatbot's leads, page after page."""
        return _aitems(lambda cursor: self._client._call(ops.list_chatbot_leads_op(chatbot_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_for_chatbot_page(self, chatbot_id: str, **filters: Unpack[ListChatbotLeadsQuery]) -> LeadList:
        return await self._client._call(ops.list_chatbot_leads_op(chatbot_id, filters))

    async def create(self, **fields: Unpack[CreateLeadBody]) -> Lead:
        return await self._client._call(ops.create_lead_op(fields))

    async def get(self, lead_id: str) -> Lead:
        return await self._client._call(ops.get_lead_op(lead_id))

    async def update(self, lead_id: str, **fields: Unpack[UpdateLeadBody]) -> Lead:
        return await self._client._call(ops.update_lead_op(lead_id, fields))

    async def delete(self, lead_id: str) -> DeletedLead:
        return await self._client._call(ops.delete_lead_op(lead_id))

    async def export(self, **query: Unpack[ExportLeadsQuery]) -> str:
        """The leads matching ``query`` as the server writes them: JSON Lines, or CSV with ``format="csv"``."""
        return await self._client._call(ops.export_leads_op(query))


class AsyncWebhooks(_AsyncResource):
    def list(self, **filters: Unpack[ListWebhooksQuery]) -> AsyncIterator[Webhook]:
        return _aitems(lambda cursor: self._client._call(ops.list_webhooks_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, **filters: Unpack[ListWebhooksQuery]) -> WebhookList:
        return await self._client._call(ops.list_webhooks_op(filters))

    async def create(self, **fields: Unpack[CreateWebhookBody]) -> WebhookWithSecret:
        """Registers an endpoint; the returned ``secret`` (``whsec_…``) is shown this once."""
        return await self._client._call(ops.create_webhook_op(fields))

    async def get(self, webhook_id: str) -> Webhook:
        return await self._client._call(ops.get_webhook_op(webhook_id))

    async def update(self, webhook_id: str, **fields: Unpack[UpdateWebhookBody]) -> Webhook:
        return await self._client._call(ops.update_webhook_op(webhook_id, fields))

    async def delete(self, webhook_id: str) -> DeleteWebhookResponse200:
        return await self._client._call(ops.delete_webhook_op(webhook_id))

    async def test(self, webhook_id: str) -> WebhookDelivery:
        """Sends a ``webhook.test`` event to this endpoint alone."""
        return await self._client._call(ops.test_webhook_op(webhook_id))

    async def rotate_secret(self, webhook_id: str, **fields: Unpack[RotateWebhookSecretBody]) -> WebhookWithSecret:
        """A new signing secret; the old one keeps signing beside it for its grace period."""
        return await self._client._call(ops.rotate_webhook_secret_op(webhook_id, fields))

    def deliveries(self, webhook_id: str, **filters: Unpack[ListWebhookDeliveriesQuery]) -> AsyncIterator[WebhookDelivery]:
        return _aitems(lambda cursor: self._client._call(ops.list_webhook_deliveries_op(webhook_id, _at_cursor(filters, cursor))), filters.get("cursor"))

    async def deliveries_page(self, webhook_id: str, **filters: Unpack[ListWebhookDeliveriesQuery]) -> WebhookDeliveryList:
        return await self._client._call(ops.list_webhook_deliveries_op(webhook_id, filters))

    async def retry_delivery(self, webhook_id: str, delivery_id: str) -> WebhookDelivery:
        return await self._client._call(ops.retry_webhook_delivery_op(webhook_id, delivery_id))

    verify = staticmethod(Webhooks.verify)


class AsyncEvents(_AsyncResource):
    """The events webhooks deliver, kept to be read again."""

    def list(self, **filters: Unpack[ListEventsQuery]) -> AsyncIterator[Event]:
        return _aitems(lambda cursor: self._client._call(ops.list_events_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, **filters: Unpack[ListEventsQuery]) -> EventList:
        return await self._client._call(ops.list_events_op(filters))

    async def get(self, event_id: str) -> Event:
        return await self._client._call(ops.get_event_op(event_id))


class AsyncAnalytics(_AsyncResource):
    """``from_``/``to`` (``from`` is a Python keyword) are sent as the API's ``from``/``to``."""

    async def overview(self, **query: Unpack[GetAnalyticsOverviewQuery]) -> AnalyticsOverview:
        return await self._client._call(ops.analytics_overview_op(query))

    async def timeseries(self, **query: Unpack[GetAnalyticsTimeseriesQuery]) -> AnalyticsTimeseries:
        return await self._client._call(ops.analytics_timeseries_op(query))

    async def trends(self, **query: Unpack[GetAnalyticsTrendsQuery]) -> AnalyticsTrends:
        return await self._client._call(ops.analytics_trends_op(query))

    async def export(self, **query: Unpack[ExportAnalyticsQuery]) -> str:
        """The period's figures as the server writes them: CSV, or JSON text with ``format="json"``."""
        return await self._client._call(ops.export_analytics_op(query))


class AsyncAccountResource(_AsyncResource):
    async def get(self) -> Account:
        return await self._client._call(ops.get_account_op())

    async def usage(self) -> Usage:
        """Requests, messages and chatbots used against the plan's limits."""
        return await self._client._call(ops.get_usage_op({}))

    async def get_ip_allowlist(self) -> IpAllowlist:
        """The addresses and ranges API calls may come from (empty: any)."""
        return await self._client._call(ops.get_ip_allowlist_op())

    async def set_ip_allowlist(self, **fields: Unpack[SetIpAllowlistBody]) -> IpAllowlist:
        """Replaces the allowlist (``ip_allowlist=[]`` lifts it)."""
        return await self._client._call(ops.set_ip_allowlist_op(fields))


class AsyncApiKeys(_AsyncResource):
    def list(self, **filters: Unpack[ListApiKeysQuery]) -> AsyncIterator[ApiKey]:
        return _aitems(lambda cursor: self._client._call(ops.list_api_keys_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, **filters: Unpack[ListApiKeysQuery]) -> ApiKeyList:
        return await self._client._call(ops.list_api_keys_op(filters))

    async def create(self, **fields: Unpack[CreateApiKeyBody]) -> ApiKeyWithSecret:
        """A new key; its secret is in the answer, shown this once."""
        return await self._client._call(ops.create_api_key_op(fields))

    async def delete(self, key_id: str) -> ApiKey:
        return await self._client._call(ops.delete_api_key_op(key_id))

    async def rotate(self, key_id: str, **fields: Unpack[RotateApiKeyBody]) -> RotatedKey:
        return await self._client._call(ops.rotate_api_key_op(key_id, fields))


class AsyncOAuthClients(_AsyncResource):
    def list(self, **filters: Unpack[ListOAuthClientsQuery]) -> AsyncIterator[OAuthClient]:
        return _aitems(lambda cursor: self._client._call(ops.list_oauth_clients_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, **filters: Unpack[ListOAuthClientsQuery]) -> OAuthClientList:
        return await self._client._call(ops.list_oauth_clients_op(filters))

    async def create(self, **fields: Unpack[CreateOAuthClientBody]) -> OAuthClientWithSecret:
        """Registers an OAuth client (API keys only); its ``client_secret`` is shown this once."""
        return await self._client._call(ops.create_oauth_client_op(fields))

    async def delete(self, client_id: str) -> OAuthClientDeleted:
        return await self._client._call(ops.delete_oauth_client_op(client_id))

    async def rotate_secret(self, client_id: str) -> OAuthClientWithSecret:
        return await self._client._call(ops.rotate_oauth_client_secret_op(client_id))


class AsyncMembers(_AsyncResource):
    """The account's people (live mode: a test key gets 403 ``live_mode_required``)."""

    def list(self, **filters: Unpack[ListMembersQuery]) -> AsyncIterator[Member]:
        return _aitems(lambda cursor: self._client._call(ops.list_members_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, **filters: Unpack[ListMembersQuery]) -> MemberList:
        return await self._client._call(ops.list_members_op(filters))

    async def invite(self, **fields: Unpack[InviteMemberBody]) -> InvitedMember:
        """Invites a person by e-mail; the answer holds the invitation."""
        return await self._client._call(ops.invite_member_op(fields))

    async def get(self, user_id: str) -> Member:
        return await self._client._call(ops.get_member_op(user_id))

    async def update(self, user_id: str, **fields: Unpack[UpdateMemberBody]) -> Member:
        return await self._client._call(ops.update_member_op(user_id, fields))

    async def remove(self, user_id: str) -> DeletedMember:
        return await self._client._call(ops.remove_member_op(user_id))

    async def resend_invitation(self, user_id: str) -> Invitation:
        """A new invitation for a member who has not accepted yet (the old link stops working)."""
        return await self._client._call(ops.resend_invitation_op(user_id))

    async def sign_out(self, user_id: str) -> MemberSignedOut:
        """Ends every session of the member."""
        return await self._client._call(ops.sign_out_member_op(user_id))


class AsyncModelProviders(_AsyncResource):
    """The account's own model servers (OpenAI-compatible or Ollama) chatbots can answer with."""

    def list(self, **filters: Unpack[ListModelProvidersQuery]) -> AsyncIterator[ModelProvider]:
        return _aitems(lambda cursor: self._client._call(ops.list_model_providers_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, **filters: Unpack[ListModelProvidersQuery]) -> ModelProviderList:
        return await self._client._call(ops.list_model_providers_op(filters))

    async def create(self, **fields: Unpack[CreateModelProviderBody]) -> ModelProvider:
        return await self._client._call(ops.create_model_provider_op(fields))

    async def get(self, provider_id: str) -> ModelProvider:
        return await self._client._call(ops.get_model_provider_op(provider_id))

    async def update(self, provider_id: str, **fields: Unpack[UpdateModelProviderBody]) -> ModelProvider:
        return await self._client._call(ops.update_model_provider_op(provider_id, fields))

    async def delete(self, provider_id: str) -> DeletedModelProvider:
        return await self._client._call(ops.delete_model_provider_op(provider_id))

    async def test(self, provider_id: str) -> ModelProviderTest:
        """Calls the provider's chat and embedding models once and says what answered."""
        return await self._client._call(ops.test_model_provider_op(provider_id))


class AsyncSavedReplies(_AsyncResource):
    """Replies agents insert by shortcut, with variables filled in per conversation."""

    def list(self, **filters: Unpack[ListSavedRepliesQuery]) -> AsyncIterator[SavedReply]:
        return _aitems(lambda cursor: self._client._call(ops.list_saved_replies_op(_at_cursor(filters, cursor))), filters.get("cursor"))

    async def list_page(self, **filters: Unpack[ListSavedRepliesQuery]) -> SavedReplyList:
        return await self._client._call(ops.list_saved_replies_op(filters))

    async def create(self, **fields: Unpack[CreateSavedReplyBody]) -> SavedReply:
        return await self._client._call(ops.create_saved_reply_op(fields))

    async def get(self, reply_id: str) -> SavedReply:
        return await self._client._call(ops.get_saved_reply_op(reply_id))

    async def update(self, reply_id: str, **fields: Unpack[UpdateSavedReplyBody]) -> SavedReply:
        return await self._client._call(ops.update_saved_reply_op(reply_id, fields))

    async def delete(self, reply_id: str) -> DeletedSavedReply:
        return await self._client._call(ops.delete_saved_reply_op(reply_id))

    async def render(self, reply_id: str, **fields: Unpack[RenderSavedReplyBody]) -> RenderedSavedReply:
        """The reply's text for a conversation, its variables filled in (``missing``: those left empty)."""
        return await self._client._call(ops.render_saved_reply_op(reply_id, fields))

