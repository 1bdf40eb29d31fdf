from http import HTTPStatus
from typing import Any, Literal, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    format_: Literal["jsonl"] | Unset = "jsonl",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["format"] = format_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/chatbots/{id}/knowledge/export".format(
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
    format_: Literal["jsonl"] | Unset = "jsonl",
) -> Response[Error | str]:
    """Export the knowledge base as JSON Lines

     One item per line, oldest first, document content included (base64 for PDF and DOCX), streamed a
    page at a time in constant memory. Needs full API access.

    Args:
        id (str): An id of the form cb_<ulid>
        format_ (Literal['jsonl'] | Unset):  Default: 'jsonl'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: Literal["jsonl"] | Unset = "jsonl",
) -> Error | str | None:
    """Export the knowledge base as JSON Lines

     One item per line, oldest first, document content included (base64 for PDF and DOCX), streamed a
    page at a time in constant memory. Needs full API access.

    Args:
        id (str): An id of the form cb_<ulid>
        format_ (Literal['jsonl'] | Unset):  Default: 'jsonl'.

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
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: Literal["jsonl"] | Unset = "jsonl",
) -> Response[Error | str]:
    """Export the knowledge base as JSON Lines

     One item per line, oldest first, document content included (base64 for PDF and DOCX), streamed a
    page at a time in constant memory. Needs full API access.

    Args:
        id (str): An id of the form cb_<ulid>
        format_ (Literal['jsonl'] | Unset):  Default: 'jsonl'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: Literal["jsonl"] | Unset = "jsonl",
) -> Error | str | None:
    """Export the knowledge base as JSON Lines

     One item per line, oldest first, document content included (base64 for PDF and DOCX), streamed a
    page at a time in constant memory. Needs full API access.

    Args:
        id (str): An id of the form cb_<ulid>
        format_ (Literal['jsonl'] | Unset):  Default: 'jsonl'.

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
        )
    ).parsed
