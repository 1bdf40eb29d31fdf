from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_model_provider import CreateModelProvider
from ...models.error import Error
from ...models.model_provider import ModelProvider
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateModelProvider,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/model-providers",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ModelProvider | None:
    if response.status_code == 201:
        response_201 = ModelProvider.from_dict(response.json())

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
) -> Response[Error | ModelProvider]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateModelProvider,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | ModelProvider]:
    """Add a model provider

     An OpenAI-compatible or Ollama server the account’s chatbots may use for answers (`answer.provider`
    set to its id) and for embeddings. The API key is stored encrypted and never shown again. The
    address must be one this server lets accounts reach: public unless the operator allows private
    ranges (`MODEL_PROVIDERS_ALLOWED_CIDRS`), and one of the operator’s hosts when it lists any
    (`MODEL_PROVIDERS_ALLOWED_HOSTS`): else 400 `model_provider_address_not_allowed`. 409
    `model_provider_name_taken`; 409 `model_provider_limit_reached` past the server’s limit per account.
    Owners and admins only.

    Args:
        idempotency_key (str | Unset):
        body (CreateModelProvider):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ModelProvider]
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
    body: CreateModelProvider,
    idempotency_key: str | Unset = UNSET,
) -> Error | ModelProvider | None:
    """Add a model provider

     An OpenAI-compatible or Ollama server the account’s chatbots may use for answers (`answer.provider`
    set to its id) and for embeddings. The API key is stored encrypted and never shown again. The
    address must be one this server lets accounts reach: public unless the operator allows private
    ranges (`MODEL_PROVIDERS_ALLOWED_CIDRS`), and one of the operator’s hosts when it lists any
    (`MODEL_PROVIDERS_ALLOWED_HOSTS`): else 400 `model_provider_address_not_allowed`. 409
    `model_provider_name_taken`; 409 `model_provider_limit_reached` past the server’s limit per account.
    Owners and admins only.

    Args:
        idempotency_key (str | Unset):
        body (CreateModelProvider):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ModelProvider
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateModelProvider,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | ModelProvider]:
    """Add a model provider

     An OpenAI-compatible or Ollama server the account’s chatbots may use for answers (`answer.provider`
    set to its id) and for embeddings. The API key is stored encrypted and never shown again. The
    address must be one this server lets accounts reach: public unless the operator allows private
    ranges (`MODEL_PROVIDERS_ALLOWED_CIDRS`), and one of the operator’s hosts when it lists any
    (`MODEL_PROVIDERS_ALLOWED_HOSTS`): else 400 `model_provider_address_not_allowed`. 409
    `model_provider_name_taken`; 409 `model_provider_limit_reached` past the server’s limit per account.
    Owners and admins only.

    Args:
        idempotency_key (str | Unset):
        body (CreateModelProvider):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ModelProvider]
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
    body: CreateModelProvider,
    idempotency_key: str | Unset = UNSET,
) -> Error | ModelProvider | None:
    """Add a model provider

     An OpenAI-compatible or Ollama server the account’s chatbots may use for answers (`answer.provider`
    set to its id) and for embeddings. The API key is stored encrypted and never shown again. The
    address must be one this server lets accounts reach: public unless the operator allows private
    ranges (`MODEL_PROVIDERS_ALLOWED_CIDRS`), and one of the operator’s hosts when it lists any
    (`MODEL_PROVIDERS_ALLOWED_HOSTS`): else 400 `model_provider_address_not_allowed`. 409
    `model_provider_name_taken`; 409 `model_provider_limit_reached` past the server’s limit per account.
    Owners and admins only.

    Args:
        idempotency_key (str | Unset):
        body (CreateModelProvider):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ModelProvider
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
