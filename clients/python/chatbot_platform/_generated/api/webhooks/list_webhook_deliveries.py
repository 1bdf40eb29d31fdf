import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_webhook_deliveries_order import ListWebhookDeliveriesOrder
from ...models.list_webhook_deliveries_status import ListWebhookDeliveriesStatus
from ...models.webhook_delivery_list import WebhookDeliveryList
from ...types import UNSET, Response, Unset


def _get_kwargs(
    wh_id: str,
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListWebhookDeliveriesOrder | Unset = ListWebhookDeliveriesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    event_type: str | Unset = UNSET,
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

    params["event_type"] = event_type

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/webhooks/{wh_id}/deliveries".format(
            wh_id=quote(str(wh_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WebhookDeliveryList | None:
    if response.status_code == 200:
        response_200 = WebhookDeliveryList.from_dict(response.json())

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
) -> Response[Error | WebhookDeliveryList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    wh_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListWebhookDeliveriesOrder | Unset = ListWebhookDeliveriesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    event_type: str | Unset = UNSET,
) -> Response[Error | WebhookDeliveryList]:
    """The delivery log of an endpoint

     Newest first, each delivery with its attempts (status, duration, the start of the answer). Filters:
    `status`, `event_type`. An OAuth token sees the deliveries of the event types its scopes see
    (`lead.*` with `leads:read`, …; see `GET /events`); an `event_type` it does not see is 403
    `insufficient_scope`.

    Args:
        wh_id (str): An id of the form wh_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListWebhookDeliveriesOrder | Unset): Newest first unless asc Default:
            ListWebhookDeliveriesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        status (ListWebhookDeliveriesStatus | Unset):
        event_type (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookDeliveryList]
    """

    kwargs = _get_kwargs(
        wh_id=wh_id,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        status=status,
        event_type=event_type,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    wh_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListWebhookDeliveriesOrder | Unset = ListWebhookDeliveriesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    event_type: str | Unset = UNSET,
) -> Error | WebhookDeliveryList | None:
    """The delivery log of an endpoint

     Newest first, each delivery with its attempts (status, duration, the start of the answer). Filters:
    `status`, `event_type`. An OAuth token sees the deliveries of the event types its scopes see
    (`lead.*` with `leads:read`, …; see `GET /events`); an `event_type` it does not see is 403
    `insufficient_scope`.

    Args:
        wh_id (str): An id of the form wh_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListWebhookDeliveriesOrder | Unset): Newest first unless asc Default:
            ListWebhookDeliveriesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        status (ListWebhookDeliveriesStatus | Unset):
        event_type (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookDeliveryList
    """

    return sync_detailed(
        wh_id=wh_id,
        client=client,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        status=status,
        event_type=event_type,
    ).parsed


async def asyncio_detailed(
    wh_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListWebhookDeliveriesOrder | Unset = ListWebhookDeliveriesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    event_type: str | Unset = UNSET,
) -> Response[Error | WebhookDeliveryList]:
    """The delivery log of an endpoint

     Newest first, each delivery with its attempts (status, duration, the start of the answer). Filters:
    `status`, `event_type`. An OAuth token sees the deliveries of the event types its scopes see
    (`lead.*` with `leads:read`, …; see `GET /events`); an `event_type` it does not see is 403
    `insufficient_scope`.

    Args:
        wh_id (str): An id of the form wh_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListWebhookDeliveriesOrder | Unset): Newest first unless asc Default:
            ListWebhookDeliveriesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        status (ListWebhookDeliveriesStatus | Unset):
        event_type (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebhookDeliveryList]
    """

    kwargs = _get_kwargs(
        wh_id=wh_id,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        status=status,
        event_type=event_type,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    wh_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListWebhookDeliveriesOrder | Unset = ListWebhookDeliveriesOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    status: ListWebhookDeliveriesStatus | Unset = UNSET,
    event_type: str | Unset = UNSET,
) -> Error | WebhookDeliveryList | None:
    """The delivery log of an endpoint

     Newest first, each delivery with its attempts (status, duration, the start of the answer). Filters:
    `status`, `event_type`. An OAuth token sees the deliveries of the event types its scopes see
    (`lead.*` with `leads:read`, …; see `GET /events`); an `event_type` it does not see is 403
    `insufficient_scope`.

    Args:
        wh_id (str): An id of the form wh_<ulid>
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListWebhookDeliveriesOrder | Unset): Newest first unless asc Default:
            ListWebhookDeliveriesOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        status (ListWebhookDeliveriesStatus | Unset):
        event_type (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebhookDeliveryList
    """

    return (
        await asyncio_detailed(
            wh_id=wh_id,
            client=client,
            limit=limit,
            cursor=cursor,
            order=order,
            created_after=created_after,
            created_before=created_before,
            status=status,
            event_type=event_type,
        )
    ).parsed
