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
from collections.abc import AsyncIterator, Iterator, Mapping
from email.utils import parsedate_to_datetime
from typing import Any, TypeVar

import httpx

from . import _operations as ops
from ._errors import ApiConnectionError, ApiError, error_from_response
from ._generated.models.chatbot import Chatbot
from ._generated.models.chatbot_list import ChatbotList
from ._generated.models.conversation import Conversation
from ._generated.models.created_chatbot import CreatedChatbot
from ._generated.models.deleted_chatbot import DeletedChatbot
from ._generated.models.knowledge_item import KnowledgeItem
from ._generated.models.knowledge_item_list import KnowledgeItemList
from ._generated.models.knowledge_search_result import KnowledgeSearchResult
from ._generated.models.lead import Lead
from ._generated.models.message_turn import MessageTurn
from ._generated.models.o_auth_client_with_secret import OAuthClientWithSecret
from ._generated.models.webhook_with_secret import WebhookWithSecret
from ._generated.models.webhook_delivery import WebhookDelivery
from ._generated.models.webhook_list import WebhookList
from ._webhooks import DEFAULT_TOLERANCE_SECONDS, verify_webhook

T = TypeVar("T")

DEFAULT_BASE_URL = "http://localhost:3000"
DEFAULT_TIMEOUT = 60.0
#: Statuses worth another try: the rate limit and a server that is starting, stopping or overloaded.
RETRYABLE_STATUSES = frozenset({429, 503})
#: A Retry-After longer than this is not waited for: the error goes to the caller.
MAX_RETRY_AFTER_SECONDS = 60.0
#: A token is renewed this long before it expires, so no request goes out with one about to lapse.
TOKEN_RENEWAL_MARGIN_SECONDS = 60.0


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


def _parse(op: ops.Operation[T], response: httpx.Response) -> T:
    if response.status_code >= 400:
        raise error_from_response(response)
    return op.parse(response.json())


class ChatbotPlatform:
    """The API, synchronously. ``with ChatbotPlatform(api_key=...) as client: …`` closes it after.

    Authenticate with ``api_key`` (``sk_live_…``/``sk_test_…``), or with an OAuth client's
    ``oauth_client_id`` and ``oauth_client_secret`` (and the ``scope`` to ask for): a token is
    fetched from ``POST /oauth/token`` when first needed and renewed before it expires.
    Requests answered 429 or 503, and those that did not reach the server, are retried up to
    ``max_retries`` times, waiting as ``Retry-After`` says; every POST carries an
    ``Idempotency-Key``, the same on each retry, so a retried write happens once.
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
        self.knowledge = Knowledge(self)
        self.conversations = Conversations(self)
        self.leads = Leads(self)
        self.webhooks = Webhooks(self)
        self.oauth_clients = OAuthClients(self)

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
                delay = retry_delay(attempt, None)
                if attempt >= self._settings.max_retries or delay is None:
                    raise ApiConnectionError(f"{op.method} {op.url}: {error}") from error
            else:
                delay = retry_delay(attempt, response) if response.status_code in RETRYABLE_STATUSES else None
                if delay is None or attempt >= self._settings.max_retries:
                    return response
                response.close()
            time.sleep(delay)
            attempt += 1

    def _call(self, op: ops.Operation[T]) -> T:
        return _parse(op, self._send(op, self._bearer(), _idempotency_key(op), "application/json"))

    def _stream(self, op: ops.Operation[Any]) -> Iterator[ops.StreamEvent]:
        response = self._send(op, self._bearer(), _idempotency_key(op), "text/event-stream", stream=True)
        try:
            if response.status_code >= 400:
                response.read()
                raise error_from_response(response)
            parser = ops.SseParser()
            for line in response.iter_lines():
                ready = parser.feed(line)
                if ready is not None:
                    event = ops.stream_event(ready[0], ready[1], response.headers)
                    if event is not None:
                        yield event
        finally:
            response.close()


class _Resource:
    def __init__(self, client: ChatbotPlatform) -> None:
        self._client = client


class Chatbots(_Resource):
    def create(self, *, name: str, **fields: Any) -> CreatedChatbot:
        return self._client._call(ops.create_chatbot_op({"name": name, **fields}))

    def list(self, **filters: Any) -> ChatbotList:
        return self._client._call(ops.list_chatbots_op(filters))

    def get(self, chatbot_id: str) -> Chatbot:
        return self._client._call(ops.get_chatbot_op(chatbot_id))

    def update(self, chatbot_id: str, **fields: Any) -> Chatbot:
        return self._client._call(ops.update_chatbot_op(chatbot_id, fields))

    def delete(self, chatbot_id: str) -> DeletedChatbot:
        return self._client._call(ops.delete_chatbot_op(chatbot_id))


class Knowledge(_Resource):
    def create(self, chatbot_id: str, **item: Any) -> KnowledgeItem:
        """Adds an item: ``type="qa", question=..., answer=...``, or a ``url`` or ``document``."""
        return self._client._call(ops.create_knowledge_op(chatbot_id, item))

    def list(self, chatbot_id: str, **filters: Any) -> KnowledgeItemList:
        return self._client._call(ops.list_knowledge_op(chatbot_id, filters))

    def get(self, chatbot_id: str, item_id: str, *, include_content: bool | None = None) -> KnowledgeItem:
        return self._client._call(ops.get_knowledge_op(chatbot_id, item_id, include_content))

    def search(self, chatbot_id: str, *, query: str, **fields: Any) -> KnowledgeSearchResult:
        return self._client._call(ops.search_knowledge_op(chatbot_id, {"query": query, **fields}))


class Conversations(_Resource):
    def create(self, chatbot_id: str, **fields: Any) -> Conversation:
        return self._client._call(ops.create_conversation_op(chatbot_id, fields))

    def send(self, chatbot_id: str, conversation_id: str, *, content: str | None = None, **fields: Any) -> MessageTurn:
        """Sends a message; the turn has ``.message``, the chatbot's ``.reply`` and ``.conversation``."""
        return self._client._call(ops.send_message_op(chatbot_id, conversation_id, {"content": content, **fields}))

    def stream(self, chatbot_id: str, conversation_id: str, *, content: str | None = None, **fields: Any) -> Iterator[ops.StreamEvent]:
        """Sends a message and yields the reply as it is written: ``message``, ``delta``… then ``done`` (or ``error``)."""
        return self._client._stream(ops.send_message_op(chatbot_id, conversation_id, {"content": content, **fields}))


