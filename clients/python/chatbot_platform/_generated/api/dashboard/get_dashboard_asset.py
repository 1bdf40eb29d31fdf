from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    file: str,
    *,
    v: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["v"] = v

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/dashboard/assets/{file}".format(
            file=quote(str(file), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

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
) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    file: str,
    *,
    client: AuthenticatedClient | Client,
    v: str | Unset = UNSET,
) -> Response[Error | str]:
    """A file of the dashboard page

     The script (text/javascript) and stylesheet (text/css). With `v` the file’s content hash, cached for
    a year.

    Args:
        file (str): One of app.js, app.css
        v (str | Unset): The content hash index.html names the file with

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        file=file,
        v=v,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    file: str,
    *,
    client: AuthenticatedClient | Client,
    v: str | Unset = UNSET,
) -> Error | str | None:
    """A file of the dashboard page

     The script (text/javascript) and stylesheet (text/css). With `v` the file’s content hash, cached for
    a year.

    Args:
        file (str): One of app.js, app.css
        v (str | Unset): The content hash index.html names the file with

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        file=file,
        client=client,
        v=v,
    ).parsed


async def asyncio_detailed(
    file: str,
    *,
    client: AuthenticatedClient | Client,
    v: str | Unset = UNSET,
) -> Response[Error | str]:
    """A file of the dashboard page

     The script (text/javascript) and stylesheet (text/css). With `v` the file’s content hash, cached for
    a year.

    Args:
        file (str): One of app.js, app.css
        v (str | Unset): The content hash index.html names the file with

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        file=file,
        v=v,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    file: str,
    *,
    client: AuthenticatedClient | Client,
    v: str | Unset = UNSET,
) -> Error | str | None:
    """A file of the dashboard page

     The script (text/javascript) and stylesheet (text/css). With `v` the file’s content hash, cached for
    a year.

    Args:
        file (str): One of app.js, app.css
        v (str | Unset): The content hash index.html names the file with

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            file=file,
            client=client,
            v=v,
        )
    ).parsed
