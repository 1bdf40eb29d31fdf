from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.render_saved_reply import RenderSavedReply
from ...models.rendered_saved_reply import RenderedSavedReply
from ...types import UNSET, Response, Unset


def _get_kwargs(
    reply_id: str,
    *,
    body: RenderSavedReply,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/saved-replies/{reply_id}/render".format(
            reply_id=quote(str(reply_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RenderedSavedReply | None:
    if response.status_code == 200:
        response_200 = RenderedSavedReply.from_dict(response.json())

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
) -> Response[Error | RenderedSavedReply]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    reply_id: str,
    *,
    client: AuthenticatedClient,
    body: RenderSavedReply,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | RenderedSavedReply]:
    """A saved reply’s text for one conversation, its variables filled in

     What the dashboard calls when an agent picks a reply: `{visitor.name}` and `{visitor.email}` from
    the conversation’s visitor, `{chatbot.name}` from its chatbot, `{agent.name}` the caller’s name (a
    dashboard member, or the member who made the key or OAuth client). A variable without a value
    becomes an empty string and is named in `missing`. Counts a use (`use_count`, `last_used_at`); sends
    nothing. Unknown conversation: 404 `conversation_not_found`; a reply of another chatbot than the
    conversation’s: 409 `saved_reply_not_for_chatbot` (both exist and the request is well formed; they
    do not go together). Agents may call it.

    Args:
        reply_id (str): An id of the form sr_<ulid>
        idempotency_key (str | Unset):
        body (RenderSavedReply):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RenderedSavedReply]
    """

    kwargs = _get_kwargs(
        reply_id=reply_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    reply_id: str,
    *,
    client: AuthenticatedClient,
    body: RenderSavedReply,
    idempotency_key: str | Unset = UNSET,
) -> Error | RenderedSavedReply | None:
    """A saved reply’s text for one conversation, its variables filled in

     What the dashboard calls when an agent picks a reply: `{visitor.name}` and `{visitor.email}` from
    the conversation’s visitor, `{chatbot.name}` from its chatbot, `{agent.name}` the caller’s name (a
    dashboard member, or the member who made the key or OAuth client). A variable without a value
    becomes an empty string and is named in `missing`. Counts a use (`use_count`, `last_used_at`); sends
    nothing. Unknown conversation: 404 `conversation_not_found`; a reply of another chatbot than the
    conversation’s: 409 `saved_reply_not_for_chatbot` (both exist and the request is well formed; they
    do not go together). Agents may call it.

    Args:
        reply_id (str): An id of the form sr_<ulid>
        idempotency_key (str | Unset):
        body (RenderSavedReply):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RenderedSavedReply
    """

    return sync_detailed(
        reply_id=reply_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    reply_id: str,
    *,
    client: AuthenticatedClient,
    body: RenderSavedReply,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | RenderedSavedReply]:
    """A saved reply’s text for one conversation, its variables filled in

     What the dashboard calls when an agent picks a reply: `{visitor.name}` and `{visitor.email}` from
    the conversation’s visitor, `{chatbot.name}` from its chatbot, `{agent.name}` the caller’s name (a
    dashboard member, or the member who made the key or OAuth client). A variable without a value
    becomes an empty string and is named in `missing`. Counts a use (`use_count`, `last_used_at`); sends
    nothing. Unknown conversation: 404 `conversation_not_found`; a reply of another chatbot than the
    conversation’s: 409 `saved_reply_not_for_chatbot` (both exist and the request is well formed; they
    do not go together). Agents may call it.

    Args:
        reply_id (str): An id of the form sr_<ulid>
        idempotency_key (str | Unset):
        body (RenderSavedReply):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RenderedSavedReply]
    """

    kwargs = _get_kwargs(
        reply_id=reply_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    reply_id: str,
    *,
    client: AuthenticatedClient,
    body: RenderSavedReply,
    idempotency_key: str | Unset = UNSET,
) -> Error | RenderedSavedReply | None:
    """A saved reply’s text for one conversation, its variables filled in

     What the dashboard calls when an agent picks a reply: `{visitor.name}` and `{visitor.email}` from
    the conversation’s visitor, `{chatbot.name}` from its chatbot, `{agent.name}` the caller’s name (a
    dashboard member, or the member who made the key or OAuth client). A variable without a value
    becomes an empty string and is named in `missing`. Counts a use (`use_count`, `last_used_at`); sends
    nothing. Unknown conversation: 404 `conversation_not_found`; a reply of another chatbot than the
    conversation’s: 409 `saved_reply_not_for_chatbot` (both exist and the request is well formed; they
    do not go together). Agents may call it.

    Args:
        reply_id (str): An id of the form sr_<ulid>
        idempotency_key (str | Unset):
        body (RenderSavedReply):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RenderedSavedReply
    """

    return (
        await asyncio_detailed(
            reply_id=reply_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
