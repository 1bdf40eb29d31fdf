from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.rotate_key import RotateKey
from ...models.rotated_key import RotatedKey
from ...types import UNSET, Response, Unset


def _get_kwargs(
    key_id: str,
    *,
    body: None | RotateKey | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/api-keys/{key_id}/rotate".format(
            key_id=quote(str(key_id), safe=""),
        ),
    }

    if isinstance(body, RotateKey):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RotatedKey | None:
    if response.status_code == 201:
        response_201 = RotatedKey.from_dict(response.json())

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
) -> Response[Error | RotatedKey]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    key_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateKey | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | RotatedKey]:
    """Rotate an API key

     Creates a new key (its `secret` shown once) and lets the old one work for `grace_period_seconds`
    (default 24 h, 0 ends it at once). Rotating a revoked, expired or already rotated key is a 409. The
    new key keeps the old one’s maker (`created_by`), so only someone at or above the maker’s role may
    rotate it (403 `insufficient_role`); a key whose maker left the account becomes the caller’s.

    Args:
        key_id (str): An id of the form key_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateKey | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RotatedKey]
    """

    kwargs = _get_kwargs(
        key_id=key_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    key_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateKey | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | RotatedKey | None:
    """Rotate an API key

     Creates a new key (its `secret` shown once) and lets the old one work for `grace_period_seconds`
    (default 24 h, 0 ends it at once). Rotating a revoked, expired or already rotated key is a 409. The
    new key keeps the old one’s maker (`created_by`), so only someone at or above the maker’s role may
    rotate it (403 `insufficient_role`); a key whose maker left the account becomes the caller’s.

    Args:
        key_id (str): An id of the form key_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateKey | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RotatedKey
    """

    return sync_detailed(
        key_id=key_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    key_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateKey | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | RotatedKey]:
    """Rotate an API key

     Creates a new key (its `secret` shown once) and lets the old one work for `grace_period_seconds`
    (default 24 h, 0 ends it at once). Rotating a revoked, expired or already rotated key is a 409. The
    new key keeps the old one’s maker (`created_by`), so only someone at or above the maker’s role may
    rotate it (403 `insufficient_role`); a key whose maker left the account becomes the caller’s.

    Args:
        key_id (str): An id of the form key_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateKey | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RotatedKey]
    """

    kwargs = _get_kwargs(
        key_id=key_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    key_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateKey | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | RotatedKey | None:
    """Rotate an API key

     Creates a new key (its `secret` shown once) and lets the old one work for `grace_period_seconds`
    (default 24 h, 0 ends it at once). Rotating a revoked, expired or already rotated key is a 409. The
    new key keeps the old one’s maker (`created_by`), so only someone at or above the maker’s role may
    rotate it (403 `insufficient_role`); a key whose maker left the account becomes the caller’s.

    Args:
        key_id (str): An id of the form key_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateKey | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RotatedKey
    """

    return (
        await asyncio_detailed(
            key_id=key_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
