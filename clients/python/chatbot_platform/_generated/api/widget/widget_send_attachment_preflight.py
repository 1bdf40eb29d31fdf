from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: str,
    conv_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "options",
        "url": "/widget/v1/{id}/conversations/{conv_id}/attachments".format(
            id=quote(str(id), safe=""),
            conv_id=quote(str(conv_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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
) -> Response[Any | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error]:
    """CORS preflight of /widget/v1/{id}/conversations/{convId}/attachments

     Answers 204 with the allowed methods (POST) and headers for a page whose Origin the widget allows,
    whatever the query string. No API key. 403 `origin_not_allowed` when the page’s `Origin` is not in
    the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409
    `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | None:
    """CORS preflight of /widget/v1/{id}/conversations/{convId}/attachments

     Answers 204 with the allowed methods (POST) and headers for a page whose Origin the widget allows,
    whatever the query string. No API key. 403 `origin_not_allowed` when the page’s `Origin` is not in
    the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409
    `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return sync_detailed(
        id=id,
        conv_id=conv_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error]:
    """CORS preflight of /widget/v1/{id}/conversations/{convId}/attachments

     Answers 204 with the allowed methods (POST) and headers for a page whose Origin the widget allows,
    whatever the query string. No API key. 403 `origin_not_allowed` when the page’s `Origin` is not in
    the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409
    `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | None:
    """CORS preflight of /widget/v1/{id}/conversations/{convId}/attachments

     Answers 204 with the allowed methods (POST) and headers for a page whose Origin the widget allows,
    whatever the query string. No API key. 403 `origin_not_allowed` when the page’s `Origin` is not in
    the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409
    `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
    """

    return (
        await asyncio_detailed(
            id=id,
            conv_id=conv_id,
            client=client,
        )
    ).parsed
