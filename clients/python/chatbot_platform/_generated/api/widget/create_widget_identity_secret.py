from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_widget_identity_secret_body_type_0 import (
    CreateWidgetIdentitySecretBodyType0,
)
from ...models.error import Error
from ...models.widget_identity_secret import WidgetIdentitySecret
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    body: CreateWidgetIdentitySecretBodyType0 | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/chatbots/{id}/widget/identity-secret".format(
            id=quote(str(id), safe=""),
        ),
    }

    if isinstance(body, CreateWidgetIdentitySecretBodyType0):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WidgetIdentitySecret | None:
    if response.status_code == 201:
        response_201 = WidgetIdentitySecret.from_dict(response.json())

        return response_201

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
) -> Response[Error | WidgetIdentitySecret]:
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
    body: CreateWidgetIdentitySecretBodyType0 | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | WidgetIdentitySecret]:
    """Make (or replace) the widget’s identity secret

     The secret your site’s server signs its signed-in visitor’s id with: `user_hash` = HMAC-
    SHA256(secret, user_id), hex, sent with `ChatbotWidget.identify({ user_id, user_hash, … })`. Shown
    once, in this answer; kept encrypted. A new one replaces the old at once (hashes signed with the old
    one are refused from then on). Archived chatbots are read-only.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (CreateWidgetIdentitySecretBodyType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetIdentitySecret]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateWidgetIdentitySecretBodyType0 | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | WidgetIdentitySecret | None:
    """Make (or replace) the widget’s identity secret

     The secret your site’s server signs its signed-in visitor’s id with: `user_hash` = HMAC-
    SHA256(secret, user_id), hex, sent with `ChatbotWidget.identify({ user_id, user_hash, … })`. Shown
    once, in this answer; kept encrypted. A new one replaces the old at once (hashes signed with the old
    one are refused from then on). Archived chatbots are read-only.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (CreateWidgetIdentitySecretBodyType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetIdentitySecret
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateWidgetIdentitySecretBodyType0 | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | WidgetIdentitySecret]:
    """Make (or replace) the widget’s identity secret

     The secret your site’s server signs its signed-in visitor’s id with: `user_hash` = HMAC-
    SHA256(secret, user_id), hex, sent with `ChatbotWidget.identify({ user_id, user_hash, … })`. Shown
    once, in this answer; kept encrypted. A new one replaces the old at once (hashes signed with the old
    one are refused from then on). Archived chatbots are read-only.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (CreateWidgetIdentitySecretBodyType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetIdentitySecret]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateWidgetIdentitySecretBodyType0 | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | WidgetIdentitySecret | None:
    """Make (or replace) the widget’s identity secret

     The secret your site’s server signs its signed-in visitor’s id with: `user_hash` = HMAC-
    SHA256(secret, user_id), hex, sent with `ChatbotWidget.identify({ user_id, user_hash, … })`. Shown
    once, in this answer; kept encrypted. A new one replaces the old at once (hashes signed with the old
    one are refused from then on). Archived chatbots are read-only.

    Args:
        id (str): An id of the form cb_<ulid>
        idempotency_key (str | Unset):
        body (CreateWidgetIdentitySecretBodyType0 | None | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetIdentitySecret
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
