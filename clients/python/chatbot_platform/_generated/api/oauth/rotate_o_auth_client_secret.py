from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.o_auth_client_with_secret import OAuthClientWithSecret
from ...models.rotate_key import RotateKey
from ...types import UNSET, Response, Unset


def _get_kwargs(
    client_id: str,
    *,
    body: None | RotateKey | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/oauth/clients/{client_id}/rotate-secret".format(
            client_id=quote(str(client_id), safe=""),
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
) -> Error | OAuthClientWithSecret | None:
    if response.status_code == 200:
        response_200 = OAuthClientWithSecret.from_dict(response.json())

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
) -> Response[Error | OAuthClientWithSecret]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    client_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateKey | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | OAuthClientWithSecret]:
    """Rotate an OAuth client’s secret

     Returns a new `client_secret` (shown once); the previous one keeps working for
    `grace_period_seconds` (default: the server’s key rotation grace, 24 h; 0 ends it now). Tokens
    already issued stay valid until they expire. The client keeps its maker: only someone at or above
    the maker’s role may rotate it (403 `insufficient_role`); a client whose maker left the account
    becomes the caller’s.

    Args:
        client_id (str): An id of the form oac_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateKey | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | OAuthClientWithSecret]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    client_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateKey | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | OAuthClientWithSecret | None:
    """Rotate an OAuth client’s secret

     Returns a new `client_secret` (shown once); the previous one keeps working for
    `grace_period_seconds` (default: the server’s key rotation grace, 24 h; 0 ends it now). Tokens
    already issued stay valid until they expire. The client keeps its maker: only someone at or above
    the maker’s role may rotate it (403 `insufficient_role`); a client whose maker left the account
    becomes the caller’s.

    Args:
        client_id (str): An id of the form oac_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateKey | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | OAuthClientWithSecret
    """

    return sync_detailed(
        client_id=client_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    client_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateKey | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | OAuthClientWithSecret]:
    """Rotate an OAuth client’s secret

     Returns a new `client_secret` (shown once); the previous one keeps working for
    `grace_period_seconds` (default: the server’s key rotation grace, 24 h; 0 ends it now). Tokens
    already issued stay valid until they expire. The client keeps its maker: only someone at or above
    the maker’s role may rotate it (403 `insufficient_role`); a client whose maker left the account
    becomes the caller’s.

    Args:
        client_id (str): An id of the form oac_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateKey | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | OAuthClientWithSecret]
    """

    kwargs = _get_kwargs(
        client_id=client_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    client_id: str,
    *,
    client: AuthenticatedClient,
    body: None | RotateKey | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | OAuthClientWithSecret | None:
    """Rotate an OAuth client’s secret

     Returns a new `client_secret` (shown once); the previous one keeps working for
    `grace_period_seconds` (default: the server’s key rotation grace, 24 h; 0 ends it now). Tokens
    already issued stay valid until they expire. The client keeps its maker: only someone at or above
    the maker’s role may rotate it (403 `insufficient_role`); a client whose maker left the account
    becomes the caller’s.

    Args:
        client_id (str): An id of the form oac_<ulid>
        idempotency_key (str | Unset):
        body (None | RotateKey | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | OAuthClientWithSecret
    """

    return (
        await asyncio_detailed(
            client_id=client_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
