import datetime
from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.export_conversations_channel import ExportConversationsChannel
from ...models.export_conversations_format import ExportConversationsFormat
from ...models.export_conversations_resolution import ExportConversationsResolution
from ...models.export_conversations_status import ExportConversationsStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    format_: ExportConversationsFormat | Unset = ExportConversationsFormat.JSONL,
    status: ExportConversationsStatus | Unset = UNSET,
    channel: ExportConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ExportConversationsResolution | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

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

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/chatbots/{id}/conversations/export".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | str | None:
    if response.status_code == 200:
        response_200 = cast(str, response.content)
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
) -> Response[Error | str]:
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
    format_: ExportConversationsFormat | Unset = ExportConversationsFormat.JSONL,
    status: ExportConversationsStatus | Unset = UNSET,
    channel: ExportConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ExportConversationsResolution | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Response[Error | str]:
    """Export conversations with their messages (JSON Lines or CSV)

     `format=jsonl` (default): one conversation per line with its `messages`, oldest first. `format=csv`:
    one row per message (a conversation without messages has one row), header first, a file sent as a
    message in `attachment_id`, `attachment_name` and `attachment_type`; cells starting with = + - @ are
    prefixed with an apostrophe so spreadsheets do not run them. Takes the list filters. Streamed in
    constant memory. Needs full API access.

    Args:
        id (str): An id of the form cb_<ulid>
        format_ (ExportConversationsFormat | Unset):  Default: ExportConversationsFormat.JSONL.
        status (ExportConversationsStatus | Unset):
        channel (ExportConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ExportConversationsResolution | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
        status=status,
        channel=channel,
        has_lead=has_lead,
        resolution=resolution,
        created_after=created_after,
        created_before=created_before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: ExportConversationsFormat | Unset = ExportConversationsFormat.JSONL,
    status: ExportConversationsStatus | Unset = UNSET,
    channel: ExportConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ExportConversationsResolution | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Error | str | None:
    """Export conversations with their messages (JSON Lines or CSV)

     `format=jsonl` (default): one conversation per line with its `messages`, oldest first. `format=csv`:
    one row per message (a conversation without messages has one row), header first, a file sent as a
    message in `attachment_id`, `attachment_name` and `attachment_type`; cells starting with = + - @ are
    prefixed with an apostrophe so spreadsheets do not run them. Takes the list filters. Streamed in
    constant memory. Needs full API access.

    Args:
        id (str): An id of the form cb_<ulid>
        format_ (ExportConversationsFormat | Unset):  Default: ExportConversationsFormat.JSONL.
        status (ExportConversationsStatus | Unset):
        channel (ExportConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ExportConversationsResolution | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        id=id,
        client=client,
        format_=format_,
        status=status,
        channel=channel,
        has_lead=has_lead,
        resolution=resolution,
        created_after=created_after,
        created_before=created_before,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: ExportConversationsFormat | Unset = ExportConversationsFormat.JSONL,
    status: ExportConversationsStatus | Unset = UNSET,
    channel: ExportConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ExportConversationsResolution | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Response[Error | str]:
    """Export conversations with their messages (JSON Lines or CSV)

     `format=jsonl` (default): one conversation per line with its `messages`, oldest first. `format=csv`:
    one row per message (a conversation without messages has one row), header first, a file sent as a
    message in `attachment_id`, `attachment_name` and `attachment_type`; cells starting with = + - @ are
    prefixed with an apostrophe so spreadsheets do not run them. Takes the list filters. Streamed in
    constant memory. Needs full API access.

    Args:
        id (str): An id of the form cb_<ulid>
        format_ (ExportConversationsFormat | Unset):  Default: ExportConversationsFormat.JSONL.
        status (ExportConversationsStatus | Unset):
        channel (ExportConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ExportConversationsResolution | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
        status=status,
        channel=channel,
        has_lead=has_lead,
        resolution=resolution,
        created_after=created_after,
        created_before=created_before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: ExportConversationsFormat | Unset = ExportConversationsFormat.JSONL,
    status: ExportConversationsStatus | Unset = UNSET,
    channel: ExportConversationsChannel | Unset = UNSET,
    has_lead: bool | Unset = UNSET,
    resolution: ExportConversationsResolution | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Error | str | None:
    """Export conversations with their messages (JSON Lines or CSV)

     `format=jsonl` (default): one conversation per line with its `messages`, oldest first. `format=csv`:
    one row per message (a conversation without messages has one row), header first, a file sent as a
    message in `attachment_id`, `attachment_name` and `attachment_type`; cells starting with = + - @ are
    prefixed with an apostrophe so spreadsheets do not run them. Takes the list filters. Streamed in
    constant memory. Needs full API access.

    Args:
        id (str): An id of the form cb_<ulid>
        format_ (ExportConversationsFormat | Unset):  Default: ExportConversationsFormat.JSONL.
        status (ExportConversationsStatus | Unset):
        channel (ExportConversationsChannel | Unset):
        has_lead (bool | Unset):
        resolution (ExportConversationsResolution | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            format_=format_,
            status=status,
            channel=channel,
            has_lead=has_lead,
            resolution=resolution,
            created_after=created_after,
            created_before=created_before,
        )
    ).parsed
