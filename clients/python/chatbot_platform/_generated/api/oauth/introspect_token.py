from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.o_auth_error import OAuthError
from ...models.o_auth_introspection import OAuthIntrospection
from ...models.o_auth_token_target import OAuthTokenTarget
from ...types import Response


def _get_kwargs(
    *,
    body: OAuthTokenTarget,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/introspect",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OAuthError | OAuthIntrospection | None:
    if response.status_code == 200:
        response_200 = OAuthIntrospection.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = OAuthError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = OAuthError.from_dict(response.json())

        return response_401

    if response.status_code == 413:
        response_413 = OAuthError.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = OAuthError.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = OAuthError.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = OAuthError.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = OAuthError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[OAuthError | OAuthIntrospection]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenTarget,
) -> Response[OAuthError | OAuthIntrospection]:
    """Introspect an access token (RFC 7662)

     Client-authenticated. `{"active": true, scope, client_id, token_type, exp, iat, sub, iss}` for a
    live token of the calling client; `{"active": false}` for anything else (unknown, expired, revoked,
    another client’s). Errors: 400 `invalid_request`, 401 `invalid_client`, 400 `unauthorized_client`,
    429 `temporarily_unavailable` with `Retry-After` (the token endpoint’s limits per client and per
    address, which the three endpoints share).

    Args:
        body (OAuthTokenTarget):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthError | OAuthIntrospection]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenTarget,
) -> OAuthError | OAuthIntrospection | None:
    """Introspect an access token (RFC 7662)

     Client-authenticated. `{"active": true, scope, client_id, token_type, exp, iat, sub, iss}` for a
    live token of the calling client; `{"active": false}` for anything else (unknown, expired, revoked,
    another client’s). Errors: 400 `invalid_request`, 401 `invalid_client`, 400 `unauthorized_client`,
    429 `temporarily_unavailable` with `Retry-After` (the token endpoint’s limits per client and per
    address, which the three endpoints share).

    Args:
        body (OAuthTokenTarget):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthError | OAuthIntrospection
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenTarget,
) -> Response[OAuthError | OAuthIntrospection]:
    """Introspect an access token (RFC 7662)

     Client-authenticated. `{"active": true, scope, client_id, token_type, exp, iat, sub, iss}` for a
    live token of the calling client; `{"active": false}` for anything else (unknown, expired, revoked,
    another client’s). Errors: 400 `invalid_request`, 401 `invalid_client`, 400 `unauthorized_client`,
    429 `temporarily_unavailable` with `Retry-After` (the token endpoint’s limits per client and per
    address, which the three endpoints share).

    Args:
        body (OAuthTokenTarget):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthError | OAuthIntrospection]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenTarget,
) -> OAuthError | OAuthIntrospection | None:
    """Introspect an access token (RFC 7662)

     Client-authenticated. `{"active": true, scope, client_id, token_type, exp, iat, sub, iss}` for a
    live token of the calling client; `{"active": false}` for anything else (unknown, expired, revoked,
    another client’s). Errors: 400 `invalid_request`, 401 `invalid_client`, 400 `unauthorized_client`,
    429 `temporarily_unavailable` with `Retry-After` (the token endpoint’s limits per client and per
    address, which the three endpoints share).

    Args:
        body (OAuthTokenTarget):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthError | OAuthIntrospection
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
