from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.visitor_turn import VisitorTurn
from ...models.widget_send_attachment import WidgetSendAttachment
from ...types import Response


def _get_kwargs(
    id: str,
    conv_id: str,
    *,
    body: WidgetSendAttachment,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/widget/v1/{id}/conversations/{conv_id}/attachments".format(
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
) -> Error | VisitorTurn | None:
    if response.status_code == 201:
        response_201 = VisitorTurn.from_dict(response.json())

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
) -> Response[Error | VisitorTurn]:
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
    body: WidgetSendAttachment,
) -> Response[Error | VisitorTurn]:
    """Send a file: an image or a PDF

     `content_base64`: a PNG, JPEG, GIF or WebP image or a PDF (the type is read from the bytes: anything
    else is 415 `unsupported_attachment_type`, whatever its name). Sent as the visitor’s message
    (`attachment`, empty `content`); the chatbot reads words, so `reply` is null and an agent sees the
    file. The account’s plan sets the kinds and the size (403 `attachments_not_allowed`, 413
    `attachment_too_large`), a conversation holds at most 20 files (409 `attachment_limit_reached`), and
    409 `attachments_disabled` when the widget does not take files. Needs the conversation token
    (`Authorization: Bearer wct_…`); 401 `invalid_token` once the conversation has ended. No API key.
    403 `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`; 429
    `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an archived
    chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (WidgetSendAttachment):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | VisitorTurn]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        body=body,
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
    body: WidgetSendAttachment,
) -> Error | VisitorTurn | None:
    """Send a file: an image or a PDF

     `content_base64`: a PNG, JPEG, GIF or WebP image or a PDF (the type is read from the bytes: anything
    else is 415 `unsupported_attachment_type`, whatever its name). Sent as the visitor’s message
    (`attachment`, empty `content`); the chatbot reads words, so `reply` is null and an agent sees the
    file. The account’s plan sets the kinds and the size (403 `attachments_not_allowed`, 413
    `attachment_too_large`), a conversation holds at most 20 files (409 `attachment_limit_reached`), and
    409 `attachments_disabled` when the widget does not take files. Needs the conversation token
    (`Authorization: Bearer wct_…`); 401 `invalid_token` once the conversation has ended. No API key.
    403 `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`; 429
    `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an archived
    chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (WidgetSendAttachment):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | VisitorTurn
    """

    return sync_detailed(
        id=id,
        conv_id=conv_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    body: WidgetSendAttachment,
) -> Response[Error | VisitorTurn]:
    """Send a file: an image or a PDF

     `content_base64`: a PNG, JPEG, GIF or WebP image or a PDF (the type is read from the bytes: anything
    else is 415 `unsupported_attachment_type`, whatever its name). Sent as the visitor’s message
    (`attachment`, empty `content`); the chatbot reads words, so `reply` is null and an agent sees the
    file. The account’s plan sets the kinds and the size (403 `attachments_not_allowed`, 413
    `attachment_too_large`), a conversation holds at most 20 files (409 `attachment_limit_reached`), and
    409 `attachments_disabled` when the widget does not take files. Needs the conversation token
    (`Authorization: Bearer wct_…`); 401 `invalid_token` once the conversation has ended. No API key.
    403 `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`; 429
    `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an archived
    chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (WidgetSendAttachment):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | VisitorTurn]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    body: WidgetSendAttachment,
) -> Error | VisitorTurn | None:
    """Send a file: an image or a PDF

     `content_base64`: a PNG, JPEG, GIF or WebP image or a PDF (the type is read from the bytes: anything
    else is 415 `unsupported_attachment_type`, whatever its name). Sent as the visitor’s message
    (`attachment`, empty `content`); the chatbot reads words, so `reply` is null and an agent sees the
    file. The account’s plan sets the kinds and the size (403 `attachments_not_allowed`, 413
    `attachment_too_large`), a conversation holds at most 20 files (409 `attachment_limit_reached`), and
    409 `attachments_disabled` when the widget does not take files. Needs the conversation token
    (`Authorization: Bearer wct_…`); 401 `invalid_token` once the conversation has ended. No API key.
    403 `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`; 429
    `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an archived
    chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (WidgetSendAttachment):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | VisitorTurn
    """

    return (
        await asyncio_detailed(
            id=id,
            conv_id=conv_id,
            client=client,
            body=body,
        )
    ).parsed
