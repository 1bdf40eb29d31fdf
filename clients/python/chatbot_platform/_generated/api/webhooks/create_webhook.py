from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_webhook import CreateWebhook
from ...models.error import Error
from ...models.webhook_with_secret import WebhookWithSecret
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateWebhook,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WebhookWithSecret | None:
    if response.status_code == 201:
        response_201 = WebhookWithSecret.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | WebhookWithSecret]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateWebhook,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | WebhookWithSecret]:
    """Register a webhook endpoint

     `url` (http or https), `chatbot_id` (null: every chatbot of the account), `events` (default all:
    `["*"]`), `description`. Answers 201 with the signing `secret`, shown this once. An address this
    server does not send to (private, loopback or reserved unless the operator lists it in
    `WEBHOOK_ALLOWED_CIDRS`; outside `EGRESS_ALLOWED_CIDRS` when set) is 400
    `webhook_address_not_allowed` when the host is an IP address or `localhost`; a host name is judged
    on its resolved address at each delivery, which fails if refused. At most 10 per chatbot (409
    `webhook_limit_reached`). Deliveries are signed per Standard Webhooks. An OAuth token subscribes
    only to the event types its scopes see (`lead.*` needs `leads:read`, `*` every area’s read scope):
    else 403 `insufficient_scope`.

    Args:
        idempotency_key (str | Unset):
        body (CreateWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookWithSecret]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateWebhook,
    idempotency_key: str | Unset = UNSET,
) -> Error | WebhookWithSecret | None:
    """Register a webhook endpoint

     `url` (http or https), `chatbot_id` (null: every chatbot of the account), `events` (default all:
    `["*"]`), `description`. Answers 201 with the signing `secret`, shown this once. An address this
    server does not send to (private, loopback or reserved unless the operator lists it in
    `WEBHOOK_ALLOWED_CIDRS`; outside `EGRESS_ALLOWED_CIDRS` when set) is 400
    `webhook_address_not_allowed` when the host is an IP address or `localhost`; a host name is judged
    on its resolved address at each delivery, which fails if refused. At most 10 per chatbot (409
    `webhook_limit_reached`). Deliveries are signed per Standard Webhooks. An OAuth token subscribes
    only to the event types its scopes see (`lead.*` needs `leads:read`, `*` every area’s read scope):
    else 403 `insufficient_scope`.

    Args:
        idempotency_key (str | Unset):
        body (CreateWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookWithSecret
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateWebhook,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | WebhookWithSecret]:
    """Register a webhook endpoint

     `url` (http or https), `chatbot_id` (null: every chatbot of the account), `events` (default all:
    `["*"]`), `description`. Answers 201 with the signing `secret`, shown this once. An address this
    server does not send to (private, loopback or reserved unless the operator lists it in
    `WEBHOOK_ALLOWED_CIDRS`; outside `EGRESS_ALLOWED_CIDRS` when set) is 400
    `webhook_address_not_allowed` when the host is an IP address or `localhost`; a host name is judged
    on its resolved address at each delivery, which fails if refused. At most 10 per chatbot (409
    `webhook_limit_reached`). Deliveries are signed per Standard Webhooks. An OAuth token subscribes
    only to the event types its scopes see (`lead.*` needs `leads:read`, `*` every area’s read scope):
    else 403 `insufficient_scope`.

    Args:
        idempotency_key (str | Unset):
        body (CreateWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookWithSecret]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateWebhook,
    idempotency_key: str | Unset = UNSET,
) -> Error | WebhookWithSecret | None:
    """Register a webhook endpoint

     `url` (http or https), `chatbot_id` (null: every chatbot of the account), `events` (default all:
    `["*"]`), `description`. Answers 201 with the signing `secret`, shown this once. An address this
    server does not send to (private, loopback or reserved unless the operator lists it in
    `WEBHOOK_ALLOWED_CIDRS`; outside `EGRESS_ALLOWED_CIDRS` when set) is 400
    `webhook_address_not_allowed` when the host is an IP address or `localhost`; a host name is judged
    on its resolved address at each delivery, which fails if refused. At most 10 per chatbot (409
    `webhook_limit_reached`). Deliveries are signed per Standard Webhooks. An OAuth token subscribes
    only to the event types its scopes see (`lead.*` needs `leads:read`, `*` every area’s read scope):
    else 403 `insufficient_scope`.

    Args:
        idempotency_key (str | Unset):
        body (CreateWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookWithSecret
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
