from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AcceptInvitationBody")


@_attrs_define
class AcceptInvitationBody:
    """
    Attributes:
        token (str):
        password (str): 10 to 200 characters
        name (str | Unset):
    """

    token: str
    password: str
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        password = self.password

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
                "password": password,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        token = d.pop("token")

        password = d.pop("password")

        name = d.pop("name", UNSET)

        accept_invitation_body = cls(
            token=token,
            password=password,
            name=name,
        )

        return accept_invitation_body
