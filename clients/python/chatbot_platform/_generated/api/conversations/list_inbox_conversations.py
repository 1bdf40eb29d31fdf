import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.inbox_conversation_list import InboxConversationList
from ...models.list_inbox_conversations_channel import ListInboxConversationsChannel
from ...models.list_inbox_conversations_order import ListInboxConversationsOrder
from ...models.list_inbox_conversations_resolution import (
    ListInboxConversationsResolution,
)
from ...models.list_inbox_conversations_status import ListInboxConversationsStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListInboxConversationsOrder | Unset = ListInboxConversationsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    status: ListInboxConversationsStatus | Unset = UNSET,
    channel: ListInboxConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ListInboxConversationsResolution | Unset = UNSET,
    assignee: str | Unset = UNSET,
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

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_channel: str | Unset = UNSET
    if not isinstance(channel, Unset):
        json_channel = channel.value

    params["channel"] = json_channel

    params["has_lead"] = has_lead

    json_resolution: str | Unset = UNSET
    if not isinstance(resolution, Unset):
        json_resolution = resolution.value

    params["resolution"] = json_resolution

    params["assignee"] = assignee

    params["q"] = q

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/conversations",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | InboxConversationList | None:
    if response.status_code == 200:
        response_200 = InboxConversationList.from_dict(response.json())

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
) -> Response[Error | InboxConversationList]:
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
    order: ListInboxConversationsOrder | Unset = ListInboxConversationsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    status: ListInboxConversationsStatus | Unset = UNSET,
    channel: ListInboxConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ListInboxConversationsResolution | Unset = UNSET,
    assignee: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[Error | InboxConversationList]:
    """List the conversations of every chatbot (the inbox)

     Newest first. Filters: `chatbot_id`, `status`, `channel`, `has_lead`, `resolution`, `assignee`
    (`mine`: the signed-in member’s, or that of the member who made the key or client; 403
    `member_required` for the operator’s keys; `unassigned`; or a member’s id), the start time, and `q`:
    part of the visitor’s name, e-mail, phone or id, or of the conversation id, ignoring case and
    accents. A `q` search reads at most 5,000 conversations per page, so a page may hold fewer than
    `limit`; follow `next_cursor`. Chatbot keys see their chatbot’s conversations only.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListInboxConversationsOrder | Unset): Newest first unless asc Default:
            ListInboxConversationsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): One chatbot’s conversations
        status (ListInboxConversationsStatus | Unset):
        channel (ListInboxConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ListInboxConversationsResolution | Unset):
        assignee (str | Unset): `mine` (a signed-in member’s), `unassigned`, or a member’s id
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | InboxConversationList]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        chatbot_id=chatbot_id,
        status=status,
        channel=channel,
        has_lead=has_lead,
        resolution=resolution,
        assignee=assignee,
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
    order: ListInboxConversationsOrder | Unset = ListInboxConversationsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    status: ListInboxConversationsStatus | Unset = UNSET,
    channel: ListInboxConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ListInboxConversationsResolution | Unset = UNSET,
    assignee: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Error | InboxConversationList | None:
    """List the conversations of every chatbot (the inbox)

     Newest first. Filters: `chatbot_id`, `status`, `channel`, `has_lead`, `resolution`, `assignee`
    (`mine`: the signed-in member’s, or that of the member who made the key or client; 403
    `member_required` for the operator’s keys; `unassigned`; or a member’s id), the start time, and `q`:
    part of the visitor’s name, e-mail, phone or id, or of the conversation id, ignoring case and
    accents. A `q` search reads at most 5,000 conversations per page, so a page may hold fewer than
    `limit`; follow `next_cursor`. Chatbot keys see their chatbot’s conversations only.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListInboxConversationsOrder | Unset): Newest first unless asc Default:
            ListInboxConversationsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): One chatbot’s conversations
        status (ListInboxConversationsStatus | Unset):
        channel (ListInboxConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ListInboxConversationsResolution | Unset):
        assignee (str | Unset): `mine` (a signed-in member’s), `unassigned`, or a member’s id
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | InboxConversationList
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        chatbot_id=chatbot_id,
        status=status,
        channel=channel,
        has_lead=has_lead,
        resolution=resolution,
        assignee=assignee,
        q=q,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListInboxConversationsOrder | Unset = ListInboxConversationsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    status: ListInboxConversationsStatus | Unset = UNSET,
    channel: ListInboxConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ListInboxConversationsResolution | Unset = UNSET,
    assignee: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[Error | InboxConversationList]:
    """List the conversations of every chatbot (the inbox)

     Newest first. Filters: `chatbot_id`, `status`, `channel`, `has_lead`, `resolution`, `assignee`
    (`mine`: the signed-in member’s, or that of the member who made the key or client; 403
    `member_required` for the operator’s keys; `unassigned`; or a member’s id), the start time, and `q`:
    part of the visitor’s name, e-mail, phone or id, or of the conversation id, ignoring case and
    accents. A `q` search reads at most 5,000 conversations per page, so a page may hold fewer than
    `limit`; follow `next_cursor`. Chatbot keys see their chatbot’s conversations only.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListInboxConversationsOrder | Unset): Newest first unless asc Default:
            ListInboxConversationsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): One chatbot’s conversations
        status (ListInboxConversationsStatus | Unset):
        channel (ListInboxConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ListInboxConversationsResolution | Unset):
        assignee (str | Unset): `mine` (a signed-in member’s), `unassigned`, or a member’s id
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | InboxConversationList]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        chatbot_id=chatbot_id,
        status=status,
        channel=channel,
        has_lead=has_lead,
        resolution=resolution,
        assignee=assignee,
        q=q,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListInboxConversationsOrder | Unset = ListInboxConversationsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    status: ListInboxConversationsStatus | Unset = UNSET,
    channel: ListInboxConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ListInboxConversationsResolution | Unset = UNSET,
    assignee: str | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Error | InboxConversationList | None:
    """List the conversations of every chatbot (the inbox)

     Newest first. Filters: `chatbot_id`, `status`, `channel`, `has_lead`, `resolution`, `assignee`
    (`mine`: the signed-in member’s, or that of the member who made the key or client; 403
    `member_required` for the operator’s keys; `unassigned`; or a member’s id), the start time, and `q`:
    part of the visitor’s name, e-mail, phone or id, or of the conversation id, ignoring case and
    accents. A `q` search reads at most 5,000 conversations per page, so a page may hold fewer than
    `limit`; follow `next_cursor`. Chatbot keys see their chatbot’s conversations only.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListInboxConversationsOrder | Unset): Newest first unless asc Default:
            ListInboxConversationsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): One chatbot’s conversations
        status (ListInboxConversationsStatus | Unset):
        channel (ListInboxConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ListInboxConversationsResolution | Unset):
        assignee (str | Unset): `mine` (a signed-in member’s), `unassigned`, or a member’s id
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | InboxConversationList
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
            status=status,
            channel=channel,
            has_lead=has_lead,
            resolution=resolution,
            assignee=assignee,
            q=q,
        )
    ).parsed
