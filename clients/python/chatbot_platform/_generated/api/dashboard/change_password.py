from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.change_password_body import ChangePasswordBody
from ...models.error import Error
from ...models.password_changed import PasswordChanged
from ...types import Response


def _get_kwargs(
    *,
    body: ChangePasswordBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/dashboard/password",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PasswordChanged | None:
    if response.status_code == 200:
        response_200 = PasswordChanged.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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
) -> Response[Error | PasswordChanged]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChangePasswordBody,
) -> Response[Error | PasswordChanged]:
    """Change the signed-in member’s password

     Ends every session of the member and gives this browser a new one (a new cookie). A wrong
    `current_password` is 401 `invalid_credentials`; each try counts as a sign-in attempt (429
    `sign_in_throttled`).

    Args:
        body (ChangePasswordBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PasswordChanged]
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
    client: AuthenticatedClient,
    body: ChangePasswordBody,
) -> Error | PasswordChanged | None:
    """Change the signed-in member’s password

     Ends every session of the member and gives this browser a new one (a new cookie). A wrong
    `current_password` is 401 `invalid_credentials`; each try counts as a sign-in attempt (429
    `sign_in_throttled`).

    Args:
        body (ChangePasswordBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PasswordChanged
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ChangePasswordBody,
) -> Response[Error | PasswordChanged]:
    """Change the signed-in member’s password

     Ends every session of the member and gives this browser a new one (a new cookie). A wrong
    `current_password` is 401 `invalid_credentials`; each try counts as a sign-in attempt (429
    `sign_in_throttled`).

    Args:
        body (ChangePasswordBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PasswordChanged]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ChangePasswordBody,
) -> Error | PasswordChanged | None:
    """Change the signed-in member’s password

     Ends every session of the member and gives this browser a new one (a new cookie). A wrong
    `current_password` is 401 `invalid_credentials`; each try counts as a sign-in attempt (429
    `sign_in_throttled`).

    Args:
        body (ChangePasswordBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PasswordChanged
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
