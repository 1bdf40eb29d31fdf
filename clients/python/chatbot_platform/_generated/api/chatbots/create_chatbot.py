from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_chatbot import CreateChatbot
from ...models.created_chatbot import CreatedChatbot
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateChatbot,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/chatbots",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreatedChatbot | Error | None:
    if response.status_code == 201:
        response_201 = CreatedChatbot.from_dict(response.json())

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
) -> Response[CreatedChatbot | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateChatbot,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreatedChatbot | Error]:
    """Create a chatbot

     `name` is required; `language` defaults to `en` and `personality` to `friendly`. The response
    carries `api_key`, a key of the calling key’s mode that works only for this chatbot, shown this
    once. Active and paused chatbots count against the plan’s limit (409 `chatbot_limit_reached`).

    Args:
        idempotency_key (str | Unset):
        body (CreateChatbot):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedChatbot | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateChatbot,
    idempotency_key: str | Unset = UNSET,
) -> CreatedChatbot | Error | None:
    """Create a chatbot

     `name` is required; `language` defaults to `en` and `personality` to `friendly`. The response
    carries `api_key`, a key of the calling key’s mode that works only for this chatbot, shown this
    once. Active and paused chatbots count against the plan’s limit (409 `chatbot_limit_reached`).

    Args:
        idempotency_key (str | Unset):
        body (CreateChatbot):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedChatbot | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateChatbot,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreatedChatbot | Error]:
    """Create a chatbot

     `name` is required; `language` defaults to `en` and `personality` to `friendly`. The response
    carries `api_key`, a key of the calling key’s mode that works only for this chatbot, shown this
    once. Active and paused chatbots count against the plan’s limit (409 `chatbot_limit_reached`).

    Args:
        idempotency_key (str | Unset):
        body (CreateChatbot):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedChatbot | Error]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateChatbot,
    idempotency_key: str | Unset = UNSET,
) -> CreatedChatbot | Error | None:
    """Create a chatbot

     `name` is required; `language` defaults to `en` and `personality` to `friendly`. The response
    carries `api_key`, a key of the calling key’s mode that works only for this chatbot, shown this
    once. Active and paused chatbots count against the plan’s limit (409 `chatbot_limit_reached`).

    Args:
        idempotency_key (str | Unset):
        body (CreateChatbot):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedChatbot | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
