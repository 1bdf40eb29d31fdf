from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RenderSavedReply")


@_attrs_define
class RenderSavedReply:
    """
    Attributes:
        conversation_id (str): The conversation the reply is for: its visitor and chatbot fill in the variables
    """

    conversation_id: str

    def to_dict(self) -> dict[str, Any]:
        conversation_id = self.conversation_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "conversation_id": conversation_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        conversation_id = d.pop("conversation_id")

        render_saved_reply = cls(
            conversation_id=conversation_id,
        )

        return render_saved_reply
