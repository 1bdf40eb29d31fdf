from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.widget_identity_resumed import WidgetIdentityResumed
from ...models.widget_visitor_identity import WidgetVisitorIdentity
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: WidgetVisitorIdentity,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/widget/v1/{id}/identity".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WidgetIdentityResumed | None:
    if response.status_code == 200:
        response_200 = WidgetIdentityResumed.from_dict(response.json())

        return response_200

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
) -> Response[Error | WidgetIdentityResumed]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WidgetVisitorIdentity,
) -> Response[Error | WidgetIdentityResumed]:
    """Resume a verified visitor’s open conversation in this browser

     For a visitor the site proves (`user_hash`, see `ChatbotWidget.identify`): their last conversation
    with this chatbot that is still open, with a token for this browser (their other browsers keep
    theirs; the five newest work). `conversation` and `token` are null when they have none open. 403
    `identity_not_verified` without a matching `user_hash`. No API key. 403 `origin_not_allowed` when
    the page’s `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-
    After`) past the per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetVisitorIdentity):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetIdentityResumed]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WidgetVisitorIdentity,
) -> Error | WidgetIdentityResumed | None:
    """Resume a verified visitor’s open conversation in this browser

     For a visitor the site proves (`user_hash`, see `ChatbotWidget.identify`): their last conversation
    with this chatbot that is still open, with a token for this browser (their other browsers keep
    theirs; the five newest work). `conversation` and `token` are null when they have none open. 403
    `identity_not_verified` without a matching `user_hash`. No API key. 403 `origin_not_allowed` when
    the page’s `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-
    After`) past the per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetVisitorIdentity):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetIdentityResumed
    """

    return sync_detailed(
        id=id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WidgetVisitorIdentity,
) -> Response[Error | WidgetIdentityResumed]:
    """Resume a verified visitor’s open conversation in this browser

     For a visitor the site proves (`user_hash`, see `ChatbotWidget.identify`): their last conversation
    with this chatbot that is still open, with a token for this browser (their other browsers keep
    theirs; the five newest work). `conversation` and `token` are null when they have none open. 403
    `identity_not_verified` without a matching `user_hash`. No API key. 403 `origin_not_allowed` when
    the page’s `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-
    After`) past the per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetVisitorIdentity):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetIdentityResumed]
    """

    kwargs = _get_kwargs(
        id=id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient | Client,
    body: WidgetVisitorIdentity,
) -> Error | WidgetIdentityResumed | None:
    """Resume a verified visitor’s open conversation in this browser

     For a visitor the site proves (`user_hash`, see `ChatbotWidget.identify`): their last conversation
    with this chatbot that is still open, with a token for this browser (their other browsers keep
    theirs; the five newest work). `conversation` and `token` are null when they have none open. 403
    `identity_not_verified` without a matching `user_hash`. No API key. 403 `origin_not_allowed` when
    the page’s `Origin` is not in the widget’s `allowed_origins`; 429 `rate_limited` (with `Retry-
    After`) past the per-IP limits; 409 `chatbot_archived` for an archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetVisitorIdentity):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetIdentityResumed
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
