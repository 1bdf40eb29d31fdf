"""The errors the client raises: one per status class, all carrying the server's error body."""

from __future__ import annotations

from typing import Any

import httpx


class ChatbotPlatformError(Exception):
    """Every error this package raises."""


class ApiConnectionError(ChatbotPlatformError):
    """The server could not be reached (after the retries)."""


class WebhookVerificationError(ChatbotPlatformError):
    """A webhook request whose signature or timestamp does not check out: do not trust its body."""


class ApiError(ChatbotPlatformError):
    """The server answered with an error status.

    ``code`` is the stable machine code (``chatbot_not_found``, ``validation_failed``…), ``details``
    lists what failed validation, ``request_id`` is the ``X-Request-Id`` to quote in a report.
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        request_id: str | None,
        details: list[dict[str, Any]],
        headers: httpx.Headers,
    ) -> None:
        super().__init__(f"{status} {code}: {message}" + (f" (request {request_id})" if request_id else ""))
        self.status = status
        self.code = code
        self.message = message
        self.request_id = request_id
        self.details = details
        self.headers = headers


class BadRequestError(ApiError):
    """400"""


class AuthenticationError(ApiError):
    """401: a missing, wrong or revoked key or token"""


class PermissionDeniedError(ApiError):
    """403: the key's plan, mode or scope does not allow it"""


class NotFoundError(ApiError):
    """404"""


class ConflictError(ApiError):
    """409"""


class UnprocessableEntityError(ApiError):
    """422: a body the server understood but refused"""


class RateLimitError(ApiError):
    """429: still refused after the retries (``headers['retry-after']`` says for how long)"""


class ServerError(ApiError):
    """5xx"""


_BY_STATUS: dict[int, type[ApiError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def error_from_body(status: int, body: Any, headers: httpx.Headers) -> ApiError:
    """The typed error of an error body: the API's own shape, or an OAuth endpoint's (RFC 6749)."""
    fields: dict[str, Any] = body if isinstance(body, dict) else {}
    # The OAuth endpoints answer {"error": "invalid_client", "error_description": "…"}.
    oauth = "code" not in fields and isinstance(fields.get("error"), str) and status < 500
    code = str(fields.get("error") if oauth else fields.get("code", "http_error"))
    message = str(fields.get("error_description" if oauth else "message", "") or f"HTTP {status}")
    request_id = fields.get("request_id") or headers.get("x-request-id")
    details = fields.get("details")
    kind = _BY_STATUS.get(status, ServerError if status >= 500 else ApiError)
    return kind(
        status=status,
        code=code,
        message=message,
        request_id=str(request_id) if request_id else None,
        details=list(details) if isinstance(details, list) else [],
        headers=headers,
    )


def error_from_response(response: httpx.Response) -> ApiError:
    try:
        body: Any = response.json()
    except ValueError:
        body = None
    return error_from_body(response.status_code, body, response.headers)
