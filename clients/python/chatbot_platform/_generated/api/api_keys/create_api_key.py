from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_key_with_secret import ApiKeyWithSecret
from ...models.create_api_key_body_type_0 import CreateApiKeyBodyType0
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateApiKeyBodyType0 | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/api-keys",
    }

    if isinstance(body, CreateApiKeyBodyType0):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiKeyWithSecret | Error | None:
    if response.status_code == 201:
        response_201 = ApiKeyWithSecret.from_dict(response.json())

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
) -> Response[ApiKeyWithSecret | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyBodyType0 | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiKeyWithSecret | Error]:
    """Create an account API key in the calling key’s mode

     The response carries `secret`, the key itself, this once. It works at once, with the role of the
    member who made it (through their session, or through a key they made) as long as they have it.

    Args:
        idempotency_key (str | Unset):
        body (CreateApiKeyBodyType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKeyWithSecret | Error]
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
    body: CreateApiKeyBodyType0 | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ApiKeyWithSecret | Error | None:
    """Create an account API key in the calling key’s mode

     The response carries `secret`, the key itself, this once. It works at once, with the role of the
    member who made it (through their session, or through a key they made) as long as they have it.

    Args:
        idempotency_key (str | Unset):
        body (CreateApiKeyBodyType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKeyWithSecret | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateApiKeyBodyType0 | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[ApiKeyWithSecret | Error]:
    """Create an account API key in the calling key’s mode

     The response carries `secret`, the key itself, this once. It works at once, with the role of the
    member who made it (through their session, or through a key they made) as long as they have it.

    Args:
        idempotency_key (str | Unset):
        body (CreateApiKeyBodyType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKeyWithSecret | Error]
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
    body: CreateApiKeyBodyType0 | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> ApiKeyWithSecret | Error | None:
    """Create an account API key in the calling key’s mode

     The response carries `secret`, the key itself, this once. It works at once, with the role of the
    member who made it (through their session, or through a key they made) as long as they have it.

    Args:
        idempotency_key (str | Unset):
        body (CreateApiKeyBodyType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKeyWithSecret | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
