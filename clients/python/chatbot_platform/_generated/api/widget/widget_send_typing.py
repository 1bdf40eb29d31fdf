from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.visitor_typing import VisitorTyping
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    conv_id: str,
    *,
    body: None | Unset | VisitorTyping = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/widget/v1/{id}/conversations/{conv_id}/typing".format(
            id=quote(str(id), safe=""),
            conv_id=quote(str(conv_id), safe=""),
        ),
    }

    if isinstance(body, VisitorTyping):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
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
    client: AuthenticatedClient,
    body: None | Unset | VisitorTyping = UNSET,
) -> Response[Any | Error]:
    """Tell the agent the visitor is typing

     What the widget sends at most every 2 seconds while the visitor types to an agent; the dashboard
    shows it for 6 seconds after the last one. `{"typing": false}` clears it at once. 409
    `conversation_not_in_handoff` unless an agent has the conversation. Limited per IP besides the
    request limit (429 `rate_limited`). Needs the conversation token (`Authorization: Bearer wct_…`);
    401 `invalid_token` once the conversation has ended. No API key. 403 `origin_not_allowed` when the
    page’s `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`)
    past the per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (None | Unset | VisitorTyping):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
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
    body: None | Unset | VisitorTyping = UNSET,
) -> Any | Error | None:
    """Tell the agent the visitor is typing

     What the widget sends at most every 2 seconds while the visitor types to an agent; the dashboard
    shows it for 6 seconds after the last one. `{"typing": false}` clears it at once. 409
    `conversation_not_in_handoff` unless an agent has the conversation. Limited per IP besides the
    request limit (429 `rate_limited`). Needs the conversation token (`Authorization: Bearer wct_…`);
    401 `invalid_token` once the conversation has ended. No API key. 403 `origin_not_allowed` when the
    page’s `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`)
    past the per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (None | Unset | VisitorTyping):

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
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    conv_id: str,
    *,
    client: AuthenticatedClient,
    body: None | Unset | VisitorTyping = UNSET,
) -> Response[Any | Error]:
    """Tell the agent the visitor is typing

     What the widget sends at most every 2 seconds while the visitor types to an agent; the dashboard
    shows it for 6 seconds after the last one. `{"typing": false}` clears it at once. 409
    `conversation_not_in_handoff` unless an agent has the conversation. Limited per IP besides the
    request limit (429 `rate_limited`). Needs the conversation token (`Authorization: Bearer wct_…`);
    401 `invalid_token` once the conversation has ended. No API key. 403 `origin_not_allowed` when the
    page’s `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`)
    past the per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (None | Unset | VisitorTyping):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
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
    body: None | Unset | VisitorTyping = UNSET,
) -> Any | Error | None:
    """Tell the agent the visitor is typing

     What the widget sends at most every 2 seconds while the visitor types to an agent; the dashboard
    shows it for 6 seconds after the last one. `{"typing": false}` clears it at once. 409
    `conversation_not_in_handoff` unless an agent has the conversation. Limited per IP besides the
    request limit (429 `rate_limited`). Needs the conversation token (`Authorization: Bearer wct_…`);
    401 `invalid_token` once the conversation has ended. No API key. 403 `origin_not_allowed` when the
    page’s `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-After`)
    past the per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        body (None | Unset | VisitorTyping):

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
            body=body,
        )
    ).parsed
