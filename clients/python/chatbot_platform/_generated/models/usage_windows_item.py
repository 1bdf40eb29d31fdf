from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.usage_windows_item_window import UsageWindowsItemWindow

T = TypeVar("T", bound="UsageWindowsItem")


@_attrs_define
class UsageWindowsItem:
    """
    Attributes:
        window (UsageWindowsItemWindow):
        limit (int):
        used (int):
        remaining (int):
        resets_at (datetime.datetime):
    """

    window: UsageWindowsItemWindow
    limit: int
    used: int
    remaining: int
    resets_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        window = self.window.value

        limit = self.limit

        used = self.used

        remaining = self.remaining

        resets_at = self.resets_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "window": window,
                "limit": limit,
                "used": used,
                "remaining": remaining,
                "resets_at": resets_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        window = UsageWindowsItemWindow(d.pop("window"))

        limit = d.pop("limit")

        used = d.pop("used")

        remaining = d.pop("remaining")

        resets_at = datetime.datetime.fromisoformat(d.pop("resets_at"))

        usage_windows_item = cls(
            window=window,
            limit=limit,
            used=used,
            remaining=remaining,
            resets_at=resets_at,
        )

        return usage_windows_item
