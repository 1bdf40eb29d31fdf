from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConversationAssignee")


@_attrs_define
class ConversationAssignee:
    """
    Attributes:
        member_id (str):
        name (str): The member’s name when it was assigned
    """

    member_id: str
    name: str

    def to_dict(self) -> dict[str, Any]:
        member_id = self.member_id

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "member_id": member_id,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        member_id = d.pop("member_id")

        name = d.pop("name")

        conversation_assignee = cls(
            member_id=member_id,
            name=name,
        )

        return conversation_assignee
