from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.invitation import Invitation
from ...models.resend_invitation_body_type_0 import ResendInvitationBodyType0
from ...types import UNSET, Response, Unset


def _get_kwargs(
    user_id: str,
    *,
    body: None | ResendInvitationBodyType0 | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/members/{user_id}/invitation".format(
            user_id=quote(str(user_id), safe=""),
        ),
    }

    if isinstance(body, ResendInvitationBodyType0):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Invitation | None:
    if response.status_code == 201:
        response_201 = Invitation.from_dict(response.json())

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
) -> Response[Error | Invitation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    body: None | ResendInvitationBodyType0 | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Invitation]:
    """Issue a new invitation link for an invited member

     The previous link stops working. A member who already accepted is 409 `member_active`. A test-mode
    key is 403 `live_mode_required`.

    Args:
        user_id (str): An id of the form usr_<ulid>
        idempotency_key (str | Unset):
        body (None | ResendInvitationBodyType0 | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Invitation]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    user_id: str,
    *,
    client: AuthenticatedClient,
    body: None | ResendInvitationBodyType0 | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | Invitation | None:
    """Issue a new invitation link for an invited member

     The previous link stops working. A member who already accepted is 409 `member_active`. A test-mode
    key is 403 `live_mode_required`.

    Args:
        user_id (str): An id of the form usr_<ulid>
        idempotency_key (str | Unset):
        body (None | ResendInvitationBodyType0 | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Invitation
    """

    return sync_detailed(
        user_id=user_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    body: None | ResendInvitationBodyType0 | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Invitation]:
    """Issue a new invitation link for an invited member

     The previous link stops working. A member who already accepted is 409 `member_active`. A test-mode
    key is 403 `live_mode_required`.

    Args:
        user_id (str): An id of the form usr_<ulid>
        idempotency_key (str | Unset):
        body (None | ResendInvitationBodyType0 | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Invitation]
    """

    kwargs = _get_kwargs(
        user_id=user_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    user_id: str,
    *,
    client: AuthenticatedClient,
    body: None | ResendInvitationBodyType0 | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | Invitation | None:
    """Issue a new invitation link for an invited member

     The previous link stops working. A member who already accepted is 409 `member_active`. A test-mode
    key is 403 `live_mode_required`.

    Args:
        user_id (str): An id of the form usr_<ulid>
        idempotency_key (str | Unset):
        body (None | ResendInvitationBodyType0 | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Invitation
    """

    return (
        await asyncio_detailed(
            user_id=user_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
