import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.knowledge_item_list import KnowledgeItemList
from ...models.list_knowledge_items_order import ListKnowledgeItemsOrder
from ...models.list_knowledge_items_status import ListKnowledgeItemsStatus
from ...models.list_knowledge_items_type import ListKnowledgeItemsType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListKnowledgeItemsOrder | Unset = ListKnowledgeItemsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    type_: ListKnowledgeItemsType | Unset = UNSET,
    status: ListKnowledgeItemsStatus | Unset = UNSET,
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

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_.value

    params["type"] = json_type_

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["q"] = q

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/chatbots/{id}/knowledge".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | KnowledgeItemList | None:
    if response.status_code == 200:
        response_200 = KnowledgeItemList.from_dict(response.json())

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
) -> Response[Error | KnowledgeItemList]:
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
    order: ListKnowledgeItemsOrder | Unset = ListKnowledgeItemsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    type_: ListKnowledgeItemsType | Unset = UNSET,
    status: ListKnowledgeItemsStatus | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[Error | KnowledgeItemList]:
    """List the knowledge base

     Newest first. Filters: `type`, `status`, `q` (part of the title, ignoring case and accents).

    Args:
        id (str): An id of the form cb_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListKnowledgeItemsOrder | Unset): Newest first unless asc Default:
            ListKnowledgeItemsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        type_ (ListKnowledgeItemsType | Unset):
        status (ListKnowledgeItemsStatus | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | KnowledgeItemList]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        type_=type_,
        status=status,
        q=q,
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
    order: ListKnowledgeItemsOrder | Unset = ListKnowledgeItemsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    type_: ListKnowledgeItemsType | Unset = UNSET,
    status: ListKnowledgeItemsStatus | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Error | KnowledgeItemList | None:
    """List the knowledge base

     Newest first. Filters: `type`, `status`, `q` (part of the title, ignoring case and accents).

    Args:
        id (str): An id of the form cb_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListKnowledgeItemsOrder | Unset): Newest first unless asc Default:
            ListKnowledgeItemsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        type_ (ListKnowledgeItemsType | Unset):
        status (ListKnowledgeItemsStatus | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | KnowledgeItemList
    """

    return sync_detailed(
        id=id,
        client=client,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        type_=type_,
        status=status,
        q=q,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListKnowledgeItemsOrder | Unset = ListKnowledgeItemsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    type_: ListKnowledgeItemsType | Unset = UNSET,
    status: ListKnowledgeItemsStatus | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Response[Error | KnowledgeItemList]:
    """List the knowledge base

     Newest first. Filters: `type`, `status`, `q` (part of the title, ignoring case and accents).

    Args:
        id (str): An id of the form cb_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListKnowledgeItemsOrder | Unset): Newest first unless asc Default:
            ListKnowledgeItemsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        type_ (ListKnowledgeItemsType | Unset):
        status (ListKnowledgeItemsStatus | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | KnowledgeItemList]
    """

    kwargs = _get_kwargs(
        id=id,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        type_=type_,
        status=status,
        q=q,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListKnowledgeItemsOrder | Unset = ListKnowledgeItemsOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    type_: ListKnowledgeItemsType | Unset = UNSET,
    status: ListKnowledgeItemsStatus | Unset = UNSET,
    q: str | Unset = UNSET,
) -> Error | KnowledgeItemList | None:
    """List the knowledge base

     Newest first. Filters: `type`, `status`, `q` (part of the title, ignoring case and accents).

    Args:
        id (str): An id of the form cb_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListKnowledgeItemsOrder | Unset): Newest first unless asc Default:
            ListKnowledgeItemsOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        type_ (ListKnowledgeItemsType | Unset):
        status (ListKnowledgeItemsStatus | Unset):
        q (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | KnowledgeItemList
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
            type_=type_,
            status=status,
            q=q,
        )
    ).parsed
