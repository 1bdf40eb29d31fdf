from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.lead import Lead
from ...models.lead_patch import LeadPatch
from ...types import Response


def _get_kwargs(
    lead_id: str,
    *,
    body: LeadPatch,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/leads/{lead_id}".format(
            lead_id=quote(str(lead_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Lead | None:
    if response.status_code == 200:
        response_200 = Lead.from_dict(response.json())

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
) -> Response[Error | Lead]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    lead_id: str,
    *,
    client: AuthenticatedClient,
    body: LeadPatch,
) -> Response[Error | Lead]:
    """Update a lead

     Changes only the fields sent; `null` clears one. Statuses: `new`, `contacted`, `qualified`,
    `converted`, `lost`, in any order. An e-mail or phone number another lead of the chatbot has is 409
    `conflict` naming that lead. Publishes `lead.updated` with `previous_attributes` when something
    changed.

    Args:
        lead_id (str): An id of the form lead_<ulid>
        body (LeadPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Lead]
    """

    kwargs = _get_kwargs(
        lead_id=lead_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    lead_id: str,
    *,
    client: AuthenticatedClient,
    body: LeadPatch,
) -> Error | Lead | None:
    """Update a lead

     Changes only the fields sent; `null` clears one. Statuses: `new`, `contacted`, `qualified`,
    `converted`, `lost`, in any order. An e-mail or phone number another lead of the chatbot has is 409
    `conflict` naming that lead. Publishes `lead.updated` with `previous_attributes` when something
    changed.

    Args:
        lead_id (str): An id of the form lead_<ulid>
        body (LeadPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Lead
    """

    return sync_detailed(
        lead_id=lead_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    lead_id: str,
    *,
    client: AuthenticatedClient,
    body: LeadPatch,
) -> Response[Error | Lead]:
    """Update a lead

     Changes only the fields sent; `null` clears one. Statuses: `new`, `contacted`, `qualified`,
    `converted`, `lost`, in any order. An e-mail or phone number another lead of the chatbot has is 409
    `conflict` naming that lead. Publishes `lead.updated` with `previous_attributes` when something
    changed.

    Args:
        lead_id (str): An id of the form lead_<ulid>
        body (LeadPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Lead]
    """

    kwargs = _get_kwargs(
        lead_id=lead_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    lead_id: str,
    *,
    client: AuthenticatedClient,
    body: LeadPatch,
) -> Error | Lead | None:
    """Update a lead

     Changes only the fields sent; `null` clears one. Statuses: `new`, `contacted`, `qualified`,
    `converted`, `lost`, in any order. An e-mail or phone number another lead of the chatbot has is 409
    `conflict` naming that lead. Publishes `lead.updated` with `previous_attributes` when something
    changed.

    Args:
        lead_id (str): An id of the form lead_<ulid>
        body (LeadPatch):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Lead
    """

    return (
        await asyncio_detailed(
            lead_id=lead_id,
            client=client,
            body=body,
        )
    ).parsed
