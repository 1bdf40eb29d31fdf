from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.conversation_contact_source import ConversationContactSource

T = TypeVar("T", bound="ConversationContact")


@_attrs_define
class ConversationContact:
    """
    Attributes:
        lead_id (str):
        name (None | str):
        email (None | str):
        phone (None | str):
        source (ConversationContactSource): Where the details were left; `handoff_offline`: when nobody could answer the
            handoff, so the visitor waits for an e-mail
    """

    lead_id: str
    name: None | str
    email: None | str
    phone: None | str
    source: ConversationContactSource

    def to_dict(self) -> dict[str, Any]:
        lead_id = self.lead_id

        name: None | str
        name = self.name

        email: None | str
        email = self.email

        phone: None | str
        phone = self.phone

        source = self.source.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lead_id": lead_id,
                "name": name,
                "email": email,
                "phone": phone,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        lead_id = d.pop("lead_id")

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

        source = ConversationContactSource(d.pop("source"))

        conversation_contact = cls(
            lead_id=lead_id,
            name=name,
            email=email,
            phone=phone,
            source=source,
        )

        return conversation_contact
