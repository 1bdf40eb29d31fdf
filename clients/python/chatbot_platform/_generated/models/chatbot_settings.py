from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.behaviour_rule import BehaviourRule
    from ..models.chatbot_settings_answer import ChatbotSettingsAnswer
    from ..models.chatbot_settings_handoff import ChatbotSettingsHandoff
    from ..models.chatbot_settings_lead_capture import ChatbotSettingsLeadCapture


T = TypeVar("T", bound="ChatbotSettings")


@_attrs_define
class ChatbotSettings:
    """
    Attributes:
        chatbot_id (str):
        personality (str):
        language (str):
        welcome_message (None | str):
        instructions (str):
        fallback_message (str):
        rules (list[BehaviourRule]):
        inactivity_timeout_minutes (int):
        lead_capture (ChatbotSettingsLeadCapture):
        handoff (ChatbotSettingsHandoff):
        answer (ChatbotSettingsAnswer):
        updated_at (datetime.datetime):
    """

    chatbot_id: str
    personality: str
    language: str
    welcome_message: None | str
    instructions: str
    fallback_message: str
    rules: list[BehaviourRule]
    inactivity_timeout_minutes: int
    lead_capture: ChatbotSettingsLeadCapture
    handoff: ChatbotSettingsHandoff
    answer: ChatbotSettingsAnswer
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        chatbot_id = self.chatbot_id

        personality = self.personality

        language = self.language

        welcome_message: None | str
        welcome_message = self.welcome_message

        instructions = self.instructions

        fallback_message = self.fallback_message

        rules = []
        for rules_item_data in self.rules:
            rules_item = rules_item_data.to_dict()
            rules.append(rules_item)

        inactivity_timeout_minutes = self.inactivity_timeout_minutes

        lead_capture = self.lead_capture.to_dict()

        handoff = self.handoff.to_dict()

        answer = self.answer.to_dict()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "chatbot_id": chatbot_id,
                "personality": personality,
                "language": language,
                "welcome_message": welcome_message,
                "instructions": instructions,
                "fallback_message": fallback_message,
                "rules": rules,
                "inactivity_timeout_minutes": inactivity_timeout_minutes,
                "lead_capture": lead_capture,
                "handoff": handoff,
                "answer": answer,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.behaviour_rule import BehaviourRule
        from ..models.chatbot_settings_answer import ChatbotSettingsAnswer
        from ..models.chatbot_settings_handoff import ChatbotSettingsHandoff
        from ..models.chatbot_settings_lead_capture import ChatbotSettingsLeadCapture

        d = dict(src_dict)
        chatbot_id = d.pop("chatbot_id")

        personality = d.pop("personality")

        language = d.pop("language")

        def _parse_welcome_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        welcome_message = _parse_welcome_message(d.pop("welcome_message"))

        instructions = d.pop("instructions")

        fallback_message = d.pop("fallback_message")

        rules = []
        _rules = d.pop("rules")
        for rules_item_data in _rules:
            rules_item = BehaviourRule.from_dict(rules_item_data)

            rules.append(rules_item)

        inactivity_timeout_minutes = d.pop("inactivity_timeout_minutes")

        lead_capture = ChatbotSettingsLeadCapture.from_dict(d.pop("lead_capture"))

        handoff = ChatbotSettingsHandoff.from_dict(d.pop("handoff"))

        answer = ChatbotSettingsAnswer.from_dict(d.pop("answer"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        chatbot_settings = cls(
            chatbot_id=chatbot_id,
            personality=personality,
            language=language,
            welcome_message=welcome_message,
            instructions=instructions,
            fallback_message=fallback_message,
            rules=rules,
            inactivity_timeout_minutes=inactivity_timeout_minutes,
            lead_capture=lead_capture,
            handoff=handoff,
            answer=answer,
            updated_at=updated_at,
        )

        return chatbot_settings
