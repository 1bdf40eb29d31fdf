from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.chatbot_settings import ChatbotSettings
from ...models.chatbot_settings_input import ChatbotSettingsInput
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: ChatbotSettingsInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/chatbots/{id}/settings".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChatbotSettings | Error | None:
    if response.status_code == 200:
        response_200 = ChatbotSettings.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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
) -> Response[ChatbotSettings | Error]:
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
    body: ChatbotSettingsInput,
) -> Response[ChatbotSettings | Error]:
    """Replace a chatbot’s settings

     Replaces the whole settings object: a field left out takes its default. `personality`, `language`
    and `welcome_message` are the chatbot’s own fields. `answer.provider` names a language-model
    provider the operator configured (`llm.providers`) or the id of one of the account’s model providers
    (`/model-providers`; one it lacks: 404 `model_provider_not_found`). `answer.embedding_provider` (for
    `answer.retrieval: hybrid`) is one of the account’s model providers with an embedding model (without
    one: 409 `model_provider_without_embedding_model`). Archived chatbots are read-only (409
    `chatbot_archived`).

    Args:
        id (str): An id of the form cb_<ulid>
        body (ChatbotSettingsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatbotSettings | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ChatbotSettingsInput,
) -> ChatbotSettings | Error | None:
    """Replace a chatbot’s settings

     Replaces the whole settings object: a field left out takes its default. `personality`, `language`
    and `welcome_message` are the chatbot’s own fields. `answer.provider` names a language-model
    provider the operator configured (`llm.providers`) or the id of one of the account’s model providers
    (`/model-providers`; one it lacks: 404 `model_provider_not_found`). `answer.embedding_provider` (for
    `answer.retrieval: hybrid`) is one of the account’s model providers with an embedding model (without
    one: 409 `model_provider_without_embedding_model`). Archived chatbots are read-only (409
    `chatbot_archived`).

    Args:
        id (str): An id of the form cb_<ulid>
        body (ChatbotSettingsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatbotSettings | Error
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ChatbotSettingsInput,
) -> Response[ChatbotSettings | Error]:
    """Replace a chatbot’s settings

     Replaces the whole settings object: a field left out takes its default. `personality`, `language`
    and `welcome_message` are the chatbot’s own fields. `answer.provider` names a language-model
    provider the operator configured (`llm.providers`) or the id of one of the account’s model providers
    (`/model-providers`; one it lacks: 404 `model_provider_not_found`). `answer.embedding_provider` (for
    `answer.retrieval: hybrid`) is one of the account’s model providers with an embedding model (without
    one: 409 `model_provider_without_embedding_model`). Archived chatbots are read-only (409
    `chatbot_archived`).

    Args:
        id (str): An id of the form cb_<ulid>
        body (ChatbotSettingsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChatbotSettings | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ChatbotSettingsInput,
) -> ChatbotSettings | Error | None:
    """Replace a chatbot’s settings

     Replaces the whole settings object: a field left out takes its default. `personality`, `language`
    and `welcome_message` are the chatbot’s own fields. `answer.provider` names a language-model
    provider the operator configured (`llm.providers`) or the id of one of the account’s model providers
    (`/model-providers`; one it lacks: 404 `model_provider_not_found`). `answer.embedding_provider` (for
    `answer.retrieval: hybrid`) is one of the account’s model providers with an embedding model (without
    one: 409 `model_provider_without_embedding_model`). Archived chatbots are read-only (409
    `chatbot_archived`).

    Args:
        id (str): An id of the form cb_<ulid>
        body (ChatbotSettingsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChatbotSettings | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
