from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnalyticsOverviewConversations")


@_attrs_define
class AnalyticsOverviewConversations:
    """
    Attributes:
        total (int | Unset):
        open_ (int | Unset):
        ended (int | Unset):
    """

    total: int | Unset = UNSET
    open_: int | Unset = UNSET
    ended: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        open_ = self.open_

        ended = self.ended

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if total is not UNSET:
            field_dict["total"] = total
        if open_ is not UNSET:
            field_dict["open"] = open_
        if ended is not UNSET:
            field_dict["ended"] = ended

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        total = d.pop("total", UNSET)

        open_ = d.pop("open", UNSET)

        ended = d.pop("ended", UNSET)

        analytics_overview_conversations = cls(
            total=total,
            open_=open_,
            ended=ended,
        )

        return analytics_overview_conversations
