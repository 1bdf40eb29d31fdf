from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.conversation_counts import ConversationCounts
from ...models.error import Error
from ...models.get_conversation_counts_channel import GetConversationCountsChannel
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    chatbot_id: str | Unset = UNSET,
    channel: GetConversationCountsChannel | Unset = UNSET,
    assignee: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["chatbot_id"] = chatbot_id

    json_channel: str | Unset = UNSET
    if not isinstance(channel, Unset):
        json_channel = channel.value

    params["channel"] = json_channel

    params["assignee"] = assignee

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/conversations/counts",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConversationCounts | Error | None:
    if response.status_code == 200:
        response_200 = ConversationCounts.from_dict(response.json())

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
) -> Response[ConversationCounts | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    chatbot_id: str | Unset = UNSET,
    channel: GetConversationCountsChannel | Unset = UNSET,
    assignee: str | Unset = UNSET,
) -> Response[ConversationCounts | Error]:
    """How many conversations are in each status (the inbox’s badges)

     Filters as the list (`chatbot_id`, `channel`, `assignee`; no `q`). `handoff` is how many are with a
    person or wait for one.

    Args:
        chatbot_id (str | Unset): One chatbot’s conversations
        channel (GetConversationCountsChannel | Unset):
        assignee (str | Unset): `mine` (a signed-in member’s), `unassigned`, or a member’s id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConversationCounts | Error]
    """

    kwargs = _get_kwargs(
        chatbot_id=chatbot_id,
        channel=channel,
        assignee=assignee,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    chatbot_id: str | Unset = UNSET,
    channel: GetConversationCountsChannel | Unset = UNSET,
    assignee: str | Unset = UNSET,
) -> ConversationCounts | Error | None:
    """How many conversations are in each status (the inbox’s badges)

     Filters as the list (`chatbot_id`, `channel`, `assignee`; no `q`). `handoff` is how many are with a
    person or wait for one.

    Args:
        chatbot_id (str | Unset): One chatbot’s conversations
        channel (GetConversationCountsChannel | Unset):
        assignee (str | Unset): `mine` (a signed-in member’s), `unassigned`, or a member’s id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConversationCounts | Error
    """

    return sync_detailed(
        client=client,
        chatbot_id=chatbot_id,
        channel=channel,
        assignee=assignee,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    chatbot_id: str | Unset = UNSET,
    channel: GetConversationCountsChannel | Unset = UNSET,
    assignee: str | Unset = UNSET,
) -> Response[ConversationCounts | Error]:
    """How many conversations are in each status (the inbox’s badges)

     Filters as the list (`chatbot_id`, `channel`, `assignee`; no `q`). `handoff` is how many are with a
    person or wait for one.

    Args:
        chatbot_id (str | Unset): One chatbot’s conversations
        channel (GetConversationCountsChannel | Unset):
        assignee (str | Unset): `mine` (a signed-in member’s), `unassigned`, or a member’s id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConversationCounts | Error]
    """

    kwargs = _get_kwargs(
        chatbot_id=chatbot_id,
        channel=channel,
        assignee=assignee,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    chatbot_id: str | Unset = UNSET,
    channel: GetConversationCountsChannel | Unset = UNSET,
    assignee: str | Unset = UNSET,
) -> ConversationCounts | Error | None:
    """How many conversations are in each status (the inbox’s badges)

     Filters as the list (`chatbot_id`, `channel`, `assignee`; no `q`). `handoff` is how many are with a
    person or wait for one.

    Args:
        chatbot_id (str | Unset): One chatbot’s conversations
        channel (GetConversationCountsChannel | Unset):
        assignee (str | Unset): `mine` (a signed-in member’s), `unassigned`, or a member’s id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConversationCounts | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            chatbot_id=chatbot_id,
            channel=channel,
            assignee=assignee,
        )
    ).parsed
