from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.readiness import Readiness
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/ready",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Readiness | None:
    if response.status_code == 200:
        response_200 = Readiness.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

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
) -> Response[Error | Readiness]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | Readiness]:
    """Readiness: the store answers, and each role of this instance

     503 `unavailable` while the store cannot be reached. `roles` has the roles this instance runs
    (`ROLES`): `api` is ready once the store answers; `worker` is `degraded` while a background loop’s
    last round failed (`loops` says which and when; the next round that succeeds clears it). `loops`
    lists the loops this instance runs: on an API-only instance, the webhook fan-out only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Readiness]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Error | Readiness | None:
    """Readiness: the store answers, and each role of this instance

     503 `unavailable` while the store cannot be reached. `roles` has the roles this instance runs
    (`ROLES`): `api` is ready once the store answers; `worker` is `degraded` while a background loop’s
    last round failed (`loops` says which and when; the next round that succeeds clears it). `loops`
    lists the loops this instance runs: on an API-only instance, the webhook fan-out only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Readiness
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | Readiness]:
    """Readiness: the store answers, and each role of this instance

     503 `unavailable` while the store cannot be reached. `roles` has the roles this instance runs
    (`ROLES`): `api` is ready once the store answers; `worker` is `degraded` while a background loop’s
    last round failed (`loops` says which and when; the next round that succeeds clears it). `loops`
    lists the loops this instance runs: on an API-only instance, the webhook fan-out only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Readiness]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Error | Readiness | None:
    """Readiness: the store answers, and each role of this instance

     503 `unavailable` while the store cannot be reached. `roles` has the roles this instance runs
    (`ROLES`): `api` is ready once the store answers; `worker` is `degraded` while a background loop’s
    last round failed (`loops` says which and when; the next round that succeeds clears it). `loops`
    lists the loops this instance runs: on an API-only instance, the webhook fan-out only.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Readiness
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
