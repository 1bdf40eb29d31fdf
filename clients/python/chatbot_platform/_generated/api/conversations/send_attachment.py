from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.message_turn import MessageTurn
from ...models.send_attachment import SendAttachment
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    conv_id: str,
    *,
    body: SendAttachment,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/chatbots/{id}/conversations/{conv_id}/attachments".format(
            id=quote(str(id), safe=""),
            conv_id=quote(str(conv_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | MessageTurn | None:
    if response.status_code == 201:
        response_201 = MessageTurn.from_dict(response.json())

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

    if response.status_code == 408:
        response_408 = Error.from_dict(response.json())

        return response_408

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
) -> Response[Error | MessageTurn]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    body: SendAttachment,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | MessageTurn]:
    """Send a file to the visitor, as an agent

     An image (PNG, JPEG, GIF, WebP) or a PDF, base64 in `content_base64`, sent as an agent message while
    the conversation is handed off (409 `conversation_not_in_handoff` otherwise). The type is read from
    the bytes: anything else is 415 `unsupported_attachment_type`, whatever its name. The plan sets the
    kinds and the size (403 `attachments_not_allowed`, 413 `attachment_too_large`); a conversation holds
    at most 20 files (409 `attachment_limit_reached`). The message has `attachment` and empty `content`,
    and publishes message.created.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        idempotency_key (str | Unset):
        body (SendAttachment):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MessageTurn]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    body: SendAttachment,
    idempotency_key: str | Unset = UNSET,
) -> Error | MessageTurn | None:
    """Send a file to the visitor, as an agent

     An image (PNG, JPEG, GIF, WebP) or a PDF, base64 in `content_base64`, sent as an agent message while
    the conversation is handed off (409 `conversation_not_in_handoff` otherwise). The type is read from
    the bytes: anything else is 415 `unsupported_attachment_type`, whatever its name. The plan sets the
    kinds and the size (403 `attachments_not_allowed`, 413 `attachment_too_large`); a conversation holds
    at most 20 files (409 `attachment_limit_reached`). The message has `attachment` and empty `content`,
    and publishes message.created.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        idempotency_key (str | Unset):
        body (SendAttachment):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MessageTurn
    """

    return sync_detailed(
        id=id,
        conv_id=conv_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    body: SendAttachment,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | MessageTurn]:
    """Send a file to the visitor, as an agent

     An image (PNG, JPEG, GIF, WebP) or a PDF, base64 in `content_base64`, sent as an agent message while
    the conversation is handed off (409 `conversation_not_in_handoff` otherwise). The type is read from
    the bytes: anything else is 415 `unsupported_attachment_type`, whatever its name. The plan sets the
    kinds and the size (403 `attachments_not_allowed`, 413 `attachment_too_large`); a conversation holds
    at most 20 files (409 `attachment_limit_reached`). The message has `attachment` and empty `content`,
    and publishes message.created.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        idempotency_key (str | Unset):
        body (SendAttachment):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MessageTurn]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    body: SendAttachment,
    idempotency_key: str | Unset = UNSET,
) -> Error | MessageTurn | None:
    """Send a file to the visitor, as an agent

     An image (PNG, JPEG, GIF, WebP) or a PDF, base64 in `content_base64`, sent as an agent message while
    the conversation is handed off (409 `conversation_not_in_handoff` otherwise). The type is read from
    the bytes: anything else is 415 `unsupported_attachment_type`, whatever its name. The plan sets the
    kinds and the size (403 `attachments_not_allowed`, 413 `attachment_too_large`); a conversation holds
    at most 20 files (409 `attachment_limit_reached`). The message has `attachment` and empty `content`,
    and publishes message.created.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        idempotency_key (str | Unset):
        body (SendAttachment):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MessageTurn
    """

    return (
        await asyncio_detailed(
            id=id,
            conv_id=conv_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
