from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.lead_source import LeadSource
from ..models.lead_status import LeadStatus

if TYPE_CHECKING:
    from ..models.lead_custom import LeadCustom


T = TypeVar("T", bound="Lead")


@_attrs_define
class Lead:
    """
    Attributes:
        id (str):
        chatbot_id (str):
        conversation_id (None | str): The conversation the lead was first captured in
        name (None | str):
        email (None | str):
        phone (None | str): E.164 when the number could be read, else as given
        company (None | str):
        notes (None | str):
        custom (LeadCustom):
        status (LeadStatus):
        source (LeadSource):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    chatbot_id: str
    conversation_id: None | str
    name: None | str
    email: None | str
    phone: None | str
    company: None | str
    notes: None | str
    custom: LeadCustom
    status: LeadStatus
    source: LeadSource
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        chatbot_id = self.chatbot_id

        conversation_id: None | str
        conversation_id = self.conversation_id

        name: None | str
        name = self.name

        email: None | str
        email = self.email

        phone: None | str
        phone = self.phone

        company: None | str
        company = self.company

        notes: None | str
        notes = self.notes

        custom = self.custom.to_dict()

        status = self.status.value

        source = self.source.value

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "chatbot_id": chatbot_id,
                "conversation_id": conversation_id,
                "name": name,
                "email": email,
                "phone": phone,
                "company": company,
                "notes": notes,
                "custom": custom,
                "status": status,
                "source": source,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.lead_custom import LeadCustom

        d = dict(src_dict)
        id = d.pop("id")

        chatbot_id = d.pop("chatbot_id")

        def _parse_conversation_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        conversation_id = _parse_conversation_id(d.pop("conversation_id"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        def _parse_phone(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        phone = _parse_phone(d.pop("phone"))

        def _parse_company(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company = _parse_company(d.pop("company"))

        def _parse_notes(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        notes = _parse_notes(d.pop("notes"))

        custom = LeadCustom.from_dict(d.pop("custom"))

        status = LeadStatus(d.pop("status"))

        source = LeadSource(d.pop("source"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        lead = cls(
            id=id,
            chatbot_id=chatbot_id,
            conversation_id=conversation_id,
            name=name,
            email=email,
            phone=phone,
            company=company,
            notes=notes,
            custom=custom,
            status=status,
            source=source,
            created_at=created_at,
            updated_at=updated_at,
        )

        return lead
