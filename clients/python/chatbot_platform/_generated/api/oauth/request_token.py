from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.o_auth_error import OAuthError
from ...models.o_auth_token_request import OAuthTokenRequest
from ...models.o_auth_token_response import OAuthTokenResponse
from ...types import Response


def _get_kwargs(
    *,
    body: OAuthTokenRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/token",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OAuthError | OAuthTokenResponse | None:
    if response.status_code == 200:
        response_200 = OAuthTokenResponse.from_dict(response.json())

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
) -> Response[OAuthError | OAuthTokenResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenRequest,
) -> Response[OAuthError | OAuthTokenResponse]:
    """Get an access token (OAuth 2.0 client credentials grant)

     RFC 6749 §4.4: `grant_type=client_credentials`, optional `scope` (space-separated, a subset of the
    client’s; default all of them), client authentication by HTTP Basic or `client_id` and
    `client_secret` in the body. Errors are RFC 6749 bodies: 400 `invalid_request`, 400
    `unsupported_grant_type`, 400 `invalid_scope`, 400 `unauthorized_client` (the plan has no OAuth),
    401 `invalid_client`, 429 `temporarily_unavailable` with `Retry-After`: more than 60 token requests
    a minute from this client or 300 from this address, or the plan’s request limit used up. Each token
    request counts in the account’s plan limits.

    Args:
        body (OAuthTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthError | OAuthTokenResponse]
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
    body: OAuthTokenRequest,
) -> OAuthError | OAuthTokenResponse | None:
    """Get an access token (OAuth 2.0 client credentials grant)

     RFC 6749 §4.4: `grant_type=client_credentials`, optional `scope` (space-separated, a subset of the
    client’s; default all of them), client authentication by HTTP Basic or `client_id` and
    `client_secret` in the body. Errors are RFC 6749 bodies: 400 `invalid_request`, 400
    `unsupported_grant_type`, 400 `invalid_scope`, 400 `unauthorized_client` (the plan has no OAuth),
    401 `invalid_client`, 429 `temporarily_unavailable` with `Retry-After`: more than 60 token requests
    a minute from this client or 300 from this address, or the plan’s request limit used up. Each token
    request counts in the account’s plan limits.

    Args:
        body (OAuthTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthError | OAuthTokenResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenRequest,
) -> Response[OAuthError | OAuthTokenResponse]:
    """Get an access token (OAuth 2.0 client credentials grant)

     RFC 6749 §4.4: `grant_type=client_credentials`, optional `scope` (space-separated, a subset of the
    client’s; default all of them), client authentication by HTTP Basic or `client_id` and
    `client_secret` in the body. Errors are RFC 6749 bodies: 400 `invalid_request`, 400
    `unsupported_grant_type`, 400 `invalid_scope`, 400 `unauthorized_client` (the plan has no OAuth),
    401 `invalid_client`, 429 `temporarily_unavailable` with `Retry-After`: more than 60 token requests
    a minute from this client or 300 from this address, or the plan’s request limit used up. Each token
    request counts in the account’s plan limits.

    Args:
        body (OAuthTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthError | OAuthTokenResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenRequest,
) -> OAuthError | OAuthTokenResponse | None:
    """Get an access token (OAuth 2.0 client credentials grant)

     RFC 6749 §4.4: `grant_type=client_credentials`, optional `scope` (space-separated, a subset of the
    client’s; default all of them), client authentication by HTTP Basic or `client_id` and
    `client_secret` in the body. Errors are RFC 6749 bodies: 400 `invalid_request`, 400
    `unsupported_grant_type`, 400 `invalid_scope`, 400 `unauthorized_client` (the plan has no OAuth),
    401 `invalid_client`, 429 `temporarily_unavailable` with `Retry-After`: more than 60 token requests
    a minute from this client or 300 from this address, or the plan’s request limit used up. Each token
    request counts in the account’s plan limits.

    Args:
        body (OAuthTokenRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthError | OAuthTokenResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
