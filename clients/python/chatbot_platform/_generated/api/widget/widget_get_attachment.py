from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    id: str,
    conv_id: str,
    attachment_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/widget/v1/{id}/conversations/{conv_id}/attachments/{attachment_id}".format(
            id=quote(str(id), safe=""),
            conv_id=quote(str(conv_id), safe=""),
            attachment_id=quote(str(attachment_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | None:
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
) -> Response[Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    conv_id: str,
    attachment_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error]:
    """Read a file of the visitor’s conversation

     The bytes of a file the visitor or an agent sent, as `image/png`, `image/jpeg`, `image/gif`,
    `image/webp` or `application/pdf` (read from them); served inert (`nosniff`, a sandboxing `Content-
    Security-Policy`, PDFs as a download). The widget reads it with the token and shows it from memory.
    Needs the conversation token (`Authorization: Bearer wct_…`); 401 `invalid_token` once the
    conversation has ended. No API key. 403 `origin_not_allowed` when the page’s `Origin` is not in the
    widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409
    `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        attachment_id (str): An id of the form att_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        attachment_id=attachment_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    conv_id: str,
    attachment_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | None:
    """Read a file of the visitor’s conversation

     The bytes of a file the visitor or an agent sent, as `image/png`, `image/jpeg`, `image/gif`,
    `image/webp` or `application/pdf` (read from them); served inert (`nosniff`, a sandboxing `Content-
    Security-Policy`, PDFs as a download). The widget reads it with the token and shows it from memory.
    Needs the conversation token (`Authorization: Bearer wct_…`); 401 `invalid_token` once the
    conversation has ended. No API key. 403 `origin_not_allowed` when the page’s `Origin` is not in the
    widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409
    `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        attachment_id (str): An id of the form att_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error
    """

    return sync_detailed(
        id=id,
        conv_id=conv_id,
        attachment_id=attachment_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    id: str,
    conv_id: str,
    attachment_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error]:
    """Read a file of the visitor’s conversation

     The bytes of a file the visitor or an agent sent, as `image/png`, `image/jpeg`, `image/gif`,
    `image/webp` or `application/pdf` (read from them); served inert (`nosniff`, a sandboxing `Content-
    Security-Policy`, PDFs as a download). The widget reads it with the token and shows it from memory.
    Needs the conversation token (`Authorization: Bearer wct_…`); 401 `invalid_token` once the
    conversation has ended. No API key. 403 `origin_not_allowed` when the page’s `Origin` is not in the
    widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409
    `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        attachment_id (str): An id of the form att_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        attachment_id=attachment_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    conv_id: str,
    attachment_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | None:
    """Read a file of the visitor’s conversation

     The bytes of a file the visitor or an agent sent, as `image/png`, `image/jpeg`, `image/gif`,
    `image/webp` or `application/pdf` (read from them); served inert (`nosniff`, a sandboxing `Content-
    Security-Policy`, PDFs as a download). The widget reads it with the token and shows it from memory.
    Needs the conversation token (`Authorization: Bearer wct_…`); 401 `invalid_token` once the
    conversation has ended. No API key. 403 `origin_not_allowed` when the page’s `Origin` is not in the
    widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409
    `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        attachment_id (str): An id of the form att_<ulid>

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error
    """

    return (
        await asyncio_detailed(
            id=id,
            conv_id=conv_id,
            attachment_id=attachment_id,
            client=client,
        )
    ).parsed
