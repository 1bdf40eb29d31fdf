import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.quality_report import QualityReport
from ...types import UNSET, Response, Unset


def _get_kwargs(
    id: str,
    *,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
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

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/chatbots/{id}/quality".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | QualityReport | None:
    if response.status_code == 200:
        response_200 = QualityReport.from_dict(response.json())

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
) -> Response[Error | QualityReport]:
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
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Response[Error | QualityReport]:
    """How a chatbot’s replies turned out: answered, clarified, fell back

     For the period (`from`, `to` as the other analytics routes take them, at most 31 days, 30 by
    default): `turns`, the chatbot’s replies by outcome (answered: rule, qa, knowledge or llm;
    clarified: suggestions offered; fallback) with their shares; `suggestions_chosen`, the items
    visitors chose from suggestions, most chosen first; `fell_back`, the visitor questions that got the
    fallback, grouped as `top_unanswered` groups them, each with a sample message that `POST
    …/knowledge/qa-from-message` turns into a Q&A pair. Counted from the messages themselves, so exact
    up to the request. 404 `chatbot_not_found`; 400 `validation_failed` for a longer period.

    Args:
        id (str): An id of the form cb_<ulid>
        from_ (datetime.datetime | Unset): Start of the period (default: 30 days before `to`);
            rounded down to the UTC hour
        to (datetime.datetime | Unset): End of the period (default: now); rounded up to the UTC
            hour

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | QualityReport]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Error | QualityReport | None:
    """How a chatbot’s replies turned out: answered, clarified, fell back

     For the period (`from`, `to` as the other analytics routes take them, at most 31 days, 30 by
    default): `turns`, the chatbot’s replies by outcome (answered: rule, qa, knowledge or llm;
    clarified: suggestions offered; fallback) with their shares; `suggestions_chosen`, the items
    visitors chose from suggestions, most chosen first; `fell_back`, the visitor questions that got the
    fallback, grouped as `top_unanswered` groups them, each with a sample message that `POST
    …/knowledge/qa-from-message` turns into a Q&A pair. Counted from the messages themselves, so exact
    up to the request. 404 `chatbot_not_found`; 400 `validation_failed` for a longer period.

    Args:
        id (str): An id of the form cb_<ulid>
        from_ (datetime.datetime | Unset): Start of the period (default: 30 days before `to`);
            rounded down to the UTC hour
        to (datetime.datetime | Unset): End of the period (default: now); rounded up to the UTC
            hour

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | QualityReport
    """

    return sync_detailed(
        id=id,
        client=client,
        from_=from_,
        to=to,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Response[Error | QualityReport]:
    """How a chatbot’s replies turned out: answered, clarified, fell back

     For the period (`from`, `to` as the other analytics routes take them, at most 31 days, 30 by
    default): `turns`, the chatbot’s replies by outcome (answered: rule, qa, knowledge or llm;
    clarified: suggestions offered; fallback) with their shares; `suggestions_chosen`, the items
    visitors chose from suggestions, most chosen first; `fell_back`, the visitor questions that got the
    fallback, grouped as `top_unanswered` groups them, each with a sample message that `POST
    …/knowledge/qa-from-message` turns into a Q&A pair. Counted from the messages themselves, so exact
    up to the request. 404 `chatbot_not_found`; 400 `validation_failed` for a longer period.

    Args:
        id (str): An id of the form cb_<ulid>
        from_ (datetime.datetime | Unset): Start of the period (default: 30 days before `to`);
            rounded down to the UTC hour
        to (datetime.datetime | Unset): End of the period (default: now); rounded up to the UTC
            hour

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | QualityReport]
    """

    kwargs = _get_kwargs(
        id=id,
        from_=from_,
        to=to,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    from_: datetime.datetime | Unset = UNSET,
    to: datetime.datetime | Unset = UNSET,
) -> Error | QualityReport | None:
    """How a chatbot’s replies turned out: answered, clarified, fell back

     For the period (`from`, `to` as the other analytics routes take them, at most 31 days, 30 by
    default): `turns`, the chatbot’s replies by outcome (answered: rule, qa, knowledge or llm;
    clarified: suggestions offered; fallback) with their shares; `suggestions_chosen`, the items
    visitors chose from suggestions, most chosen first; `fell_back`, the visitor questions that got the
    fallback, grouped as `top_unanswered` groups them, each with a sample message that `POST
    …/knowledge/qa-from-message` turns into a Q&A pair. Counted from the messages themselves, so exact
    up to the request. 404 `chatbot_not_found`; 400 `validation_failed` for a longer period.

    Args:
        id (str): An id of the form cb_<ulid>
        from_ (datetime.datetime | Unset): Start of the period (default: 30 days before `to`);
            rounded down to the UTC hour
        to (datetime.datetime | Unset): End of the period (default: now); rounded up to the UTC
            hour

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | QualityReport
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            from_=from_,
            to=to,
        )
    ).parsed
