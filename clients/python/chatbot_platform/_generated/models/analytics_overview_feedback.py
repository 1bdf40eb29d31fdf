from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnalyticsOverviewFeedback")


@_attrs_define
class AnalyticsOverviewFeedback:
    """
    Attributes:
        up (int | Unset):
        down (int | Unset):
    """

    up: int | Unset = UNSET
    down: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        up = self.up

        down = self.down

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if up is not UNSET:
            field_dict["up"] = up
        if down is not UNSET:
            field_dict["down"] = down

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        up = d.pop("up", UNSET)

        down = d.pop("down", UNSET)

        analytics_overview_feedback = cls(
            up=up,
            down=down,
        )

        return analytics_overview_feedback
