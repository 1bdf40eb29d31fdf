from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WidgetDeletionRequested")


@_attrs_define
class WidgetDeletionRequested:
    """
    Attributes:
        requested_at (datetime.datetime): When the visitor first asked
    """

    requested_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        requested_at = self.requested_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "requested_at": requested_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        requested_at = datetime.datetime.fromisoformat(d.pop("requested_at"))

        widget_deletion_requested = cls(
            requested_at=requested_at,
        )

        return widget_deletion_requested
