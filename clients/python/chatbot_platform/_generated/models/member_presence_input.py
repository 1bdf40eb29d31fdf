from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.member_presence_input_status import MemberPresenceInputStatus

T = TypeVar("T", bound="MemberPresenceInput")


@_attrs_define
class MemberPresenceInput:
    """
    Attributes:
        status (MemberPresenceInputStatus):
    """

    status: MemberPresenceInputStatus

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = MemberPresenceInputStatus(d.pop("status"))

        member_presence_input = cls(
            status=status,
        )

        return member_presence_input
