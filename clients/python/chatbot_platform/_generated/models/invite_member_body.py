from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.invite_member_body_role import InviteMemberBodyRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="InviteMemberBody")


@_attrs_define
class InviteMemberBody:
    """
    Attributes:
        email (str):
        role (InviteMemberBodyRole):
        name (str | Unset):
    """

    email: str
    role: InviteMemberBodyRole
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        role = self.role.value

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "role": role,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        role = InviteMemberBodyRole(d.pop("role"))

        name = d.pop("name", UNSET)

        invite_member_body = cls(
            email=email,
            role=role,
            name=name,
        )

        return invite_member_body
