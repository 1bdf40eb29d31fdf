from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.widget_lead_form_input import WidgetLeadFormInput
from ...models.widget_lead_received import WidgetLeadReceived
from ...types import Response


def _get_kwargs(
    id: str,
    *,
    body: WidgetLeadFormInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/widget/v1/{id}/leads".format(
            id=quote(str(id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | WidgetLeadReceived | None:
    if response.status_code == 202:
        response_202 = WidgetLeadReceived.from_dict(response.json())

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
) -> Response[Error | WidgetLeadReceived]:
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
    body: WidgetLeadFormInput,
) -> Response[Error | WidgetLeadReceived]:
    """Send the widget’s lead form

     The lead is recorded with `source` `widget_form` (one lead per e-mail or phone number per chatbot)
    and, with `conversation_id` and that conversation’s token, linked with the conversation (401
    `invalid_token` for a wrong token). A lead with this e-mail or phone number gets only what it lacks:
    the form never changes a stored value. Fields the form requires must be present (400). The answer
    never shows the lead. 409 `lead_form_disabled` when the widget has no lead form; 409
    `chatbot_paused` while the chatbot is paused, 409 `conversation_ended` for an ended conversation. No
    API key. 403 `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`;
    429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an
    archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetLeadFormInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetLeadReceived]
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
    body: WidgetLeadFormInput,
) -> Error | WidgetLeadReceived | None:
    """Send the widget’s lead form

     The lead is recorded with `source` `widget_form` (one lead per e-mail or phone number per chatbot)
    and, with `conversation_id` and that conversation’s token, linked with the conversation (401
    `invalid_token` for a wrong token). A lead with this e-mail or phone number gets only what it lacks:
    the form never changes a stored value. Fields the form requires must be present (400). The answer
    never shows the lead. 409 `lead_form_disabled` when the widget has no lead form; 409
    `chatbot_paused` while the chatbot is paused, 409 `conversation_ended` for an ended conversation. No
    API key. 403 `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`;
    429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an
    archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetLeadFormInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetLeadReceived
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
    body: WidgetLeadFormInput,
) -> Response[Error | WidgetLeadReceived]:
    """Send the widget’s lead form

     The lead is recorded with `source` `widget_form` (one lead per e-mail or phone number per chatbot)
    and, with `conversation_id` and that conversation’s token, linked with the conversation (401
    `invalid_token` for a wrong token). A lead with this e-mail or phone number gets only what it lacks:
    the form never changes a stored value. Fields the form requires must be present (400). The answer
    never shows the lead. 409 `lead_form_disabled` when the widget has no lead form; 409
    `chatbot_paused` while the chatbot is paused, 409 `conversation_ended` for an ended conversation. No
    API key. 403 `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`;
    429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an
    archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetLeadFormInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WidgetLeadReceived]
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
    body: WidgetLeadFormInput,
) -> Error | WidgetLeadReceived | None:
    """Send the widget’s lead form

     The lead is recorded with `source` `widget_form` (one lead per e-mail or phone number per chatbot)
    and, with `conversation_id` and that conversation’s token, linked with the conversation (401
    `invalid_token` for a wrong token). A lead with this e-mail or phone number gets only what it lacks:
    the form never changes a stored value. Fields the form requires must be present (400). The answer
    never shows the lead. 409 `lead_form_disabled` when the widget has no lead form; 409
    `chatbot_paused` while the chatbot is paused, 409 `conversation_ended` for an ended conversation. No
    API key. 403 `origin_not_allowed` when the page’s `Origin` is not in the widget’s `allowed_origins`;
    429 `rate_limited` (with `Retry-After`) past the per-IP limits; 409 `chatbot_archived` for an
    archived chatbot.

    Args:
        id (str): An id of the form cb_<ulid>
        body (WidgetLeadFormInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WidgetLeadReceived
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            body=body,
        )
    ).parsed
