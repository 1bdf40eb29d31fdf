from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.chatbot_status import ChatbotStatus

T = TypeVar("T", bound="Chatbot")


@_attrs_define
class Chatbot:
    """
    Attributes:
        id (str):
        name (str):
        language (str):
        personality (str):
        welcome_message (None | str):
        status (ChatbotStatus):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    name: str
    language: str
    personality: str
    welcome_message: None | str
    status: ChatbotStatus
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        language = self.language

        personality = self.personality

        welcome_message: None | str
        welcome_message = self.welcome_message

        status = self.status.value

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "language": language,
                "personality": personality,
                "welcome_message": welcome_message,
                "status": status,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        language = d.pop("language")

        personality = d.pop("personality")

        def _parse_welcome_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        welcome_message = _parse_welcome_message(d.pop("welcome_message"))

        status = ChatbotStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        chatbot = cls(
            id=id,
            name=name,
            language=language,
            personality=personality,
            welcome_message=welcome_message,
            status=status,
            created_at=created_at,
            updated_at=updated_at,
        )

        return chatbot
