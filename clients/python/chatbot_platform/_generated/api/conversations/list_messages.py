import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_messages_order import ListMessagesOrder
from ...models.list_messages_role import ListMessagesRole
from ...models.message_list import MessageList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    conv_id: str,
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListMessagesOrder | Unset = ListMessagesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    role: ListMessagesRole | Unset = UNSET,
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

    json_role: str | Unset = UNSET
    if not isinstance(role, Unset):
        json_role = role.value

    params["role"] = json_role

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/chatbots/{id}/conversations/{conv_id}/messages".format(
            id=quote(str(id), safe=""),
            conv_id=quote(str(conv_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | MessageList | None:
    if response.status_code == 200:
        response_200 = MessageList.from_dict(response.json())

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
) -> Response[Error | MessageList]:
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
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListMessagesOrder | Unset = ListMessagesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    role: ListMessagesRole | Unset = UNSET,
) -> Response[Error | MessageList]:
    """List a conversation’s messages

     Newest first unless `order=asc`. Filter: `role`.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListMessagesOrder | Unset): Newest first unless asc Default:
            ListMessagesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        role (ListMessagesRole | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MessageList]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        role=role,
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
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListMessagesOrder | Unset = ListMessagesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    role: ListMessagesRole | Unset = UNSET,
) -> Error | MessageList | None:
    """List a conversation’s messages

     Newest first unless `order=asc`. Filter: `role`.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListMessagesOrder | Unset): Newest first unless asc Default:
            ListMessagesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        role (ListMessagesRole | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MessageList
    """

    return sync_detailed(
        id=id,
        conv_id=conv_id,
        client=client,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        role=role,
    ).parsed


async def asyncio_detailed(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListMessagesOrder | Unset = ListMessagesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    role: ListMessagesRole | Unset = UNSET,
) -> Response[Error | MessageList]:
    """List a conversation’s messages

     Newest first unless `order=asc`. Filter: `role`.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListMessagesOrder | Unset): Newest first unless asc Default:
            ListMessagesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        role (ListMessagesRole | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MessageList]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        role=role,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListMessagesOrder | Unset = ListMessagesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    role: ListMessagesRole | Unset = UNSET,
) -> Error | MessageList | None:
    """List a conversation’s messages

     Newest first unless `order=asc`. Filter: `role`.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListMessagesOrder | Unset): Newest first unless asc Default:
            ListMessagesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        role (ListMessagesRole | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MessageList
    """

    return (
        await asyncio_detailed(
            id=id,
            conv_id=conv_id,
            client=client,
            limit=limit,
            cursor=cursor,
            order=order,
            created_after=created_after,
            created_before=created_before,
            role=role,
        )
    ).parsed
