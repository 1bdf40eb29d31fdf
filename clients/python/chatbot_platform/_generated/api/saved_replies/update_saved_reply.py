from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.saved_reply import SavedReply
from ...models.saved_reply_patch import SavedReplyPatch
from ...types import Response


def _get_kwargs(
    reply_id: str,
    *,
    body: SavedReplyPatch,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/saved-replies/{reply_id}".format(
            reply_id=quote(str(reply_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SavedReply | None:
    if response.status_code == 200:
        response_200 = SavedReply.from_dict(response.json())

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
) -> Response[Error | SavedReply]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    reply_id: str,
    *,
    client: AuthenticatedClient,
    body: SavedReplyPatch,
) -> Response[Error | SavedReply]:
    """Change a saved reply

     The fields sent; 409 `shortcut_taken` and 400 `unknown_variable` as for creation. Owners and admins
    only.

    Args:
        reply_id (str): An id of the form sr_<ulid>
        body (SavedReplyPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SavedReply]
    """

    kwargs = _get_kwargs(
        reply_id=reply_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    reply_id: str,
    *,
    client: AuthenticatedClient,
    body: SavedReplyPatch,
) -> Error | SavedReply | None:
    """Change a saved reply

     The fields sent; 409 `shortcut_taken` and 400 `unknown_variable` as for creation. Owners and admins
    only.

    Args:
        reply_id (str): An id of the form sr_<ulid>
        body (SavedReplyPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SavedReply
    """

    return sync_detailed(
        reply_id=reply_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    reply_id: str,
    *,
    client: AuthenticatedClient,
    body: SavedReplyPatch,
) -> Response[Error | SavedReply]:
    """Change a saved reply

     The fields sent; 409 `shortcut_taken` and 400 `unknown_variable` as for creation. Owners and admins
    only.

    Args:
        reply_id (str): An id of the form sr_<ulid>
        body (SavedReplyPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SavedReply]
    """

    kwargs = _get_kwargs(
        reply_id=reply_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    reply_id: str,
    *,
    client: AuthenticatedClient,
    body: SavedReplyPatch,
) -> Error | SavedReply | None:
    """Change a saved reply

     The fields sent; 409 `shortcut_taken` and 400 `unknown_variable` as for creation. Owners and admins
    only.

    Args:
        reply_id (str): An id of the form sr_<ulid>
        body (SavedReplyPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SavedReply
    """

    return (
        await asyncio_detailed(
            reply_id=reply_id,
            client=client,
            body=body,
        )
    ).parsed
