from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetMessageInput")


@_attrs_define
class WidgetMessageInput:
    """
    Attributes:
        suggestion_id (str | Unset): Choosing a suggestion of the conversation’s last reply (a `clarify`): that item is
            answered, nothing is guessed. 422 `suggestion_not_offered` for an item the last reply did not offer
        content (str | Unset): The message; optional with `suggestion_id` (the suggestion’s question is stored)
    """

    suggestion_id: str | Unset = UNSET
    content: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        suggestion_id = self.suggestion_id

        content = self.content

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if suggestion_id is not UNSET:
            field_dict["suggestion_id"] = suggestion_id
        if content is not UNSET:
            field_dict["content"] = content

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        suggestion_id = d.pop("suggestion_id", UNSET)

        content = d.pop("content", UNSET)

        widget_message_input = cls(
            suggestion_id=suggestion_id,
            content=content,
        )

        return widget_message_input
