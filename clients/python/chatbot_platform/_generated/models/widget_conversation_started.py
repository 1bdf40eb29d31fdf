from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.visitor_conversation import VisitorConversation


T = TypeVar("T", bound="WidgetConversationStarted")


@_attrs_define
class WidgetConversationStarted:
    """
    Attributes:
        conversation (VisitorConversation):
        token (str): The conversation token: `Authorization: Bearer <token>` on its routes
    """

    conversation: VisitorConversation
    token: str

    def to_dict(self) -> dict[str, Any]:
        conversation = self.conversation.to_dict()

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "conversation": conversation,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.visitor_conversation import VisitorConversation

        d = dict(src_dict)
        conversation = VisitorConversation.from_dict(d.pop("conversation"))

        token = d.pop("token")

        widget_conversation_started = cls(
            conversation=conversation,
            token=token,
        )

        return widget_conversation_started
