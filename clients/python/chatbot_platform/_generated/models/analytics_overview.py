from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.analytics_overview_conversations import AnalyticsOverviewConversations
    from ..models.analytics_overview_feedback import AnalyticsOverviewFeedback
    from ..models.analytics_overview_messages import AnalyticsOverviewMessages
    from ..models.analytics_overview_resolution import AnalyticsOverviewResolution
    from ..models.analytics_overview_response_time_ms import (
        AnalyticsOverviewResponseTimeMs,
    )


T = TypeVar("T", bound="AnalyticsOverview")


@_attrs_define
class AnalyticsOverview:
    """
    Attributes:
        from_ (datetime.datetime):
        to (datetime.datetime):
        tz (str):
        chatbot_id (None | str):
        conversations (AnalyticsOverviewConversations | Unset):
        messages (AnalyticsOverviewMessages | Unset):
        leads (int | Unset):
        resolution (AnalyticsOverviewResolution | Unset):
        response_time_ms (AnalyticsOverviewResponseTimeMs | Unset):
        feedback (AnalyticsOverviewFeedback | Unset):
        csat_average (float | None | Unset): The mean of the visitors’ ratings of conversations given in the period, on
            1–5 (a thumbs-up counts 5, a thumbs-down 1); null without ratings
        csat_responses (int | Unset): Conversations rated in the period
        fallback_rate (float | None | Unset):
        tokens_in (int | Unset): Language-model tokens read by the replies of the period (as providers reported them)
        tokens_out (int | Unset): Language-model tokens written by the replies of the period
    """

    from_: datetime.datetime
    to: datetime.datetime
    tz: str
    chatbot_id: None | str
    conversations: AnalyticsOverviewConversations | Unset = UNSET
    messages: AnalyticsOverviewMessages | Unset = UNSET
    leads: int | Unset = UNSET
    resolution: AnalyticsOverviewResolution | Unset = UNSET
    response_time_ms: AnalyticsOverviewResponseTimeMs | Unset = UNSET
    feedback: AnalyticsOverviewFeedback | Unset = UNSET
    csat_average: float | None | Unset = UNSET
    csat_responses: int | Unset = UNSET
    fallback_rate: float | None | Unset = UNSET
    tokens_in: int | Unset = UNSET
    tokens_out: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        tz = self.tz

        chatbot_id: None | str
        chatbot_id = self.chatbot_id

        conversations: dict[str, Any] | Unset = UNSET
        if not isinstance(self.conversations, Unset):
            conversations = self.conversations.to_dict()

        messages: dict[str, Any] | Unset = UNSET
        if not isinstance(self.messages, Unset):
            messages = self.messages.to_dict()

        leads = self.leads

        resolution: dict[str, Any] | Unset = UNSET
        if not isinstance(self.resolution, Unset):
            resolution = self.resolution.to_dict()

        response_time_ms: dict[str, Any] | Unset = UNSET
        if not isinstance(self.response_time_ms, Unset):
            response_time_ms = self.response_time_ms.to_dict()

        feedback: dict[str, Any] | Unset = UNSET
        if not isinstance(self.feedback, Unset):
            feedback = self.feedback.to_dict()

        csat_average: float | None | Unset
        if isinstance(self.csat_average, Unset):
            csat_average = UNSET
        else:
            csat_average = self.csat_average

        csat_responses = self.csat_responses

        fallback_rate: float | None | Unset
        if isinstance(self.fallback_rate, Unset):
            fallback_rate = UNSET
        else:
            fallback_rate = self.fallback_rate

        tokens_in = self.tokens_in

        tokens_out = self.tokens_out

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "to": to,
                "tz": tz,
                "chatbot_id": chatbot_id,
            }
        )
        if conversations is not UNSET:
            field_dict["conversations"] = conversations
        if messages is not UNSET:
            field_dict["messages"] = messages
        if leads is not UNSET:
            field_dict["leads"] = leads
        if resolution is not UNSET:
            field_dict["resolution"] = resolution
        if response_time_ms is not UNSET:
            field_dict["response_time_ms"] = response_time_ms
        if feedback is not UNSET:
            field_dict["feedback"] = feedback
        if csat_average is not UNSET:
            field_dict["csat_average"] = csat_average
        if csat_responses is not UNSET:
            field_dict["csat_responses"] = csat_responses
        if fallback_rate is not UNSET:
            field_dict["fallback_rate"] = fallback_rate
        if tokens_in is not UNSET:
            field_dict["tokens_in"] = tokens_in
        if tokens_out is not UNSET:
            field_dict["tokens_out"] = tokens_out

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analytics_overview_conversations import (
            AnalyticsOverviewConversations,
        )
        from ..models.analytics_overview_feedback import AnalyticsOverviewFeedback
        from ..models.analytics_overview_messages import AnalyticsOverviewMessages
        from ..models.analytics_overview_resolution import AnalyticsOverviewResolution
        from ..models.analytics_overview_response_time_ms import (
            AnalyticsOverviewResponseTimeMs,
        )

        d = dict(src_dict)
        from_ = datetime.datetime.fromisoformat(d.pop("from"))

        to = datetime.datetime.fromisoformat(d.pop("to"))

        tz = d.pop("tz")

        def _parse_chatbot_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chatbot_id = _parse_chatbot_id(d.pop("chatbot_id"))

        _conversations = d.pop("conversations", UNSET)
        conversations: AnalyticsOverviewConversations | Unset
        if isinstance(_conversations, Unset):
            conversations = UNSET
        else:
            conversations = AnalyticsOverviewConversations.from_dict(_conversations)

        _messages = d.pop("messages", UNSET)
        messages: AnalyticsOverviewMessages | Unset
        if isinstance(_messages, Unset):
            messages = UNSET
        else:
            messages = AnalyticsOverviewMessages.from_dict(_messages)

        leads = d.pop("leads", UNSET)

        _resolution = d.pop("resolution", UNSET)
        resolution: AnalyticsOverviewResolution | Unset
        if isinstance(_resolution, Unset):
            resolution = UNSET
        else:
            resolution = AnalyticsOverviewResolution.from_dict(_resolution)

        _response_time_ms = d.pop("response_time_ms", UNSET)
        response_time_ms: AnalyticsOverviewResponseTimeMs | Unset
        if isinstance(_response_time_ms, Unset):
            response_time_ms = UNSET
        else:
            response_time_ms = AnalyticsOverviewResponseTimeMs.from_dict(
                _response_time_ms
            )

        _feedback = d.pop("feedback", UNSET)
        feedback: AnalyticsOverviewFeedback | Unset
        if isinstance(_feedback, Unset):
            feedback = UNSET
        else:
            feedback = AnalyticsOverviewFeedback.from_dict(_feedback)

        def _parse_csat_average(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        csat_average = _parse_csat_average(d.pop("csat_average", UNSET))

        csat_responses = d.pop("csat_responses", UNSET)

        def _parse_fallback_rate(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        fallback_rate = _parse_fallback_rate(d.pop("fallback_rate", UNSET))

        tokens_in = d.pop("tokens_in", UNSET)

        tokens_out = d.pop("tokens_out", UNSET)

        analytics_overview = cls(
            from_=from_,
            to=to,
            tz=tz,
            chatbot_id=chatbot_id,
            conversations=conversations,
            messages=messages,
            leads=leads,
            resolution=resolution,
            response_time_ms=response_time_ms,
            feedback=feedback,
            csat_average=csat_average,
            csat_responses=csat_responses,
            fallback_rate=fallback_rate,
            tokens_in=tokens_in,
            tokens_out=tokens_out,
        )

        return analytics_overview
