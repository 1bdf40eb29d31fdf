from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.model_provider_test import ModelProviderTest
from ...models.test_model_provider_body_type_0 import TestModelProviderBodyType0
from ...types import UNSET, Response, Unset


def _get_kwargs(
    provider_id: str,
    *,
    body: None | TestModelProviderBodyType0 | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/model-providers/{provider_id}/test".format(
            provider_id=quote(str(provider_id), safe=""),
        ),
    }

    if isinstance(body, TestModelProviderBodyType0):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ModelProviderTest | None:
    if response.status_code == 200:
        response_200 = ModelProviderTest.from_dict(response.json())

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
) -> Response[Error | ModelProviderTest]:
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
    body: None | TestModelProviderBodyType0 | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | ModelProviderTest]:
    """Test a model provider

     Calls the provider’s chat model with a one-line request and its embedding model with one short text,
    at once, and reports for each whether it answered, how long it took and (embeddings) the vectors’
    dimensions. A model the provider does not name is null. A provider that fails is a 200 with `ok:
    false` and the reason (`provider_timeout`, `provider_unavailable`, `provider_error`,
    `provider_bad_response`): the test ran. Its tokens count in the account’s month (`/usage`). A write:
    read-only plans’ API keys may not call it. Owners and admins only.

    Args:
        provider_id (str): An id of the form mp_<ulid>
        idempotency_key (str | Unset):
        body (None | TestModelProviderBodyType0 | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ModelProviderTest]
    """

    kwargs = _get_kwargs(
        provider_id=provider_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    body: None | TestModelProviderBodyType0 | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | ModelProviderTest | None:
    """Test a model provider

     Calls the provider’s chat model with a one-line request and its embedding model with one short text,
    at once, and reports for each whether it answered, how long it took and (embeddings) the vectors’
    dimensions. A model the provider does not name is null. A provider that fails is a 200 with `ok:
    false` and the reason (`provider_timeout`, `provider_unavailable`, `provider_error`,
    `provider_bad_response`): the test ran. Its tokens count in the account’s month (`/usage`). A write:
    read-only plans’ API keys may not call it. Owners and admins only.

    Args:
        provider_id (str): An id of the form mp_<ulid>
        idempotency_key (str | Unset):
        body (None | TestModelProviderBodyType0 | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ModelProviderTest
    """

    return sync_detailed(
        provider_id=provider_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    body: None | TestModelProviderBodyType0 | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | ModelProviderTest]:
    """Test a model provider

     Calls the provider’s chat model with a one-line request and its embedding model with one short text,
    at once, and reports for each whether it answered, how long it took and (embeddings) the vectors’
    dimensions. A model the provider does not name is null. A provider that fails is a 200 with `ok:
    false` and the reason (`provider_timeout`, `provider_unavailable`, `provider_error`,
    `provider_bad_response`): the test ran. Its tokens count in the account’s month (`/usage`). A write:
    read-only plans’ API keys may not call it. Owners and admins only.

    Args:
        provider_id (str): An id of the form mp_<ulid>
        idempotency_key (str | Unset):
        body (None | TestModelProviderBodyType0 | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ModelProviderTest]
    """

    kwargs = _get_kwargs(
        provider_id=provider_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    provider_id: str,
    *,
    client: AuthenticatedClient,
    body: None | TestModelProviderBodyType0 | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | ModelProviderTest | None:
    """Test a model provider

     Calls the provider’s chat model with a one-line request and its embedding model with one short text,
    at once, and reports for each whether it answered, how long it took and (embeddings) the vectors’
    dimensions. A model the provider does not name is null. A provider that fails is a 200 with `ok:
    false` and the reason (`provider_timeout`, `provider_unavailable`, `provider_error`,
    `provider_bad_response`): the test ran. Its tokens count in the account’s month (`/usage`). A write:
    read-only plans’ API keys may not call it. Owners and admins only.

    Args:
        provider_id (str): An id of the form mp_<ulid>
        idempotency_key (str | Unset):
        body (None | TestModelProviderBodyType0 | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ModelProviderTest
    """

    return (
        await asyncio_detailed(
            provider_id=provider_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
