from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.widget_config_attachments_kinds_item import (
    WidgetConfigAttachmentsKindsItem,
)

T = TypeVar("T", bound="WidgetConfigAttachments")


@_attrs_define
class WidgetConfigAttachments:
    """
    Attributes:
        kinds (list[WidgetConfigAttachmentsKindsItem]):
        max_bytes (int):
    """

    kinds: list[WidgetConfigAttachmentsKindsItem]
    max_bytes: int

    def to_dict(self) -> dict[str, Any]:
        kinds = []
        for kinds_item_data in self.kinds:
            kinds_item = kinds_item_data.value
            kinds.append(kinds_item)

        max_bytes = self.max_bytes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kinds": kinds,
                "max_bytes": max_bytes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kinds = []
        _kinds = d.pop("kinds")
        for kinds_item_data in _kinds:
            kinds_item = WidgetConfigAttachmentsKindsItem(kinds_item_data)

            kinds.append(kinds_item)

        max_bytes = d.pop("max_bytes")

        widget_config_attachments = cls(
            kinds=kinds,
            max_bytes=max_bytes,
        )

        return widget_config_attachments
