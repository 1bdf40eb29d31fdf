from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.knowledge_item import KnowledgeItem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    doc_id: str,
    *,
    include_content: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["include_content"] = include_content

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/chatbots/{id}/knowledge/{doc_id}".format(
            id=quote(str(id), safe=""),
            doc_id=quote(str(doc_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | KnowledgeItem | None:
    if response.status_code == 200:
        response_200 = KnowledgeItem.from_dict(response.json())

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
) -> Response[Error | KnowledgeItem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    doc_id: str,
    *,
    client: AuthenticatedClient,
    include_content: bool | Unset = False,
) -> Response[Error | KnowledgeItem]:
    """Get a knowledge item

     `include_content=true` adds a document’s content.

    Args:
        id (str): An id of the form cb_<ulid>
        doc_id (str): An id of the form doc_<ulid>
        include_content (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | KnowledgeItem]
    """

    kwargs = _get_kwargs(
        id=id,
        doc_id=doc_id,
        include_content=include_content,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    doc_id: str,
    *,
    client: AuthenticatedClient,
    include_content: bool | Unset = False,
) -> Error | KnowledgeItem | None:
    """Get a knowledge item

     `include_content=true` adds a document’s content.

    Args:
        id (str): An id of the form cb_<ulid>
        doc_id (str): An id of the form doc_<ulid>
        include_content (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | KnowledgeItem
    """

    return sync_detailed(
        id=id,
        doc_id=doc_id,
        client=client,
        include_content=include_content,
    ).parsed


async def asyncio_detailed(
    id: str,
    doc_id: str,
    *,
    client: AuthenticatedClient,
    include_content: bool | Unset = False,
) -> Response[Error | KnowledgeItem]:
    """Get a knowledge item

     `include_content=true` adds a document’s content.

    Args:
        id (str): An id of the form cb_<ulid>
        doc_id (str): An id of the form doc_<ulid>
        include_content (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | KnowledgeItem]
    """

    kwargs = _get_kwargs(
        id=id,
        doc_id=doc_id,
        include_content=include_content,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    doc_id: str,
    *,
    client: AuthenticatedClient,
    include_content: bool | Unset = False,
) -> Error | KnowledgeItem | None:
    """Get a knowledge item

     `include_content=true` adds a document’s content.

    Args:
        id (str): An id of the form cb_<ulid>
        doc_id (str): An id of the form doc_<ulid>
        include_content (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | KnowledgeItem
    """

    return (
        await asyncio_detailed(
            id=id,
            doc_id=doc_id,
            client=client,
            include_content=include_content,
        )
    ).parsed
