from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MemberSignedOut")


@_attrs_define
class MemberSignedOut:
    """
    Attributes:
        id (str):
        sessions_ended (int):
    """

    id: str
    sessions_ended: int

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        sessions_ended = self.sessions_ended

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "sessions_ended": sessions_ended,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        sessions_ended = d.pop("sessions_ended")

        member_signed_out = cls(
            id=id,
            sessions_ended=sessions_ended,
        )

        return member_signed_out
