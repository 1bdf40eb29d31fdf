"""What the sync and async tests share: names, the Q&A pair, a request log."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field

import httpx

QUESTION = "How long does delivery take?"
ANSWER = "Delivery takes 2 to 3 working days."
#: Polling for what the server does in the background (knowledge, webhook deliveries) stops here.
WAIT_SECONDS = 60.0


def unique(name: str) -> str:
    return f"{name} {uuid.uuid4().hex[:8]}"


@dataclass
class RequestLog:
    """Every response the client received, as (method, path, status), and the Idempotency-Key
    its request carried (None without one), both in order: an httpx event hook."""

    seen: list[tuple[str, str, int]] = field(default_factory=list)
    idempotency_keys: list[str | None] = field(default_factory=list)
    retry_after: list[str | None] = field(default_factory=list)

    def hook(self, response: httpx.Response) -> None:
        self.seen.append((response.request.method, response.request.url.path, response.status_code))
        self.idempotency_keys.append(response.request.headers.get("idempotency-key"))
        self.retry_after.append(response.headers.get("retry-after"))

    async def async_hook(self, response: httpx.Response) -> None:
        self.hook(response)


def deadline() -> float:
    return time.monotonic() + WAIT_SECONDS