class Leads(_Resource):
    def create(self, **fields: Any) -> Lead:
        return self._client._call(ops.create_lead_op(fields))

    def get(self, lead_id: str) -> Lead:
        return self._client._call(ops.get_lead_op(lead_id))

    def list(self, **filters: Any) -> Iterator[Lead]:
        """Every lead matching ``filters``, page after page (``limit`` is the page size)."""
        cursor = filters.pop("cursor", None)
        while True:
            page = self._client._call(ops.list_leads_op({**filters, "cursor": cursor}))
            yield from page.data
            if not page.has_more or not page.next_cursor:
                return
            cursor = page.next_cursor


class Webhooks(_Resource):
    def create(self, *, url: str, **fields: Any) -> WebhookWithSecret:
        """Registers an endpoint; the returned ``secret`` (``whsec_…``) is shown this once."""
        return self._client._call(ops.create_webhook_op({"url": url, **fields}))

    def list(self, **filters: Any) -> WebhookList:
        return self._client._call(ops.list_webhooks_op(filters))

    def test(self, webhook_id: str, **fields: Any) -> WebhookDelivery:
        """Sends a ``webhook.test`` event to the endpoint."""
        return self._client._call(ops.test_webhook_op(webhook_id, fields))

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


class OAuthClients(_Resource):
    def create(self, *, name: str, scopes: list[str], **fields: Any) -> OAuthClientWithSecret:
        """Registers an OAuth client (API keys only); its ``client_secret`` is shown this once."""
        return self._client._call(ops.create_oauth_client_op({"name": name, "scopes": scopes, **fields}))


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
        self.knowledge = AsyncKnowledge(self)
        self.conversations = AsyncConversations(self)
        self.leads = AsyncLeads(self)
        self.webhooks = AsyncWebhooks(self)
        self.oauth_clients = AsyncOAuthClients(self)

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
                delay = retry_delay(attempt, None)
                if attempt >= self._settings.max_retries or delay is None:
                    raise ApiConnectionError(f"{op.method} {op.url}: {error}") from error
            else:
                delay = retry_delay(attempt, response) if response.status_code in RETRYABLE_STATUSES else None
                if delay is None or attempt >= self._settings.max_retries:
                    return response
                await response.aclose()
            await asyncio.sleep(delay)
            attempt += 1

    async def _call(self, op: ops.Operation[T]) -> T:
        return _parse(op, await self._send(op, await self._bearer(), _idempotency_key(op), "application/json"))

    async def _stream(self, op: ops.Operation[Any]) -> AsyncIterator[ops.StreamEvent]:
        response = await self._send(op, await self._bearer(), _idempotency_key(op), "text/event-stream", stream=True)
        try:
            if response.status_code >= 400:
                await response.aread()
                raise error_from_response(response)
            parser = ops.SseParser()
            async for line in response.aiter_lines():
                ready = parser.feed(line)
                if ready is not None:
                    event = ops.stream_event(ready[0], ready[1], response.headers)
                    if event is not None:
                        yield event
        finally:
            await response.aclose()


