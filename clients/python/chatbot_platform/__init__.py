"""The official Python client of the chatbot platform's API.

``ChatbotPlatform`` (sync) and ``AsyncChatbotPlatform`` (async) are written by hand over the
low-level package in ``_generated``, which openapi-python-client makes from clients/openapi.json
(``npx tsx bin/build/python-client.ts``); its models are the types the methods return.
"""

from ._client import AsyncChatbotPlatform, ChatbotPlatform
from ._errors import (
    ApiConnectionError,
    ApiError,
    AuthenticationError,
    BadRequestError,
    ChatbotPlatformError,
    ConflictError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    UnprocessableEntityError,
    WebhookVerificationError,
)
from ._operations import DeltaEvent, DoneEvent, LiveEvent, MessageEvent, StreamEvent
from ._webhooks import verify_webhook

__all__ = [
    "ApiConnectionError",
    "ApiError",
    "AsyncChatbotPlatform",
    "AuthenticationError",
    "BadRequestError",
    "ChatbotPlatform",
    "ChatbotPlatformError",
    "ConflictError",
    "DeltaEvent",
    "DoneEvent",
    "LiveEvent",
    "MessageEvent",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServerError",
    "StreamEvent",
    "UnprocessableEntityError",
    "WebhookVerificationError",
    "verify_webhook",
]
