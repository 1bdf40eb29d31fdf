from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    chatbot_id: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["chatbot_id"] = chatbot_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/conversations/stream",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
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
) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    chatbot_id: str | Unset = UNSET,
) -> Response[Error | str]:
    """Live conversation events (server-sent events)

     A text/event-stream of the tenant’s conversation.* and message.* events as they happen, from any
    instance: each is `id: <event id>`, `event: <type>` and `data:` the event envelope of `GET /events`.
    `ready` comes first; `reset` means events may have been missed (over 500 within 10 seconds) and the
    view should be reloaded; a comment line every 15 seconds keeps proxies from closing the connection.
    Events reach the stream within about a second. Filter: `chatbot_id`. Chatbot keys get their
    chatbot’s events only. The stream ends within 15 seconds of its credential being revoked or its
    session ended, and when its client leaves over 1 MB unread. At most 20 streams per credential (an
    API key, an OAuth client, a member with all their sessions) and 200 per account and mode on one
    instance (429 `too_many_streams`); 503 `unavailable` while the instance shuts down.

    Args:
        chatbot_id (str | Unset): One chatbot’s conversations

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        chatbot_id=chatbot_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    chatbot_id: str | Unset = UNSET,
) -> Error | str | None:
    """Live conversation events (server-sent events)

     A text/event-stream of the tenant’s conversation.* and message.* events as they happen, from any
    instance: each is `id: <event id>`, `event: <type>` and `data:` the event envelope of `GET /events`.
    `ready` comes first; `reset` means events may have been missed (over 500 within 10 seconds) and the
    view should be reloaded; a comment line every 15 seconds keeps proxies from closing the connection.
    Events reach the stream within about a second. Filter: `chatbot_id`. Chatbot keys get their
    chatbot’s events only. The stream ends within 15 seconds of its credential being revoked or its
    session ended, and when its client leaves over 1 MB unread. At most 20 streams per credential (an
    API key, an OAuth client, a member with all their sessions) and 200 per account and mode on one
    instance (429 `too_many_streams`); 503 `unavailable` while the instance shuts down.

    Args:
        chatbot_id (str | Unset): One chatbot’s conversations

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        client=client,
        chatbot_id=chatbot_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    chatbot_id: str | Unset = UNSET,
) -> Response[Error | str]:
    """Live conversation events (server-sent events)

     A text/event-stream of the tenant’s conversation.* and message.* events as they happen, from any
    instance: each is `id: <event id>`, `event: <type>` and `data:` the event envelope of `GET /events`.
    `ready` comes first; `reset` means events may have been missed (over 500 within 10 seconds) and the
    view should be reloaded; a comment line every 15 seconds keeps proxies from closing the connection.
    Events reach the stream within about a second. Filter: `chatbot_id`. Chatbot keys get their
    chatbot’s events only. The stream ends within 15 seconds of its credential being revoked or its
    session ended, and when its client leaves over 1 MB unread. At most 20 streams per credential (an
    API key, an OAuth client, a member with all their sessions) and 200 per account and mode on one
    instance (429 `too_many_streams`); 503 `unavailable` while the instance shuts down.

    Args:
        chatbot_id (str | Unset): One chatbot’s conversations

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        chatbot_id=chatbot_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    chatbot_id: str | Unset = UNSET,
) -> Error | str | None:
    """Live conversation events (server-sent events)

     A text/event-stream of the tenant’s conversation.* and message.* events as they happen, from any
    instance: each is `id: <event id>`, `event: <type>` and `data:` the event envelope of `GET /events`.
    `ready` comes first; `reset` means events may have been missed (over 500 within 10 seconds) and the
    view should be reloaded; a comment line every 15 seconds keeps proxies from closing the connection.
    Events reach the stream within about a second. Filter: `chatbot_id`. Chatbot keys get their
    chatbot’s events only. The stream ends within 15 seconds of its credential being revoked or its
    session ended, and when its client leaves over 1 MB unread. At most 20 streams per credential (an
    API key, an OAuth client, a member with all their sessions) and 200 per account and mode on one
    instance (429 `too_many_streams`); 503 `unavailable` while the instance shuts down.

    Args:
        chatbot_id (str | Unset): One chatbot’s conversations

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            client=client,
            chatbot_id=chatbot_id,
        )
    ).parsed
