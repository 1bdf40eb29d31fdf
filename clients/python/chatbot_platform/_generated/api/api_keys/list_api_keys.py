import datetime
from http import HTTPStatus
from typing import Any, Literal

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_key_list import ApiKeyList
from ...models.error import Error
from ...models.list_api_keys_kind import ListApiKeysKind
from ...models.list_api_keys_order import ListApiKeysOrder
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListApiKeysOrder | Unset = ListApiKeysOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    kind: ListApiKeysKind | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    created_by: Literal["operator"] | str | Unset = UNSET,
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

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind.value

    params["kind"] = json_kind

    params["chatbot_id"] = chatbot_id

    json_created_by: Literal["operator"] | str | Unset
    if isinstance(created_by, Unset):
        json_created_by = UNSET
    else:
        json_created_by = created_by
    params["created_by"] = json_created_by

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/api-keys",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiKeyList | Error | None:
    if response.status_code == 200:
        response_200 = ApiKeyList.from_dict(response.json())

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
) -> Response[ApiKeyList | Error]:
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
    order: ListApiKeysOrder | Unset = ListApiKeysOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    kind: ListApiKeysKind | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    created_by: Literal["operator"] | str | Unset = UNSET,
) -> Response[ApiKeyList | Error]:
    """List the API keys of the calling key’s mode

     Secrets are never returned after creation; `redacted_key` and `last4` identify a key. `created_by`
    names who made it (a member, or the operator); `?created_by=usr_…` (or `operator`) lists one maker’s
    keys.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListApiKeysOrder | Unset): Newest first unless asc Default: ListApiKeysOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        kind (ListApiKeysKind | Unset):
        chatbot_id (str | Unset):
        created_by (Literal['operator'] | str | Unset): A member id, or `operator`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKeyList | Error]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        kind=kind,
        chatbot_id=chatbot_id,
        created_by=created_by,
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
    order: ListApiKeysOrder | Unset = ListApiKeysOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    kind: ListApiKeysKind | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    created_by: Literal["operator"] | str | Unset = UNSET,
) -> ApiKeyList | Error | None:
    """List the API keys of the calling key’s mode

     Secrets are never returned after creation; `redacted_key` and `last4` identify a key. `created_by`
    names who made it (a member, or the operator); `?created_by=usr_…` (or `operator`) lists one maker’s
    keys.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListApiKeysOrder | Unset): Newest first unless asc Default: ListApiKeysOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        kind (ListApiKeysKind | Unset):
        chatbot_id (str | Unset):
        created_by (Literal['operator'] | str | Unset): A member id, or `operator`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKeyList | Error
    """

    return sync_detailed(
        client=client,
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        kind=kind,
        chatbot_id=chatbot_id,
        created_by=created_by,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListApiKeysOrder | Unset = ListApiKeysOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    kind: ListApiKeysKind | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    created_by: Literal["operator"] | str | Unset = UNSET,
) -> Response[ApiKeyList | Error]:
    """List the API keys of the calling key’s mode

     Secrets are never returned after creation; `redacted_key` and `last4` identify a key. `created_by`
    names who made it (a member, or the operator); `?created_by=usr_…` (or `operator`) lists one maker’s
    keys.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListApiKeysOrder | Unset): Newest first unless asc Default: ListApiKeysOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        kind (ListApiKeysKind | Unset):
        chatbot_id (str | Unset):
        created_by (Literal['operator'] | str | Unset): A member id, or `operator`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKeyList | Error]
    """

    kwargs = _get_kwargs(
        limit=limit,
        cursor=cursor,
        order=order,
        created_after=created_after,
        created_before=created_before,
        kind=kind,
        chatbot_id=chatbot_id,
        created_by=created_by,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: ListApiKeysOrder | Unset = ListApiKeysOrder.DESC,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    kind: ListApiKeysKind | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    created_by: Literal["operator"] | str | Unset = UNSET,
) -> ApiKeyList | Error | None:
    """List the API keys of the calling key’s mode

     Secrets are never returned after creation; `redacted_key` and `last4` identify a key. `created_by`
    names who made it (a member, or the operator); `?created_by=usr_…` (or `operator`) lists one maker’s
    keys.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (ListApiKeysOrder | Unset): Newest first unless asc Default: ListApiKeysOrder.DESC.
        created_after (datetime.datetime | Unset): Only records created after this time
        created_before (datetime.datetime | Unset): Only records created before this time
        kind (ListApiKeysKind | Unset):
        chatbot_id (str | Unset):
        created_by (Literal['operator'] | str | Unset): A member id, or `operator`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKeyList | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            limit=limit,
            cursor=cursor,
            order=order,
            created_after=created_after,
            created_before=created_before,
            kind=kind,
            chatbot_id=chatbot_id,
            created_by=created_by,
        )
    ).parsed
