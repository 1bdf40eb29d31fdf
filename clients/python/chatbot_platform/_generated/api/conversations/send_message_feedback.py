from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.message import Message
from ...models.message_feedback import MessageFeedback
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    conv_id: str,
    msg_id: str,
    *,
    body: MessageFeedback,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/chatbots/{id}/conversations/{conv_id}/messages/{msg_id}/feedback".format(
            id=quote(str(id), safe=""),
            conv_id=quote(str(conv_id), safe=""),
            msg_id=quote(str(msg_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Message | None:
    if response.status_code == 200:
        response_200 = Message.from_dict(response.json())

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
) -> Response[Error | Message]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    conv_id: str,
    msg_id: str,
    *,
    client: AuthenticatedClient,
    body: MessageFeedback,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Message]:
    """Rate a reply: thumbs up or down

     `rating` `up` or `down`, optional `comment`. Only replies (assistant or agent) can be rated; rating
    again replaces the rating. A thumbs-down makes an automatically resolved conversation unresolved.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        msg_id (str): An id of the form msg_<ulid>
        idempotency_key (str | Unset):
        body (MessageFeedback):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Message]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        msg_id=msg_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    conv_id: str,
    msg_id: str,
    *,
    client: AuthenticatedClient,
    body: MessageFeedback,
    idempotency_key: str | Unset = UNSET,
) -> Error | Message | None:
    """Rate a reply: thumbs up or down

     `rating` `up` or `down`, optional `comment`. Only replies (assistant or agent) can be rated; rating
    again replaces the rating. A thumbs-down makes an automatically resolved conversation unresolved.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        msg_id (str): An id of the form msg_<ulid>
        idempotency_key (str | Unset):
        body (MessageFeedback):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Message
    """

    return sync_detailed(
        id=id,
        conv_id=conv_id,
        msg_id=msg_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    conv_id: str,
    msg_id: str,
    *,
    client: AuthenticatedClient,
    body: MessageFeedback,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Message]:
    """Rate a reply: thumbs up or down

     `rating` `up` or `down`, optional `comment`. Only replies (assistant or agent) can be rated; rating
    again replaces the rating. A thumbs-down makes an automatically resolved conversation unresolved.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        msg_id (str): An id of the form msg_<ulid>
        idempotency_key (str | Unset):
        body (MessageFeedback):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Message]
    """

    kwargs = _get_kwargs(
        id=id,
        conv_id=conv_id,
        msg_id=msg_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    conv_id: str,
    msg_id: str,
    *,
    client: AuthenticatedClient,
    body: MessageFeedback,
    idempotency_key: str | Unset = UNSET,
) -> Error | Message | None:
    """Rate a reply: thumbs up or down

     `rating` `up` or `down`, optional `comment`. Only replies (assistant or agent) can be rated; rating
    again replaces the rating. A thumbs-down makes an automatically resolved conversation unresolved.

    Args:
        id (str): An id of the form cb_<ulid>
        conv_id (str): An id of the form conv_<ulid>
        msg_id (str): An id of the form msg_<ulid>
        idempotency_key (str | Unset):
        body (MessageFeedback):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Message
    """

    return (
        await asyncio_detailed(
            id=id,
            conv_id=conv_id,
            msg_id=msg_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
