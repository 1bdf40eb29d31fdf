from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.widget_conversation_start import WidgetConversationStart
from ...models.widget_conversation_started import WidgetConversationStarted
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: None | Unset | WidgetConversationStart = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/widget/v1/{id}/conversations".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, WidgetConversationStart):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WidgetConversationStarted | None:
    if response.status_code == 201:
        response_201 = WidgetConversationStarted.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

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
) -> Response[Error | WidgetConversationStarted]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: None | Unset | WidgetConversationStart = UNSET,
) -> Response[Error | WidgetConversationStarted]:
    """Start a visitor’s conversation

     Returns the conversation and its token (shown once, stored hashed). The conversation’s `channel` is
    `widget`. `user`: the site’s signed-in visitor (`ChatbotWidget.identify`), kept as the
    conversation’s `visitor` with `verified`; a verified visitor with an `email` becomes the
    conversation’s lead (`source` `widget_identity`: only what a lead with that address lacks is filled
    in); 403 `identity_not_verified` for a `user_hash` that does not match, or none while the widget’s
    `identity_verification` is on. 409 `chatbot_paused` while the chatbot is paused. No API key. 403
    `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`; 429
    `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an archived
    chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (None | Unset | WidgetConversationStart):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetConversationStarted]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: None | Unset | WidgetConversationStart = UNSET,
) -> Error | WidgetConversationStarted | None:
    """Start a visitor’s conversation

     Returns the conversation and its token (shown once, stored hashed). The conversation’s `channel` is
    `widget`. `user`: the site’s signed-in visitor (`ChatbotWidget.identify`), kept as the
    conversation’s `visitor` with `verified`; a verified visitor with an `email` becomes the
    conversation’s lead (`source` `widget_identity`: only what a lead with that address lacks is filled
    in); 403 `identity_not_verified` for a `user_hash` that does not match, or none while the widget’s
    `identity_verification` is on. 409 `chatbot_paused` while the chatbot is paused. No API key. 403
    `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`; 429
    `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an archived
    chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (None | Unset | WidgetConversationStart):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetConversationStarted
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: None | Unset | WidgetConversationStart = UNSET,
) -> Response[Error | WidgetConversationStarted]:
    """Start a visitor’s conversation

     Returns the conversation and its token (shown once, stored hashed). The conversation’s `channel` is
    `widget`. `user`: the site’s signed-in visitor (`ChatbotWidget.identify`), kept as the
    conversation’s `visitor` with `verified`; a verified visitor with an `email` becomes the
    conversation’s lead (`source` `widget_identity`: only what a lead with that address lacks is filled
    in); 403 `identity_not_verified` for a `user_hash` that does not match, or none while the widget’s
    `identity_verification` is on. 409 `chatbot_paused` while the chatbot is paused. No API key. 403
    `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`; 429
    `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an archived
    chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (None | Unset | WidgetConversationStart):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetConversationStarted]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: None | Unset | WidgetConversationStart = UNSET,
) -> Error | WidgetConversationStarted | None:
    """Start a visitor’s conversation

     Returns the conversation and its token (shown once, stored hashed). The conversation’s `channel` is
    `widget`. `user`: the site’s signed-in visitor (`ChatbotWidget.identify`), kept as the
    conversation’s `visitor` with `verified`; a verified visitor with an `email` becomes the
    conversation’s lead (`source` `widget_identity`: only what a lead with that address lacks is filled
    in); 403 `identity_not_verified` for a `user_hash` that does not match, or none while the widget’s
    `identity_verification` is on. 409 `chatbot_paused` while the chatbot is paused. No API key. 403
    `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`; 429
    `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an archived
    chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (None | Unset | WidgetConversationStart):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetConversationStarted
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
