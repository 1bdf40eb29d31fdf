import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_webhooks_order import ListWebhooksOrder
from ...models.list_webhooks_status import ListWebhooksStatus
from ...models.webhook_list import WebhookList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListWebhooksOrder | Unset = ListWebhooksOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    status: ListWebhooksStatus | Unset = UNSET,
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

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/webhooks",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WebhookList | None:
    if response.status_code == 200:
        response_200 = WebhookList.from_dict(response.json())

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
) -> Response[Error | WebhookList]:
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
    order: ListWebhooksOrder | Unset = ListWebhooksOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    status: ListWebhooksStatus | Unset = UNSET,
) -> Response[Error | WebhookList]:
    """List webhook endpoints

     Newest first. Filters: `chatbot_id`, `status`. Secrets are never listed.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListWebhooksOrder | Unset): Newest first unless asc Default:
            ListWebhooksOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): An id of the form cb_<ulid>
        status (ListWebhooksStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookList]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        chatbot_id=chatbot_id,
        status=status,
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
    order: ListWebhooksOrder | Unset = ListWebhooksOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    status: ListWebhooksStatus | Unset = UNSET,
) -> Error | WebhookList | None:
    """List webhook endpoints

     Newest first. Filters: `chatbot_id`, `status`. Secrets are never listed.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListWebhooksOrder | Unset): Newest first unless asc Default:
            ListWebhooksOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): An id of the form cb_<ulid>
        status (ListWebhooksStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookList
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
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListWebhooksOrder | Unset = ListWebhooksOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    status: ListWebhooksStatus | Unset = UNSET,
) -> Response[Error | WebhookList]:
    """List webhook endpoints

     Newest first. Filters: `chatbot_id`, `status`. Secrets are never listed.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListWebhooksOrder | Unset): Newest first unless asc Default:
            ListWebhooksOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): An id of the form cb_<ulid>
        status (ListWebhooksStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookList]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        chatbot_id=chatbot_id,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListWebhooksOrder | Unset = ListWebhooksOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    status: ListWebhooksStatus | Unset = UNSET,
) -> Error | WebhookList | None:
    """List webhook endpoints

     Newest first. Filters: `chatbot_id`, `status`. Secrets are never listed.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListWebhooksOrder | Unset): Newest first unless asc Default:
            ListWebhooksOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        chatbot_id (str | Unset): An id of the form cb_<ulid>
        status (ListWebhooksStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookList
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
        )
    ).parsed
