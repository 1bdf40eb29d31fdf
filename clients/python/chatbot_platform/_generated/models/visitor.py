from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Visitor")


@_attrs_define
class Visitor:
    """
    Attributes:
        id (str | Unset): Your id for the visitor
        name (str | Unset):
        email (str | Unset):
        phone (str | Unset):
        locale (str | Unset): A BCP 47 tag such as de-AT
    """

    id: str | Unset = UNSET
    name: str | Unset = UNSET
    email: str | Unset = UNSET
    phone: str | Unset = UNSET
    locale: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        email = self.email

        phone = self.phone

        locale = self.locale

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if name is not UNSET:
            field_dict["name"] = name
        if email is not UNSET:
            field_dict["email"] = email
        if phone is not UNSET:
            field_dict["phone"] = phone
        if locale is not UNSET:
            field_dict["locale"] = locale

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id", UNSET)

        name = d.pop("name", UNSET)

        email = d.pop("email", UNSET)

        phone = d.pop("phone", UNSET)

        locale = d.pop("locale", UNSET)

        visitor = cls(
            id=id,
            name=name,
            email=email,
            phone=phone,
            locale=locale,
        )

        return visitor
