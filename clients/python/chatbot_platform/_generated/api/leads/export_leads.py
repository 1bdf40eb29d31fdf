import datetime
from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.export_leads_format import ExportLeadsFormat
from ...models.export_leads_source import ExportLeadsSource
from ...models.export_leads_status import ExportLeadsStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    format_: ExportLeadsFormat | Unset = ExportLeadsFormat.JSONL,
    chatbot_id: str | Unset = UNSET,
    status: ExportLeadsStatus | Unset = UNSET,
    source: ExportLeadsSource | Unset = UNSET,
    q: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["chatbot_id"] = chatbot_id

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_source: str | Unset = UNSET
    if not isinstance(source, Unset):
        json_source = source.value

    params["source"] = json_source

    params["q"] = q

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
        "url": "/api/v1/leads/export",
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
    format_: ExportLeadsFormat | Unset = ExportLeadsFormat.JSONL,
    chatbot_id: str | Unset = UNSET,
    status: ExportLeadsStatus | Unset = UNSET,
    source: ExportLeadsSource | Unset = UNSET,
    q: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Response[Error | str]:
    """Export leads (JSON Lines or CSV)

     `format=jsonl` (default): one lead per line, as `GET /leads/{leadId}` returns it. `format=csv`: a
    header row, then one row per lead (`custom` as JSON); cells starting with = + - @ are prefixed with
    an apostrophe so spreadsheets do not run them. Oldest first; takes the list filters (`chatbot_id`,
    `status`, `source`, `q`, time). Streamed in constant memory. Needs full API access.

    Args:
        format_ (ExportLeadsFormat | Unset):  Default: ExportLeadsFormat.JSONL.
        chatbot_id (str | Unset): An id of the form cb_<ulid>
        status (ExportLeadsStatus | Unset):
        source (ExportLeadsSource | Unset):
        q (str | Unset): Part of the name, e-mail, company or phone number, ignoring case and
            accents
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        format_=format_,
        chatbot_id=chatbot_id,
        status=status,
        source=source,
        q=q,
        created_after=created_after,
        created_before=created_before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    format_: ExportLeadsFormat | Unset = ExportLeadsFormat.JSONL,
    chatbot_id: str | Unset = UNSET,
    status: ExportLeadsStatus | Unset = UNSET,
    source: ExportLeadsSource | Unset = UNSET,
    q: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Error | str | None:
    """Export leads (JSON Lines or CSV)

     `format=jsonl` (default): one lead per line, as `GET /leads/{leadId}` returns it. `format=csv`: a
    header row, then one row per lead (`custom` as JSON); cells starting with = + - @ are prefixed with
    an apostrophe so spreadsheets do not run them. Oldest first; takes the list filters (`chatbot_id`,
    `status`, `source`, `q`, time). Streamed in constant memory. Needs full API access.

    Args:
        format_ (ExportLeadsFormat | Unset):  Default: ExportLeadsFormat.JSONL.
        chatbot_id (str | Unset): An id of the form cb_<ulid>
        status (ExportLeadsStatus | Unset):
        source (ExportLeadsSource | Unset):
        q (str | Unset): Part of the name, e-mail, company or phone number, ignoring case and
            accents
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        client=client,
        format_=format_,
        chatbot_id=chatbot_id,
        status=status,
        source=source,
        q=q,
        created_after=created_after,
        created_before=created_before,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    format_: ExportLeadsFormat | Unset = ExportLeadsFormat.JSONL,
    chatbot_id: str | Unset = UNSET,
    status: ExportLeadsStatus | Unset = UNSET,
    source: ExportLeadsSource | Unset = UNSET,
    q: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Response[Error | str]:
    """Export leads (JSON Lines or CSV)

     `format=jsonl` (default): one lead per line, as `GET /leads/{leadId}` returns it. `format=csv`: a
    header row, then one row per lead (`custom` as JSON); cells starting with = + - @ are prefixed with
    an apostrophe so spreadsheets do not run them. Oldest first; takes the list filters (`chatbot_id`,
    `status`, `source`, `q`, time). Streamed in constant memory. Needs full API access.

    Args:
        format_ (ExportLeadsFormat | Unset):  Default: ExportLeadsFormat.JSONL.
        chatbot_id (str | Unset): An id of the form cb_<ulid>
        status (ExportLeadsStatus | Unset):
        source (ExportLeadsSource | Unset):
        q (str | Unset): Part of the name, e-mail, company or phone number, ignoring case and
            accents
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        format_=format_,
        chatbot_id=chatbot_id,
        status=status,
        source=source,
        q=q,
        created_after=created_after,
        created_before=created_before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    format_: ExportLeadsFormat | Unset = ExportLeadsFormat.JSONL,
    chatbot_id: str | Unset = UNSET,
    status: ExportLeadsStatus | Unset = UNSET,
    source: ExportLeadsSource | Unset = UNSET,
    q: str | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
) -> Error | str | None:
    """Export leads (JSON Lines or CSV)

     `format=jsonl` (default): one lead per line, as `GET /leads/{leadId}` returns it. `format=csv`: a
    header row, then one row per lead (`custom` as JSON); cells starting with = + - @ are prefixed with
    an apostrophe so spreadsheets do not run them. Oldest first; takes the list filters (`chatbot_id`,
    `status`, `source`, `q`, time). Streamed in constant memory. Needs full API access.

    Args:
        format_ (ExportLeadsFormat | Unset):  Default: ExportLeadsFormat.JSONL.
        chatbot_id (str | Unset): An id of the form cb_<ulid>
        status (ExportLeadsStatus | Unset):
        source (ExportLeadsSource | Unset):
        q (str | Unset): Part of the name, e-mail, company or phone number, ignoring case and
            accents
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
            client=client,
            format_=format_,
            chatbot_id=chatbot_id,
            status=status,
            source=source,
            q=q,
            created_after=created_after,
            created_before=created_before,
        )
    ).parsed
