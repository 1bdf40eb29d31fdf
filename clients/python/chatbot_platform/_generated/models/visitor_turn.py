from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.visitor_conversation import VisitorConversation
    from ..models.visitor_message import VisitorMessage


T = TypeVar("T", bound="VisitorTurn")


@_attrs_define
class VisitorTurn:
    """
    Attributes:
        message (VisitorMessage):
        reply (None | VisitorMessage):
        conversation (VisitorConversation):
    """

    message: VisitorMessage
    reply: None | VisitorMessage
    conversation: VisitorConversation

    def to_dict(self) -> dict[str, Any]:
        from ..models.visitor_message import VisitorMessage

        message = self.message.to_dict()

        reply: dict[str, Any] | None
        if isinstance(self.reply, VisitorMessage):
            reply = self.reply.to_dict()
        else:
            reply = self.reply

        conversation = self.conversation.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message": message,
                "reply": reply,
                "conversation": conversation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.visitor_conversation import VisitorConversation
        from ..models.visitor_message import VisitorMessage

        d = dict(src_dict)
        message = VisitorMessage.from_dict(d.pop("message"))

        def _parse_reply(data: object) -> None | VisitorMessage:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reply_type_0 = VisitorMessage.from_dict(data)

                return reply_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VisitorMessage, data)

        reply = _parse_reply(d.pop("reply"))

        conversation = VisitorConversation.from_dict(d.pop("conversation"))

        visitor_turn = cls(
            message=message,
            reply=reply,
            conversation=conversation,
        )

        return visitor_turn
