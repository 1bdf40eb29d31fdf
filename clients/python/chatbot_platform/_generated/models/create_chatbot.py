from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_chatbot_personality import CreateChatbotPersonality
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateChatbot")


@_attrs_define
class CreateChatbot:
    """
    Attributes:
        name (str):
        language (str | Unset):  Default: 'en'.
        personality (CreateChatbotPersonality | Unset):  Default: CreateChatbotPersonality.FRIENDLY.
        welcome_message (None | str | Unset):
    """

    name: str
    language: str | Unset = "en"
    personality: CreateChatbotPersonality | Unset = CreateChatbotPersonality.FRIENDLY
    welcome_message: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        language = self.language

        personality: str | Unset = UNSET
        if not isinstance(self.personality, Unset):
            personality = self.personality.value

        welcome_message: None | str | Unset
        if isinstance(self.welcome_message, Unset):
            welcome_message = UNSET
        else:
            welcome_message = self.welcome_message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if language is not UNSET:
            field_dict["language"] = language
        if personality is not UNSET:
            field_dict["personality"] = personality
        if welcome_message is not UNSET:
            field_dict["welcome_message"] = welcome_message

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        language = d.pop("language", UNSET)

        _personality = d.pop("personality", UNSET)
        personality: CreateChatbotPersonality | Unset
        if isinstance(_personality, Unset):
            personality = UNSET
        else:
            personality = CreateChatbotPersonality(_personality)

        def _parse_welcome_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        welcome_message = _parse_welcome_message(d.pop("welcome_message", UNSET))

        create_chatbot = cls(
            name=name,
            language=language,
            personality=personality,
            welcome_message=welcome_message,
        )

        return create_chatbot
