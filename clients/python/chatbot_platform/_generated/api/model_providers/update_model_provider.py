from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.model_provider import ModelProvider
from ...models.model_provider_patch import ModelProviderPatch
from ...types import Response


def _get_kwargs(
    provider_id: str,
    *,
    body: ModelProviderPatch,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/model-providers/{provider_id}".format(
            provider_id=quote(str(provider_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ModelProvider | None:
    if response.status_code == 200:
        response_200 = ModelProvider.from_dict(response.json())

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
) -> Response[Error | ModelProvider]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    body: ModelProviderPatch,
) -> Response[Error | ModelProvider]:
    """Change a model provider

     The fields sent. `api_key`: a new key replaces the old one; null removes it. A `base_url` on another
    origin (scheme, host or port) without an `api_key` removes the stored key: it was for the other
    server. Checks as for creation. Chatbots using the provider use the change from their next reply.
    `embedding_model: null` while a chatbot’s `answer.embedding_provider` names the provider is 409
    `model_provider_in_use`, naming the chatbots. Owners and admins only.

    Args:
        provider_id (str): An id of the form mp_<ulid>
        body (ModelProviderPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ModelProvider]
    """

    kwargs = _get_kwargs(
        provider_id=provider_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    body: ModelProviderPatch,
) -> Error | ModelProvider | None:
    """Change a model provider

     The fields sent. `api_key`: a new key replaces the old one; null removes it. A `base_url` on another
    origin (scheme, host or port) without an `api_key` removes the stored key: it was for the other
    server. Checks as for creation. Chatbots using the provider use the change from their next reply.
    `embedding_model: null` while a chatbot’s `answer.embedding_provider` names the provider is 409
    `model_provider_in_use`, naming the chatbots. Owners and admins only.

    Args:
        provider_id (str): An id of the form mp_<ulid>
        body (ModelProviderPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ModelProvider
    """

    return sync_detailed(
        provider_id=provider_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    body: ModelProviderPatch,
) -> Response[Error | ModelProvider]:
    """Change a model provider

     The fields sent. `api_key`: a new key replaces the old one; null removes it. A `base_url` on another
    origin (scheme, host or port) without an `api_key` removes the stored key: it was for the other
    server. Checks as for creation. Chatbots using the provider use the change from their next reply.
    `embedding_model: null` while a chatbot’s `answer.embedding_provider` names the provider is 409
    `model_provider_in_use`, naming the chatbots. Owners and admins only.

    Args:
        provider_id (str): An id of the form mp_<ulid>
        body (ModelProviderPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ModelProvider]
    """

    kwargs = _get_kwargs(
        provider_id=provider_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    body: ModelProviderPatch,
) -> Error | ModelProvider | None:
    """Change a model provider

     The fields sent. `api_key`: a new key replaces the old one; null removes it. A `base_url` on another
    origin (scheme, host or port) without an `api_key` removes the stored key: it was for the other
    server. Checks as for creation. Chatbots using the provider use the change from their next reply.
    `embedding_model: null` while a chatbot’s `answer.embedding_provider` names the provider is 409
    `model_provider_in_use`, naming the chatbots. Owners and admins only.

    Args:
        provider_id (str): An id of the form mp_<ulid>
        body (ModelProviderPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ModelProvider
    """

    return (
        await asyncio_detailed(
            provider_id=provider_id,
            client=client,
            body=body,
        )
    ).parsed
