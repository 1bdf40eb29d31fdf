import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.analytics_trends import AnalyticsTrends
from ...models.error import Error
from ...models.get_analytics_trends_tz import GetAnalyticsTrendsTz
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    tz: GetAnalyticsTrendsTz | Unset = GetAnalyticsTrendsTz.UTC,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params["chatbot_id"] = chatbot_id

    json_tz: str | Unset = UNSET
    if not isinstance(tz, Unset):
        json_tz = tz.value

    params["tz"] = json_tz

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/analytics/trends",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AnalyticsTrends | Error | None:
    if response.status_code == 200:
        response_200 = AnalyticsTrends.from_dict(response.json())

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
) -> Response[AnalyticsTrends | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    tz: GetAnalyticsTrendsTz | Unset = GetAnalyticsTrendsTz.UTC,
) -> Response[AnalyticsTrends | Error]:
    """A period against the one before it, and what visitors asked

     Every overview figure for the period and for the previous period of the same length, with the
    relative change; `top_questions` (the visitor messages asked most) and `top_unanswered` (those that
    got the fallback or a thumbs-down), grouped when they are the same question after the knowledge
    base’s text analysis (stop words dropped, words stemmed, accents folded, in the conversation’s
    language), each with a sample conversation. 404 `chatbot_not_found`, 503 `unavailable` as for the
    overview.

    Args:
        from_ (datetime.datetime | Unset): Start of the period (default: 30 days before `to`);
            rounded down to the UTC hour
        to (datetime.datetime | Unset): End of the period (default: now); rounded up to the UTC
            hour
        chatbot_id (str | Unset): Only this chatbot (a chatbot key: always its own)
        tz (GetAnalyticsTrendsTz | Unset): IANA time zone of days and weeks (default UTC) Default:
            GetAnalyticsTrendsTz.UTC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalyticsTrends | Error]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        chatbot_id=chatbot_id,
        tz=tz,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    tz: GetAnalyticsTrendsTz | Unset = GetAnalyticsTrendsTz.UTC,
) -> AnalyticsTrends | Error | None:
    """A period against the one before it, and what visitors asked

     Every overview figure for the period and for the previous period of the same length, with the
    relative change; `top_questions` (the visitor messages asked most) and `top_unanswered` (those that
    got the fallback or a thumbs-down), grouped when they are the same question after the knowledge
    base’s text analysis (stop words dropped, words stemmed, accents folded, in the conversation’s
    language), each with a sample conversation. 404 `chatbot_not_found`, 503 `unavailable` as for the
    overview.

    Args:
        from_ (datetime.datetime | Unset): Start of the period (default: 30 days before `to`);
            rounded down to the UTC hour
        to (datetime.datetime | Unset): End of the period (default: now); rounded up to the UTC
            hour
        chatbot_id (str | Unset): Only this chatbot (a chatbot key: always its own)
        tz (GetAnalyticsTrendsTz | Unset): IANA time zone of days and weeks (default UTC) Default:
            GetAnalyticsTrendsTz.UTC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalyticsTrends | Error
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
        chatbot_id=chatbot_id,
        tz=tz,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    tz: GetAnalyticsTrendsTz | Unset = GetAnalyticsTrendsTz.UTC,
) -> Response[AnalyticsTrends | Error]:
    """A period against the one before it, and what visitors asked

     Every overview figure for the period and for the previous period of the same length, with the
    relative change; `top_questions` (the visitor messages asked most) and `top_unanswered` (those that
    got the fallback or a thumbs-down), grouped when they are the same question after the knowledge
    base’s text analysis (stop words dropped, words stemmed, accents folded, in the conversation’s
    language), each with a sample conversation. 404 `chatbot_not_found`, 503 `unavailable` as for the
    overview.

    Args:
        from_ (datetime.datetime | Unset): Start of the period (default: 30 days before `to`);
            rounded down to the UTC hour
        to (datetime.datetime | Unset): End of the period (default: now); rounded up to the UTC
            hour
        chatbot_id (str | Unset): Only this chatbot (a chatbot key: always its own)
        tz (GetAnalyticsTrendsTz | Unset): IANA time zone of days and weeks (default UTC) Default:
            GetAnalyticsTrendsTz.UTC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnalyticsTrends | Error]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        chatbot_id=chatbot_id,
        tz=tz,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
    chatbot_id: str | Unset = UNSET,
    tz: GetAnalyticsTrendsTz | Unset = GetAnalyticsTrendsTz.UTC,
) -> AnalyticsTrends | Error | None:
    """A period against the one before it, and what visitors asked

     Every overview figure for the period and for the previous period of the same length, with the
    relative change; `top_questions` (the visitor messages asked most) and `top_unanswered` (those that
    got the fallback or a thumbs-down), grouped when they are the same question after the knowledge
    base’s text analysis (stop words dropped, words stemmed, accents folded, in the conversation’s
    language), each with a sample conversation. 404 `chatbot_not_found`, 503 `unavailable` as for the
    overview.

    Args:
        from_ (datetime.datetime | Unset): Start of the period (default: 30 days before `to`);
            rounded down to the UTC hour
        to (datetime.datetime | Unset): End of the period (default: now); rounded up to the UTC
            hour
        chatbot_id (str | Unset): Only this chatbot (a chatbot key: always its own)
        tz (GetAnalyticsTrendsTz | Unset): IANA time zone of days and weeks (default UTC) Default:
            GetAnalyticsTrendsTz.UTC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnalyticsTrends | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
            chatbot_id=chatbot_id,
            tz=tz,
        )
    ).parsed
