from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.dashboard_session import DashboardSession
from ...models.error import Error
from ...models.sign_in_body import SignInBody
from ...types import Response


def _get_kwargs(
    *,
    body: SignInBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/dashboard/session",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DashboardSession | Error | None:
    if response.status_code == 200:
        response_200 = DashboardSession.from_dict(response.json())

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
) -> Response[DashboardSession | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignInBody,
) -> Response[DashboardSession | Error]:
    """Sign in to the dashboard

     Sets the `cbp_session` cookie (HttpOnly, SameSite=Strict) that authenticates `/api/v1` requests as
    the member, in `mode` (`live` by default). An address may be a member of several accounts, each with
    its own password: the password picks the account; when it opens more than one, 409
    `account_required` lists them in `details` (`path` `account`, `value` the account id, `message` its
    name) and `account` names the one to sign in to. A wrong e-mail or password is 401
    `invalid_credentials`; past 10 attempts for one e-mail from one address, or 100 from one address,
    within 15 minutes, 429 `sign_in_throttled`. Posted from another origin: 403 `origin_mismatch`; a
    disabled account: 403 `account_disabled`.

    Args:
        body (SignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DashboardSession | Error]
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
    body: SignInBody,
) -> DashboardSession | Error | None:
    """Sign in to the dashboard

     Sets the `cbp_session` cookie (HttpOnly, SameSite=Strict) that authenticates `/api/v1` requests as
    the member, in `mode` (`live` by default). An address may be a member of several accounts, each with
    its own password: the password picks the account; when it opens more than one, 409
    `account_required` lists them in `details` (`path` `account`, `value` the account id, `message` its
    name) and `account` names the one to sign in to. A wrong e-mail or password is 401
    `invalid_credentials`; past 10 attempts for one e-mail from one address, or 100 from one address,
    within 15 minutes, 429 `sign_in_throttled`. Posted from another origin: 403 `origin_mismatch`; a
    disabled account: 403 `account_disabled`.

    Args:
        body (SignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DashboardSession | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SignInBody,
) -> Response[DashboardSession | Error]:
    """Sign in to the dashboard

     Sets the `cbp_session` cookie (HttpOnly, SameSite=Strict) that authenticates `/api/v1` requests as
    the member, in `mode` (`live` by default). An address may be a member of several accounts, each with
    its own password: the password picks the account; when it opens more than one, 409
    `account_required` lists them in `details` (`path` `account`, `value` the account id, `message` its
    name) and `account` names the one to sign in to. A wrong e-mail or password is 401
    `invalid_credentials`; past 10 attempts for one e-mail from one address, or 100 from one address,
    within 15 minutes, 429 `sign_in_throttled`. Posted from another origin: 403 `origin_mismatch`; a
    disabled account: 403 `account_disabled`.

    Args:
        body (SignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DashboardSession | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SignInBody,
) -> DashboardSession | Error | None:
    """Sign in to the dashboard

     Sets the `cbp_session` cookie (HttpOnly, SameSite=Strict) that authenticates `/api/v1` requests as
    the member, in `mode` (`live` by default). An address may be a member of several accounts, each with
    its own password: the password picks the account; when it opens more than one, 409
    `account_required` lists them in `details` (`path` `account`, `value` the account id, `message` its
    name) and `account` names the one to sign in to. A wrong e-mail or password is 401
    `invalid_credentials`; past 10 attempts for one e-mail from one address, or 100 from one address,
    within 15 minutes, 429 `sign_in_throttled`. Posted from another origin: 403 `origin_mismatch`; a
    disabled account: 403 `account_disabled`.

    Args:
        body (SignInBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DashboardSession | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
