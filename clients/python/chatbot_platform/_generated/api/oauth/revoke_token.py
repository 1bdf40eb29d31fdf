from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.o_auth_error import OAuthError
from ...models.o_auth_revoked import OAuthRevoked
from ...models.o_auth_token_target import OAuthTokenTarget
from ...types import Response


def _get_kwargs(
    *,
    body: OAuthTokenTarget,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/revoke",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> OAuthError | OAuthRevoked | None:
    if response.status_code == 200:
        response_200 = OAuthRevoked.from_dict(response.json())

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
) -> Response[OAuthError | OAuthRevoked]:
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
) -> Response[OAuthError | OAuthRevoked]:
    """Revoke an access token (RFC 7009)

     Client-authenticated like the token endpoint. Answers 200 with an empty object whether or not the
    token was known (also for another client’s token, which is left alone). The token stops working at
    once on every instance. Errors: 400 `invalid_request`, 401 `invalid_client`, 400
    `unauthorized_client`, 429 `temporarily_unavailable` with `Retry-After` (the token endpoint’s limits
    per client and per address, which the three endpoints share).

    Args:
        body (OAuthTokenTarget):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthError | OAuthRevoked]
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
) -> OAuthError | OAuthRevoked | None:
    """Revoke an access token (RFC 7009)

     Client-authenticated like the token endpoint. Answers 200 with an empty object whether or not the
    token was known (also for another client’s token, which is left alone). The token stops working at
    once on every instance. Errors: 400 `invalid_request`, 401 `invalid_client`, 400
    `unauthorized_client`, 429 `temporarily_unavailable` with `Retry-After` (the token endpoint’s limits
    per client and per address, which the three endpoints share).

    Args:
        body (OAuthTokenTarget):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthError | OAuthRevoked
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: OAuthTokenTarget,
) -> Response[OAuthError | OAuthRevoked]:
    """Revoke an access token (RFC 7009)

     Client-authenticated like the token endpoint. Answers 200 with an empty object whether or not the
    token was known (also for another client’s token, which is left alone). The token stops working at
    once on every instance. Errors: 400 `invalid_request`, 401 `invalid_client`, 400
    `unauthorized_client`, 429 `temporarily_unavailable` with `Retry-After` (the token endpoint’s limits
    per client and per address, which the three endpoints share).

    Args:
        body (OAuthTokenTarget):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[OAuthError | OAuthRevoked]
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
) -> OAuthError | OAuthRevoked | None:
    """Revoke an access token (RFC 7009)

     Client-authenticated like the token endpoint. Answers 200 with an empty object whether or not the
    token was known (also for another client’s token, which is left alone). The token stops working at
    once on every instance. Errors: 400 `invalid_request`, 401 `invalid_client`, 400
    `unauthorized_client`, 429 `temporarily_unavailable` with `Retry-After` (the token endpoint’s limits
    per client and per address, which the three endpoints share).

    Args:
        body (OAuthTokenTarget):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        OAuthError | OAuthRevoked
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
