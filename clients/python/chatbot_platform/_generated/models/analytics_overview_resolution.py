from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnalyticsOverviewResolution")


@_attrs_define
class AnalyticsOverviewResolution:
    """
    Attributes:
        resolved (int | Unset):
        unresolved (int | Unset):
        escalated (int | Unset):
        rate (float | None | Unset):
    """

    resolved: int | Unset = UNSET
    unresolved: int | Unset = UNSET
    escalated: int | Unset = UNSET
    rate: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        resolved = self.resolved

        unresolved = self.unresolved

        escalated = self.escalated

        rate: float | None | Unset
        if isinstance(self.rate, Unset):
            rate = UNSET
        else:
            rate = self.rate

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if resolved is not UNSET:
            field_dict["resolved"] = resolved
        if unresolved is not UNSET:
            field_dict["unresolved"] = unresolved
        if escalated is not UNSET:
            field_dict["escalated"] = escalated
        if rate is not UNSET:
            field_dict["rate"] = rate

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        resolved = d.pop("resolved", UNSET)

        unresolved = d.pop("unresolved", UNSET)

        escalated = d.pop("escalated", UNSET)

        def _parse_rate(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rate = _parse_rate(d.pop("rate", UNSET))

        analytics_overview_resolution = cls(
            resolved=resolved,
            unresolved=unresolved,
            escalated=escalated,
            rate=rate,
        )

        return analytics_overview_resolution
