from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.knowledge_item import KnowledgeItem
from ...models.knowledge_item_input_document import KnowledgeItemInputDocument
from ...models.knowledge_item_input_qa import KnowledgeItemInputQa
from ...models.knowledge_item_input_url import KnowledgeItemInputUrl
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/chatbots/{id}/knowledge".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, KnowledgeItemInputDocument) or isinstance(
        body, KnowledgeItemInputUrl
    ):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | KnowledgeItem | None:
    if response.status_code == 201:
        response_201 = KnowledgeItem.from_dict(response.json())

        return response_201

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

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

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
    *,
    client: AuthenticatedClient,
    body: KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | KnowledgeItem]:
    """Add a document, a URL or a question-and-answer pair to the knowledge base

     `type` is `document` (`content` as text, Markdown or HTML with `format`; or `content_base64` with
    `mime_type` for PDF and DOCX), `url` (fetched in the background; `max_pages` for a same-site crawl,
    `sitemap`, `refresh_interval` daily or weekly) or `qa` (`question`, `answer`, `alternatives`). The
    item starts `pending` and becomes `ready` or `failed`, publishing knowledge.ready or
    knowledge.failed.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | KnowledgeItem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl,
    idempotency_key: str | Unset = UNSET,
) -> Error | KnowledgeItem | None:
    """Add a document, a URL or a question-and-answer pair to the knowledge base

     `type` is `document` (`content` as text, Markdown or HTML with `format`; or `content_base64` with
    `mime_type` for PDF and DOCX), `url` (fetched in the background; `max_pages` for a same-site crawl,
    `sitemap`, `refresh_interval` daily or weekly) or `qa` (`question`, `answer`, `alternatives`). The
    item starts `pending` and becomes `ready` or `failed`, publishing knowledge.ready or
    knowledge.failed.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | KnowledgeItem
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | KnowledgeItem]:
    """Add a document, a URL or a question-and-answer pair to the knowledge base

     `type` is `document` (`content` as text, Markdown or HTML with `format`; or `content_base64` with
    `mime_type` for PDF and DOCX), `url` (fetched in the background; `max_pages` for a same-site crawl,
    `sitemap`, `refresh_interval` daily or weekly) or `qa` (`question`, `answer`, `alternatives`). The
    item starts `pending` and becomes `ready` or `failed`, publishing knowledge.ready or
    knowledge.failed.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | KnowledgeItem]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl,
    idempotency_key: str | Unset = UNSET,
) -> Error | KnowledgeItem | None:
    """Add a document, a URL or a question-and-answer pair to the knowledge base

     `type` is `document` (`content` as text, Markdown or HTML with `format`; or `content_base64` with
    `mime_type` for PDF and DOCX), `url` (fetched in the background; `max_pages` for a same-site crawl,
    `sitemap`, `refresh_interval` daily or weekly) or `qa` (`question`, `answer`, `alternatives`). The
    item starts `pending` and becomes `ready` or `failed`, publishing knowledge.ready or
    knowledge.failed.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | KnowledgeItem
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
