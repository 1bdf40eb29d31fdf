from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.visitor_agent import VisitorAgent
    from ..models.visitor_conversation import VisitorConversation
    from ..models.visitor_message import VisitorMessage


T = TypeVar("T", bound="WidgetConversation")


@_attrs_define
class WidgetConversation:
    """
    Attributes:
        conversation (VisitorConversation):
        messages (list[VisitorMessage]):
        has_more (bool):
        agent_typing (None | VisitorAgent): The agent typing now (a mark under 6 seconds old): the widget shows “<name>
            is typing…”; null when nobody is
    """

    conversation: VisitorConversation
    messages: list[VisitorMessage]
    has_more: bool
    agent_typing: None | VisitorAgent

    def to_dict(self) -> dict[str, Any]:
        from ..models.visitor_agent import VisitorAgent

        conversation = self.conversation.to_dict()

        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)

        has_more = self.has_more

        agent_typing: dict[str, Any] | None
        if isinstance(self.agent_typing, VisitorAgent):
            agent_typing = self.agent_typing.to_dict()
        else:
            agent_typing = self.agent_typing

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "conversation": conversation,
                "messages": messages,
                "has_more": has_more,
                "agent_typing": agent_typing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.visitor_agent import VisitorAgent
        from ..models.visitor_conversation import VisitorConversation
        from ..models.visitor_message import VisitorMessage

        d = dict(src_dict)
        conversation = VisitorConversation.from_dict(d.pop("conversation"))

        messages = []
        _messages = d.pop("messages")
        for messages_item_data in _messages:
            messages_item = VisitorMessage.from_dict(messages_item_data)

            messages.append(messages_item)

        has_more = d.pop("has_more")

        def _parse_agent_typing(data: object) -> None | VisitorAgent:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                agent_typing_type_0 = VisitorAgent.from_dict(data)

                return agent_typing_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | VisitorAgent, data)

        agent_typing = _parse_agent_typing(d.pop("agent_typing"))

        widget_conversation = cls(
            conversation=conversation,
            messages=messages,
            has_more=has_more,
            agent_typing=agent_typing,
        )

        return widget_conversation
