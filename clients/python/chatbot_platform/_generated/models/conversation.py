from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.conversation_channel import ConversationChannel
from ..models.conversation_ended_reason_type_1 import ConversationEndedReasonType1
from ..models.conversation_ended_reason_type_2_type_1 import (
    ConversationEndedReasonType2Type1,
)
from ..models.conversation_ended_reason_type_3_type_1 import (
    ConversationEndedReasonType3Type1,
)
from ..models.conversation_resolution_type_1 import ConversationResolutionType1
from ..models.conversation_resolution_type_2_type_1 import (
    ConversationResolutionType2Type1,
)
from ..models.conversation_resolution_type_3_type_1 import (
    ConversationResolutionType3Type1,
)
from ..models.conversation_status import ConversationStatus

if TYPE_CHECKING:
    from ..models.conversation_assignee import ConversationAssignee
    from ..models.conversation_metadata import ConversationMetadata
    from ..models.conversation_rating import ConversationRating
    from ..models.conversation_visitor import ConversationVisitor


T = TypeVar("T", bound="Conversation")


@_attrs_define
class Conversation:
    """
    Attributes:
        id (str):
        chatbot_id (str):
        status (ConversationStatus):
        channel (ConversationChannel):
        language (str):
        visitor (ConversationVisitor):
        metadata (ConversationMetadata):
        message_count (int):
        resolution (ConversationResolutionType1 | ConversationResolutionType2Type1 | ConversationResolutionType3Type1 |
            None):
        ended_reason (ConversationEndedReasonType1 | ConversationEndedReasonType2Type1 |
            ConversationEndedReasonType3Type1 | None):
        lead_id (None | str):
        handoff_offline (bool): Handed off when nobody could answer (outside business hours, or no member available):
            the visitor was asked for an e-mail. False again once an agent writes
        assignee (ConversationAssignee | None): The member a handed-off conversation is assigned to; null while
            unassigned or with the bot. Kept when it ends
        csat (ConversationRating | None): The visitor’s rating after the end; null until rated
        deletion_requested_at (datetime.datetime | None): When the visitor asked, from the widget, for this conversation
            to be deleted (`conversation.deletion_requested`); delete it with DELETE …/conversations/{id}
        started_at (datetime.datetime):
        last_message_at (datetime.datetime | None):
        ended_at (datetime.datetime | None):
    """

    id: str
    chatbot_id: str
    status: ConversationStatus
    channel: ConversationChannel
    language: str
    visitor: ConversationVisitor
    metadata: ConversationMetadata
    message_count: int
    resolution: (
        ConversationResolutionType1
        | ConversationResolutionType2Type1
        | ConversationResolutionType3Type1
        | None
    )
    ended_reason: (
        ConversationEndedReasonType1
        | ConversationEndedReasonType2Type1
        | ConversationEndedReasonType3Type1
        | None
    )
    lead_id: None | str
    handoff_offline: bool
    assignee: ConversationAssignee | None
    csat: ConversationRating | None
    deletion_requested_at: datetime.datetime | None
    started_at: datetime.datetime
    last_message_at: datetime.datetime | None
    ended_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.conversation_assignee import ConversationAssignee
        from ..models.conversation_rating import ConversationRating

        id = self.id

        chatbot_id = self.chatbot_id

        status = self.status.value

        channel = self.channel.value

        language = self.language

        visitor = self.visitor.to_dict()

        metadata = self.metadata.to_dict()

        message_count = self.message_count

        resolution: None | str
        if (
            isinstance(self.resolution, ConversationResolutionType1)
            or isinstance(self.resolution, ConversationResolutionType2Type1)
            or isinstance(self.resolution, ConversationResolutionType3Type1)
        ):
            resolution = self.resolution.value
        else:
            resolution = self.resolution

        ended_reason: None | str
        if (
            isinstance(self.ended_reason, ConversationEndedReasonType1)
            or isinstance(self.ended_reason, ConversationEndedReasonType2Type1)
            or isinstance(self.ended_reason, ConversationEndedReasonType3Type1)
        ):
            ended_reason = self.ended_reason.value
        else:
            ended_reason = self.ended_reason

        lead_id: None | str
        lead_id = self.lead_id

        handoff_offline = self.handoff_offline

        assignee: dict[str, Any] | None
        if isinstance(self.assignee, ConversationAssignee):
            assignee = self.assignee.to_dict()
        else:
            assignee = self.assignee

        csat: dict[str, Any] | None
        if isinstance(self.csat, ConversationRating):
            csat = self.csat.to_dict()
        else:
            csat = self.csat

        deletion_requested_at: None | str
        if isinstance(self.deletion_requested_at, datetime.datetime):
            deletion_requested_at = self.deletion_requested_at.isoformat()
        else:
            deletion_requested_at = self.deletion_requested_at

        started_at = self.started_at.isoformat()

        last_message_at: None | str
        if isinstance(self.last_message_at, datetime.datetime):
            last_message_at = self.last_message_at.isoformat()
        else:
            last_message_at = self.last_message_at

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "chatbot_id": chatbot_id,
                "status": status,
                "channel": channel,
                "language": language,
                "visitor": visitor,
                "metadata": metadata,
                "message_count": message_count,
                "resolution": resolution,
                "ended_reason": ended_reason,
                "lead_id": lead_id,
                "handoff_offline": handoff_offline,
                "assignee": assignee,
                "csat": csat,
                "deletion_requested_at": deletion_requested_at,
                "started_at": started_at,
                "last_message_at": last_message_at,
                "ended_at": ended_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.conversation_assignee import ConversationAssignee
        from ..models.conversation_metadata import ConversationMetadata
        from ..models.conversation_rating import ConversationRating
        from ..models.conversation_visitor import ConversationVisitor

        d = dict(src_dict)
        id = d.pop("id")

        chatbot_id = d.pop("chatbot_id")

        status = ConversationStatus(d.pop("status"))

        channel = ConversationChannel(d.pop("channel"))

        language = d.pop("language")

        visitor = ConversationVisitor.from_dict(d.pop("visitor"))

        metadata = ConversationMetadata.from_dict(d.pop("metadata"))

        message_count = d.pop("message_count")

        def _parse_resolution(
            data: object,
        ) -> (
            ConversationResolutionType1
            | ConversationResolutionType2Type1
            | ConversationResolutionType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolution_type_1 = ConversationResolutionType1(data)

                return resolution_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolution_type_2_type_1 = ConversationResolutionType2Type1(data)

                return resolution_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolution_type_3_type_1 = ConversationResolutionType3Type1(data)

                return resolution_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ConversationResolutionType1
                | ConversationResolutionType2Type1
                | ConversationResolutionType3Type1
                | None,
                data,
            )

        resolution = _parse_resolution(d.pop("resolution"))

        def _parse_ended_reason(
            data: object,
        ) -> (
            ConversationEndedReasonType1
            | ConversationEndedReasonType2Type1
            | ConversationEndedReasonType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_reason_type_1 = ConversationEndedReasonType1(data)

                return ended_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_reason_type_2_type_1 = ConversationEndedReasonType2Type1(data)

                return ended_reason_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_reason_type_3_type_1 = ConversationEndedReasonType3Type1(data)

                return ended_reason_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                ConversationEndedReasonType1
                | ConversationEndedReasonType2Type1
                | ConversationEndedReasonType3Type1
                | None,
                data,
            )

        ended_reason = _parse_ended_reason(d.pop("ended_reason"))

        def _parse_lead_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        lead_id = _parse_lead_id(d.pop("lead_id"))

        handoff_offline = d.pop("handoff_offline")

        def _parse_assignee(data: object) -> ConversationAssignee | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                assignee_type_0 = ConversationAssignee.from_dict(data)

                return assignee_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConversationAssignee | None, data)

        assignee = _parse_assignee(d.pop("assignee"))

        def _parse_csat(data: object) -> ConversationRating | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                csat_type_0 = ConversationRating.from_dict(data)

                return csat_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConversationRating | None, data)

        csat = _parse_csat(d.pop("csat"))

        def _parse_deletion_requested_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deletion_requested_at_type_0 = datetime.datetime.fromisoformat(data)

                return deletion_requested_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deletion_requested_at = _parse_deletion_requested_at(
            d.pop("deletion_requested_at")
        )

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        def _parse_last_message_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_message_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_message_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_message_at = _parse_last_message_at(d.pop("last_message_at"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        conversation = cls(
            id=id,
            chatbot_id=chatbot_id,
            status=status,
            channel=channel,
            language=language,
            visitor=visitor,
            metadata=metadata,
            message_count=message_count,
            resolution=resolution,
            ended_reason=ended_reason,
            lead_id=lead_id,
            handoff_offline=handoff_offline,
            assignee=assignee,
            csat=csat,
            deletion_requested_at=deletion_requested_at,
            started_at=started_at,
            last_message_at=last_message_at,
            ended_at=ended_at,
        )

        return conversation
