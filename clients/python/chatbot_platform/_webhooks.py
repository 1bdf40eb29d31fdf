"""Standard Webhooks signatures, as plugins/webhooks/signing.ts of the server makes them.

The signature is ``v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`` keyed with
the bytes of the secret's base64 after ``whsec_``; while a rotated secret is in its grace period the
header holds several, space-separated, and one match is enough.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any

from ._errors import WebhookVerificationError

#: How far a timestamp may be from now, either way: an older request may be a replay.
DEFAULT_TOLERANCE_SECONDS = 5 * 60


def _header(headers: Mapping[str, str], name: str) -> str:
    for key, value in headers.items():
        if key.lower() == name:
            return value
    raise WebhookVerificationError(f"the {name} header is missing")


def verify_webhook(
    payload: bytes | str,
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance_seconds: int = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> dict[str, Any]:
    """Checks a received webhook request and returns its event; raises WebhookVerificationError.

    ``payload`` is the body exactly as received (before any JSON parsing), ``headers`` the
    request's headers, ``secret`` the ``whsec_…`` secret shown when the webhook was created.
    """
    body = payload if isinstance(payload, bytes) else payload.encode("utf-8", "surrogateescape")
    webhook_id = _header(headers, "webhook-id")
    timestamp_text = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    try:
        timestamp = int(timestamp_text)
    except ValueError:
        raise WebhookVerificationError("the webhook-timestamp header is not a number of seconds") from None
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance_seconds:
        raise WebhookVerificationError(f"the webhook-timestamp is more than {tolerance_seconds} s from now")
    try:
        key = base64.b64decode(secret.removeprefix("whsec_"), validate=True)
    except binascii.Error:
        raise WebhookVerificationError("the secret is not whsec_ and base64") from None
    # The timestamp as the header wrote it, the body as it came: any reformatting would sign other bytes.
    signed = f"{webhook_id}.{timestamp_text}.".encode("utf-8", "surrogateescape") + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest())
    for signature in signatures.split(" "):
        version, _, value = signature.partition(",")
        # Bytes, not text: compare_digest refuses a str that is not ASCII.
        if version == "v1" and hmac.compare_digest(value.encode("utf-8", "surrogateescape"), expected):
            try:
                event: Any = json.loads(body.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                raise WebhookVerificationError("the body is not UTF-8 JSON") from None
            if not isinstance(event, dict):
                raise WebhookVerificationError("the body is not a JSON object")
            return event
    raise WebhookVerificationError("no signature matches the body")
