from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.rendered_saved_reply_missing_item import RenderedSavedReplyMissingItem

T = TypeVar("T", bound="RenderedSavedReply")


@_attrs_define
class RenderedSavedReply:
    """
    Attributes:
        saved_reply_id (str):
        conversation_id (str):
        text (str): The body with its variables filled in
        missing (list[RenderedSavedReplyMissingItem]): Variables that had no value for this conversation: each became an
            empty string
    """

    saved_reply_id: str
    conversation_id: str
    text: str
    missing: list[RenderedSavedReplyMissingItem]

    def to_dict(self) -> dict[str, Any]:
        saved_reply_id = self.saved_reply_id

        conversation_id = self.conversation_id

        text = self.text

        missing = []
        for missing_item_data in self.missing:
            missing_item = missing_item_data.value
            missing.append(missing_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "saved_reply_id": saved_reply_id,
                "conversation_id": conversation_id,
                "text": text,
                "missing": missing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        saved_reply_id = d.pop("saved_reply_id")

        conversation_id = d.pop("conversation_id")

        text = d.pop("text")

        missing = []
        _missing = d.pop("missing")
        for missing_item_data in _missing:
            missing_item = RenderedSavedReplyMissingItem(missing_item_data)

            missing.append(missing_item)

        rendered_saved_reply = cls(
            saved_reply_id=saved_reply_id,
            conversation_id=conversation_id,
            text=text,
            missing=missing,
        )

        return rendered_saved_reply
