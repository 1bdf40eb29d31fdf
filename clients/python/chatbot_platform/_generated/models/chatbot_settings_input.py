from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.chatbot_settings_input_personality import ChatbotSettingsInputPersonality
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.behaviour_rule_input import BehaviourRuleInput
    from ..models.chatbot_settings_input_answer import ChatbotSettingsInputAnswer
    from ..models.chatbot_settings_input_handoff import ChatbotSettingsInputHandoff
    from ..models.chatbot_settings_input_lead_capture import (
        ChatbotSettingsInputLeadCapture,
    )


T = TypeVar("T", bound="ChatbotSettingsInput")


@_attrs_define
class ChatbotSettingsInput:
    """
    Attributes:
        personality (ChatbotSettingsInputPersonality | Unset):  Default: ChatbotSettingsInputPersonality.FRIENDLY.
        language (str | Unset):  Default: 'en'.
        welcome_message (None | str | Unset):
        instructions (str | Unset):  Default: ''.
        fallback_message (str | Unset):  Default: "I'm sorry, I don't have an answer to that yet.".
        rules (list[BehaviourRuleInput] | Unset):
        inactivity_timeout_minutes (int | Unset):  Default: 30.
        lead_capture (ChatbotSettingsInputLeadCapture | Unset):
        handoff (ChatbotSettingsInputHandoff | Unset):
        answer (ChatbotSettingsInputAnswer | Unset):
    """

    personality: ChatbotSettingsInputPersonality | Unset = (
        ChatbotSettingsInputPersonality.FRIENDLY
    )
    language: str | Unset = "en"
    welcome_message: None | str | Unset = UNSET
    instructions: str | Unset = ""
    fallback_message: str | Unset = "I'm sorry, I don't have an answer to that yet."
    rules: list[BehaviourRuleInput] | Unset = UNSET
    inactivity_timeout_minutes: int | Unset = 30
    lead_capture: ChatbotSettingsInputLeadCapture | Unset = UNSET
    handoff: ChatbotSettingsInputHandoff | Unset = UNSET
    answer: ChatbotSettingsInputAnswer | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        personality: str | Unset = UNSET
        if not isinstance(self.personality, Unset):
            personality = self.personality.value

        language = self.language

        welcome_message: None | str | Unset
        if isinstance(self.welcome_message, Unset):
            welcome_message = UNSET
        else:
            welcome_message = self.welcome_message

        instructions = self.instructions

        fallback_message = self.fallback_message

        rules: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = []
            for rules_item_data in self.rules:
                rules_item = rules_item_data.to_dict()
                rules.append(rules_item)

        inactivity_timeout_minutes = self.inactivity_timeout_minutes

        lead_capture: dict[str, Any] | Unset = UNSET
        if not isinstance(self.lead_capture, Unset):
            lead_capture = self.lead_capture.to_dict()

        handoff: dict[str, Any] | Unset = UNSET
        if not isinstance(self.handoff, Unset):
            handoff = self.handoff.to_dict()

        answer: dict[str, Any] | Unset = UNSET
        if not isinstance(self.answer, Unset):
            answer = self.answer.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if personality is not UNSET:
            field_dict["personality"] = personality
        if language is not UNSET:
            field_dict["language"] = language
        if welcome_message is not UNSET:
            field_dict["welcome_message"] = welcome_message
        if instructions is not UNSET:
            field_dict["instructions"] = instructions
        if fallback_message is not UNSET:
            field_dict["fallback_message"] = fallback_message
        if rules is not UNSET:
            field_dict["rules"] = rules
        if inactivity_timeout_minutes is not UNSET:
            field_dict["inactivity_timeout_minutes"] = inactivity_timeout_minutes
        if lead_capture is not UNSET:
            field_dict["lead_capture"] = lead_capture
        if handoff is not UNSET:
            field_dict["handoff"] = handoff
        if answer is not UNSET:
            field_dict["answer"] = answer

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.behaviour_rule_input import BehaviourRuleInput
        from ..models.chatbot_settings_input_answer import ChatbotSettingsInputAnswer
        from ..models.chatbot_settings_input_handoff import ChatbotSettingsInputHandoff
        from ..models.chatbot_settings_input_lead_capture import (
            ChatbotSettingsInputLeadCapture,
        )

        d = dict(src_dict)
        _personality = d.pop("personality", UNSET)
        personality: ChatbotSettingsInputPersonality | Unset
        if isinstance(_personality, Unset):
            personality = UNSET
        else:
            personality = ChatbotSettingsInputPersonality(_personality)

        language = d.pop("language", UNSET)

        def _parse_welcome_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        welcome_message = _parse_welcome_message(d.pop("welcome_message", UNSET))

        instructions = d.pop("instructions", UNSET)

        fallback_message = d.pop("fallback_message", UNSET)

        _rules = d.pop("rules", UNSET)
        rules: list[BehaviourRuleInput] | Unset = UNSET
        if _rules is not UNSET:
            rules = []
            for rules_item_data in _rules:
                rules_item = BehaviourRuleInput.from_dict(rules_item_data)

                rules.append(rules_item)

        inactivity_timeout_minutes = d.pop("inactivity_timeout_minutes", UNSET)

        _lead_capture = d.pop("lead_capture", UNSET)
        lead_capture: ChatbotSettingsInputLeadCapture | Unset
        if isinstance(_lead_capture, Unset):
            lead_capture = UNSET
        else:
            lead_capture = ChatbotSettingsInputLeadCapture.from_dict(_lead_capture)

        _handoff = d.pop("handoff", UNSET)
        handoff: ChatbotSettingsInputHandoff | Unset
        if isinstance(_handoff, Unset):
            handoff = UNSET
        else:
            handoff = ChatbotSettingsInputHandoff.from_dict(_handoff)

        _answer = d.pop("answer", UNSET)
        answer: ChatbotSettingsInputAnswer | Unset
        if isinstance(_answer, Unset):
            answer = UNSET
        else:
            answer = ChatbotSettingsInputAnswer.from_dict(_answer)

        chatbot_settings_input = cls(
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
        )

        return chatbot_settings_input
