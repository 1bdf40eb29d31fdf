from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.widget_ui_strings import WidgetUiStrings
from ...types import Response


def _get_kwargs(
    language: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/widget/ui/{language}.json".format(
            language=quote(str(language), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WidgetUiStrings | None:
    if response.status_code == 200:
        response_200 = WidgetUiStrings.from_dict(response.json())

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
) -> Response[Error | WidgetUiStrings]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    language: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | WidgetUiStrings]:
    """The widget’s own words in a language it loads on demand

     The languages: de, fr, ro, ar, he, fa, ur. An object of strings (send, close, the lead form,
    errors…); 404 `language_not_found` for any other language.

    Args:
        language (str): ISO 639-1, lower case

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetUiStrings]
    """

    kwargs = _get_kwargs(
        language=language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    language: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | WidgetUiStrings | None:
    """The widget’s own words in a language it loads on demand

     The languages: de, fr, ro, ar, he, fa, ur. An object of strings (send, close, the lead form,
    errors…); 404 `language_not_found` for any other language.

    Args:
        language (str): ISO 639-1, lower case

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetUiStrings
    """

    return sync_detailed(
        language=language,
        client=client,
    ).parsed


async def asyncio_detailed(
    language: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | WidgetUiStrings]:
    """The widget’s own words in a language it loads on demand

     The languages: de, fr, ro, ar, he, fa, ur. An object of strings (send, close, the lead form,
    errors…); 404 `language_not_found` for any other language.

    Args:
        language (str): ISO 639-1, lower case

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetUiStrings]
    """

    kwargs = _get_kwargs(
        language=language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    language: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | WidgetUiStrings | None:
    """The widget’s own words in a language it loads on demand

     The languages: de, fr, ro, ar, he, fa, ur. An object of strings (send, close, the lead form,
    errors…); 404 `language_not_found` for any other language.

    Args:
        language (str): ISO 639-1, lower case

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetUiStrings
    """

    return (
        await asyncio_detailed(
            language=language,
            client=client,
        )
    ).parsed
