from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.visitor_conversation import VisitorConversation


T = TypeVar("T", bound="WidgetIdentityResumed")


@_attrs_define
class WidgetIdentityResumed:
    """
    Attributes:
        conversation (None | VisitorConversation):
        token (None | str): A token for this browser; null with no open conversation
    """

    conversation: None | VisitorConversation
    token: None | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.visitor_conversation import VisitorConversation

        conversation: dict[str, Any] | None
        if isinstance(self.conversation, VisitorConversation):
            conversation = self.conversation.to_dict()
        else:
            conversation = self.conversation

        token: None | str
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

        def _parse_conversation(data: object) -> None | VisitorConversation:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                conversation_type_0 = VisitorConversation.from_dict(data)

                return conversation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VisitorConversation, data)

        conversation = _parse_conversation(d.pop("conversation"))

        def _parse_token(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        token = _parse_token(d.pop("token"))

        widget_identity_resumed = cls(
            conversation=conversation,
            token=token,
        )

        return widget_identity_resumed
