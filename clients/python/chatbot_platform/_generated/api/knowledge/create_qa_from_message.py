from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.knowledge_item import KnowledgeItem
from ...models.knowledge_qa_from_message import KnowledgeQaFromMessage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: KnowledgeQaFromMessage,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/chatbots/{id}/knowledge/qa-from-message".format(
            id=quote(str(id), safe=""),
        ),
    }

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
    body: KnowledgeQaFromMessage,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | KnowledgeItem]:
    """Turn a question visitors asked into a Q&A pair

     Creates a `qa` item (201, as `POST …/knowledge` does) whose question is what a visitor asked, with
    your `answer` (and optional `alternatives`, `title`, `metadata`). Name the question either by
    `message_id` (a visitor message of this chatbot: its text, whitespace collapsed, becomes the
    question) or, as `GET /analytics/trends` lists an unanswered question, by `conversation_id` and
    `question` (the question as given becomes the question; a visitor message of that conversation must
    ask it, or begin with it, compared ignoring case and accents; a question under 8 characters must be
    a whole message, else 400 `validation_failed`). An OAuth token needs `conversations:read` besides
    `knowledge:write` (403 `insufficient_scope`): the question is a visitor’s words. 404
    `message_not_found` for a message of another chatbot, account or mode, or none that asks the
    question; 404 `conversation_not_found`; 409 `conflict` for a message that is not a visitor’s, or one
    that cannot be a question as it is (longer than 1,000 characters, or holding control or formatting
    characters); 409 `chatbot_archived`.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (KnowledgeQaFromMessage):

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
    body: KnowledgeQaFromMessage,
    idempotency_key: str | Unset = UNSET,
) -> Error | KnowledgeItem | None:
    """Turn a question visitors asked into a Q&A pair

     Creates a `qa` item (201, as `POST …/knowledge` does) whose question is what a visitor asked, with
    your `answer` (and optional `alternatives`, `title`, `metadata`). Name the question either by
    `message_id` (a visitor message of this chatbot: its text, whitespace collapsed, becomes the
    question) or, as `GET /analytics/trends` lists an unanswered question, by `conversation_id` and
    `question` (the question as given becomes the question; a visitor message of that conversation must
    ask it, or begin with it, compared ignoring case and accents; a question under 8 characters must be
    a whole message, else 400 `validation_failed`). An OAuth token needs `conversations:read` besides
    `knowledge:write` (403 `insufficient_scope`): the question is a visitor’s words. 404
    `message_not_found` for a message of another chatbot, account or mode, or none that asks the
    question; 404 `conversation_not_found`; 409 `conflict` for a message that is not a visitor’s, or one
    that cannot be a question as it is (longer than 1,000 characters, or holding control or formatting
    characters); 409 `chatbot_archived`.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (KnowledgeQaFromMessage):

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
    body: KnowledgeQaFromMessage,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | KnowledgeItem]:
    """Turn a question visitors asked into a Q&A pair

     Creates a `qa` item (201, as `POST …/knowledge` does) whose question is what a visitor asked, with
    your `answer` (and optional `alternatives`, `title`, `metadata`). Name the question either by
    `message_id` (a visitor message of this chatbot: its text, whitespace collapsed, becomes the
    question) or, as `GET /analytics/trends` lists an unanswered question, by `conversation_id` and
    `question` (the question as given becomes the question; a visitor message of that conversation must
    ask it, or begin with it, compared ignoring case and accents; a question under 8 characters must be
    a whole message, else 400 `validation_failed`). An OAuth token needs `conversations:read` besides
    `knowledge:write` (403 `insufficient_scope`): the question is a visitor’s words. 404
    `message_not_found` for a message of another chatbot, account or mode, or none that asks the
    question; 404 `conversation_not_found`; 409 `conflict` for a message that is not a visitor’s, or one
    that cannot be a question as it is (longer than 1,000 characters, or holding control or formatting
    characters); 409 `chatbot_archived`.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (KnowledgeQaFromMessage):

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
    body: KnowledgeQaFromMessage,
    idempotency_key: str | Unset = UNSET,
) -> Error | KnowledgeItem | None:
    """Turn a question visitors asked into a Q&A pair

     Creates a `qa` item (201, as `POST …/knowledge` does) whose question is what a visitor asked, with
    your `answer` (and optional `alternatives`, `title`, `metadata`). Name the question either by
    `message_id` (a visitor message of this chatbot: its text, whitespace collapsed, becomes the
    question) or, as `GET /analytics/trends` lists an unanswered question, by `conversation_id` and
    `question` (the question as given becomes the question; a visitor message of that conversation must
    ask it, or begin with it, compared ignoring case and accents; a question under 8 characters must be
    a whole message, else 400 `validation_failed`). An OAuth token needs `conversations:read` besides
    `knowledge:write` (403 `insufficient_scope`): the question is a visitor’s words. 404
    `message_not_found` for a message of another chatbot, account or mode, or none that asks the
    question; 404 `conversation_not_found`; 409 `conflict` for a message that is not a visitor’s, or one
    that cannot be a question as it is (longer than 1,000 characters, or holding control or formatting
    characters); 409 `chatbot_archived`.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (KnowledgeQaFromMessage):

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
