from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_knowledge_item_response_200 import DeleteKnowledgeItemResponse200
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: str,
    doc_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/chatbots/{id}/knowledge/{doc_id}".format(
            id=quote(str(id), safe=""),
            doc_id=quote(str(doc_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeleteKnowledgeItemResponse200 | Error | None:
    if response.status_code == 200:
        response_200 = DeleteKnowledgeItemResponse200.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
) -> Response[DeleteKnowledgeItemResponse200 | Error]:
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
) -> Response[DeleteKnowledgeItemResponse200 | Error]:
    """Delete a knowledge item and its passages

    Args:
        id (str): An id of the form cb_<ulid>
        doc_id (str): An id of the form doc_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteKnowledgeItemResponse200 | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        doc_id=doc_id,
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
) -> DeleteKnowledgeItemResponse200 | Error | None:
    """Delete a knowledge item and its passages

    Args:
        id (str): An id of the form cb_<ulid>
        doc_id (str): An id of the form doc_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteKnowledgeItemResponse200 | Error
    """

    return sync_detailed(
        id=id,
        doc_id=doc_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    doc_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[DeleteKnowledgeItemResponse200 | Error]:
    """Delete a knowledge item and its passages

    Args:
        id (str): An id of the form cb_<ulid>
        doc_id (str): An id of the form doc_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteKnowledgeItemResponse200 | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        doc_id=doc_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    doc_id: str,
    *,
    client: AuthenticatedClient,
) -> DeleteKnowledgeItemResponse200 | Error | None:
    """Delete a knowledge item and its passages

    Args:
        id (str): An id of the form cb_<ulid>
        doc_id (str): An id of the form doc_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteKnowledgeItemResponse200 | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            doc_id=doc_id,
            client=client,
        )
    ).parsed