class _AsyncResource:
    def __init__(self, client: AsyncChatbotPlatform) -> None:
        self._client = client


class AsyncChatbots(_AsyncResource):
    async def create(self, *, name: str, **fields: Any) -> CreatedChatbot:
        return await self._client._call(ops.create_chatbot_op({"name": name, **fields}))

    async def list(self, **filters: Any) -> ChatbotList:
        return await self._client._call(ops.list_chatbots_op(filters))

    async def get(self, chatbot_id: str) -> Chatbot:
        return await self._client._call(ops.get_chatbot_op(chatbot_id))

    async def update(self, chatbot_id: str, **fields: Any) -> Chatbot:
        return await self._client._call(ops.update_chatbot_op(chatbot_id, fields))

    async def delete(self, chatbot_id: str) -> DeletedChatbot:
        return await self._client._call(ops.delete_chatbot_op(chatbot_id))


class AsyncKnowledge(_AsyncResource):
    async def create(self, chatbot_id: str, **item: Any) -> KnowledgeItem:
        return await self._client._call(ops.create_knowledge_op(chatbot_id, item))

    async def list(self, chatbot_id: str, **filters: Any) -> KnowledgeItemList:
        return await self._client._call(ops.list_knowledge_op(chatbot_id, filters))

    async def get(self, chatbot_id: str, item_id: str, *, include_content: bool | None = None) -> KnowledgeItem:
        return await self._client._call(ops.get_knowledge_op(chatbot_id, item_id, include_content))

    async def search(self, chatbot_id: str, *, query: str, **fields: Any) -> KnowledgeSearchResult:
        return await self._client._call(ops.search_knowledge_op(chatbot_id, {"query": query, **fields}))


class AsyncConversations(_AsyncResource):
    async def create(self, chatbot_id: str, **fields: Any) -> Conversation:
        return await self._client._call(ops.create_conversation_op(chatbot_id, fields))

    async def send(self, chatbot_id: str, conversation_id: str, *, content: str | None = None, **fields: Any) -> MessageTurn:
        return await self._client._call(ops.send_message_op(chatbot_id, conversation_id, {"content": content, **fields}))

    def stream(self, chatbot_id: str, conversation_id: str, *, content: str | None = None, **fields: Any) -> AsyncIterator[ops.StreamEvent]:
        """``async for event in client.conversations.stream(...)``: as the sync client's."""
        return self._client._stream(ops.send_message_op(chatbot_id, conversation_id, {"content": content, **fields}))


class AsyncLeads(_AsyncResource):
    async def create(self, **fields: Any) -> Lead:
        return await self._client._call(ops.create_lead_op(fields))

    async def get(self, lead_id: str) -> Lead:
        return await self._client._call(ops.get_lead_op(lead_id))

    async def list(self, **filters: Any) -> AsyncIterator[Lead]:
        """``async for lead in client.leads.list(...)``: every lead, page after page."""
        cursor = filters.pop("cursor", None)
        while True:
            page = await self._client._call(ops.list_leads_op({**filters, "cursor": cursor}))
            for lead in page.data:
                yield lead
            if not page.has_more or not page.next_cursor:
                return
            cursor = page.next_cursor


class AsyncWebhooks(_AsyncResource):
    async def create(self, *, url: str, **fields: Any) -> WebhookWithSecret:
        return await self._client._call(ops.create_webhook_op({"url": url, **fields}))

    async def list(self, **filters: Any) -> WebhookList:
        return await self._client._call(ops.list_webhooks_op(filters))

    async def test(self, webhook_id: str, **fields: Any) -> WebhookDelivery:
        return await self._client._call(ops.test_webhook_op(webhook_id, fields))

    verify = staticmethod(Webhooks.verify)


class AsyncOAuthClients(_AsyncResource):
    async def create(self, *, name: str, scopes: list[str], **fields: Any) -> OAuthClientWithSecret:
        return await self._client._call(ops.create_oauth_client_op({"name": name, "scopes": scopes, **fields}))
