from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetLeadFormInput")


@_attrs_define
class WidgetLeadFormInput:
    """
    Attributes:
        name (str | Unset):
        email (str | Unset):
        phone (str | Unset):
        company (str | Unset):
        conversation_id (str | Unset): The conversation the form was filled in, with its token as Authorization
    """

    name: str | Unset = UNSET
    email: str | Unset = UNSET
    phone: str | Unset = UNSET
    company: str | Unset = UNSET
    conversation_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        email = self.email

        phone = self.phone

        company = self.company

        conversation_id = self.conversation_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if email is not UNSET:
            field_dict["email"] = email
        if phone is not UNSET:
            field_dict["phone"] = phone
        if company is not UNSET:
            field_dict["company"] = company
        if conversation_id is not UNSET:
            field_dict["conversation_id"] = conversation_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        email = d.pop("email", UNSET)

        phone = d.pop("phone", UNSET)

        company = d.pop("company", UNSET)

        conversation_id = d.pop("conversation_id", UNSET)

        widget_lead_form_input = cls(
            name=name,
            email=email,
            phone=phone,
            company=company,
            conversation_id=conversation_id,
        )

        return widget_lead_form_input
