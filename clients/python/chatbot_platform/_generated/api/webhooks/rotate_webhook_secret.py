from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.rotate_webhook_secret import RotateWebhookSecret
from ...models.webhook_with_secret import WebhookWithSecret
from ...types import UNSET, Response, Unset


def _get_kwargs(
    wh_id: str,
    *,
    body: None | RotateWebhookSecret | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks/{wh_id}/rotate-secret".format(
            wh_id=quote(str(wh_id), safe=""),
        ),
    }

    if isinstance(body, RotateWebhookSecret):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WebhookWithSecret | None:
    if response.status_code == 200:
        response_200 = WebhookWithSecret.from_dict(response.json())

        return response_200

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
    wh_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateWebhookSecret | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | WebhookWithSecret]:
    """Rotate the signing secret

     Answers with the new `secret`, shown this once. The old one keeps signing too for `grace_seconds`
    (default 24 h): deliveries then carry two signatures, so receivers can switch without a gap.

    Args:
        wh_id (str): An id of the form wh_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateWebhookSecret | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookWithSecret]
    """

    kwargs = _get_kwargs(
        wh_id=wh_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    wh_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateWebhookSecret | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | WebhookWithSecret | None:
    """Rotate the signing secret

     Answers with the new `secret`, shown this once. The old one keeps signing too for `grace_seconds`
    (default 24 h): deliveries then carry two signatures, so receivers can switch without a gap.

    Args:
        wh_id (str): An id of the form wh_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateWebhookSecret | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookWithSecret
    """

    return sync_detailed(
        wh_id=wh_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    wh_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateWebhookSecret | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | WebhookWithSecret]:
    """Rotate the signing secret

     Answers with the new `secret`, shown this once. The old one keeps signing too for `grace_seconds`
    (default 24 h): deliveries then carry two signatures, so receivers can switch without a gap.

    Args:
        wh_id (str): An id of the form wh_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateWebhookSecret | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookWithSecret]
    """

    kwargs = _get_kwargs(
        wh_id=wh_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    wh_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateWebhookSecret | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | WebhookWithSecret | None:
    """Rotate the signing secret

     Answers with the new `secret`, shown this once. The old one keeps signing too for `grace_seconds`
    (default 24 h): deliveries then carry two signatures, so receivers can switch without a gap.

    Args:
        wh_id (str): An id of the form wh_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateWebhookSecret | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookWithSecret
    """

    return (
        await asyncio_detailed(
            wh_id=wh_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
