from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.widget_deletion_requested import WidgetDeletionRequested
from ...models.widget_request_deletion_body_type_0 import WidgetRequestDeletionBodyType0
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    conv_id: str,
    *,
    body: None | Unset | WidgetRequestDeletionBodyType0 = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/widget/v1/{id}/conversations/{conv_id}/deletion-request".format(
            id=quote(str(id), safe=""),
            conv_id=quote(str(conv_id), safe=""),
        ),
    }

    if isinstance(body, WidgetRequestDeletionBodyType0):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WidgetDeletionRequested | None:
    if response.status_code == 202:
        response_202 = WidgetDeletionRequested.from_dict(response.json())

        return response_202

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
) -> Response[Error | WidgetDeletionRequested]:
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
    client: AuthenticatedClient,
    body: None | Unset | WidgetRequestDeletionBodyType0 = UNSET,
) -> Response[Error | WidgetDeletionRequested]:
    """Ask for the conversation’s deletion

     The visitor asks the owner to delete their conversation: recorded as the conversation’s
    `deletion_requested_at` and published once as `conversation.deletion_requested` (asking again
    answers the first time). Nothing is deleted here: the owner deletes it through the API. The token
    stays valid for this route after the end. No API key. 403 `origin_not_allowed` when the page’s
    `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the
    per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (None | Unset | WidgetRequestDeletionBodyType0):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetDeletionRequested]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    body: None | Unset | WidgetRequestDeletionBodyType0 = UNSET,
) -> Error | WidgetDeletionRequested | None:
    """Ask for the conversation’s deletion

     The visitor asks the owner to delete their conversation: recorded as the conversation’s
    `deletion_requested_at` and published once as `conversation.deletion_requested` (asking again
    answers the first time). Nothing is deleted here: the owner deletes it through the API. The token
    stays valid for this route after the end. No API key. 403 `origin_not_allowed` when the page’s
    `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the
    per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (None | Unset | WidgetRequestDeletionBodyType0):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetDeletionRequested
    """

    return sync_detailed(
        id=id,
        conv_id=conv_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    body: None | Unset | WidgetRequestDeletionBodyType0 = UNSET,
) -> Response[Error | WidgetDeletionRequested]:
    """Ask for the conversation’s deletion

     The visitor asks the owner to delete their conversation: recorded as the conversation’s
    `deletion_requested_at` and published once as `conversation.deletion_requested` (asking again
    answers the first time). Nothing is deleted here: the owner deletes it through the API. The token
    stays valid for this route after the end. No API key. 403 `origin_not_allowed` when the page’s
    `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the
    per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (None | Unset | WidgetRequestDeletionBodyType0):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetDeletionRequested]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    body: None | Unset | WidgetRequestDeletionBodyType0 = UNSET,
) -> Error | WidgetDeletionRequested | None:
    """Ask for the conversation’s deletion

     The visitor asks the owner to delete their conversation: recorded as the conversation’s
    `deletion_requested_at` and published once as `conversation.deletion_requested` (asking again
    answers the first time). Nothing is deleted here: the owner deletes it through the API. The token
    stays valid for this route after the end. No API key. 403 `origin_not_allowed` when the page’s
    `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`) past the
    per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (None | Unset | WidgetRequestDeletionBodyType0):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetDeletionRequested
    """

    return (
        await asyncio_detailed(
            id=id,
            conv_id=conv_id,
            client=client,
            body=body,
        )
    ).parsed
