import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_saved_replies_order import ListSavedRepliesOrder
from ...models.saved_reply_list import SavedReplyList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListSavedRepliesOrder | Unset = ListSavedRepliesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    params["chatbot_id"] = chatbot_id

    params["q"] = q

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/saved-replies",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SavedReplyList | None:
    if response.status_code == 200:
        response_200 = SavedReplyList.from_dict(response.json())

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
) -> Response[Error | SavedReplyList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListSavedRepliesOrder | Unset = ListSavedRepliesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[Error | SavedReplyList]:
    """List saved replies

     Newest first. `chatbot_id`: the replies usable in that chatbot’s conversations (its own and those
    for every chatbot); `q`: part of the shortcut, title or text, ignoring case and accents (a `q`
    search reads at most 5,000 replies per page, so a page may hold fewer than `limit`; follow
    `next_cursor`). Agents may call it; chatbot keys see their chatbot’s replies and those for every
    chatbot.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListSavedRepliesOrder | Unset): Newest first unless asc Default:
            ListSavedRepliesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): The replies usable in this chatbot’s conversations: its own and
            those for every chatbot
        q (str | Unset): Part of the shortcut, title or text, ignoring case and accents

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SavedReplyList]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        chatbot_id=chatbot_id,
        q=q,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListSavedRepliesOrder | Unset = ListSavedRepliesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Error | SavedReplyList | None:
    """List saved replies

     Newest first. `chatbot_id`: the replies usable in that chatbot’s conversations (its own and those
    for every chatbot); `q`: part of the shortcut, title or text, ignoring case and accents (a `q`
    search reads at most 5,000 replies per page, so a page may hold fewer than `limit`; follow
    `next_cursor`). Agents may call it; chatbot keys see their chatbot’s replies and those for every
    chatbot.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListSavedRepliesOrder | Unset): Newest first unless asc Default:
            ListSavedRepliesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): The replies usable in this chatbot’s conversations: its own and
            those for every chatbot
        q (str | Unset): Part of the shortcut, title or text, ignoring case and accents

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SavedReplyList
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        chatbot_id=chatbot_id,
        q=q,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListSavedRepliesOrder | Unset = ListSavedRepliesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[Error | SavedReplyList]:
    """List saved replies

     Newest first. `chatbot_id`: the replies usable in that chatbot’s conversations (its own and those
    for every chatbot); `q`: part of the shortcut, title or text, ignoring case and accents (a `q`
    search reads at most 5,000 replies per page, so a page may hold fewer than `limit`; follow
    `next_cursor`). Agents may call it; chatbot keys see their chatbot’s replies and those for every
    chatbot.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListSavedRepliesOrder | Unset): Newest first unless asc Default:
            ListSavedRepliesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): The replies usable in this chatbot’s conversations: its own and
            those for every chatbot
        q (str | Unset): Part of the shortcut, title or text, ignoring case and accents

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SavedReplyList]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        chatbot_id=chatbot_id,
        q=q,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListSavedRepliesOrder | Unset = ListSavedRepliesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Error | SavedReplyList | None:
    """List saved replies

     Newest first. `chatbot_id`: the replies usable in that chatbot’s conversations (its own and those
    for every chatbot); `q`: part of the shortcut, title or text, ignoring case and accents (a `q`
    search reads at most 5,000 replies per page, so a page may hold fewer than `limit`; follow
    `next_cursor`). Agents may call it; chatbot keys see their chatbot’s replies and those for every
    chatbot.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListSavedRepliesOrder | Unset): Newest first unless asc Default:
            ListSavedRepliesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): The replies usable in this chatbot’s conversations: its own and
            those for every chatbot
        q (str | Unset): Part of the shortcut, title or text, ignoring case and accents

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SavedReplyList
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
            order=order,
            created_after=created_after,
            created_before=created_before,
            chatbot_id=chatbot_id,
            q=q,
        )
    ).parsed
