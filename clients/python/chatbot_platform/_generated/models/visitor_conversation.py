from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.visitor_conversation_status import VisitorConversationStatus

T = TypeVar("T", bound="VisitorConversation")


@_attrs_define
class VisitorConversation:
    """
    Attributes:
        id (str):
        status (VisitorConversationStatus):
        created_at (datetime.datetime):
        asks_for_email (bool): Handed off when nobody could answer: the widget asks for an e-mail address (POST …/email)
            until one is left
    """

    id: str
    status: VisitorConversationStatus
    created_at: datetime.datetime
    asks_for_email: bool

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status.value

        created_at = self.created_at.isoformat()

        asks_for_email = self.asks_for_email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "status": status,
                "created_at": created_at,
                "asks_for_email": asks_for_email,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        status = VisitorConversationStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        asks_for_email = d.pop("asks_for_email")

        visitor_conversation = cls(
            id=id,
            status=status,
            created_at=created_at,
            asks_for_email=asks_for_email,
        )

        return visitor_conversation
