from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.conversation import Conversation
    from ..models.message import Message


T = TypeVar("T", bound="MessageTurn")


@_attrs_define
class MessageTurn:
    """
    Attributes:
        message (Message):
        reply (Message | None): The chatbot’s reply; null while a human has the conversation, and for agent messages
        conversation (Conversation):
    """

    message: Message
    reply: Message | None
    conversation: Conversation

    def to_dict(self) -> dict[str, Any]:
        from ..models.message import Message

        message = self.message.to_dict()

        reply: dict[str, Any] | None
        if isinstance(self.reply, Message):
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
        from ..models.conversation import Conversation
        from ..models.message import Message

        d = dict(src_dict)
        message = Message.from_dict(d.pop("message"))

        def _parse_reply(data: object) -> Message | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reply_type_0 = Message.from_dict(data)

                return reply_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Message | None, data)

        reply = _parse_reply(d.pop("reply"))

        conversation = Conversation.from_dict(d.pop("conversation"))

        message_turn = cls(
            message=message,
            reply=reply,
            conversation=conversation,
        )

        return message_turn
