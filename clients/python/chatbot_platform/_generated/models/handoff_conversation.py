from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HandoffConversation")


@_attrs_define
class HandoffConversation:
    """
    Attributes:
        member_id (str | Unset): Hand it off assigned to this member (an agent: only themselves), skipping automatic
            assignment
    """

    member_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        member_id = self.member_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if member_id is not UNSET:
            field_dict["member_id"] = member_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        member_id = d.pop("member_id", UNSET)

        handoff_conversation = cls(
            member_id=member_id,
        )

        return handoff_conversation
