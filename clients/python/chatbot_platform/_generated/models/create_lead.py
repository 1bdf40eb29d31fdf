from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.create_lead_status import CreateLeadStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_lead_custom import CreateLeadCustom


T = TypeVar("T", bound="CreateLead")


@_attrs_define
class CreateLead:
    """
    Attributes:
        chatbot_id (str): The chatbot the lead belongs to
        name (str | Unset):
        email (str | Unset):
        phone (str | Unset): 7 to 15 digits, optionally starting with + (or 00), with spaces, dots, dashes, slashes or
            brackets between them. Stored in E.164 (+4930…) when the number can be read: with its country code, or without
            one when the chatbot’s language says the country (`de` → Germany, `en` → United States, …).
        company (str | Unset):
        notes (str | Unset): Free text for your team; empty clears it
        custom (CreateLeadCustom | Unset): Your own key/value data, returned as sent (at most 50 keys, 8192 bytes as
            JSON, 5 levels deep; keys do not start with $ and hold no dot or NUL, none is __proto__, and no array is
            directly inside an array)
        status (CreateLeadStatus | Unset): Default `new` for a new lead; an existing lead keeps its status unless one is
            sent
    """

    chatbot_id: str
    name: str | Unset = UNSET
    email: str | Unset = UNSET
    phone: str | Unset = UNSET
    company: str | Unset = UNSET
    notes: str | Unset = UNSET
    custom: CreateLeadCustom | Unset = UNSET
    status: CreateLeadStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        chatbot_id = self.chatbot_id

        name = self.name

        email = self.email

        phone = self.phone

        company = self.company

        notes = self.notes

        custom: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom, Unset):
            custom = self.custom.to_dict()

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "chatbot_id": chatbot_id,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if email is not UNSET:
            field_dict["email"] = email
        if phone is not UNSET:
            field_dict["phone"] = phone
        if company is not UNSET:
            field_dict["company"] = company
        if notes is not UNSET:
            field_dict["notes"] = notes
        if custom is not UNSET:
            field_dict["custom"] = custom
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_lead_custom import CreateLeadCustom

        d = dict(src_dict)
        chatbot_id = d.pop("chatbot_id")

        name = d.pop("name", UNSET)

        email = d.pop("email", UNSET)

        phone = d.pop("phone", UNSET)

        company = d.pop("company", UNSET)

        notes = d.pop("notes", UNSET)

        _custom = d.pop("custom", UNSET)
        custom: CreateLeadCustom | Unset
        if isinstance(_custom, Unset):
            custom = UNSET
        else:
            custom = CreateLeadCustom.from_dict(_custom)

        _status = d.pop("status", UNSET)
        status: CreateLeadStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = CreateLeadStatus(_status)

        create_lead = cls(
            chatbot_id=chatbot_id,
            name=name,
            email=email,
            phone=phone,
            company=company,
            notes=notes,
            custom=custom,
            status=status,
        )

        return create_lead
