from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AssignConversation")


@_attrs_define
class AssignConversation:
    """
    Attributes:
        member_id (None | str): The member to assign it to; null unassigns it
    """

    member_id: None | str

    def to_dict(self) -> dict[str, Any]:
        member_id: None | str
        member_id = self.member_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "member_id": member_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_member_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        member_id = _parse_member_id(d.pop("member_id"))

        assign_conversation = cls(
            member_id=member_id,
        )

        return assign_conversation
