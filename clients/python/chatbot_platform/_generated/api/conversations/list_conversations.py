import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.conversation_list import ConversationList
from ...models.error import Error
from ...models.list_conversations_channel import ListConversationsChannel
from ...models.list_conversations_order import ListConversationsOrder
from ...models.list_conversations_resolution import ListConversationsResolution
from ...models.list_conversations_status import ListConversationsStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListConversationsOrder | Unset = ListConversationsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    status: ListConversationsStatus | Unset = UNSET,
    channel: ListConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ListConversationsResolution | Unset = UNSET,
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

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/chatbots/{id}/conversations".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConversationList | Error | None:
    if response.status_code == 200:
        response_200 = ConversationList.from_dict(response.json())

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
) -> Response[ConversationList | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListConversationsOrder | Unset = ListConversationsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    status: ListConversationsStatus | Unset = UNSET,
    channel: ListConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ListConversationsResolution | Unset = UNSET,
) -> Response[ConversationList | Error]:
    """List a chatbot’s conversations

     Newest first. Filters: `status`, `channel`, `has_lead`, `resolution`, and the start time
    (`created_after`, `created_before`).

    Args:
        id (str): An id of the form cb_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListConversationsOrder | Unset): Newest first unless asc Default:
            ListConversationsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        status (ListConversationsStatus | Unset):
        channel (ListConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ListConversationsResolution | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConversationList | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        status=status,
        channel=channel,
        has_lead=has_lead,
        resolution=resolution,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListConversationsOrder | Unset = ListConversationsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    status: ListConversationsStatus | Unset = UNSET,
    channel: ListConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ListConversationsResolution | Unset = UNSET,
) -> ConversationList | Error | None:
    """List a chatbot’s conversations

     Newest first. Filters: `status`, `channel`, `has_lead`, `resolution`, and the start time
    (`created_after`, `created_before`).

    Args:
        id (str): An id of the form cb_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListConversationsOrder | Unset): Newest first unless asc Default:
            ListConversationsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        status (ListConversationsStatus | Unset):
        channel (ListConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ListConversationsResolution | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConversationList | Error
    """

    return sync_detailed(
        id=id,
        client=client,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        status=status,
        channel=channel,
        has_lead=has_lead,
        resolution=resolution,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListConversationsOrder | Unset = ListConversationsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    status: ListConversationsStatus | Unset = UNSET,
    channel: ListConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ListConversationsResolution | Unset = UNSET,
) -> Response[ConversationList | Error]:
    """List a chatbot’s conversations

     Newest first. Filters: `status`, `channel`, `has_lead`, `resolution`, and the start time
    (`created_after`, `created_before`).

    Args:
        id (str): An id of the form cb_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListConversationsOrder | Unset): Newest first unless asc Default:
            ListConversationsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        status (ListConversationsStatus | Unset):
        channel (ListConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ListConversationsResolution | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConversationList | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        status=status,
        channel=channel,
        has_lead=has_lead,
        resolution=resolution,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListConversationsOrder | Unset = ListConversationsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    status: ListConversationsStatus | Unset = UNSET,
    channel: ListConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ListConversationsResolution | Unset = UNSET,
) -> ConversationList | Error | None:
    """List a chatbot’s conversations

     Newest first. Filters: `status`, `channel`, `has_lead`, `resolution`, and the start time
    (`created_after`, `created_before`).

    Args:
        id (str): An id of the form cb_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListConversationsOrder | Unset): Newest first unless asc Default:
            ListConversationsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        status (ListConversationsStatus | Unset):
        channel (ListConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ListConversationsResolution | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConversationList | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            limit=limit,
            cursor=cursor,
            order=order,
            created_after=created_after,
            created_before=created_before,
            status=status,
            channel=channel,
            has_lead=has_lead,
            resolution=resolution,
        )
    ).parsed
