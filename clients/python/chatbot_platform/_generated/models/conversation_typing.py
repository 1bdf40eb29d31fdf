from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.typing_agent import TypingAgent


T = TypeVar("T", bound="ConversationTyping")


@_attrs_define
class ConversationTyping:
    """
    Attributes:
        agent (None | TypingAgent): The member who typed in the last 6 seconds, as the visitor sees them; null when
            nobody did
        visitor_typing (bool): Whether the visitor typed in the last 6 seconds
    """

    agent: None | TypingAgent
    visitor_typing: bool

    def to_dict(self) -> dict[str, Any]:
        from ..models.typing_agent import TypingAgent

        agent: dict[str, Any] | None
        if isinstance(self.agent, TypingAgent):
            agent = self.agent.to_dict()
        else:
            agent = self.agent

        visitor_typing = self.visitor_typing

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent": agent,
                "visitor_typing": visitor_typing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.typing_agent import TypingAgent

        d = dict(src_dict)

        def _parse_agent(data: object) -> None | TypingAgent:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                agent_type_0 = TypingAgent.from_dict(data)

                return agent_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TypingAgent, data)

        agent = _parse_agent(d.pop("agent"))

        visitor_typing = d.pop("visitor_typing")

        conversation_typing = cls(
            agent=agent,
            visitor_typing=visitor_typing,
        )

        return conversation_typing
