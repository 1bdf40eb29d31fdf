from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.accept_invitation_body import AcceptInvitationBody
from ...models.dashboard_session import DashboardSession
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: AcceptInvitationBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/dashboard/invitations/accept",
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

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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
    body: AcceptInvitationBody,
) -> Response[DashboardSession | Error]:
    """Accept an invitation or a password reset link: set a password and sign in

     The token of an invitation, or of a password reset link (`chatbot-platform members reset-password`),
    which also ends the member’s other sessions. An unknown, used or expired token is 404
    `invitation_not_found`. Sets the session cookie, in live mode. Posted from another origin: 403
    `origin_mismatch`; a disabled account: 403 `account_disabled`.

    Args:
        body (AcceptInvitationBody):

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
    body: AcceptInvitationBody,
) -> DashboardSession | Error | None:
    """Accept an invitation or a password reset link: set a password and sign in

     The token of an invitation, or of a password reset link (`chatbot-platform members reset-password`),
    which also ends the member’s other sessions. An unknown, used or expired token is 404
    `invitation_not_found`. Sets the session cookie, in live mode. Posted from another origin: 403
    `origin_mismatch`; a disabled account: 403 `account_disabled`.

    Args:
        body (AcceptInvitationBody):

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
    body: AcceptInvitationBody,
) -> Response[DashboardSession | Error]:
    """Accept an invitation or a password reset link: set a password and sign in

     The token of an invitation, or of a password reset link (`chatbot-platform members reset-password`),
    which also ends the member’s other sessions. An unknown, used or expired token is 404
    `invitation_not_found`. Sets the session cookie, in live mode. Posted from another origin: 403
    `origin_mismatch`; a disabled account: 403 `account_disabled`.

    Args:
        body (AcceptInvitationBody):

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
    body: AcceptInvitationBody,
) -> DashboardSession | Error | None:
    """Accept an invitation or a password reset link: set a password and sign in

     The token of an invitation, or of a password reset link (`chatbot-platform members reset-password`),
    which also ends the member’s other sessions. An unknown, used or expired token is 404
    `invitation_not_found`. Sets the session cookie, in live mode. Posted from another origin: 403
    `origin_mismatch`; a disabled account: 403 `account_disabled`.

    Args:
        body (AcceptInvitationBody):

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
