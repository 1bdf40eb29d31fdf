from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.widget_settings import WidgetSettings
from ...models.widget_settings_input import WidgetSettingsInput
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: WidgetSettingsInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/chatbots/{id}/widget".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WidgetSettings | None:
    if response.status_code == 200:
        response_200 = WidgetSettings.from_dict(response.json())

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
) -> Response[Error | WidgetSettings]:
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
    body: WidgetSettingsInput,
) -> Response[Error | WidgetSettings]:
    """Replace a chatbot’s widget settings

     Replaces the whole object: a field left out takes its default. Display-rule URL patterns match the
    page’s path and query (or the whole URL when they start with http:// or https://); `*` is any run of
    characters. `allowed_origins` empty: any site may embed the widget; a wildcard only below a
    registrable domain (`https://*.example.co.uk`, not `https://*.co.uk` or `https://*.github.io`: 400).
    Archived chatbots are read-only (409 `chatbot_archived`).

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetSettingsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetSettings]
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
    body: WidgetSettingsInput,
) -> Error | WidgetSettings | None:
    """Replace a chatbot’s widget settings

     Replaces the whole object: a field left out takes its default. Display-rule URL patterns match the
    page’s path and query (or the whole URL when they start with http:// or https://); `*` is any run of
    characters. `allowed_origins` empty: any site may embed the widget; a wildcard only below a
    registrable domain (`https://*.example.co.uk`, not `https://*.co.uk` or `https://*.github.io`: 400).
    Archived chatbots are read-only (409 `chatbot_archived`).

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetSettingsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetSettings
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
    body: WidgetSettingsInput,
) -> Response[Error | WidgetSettings]:
    """Replace a chatbot’s widget settings

     Replaces the whole object: a field left out takes its default. Display-rule URL patterns match the
    page’s path and query (or the whole URL when they start with http:// or https://); `*` is any run of
    characters. `allowed_origins` empty: any site may embed the widget; a wildcard only below a
    registrable domain (`https://*.example.co.uk`, not `https://*.co.uk` or `https://*.github.io`: 400).
    Archived chatbots are read-only (409 `chatbot_archived`).

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetSettingsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetSettings]
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
    body: WidgetSettingsInput,
) -> Error | WidgetSettings | None:
    """Replace a chatbot’s widget settings

     Replaces the whole object: a field left out takes its default. Display-rule URL patterns match the
    page’s path and query (or the whole URL when they start with http:// or https://); `*` is any run of
    characters. `allowed_origins` empty: any site may embed the widget; a wildcard only below a
    registrable domain (`https://*.example.co.uk`, not `https://*.co.uk` or `https://*.github.io`: 400).
    Archived chatbots are read-only (409 `chatbot_archived`).

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetSettingsInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetSettings
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
