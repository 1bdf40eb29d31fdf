from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.business_hours_range import BusinessHoursRange


T = TypeVar("T", bound="BusinessHours")


@_attrs_define
class BusinessHours:
    """
    Attributes:
        enabled (bool | Unset):  Default: False.
        time_zone (str | Unset): An IANA time zone (Europe/Berlin); the weekly hours are its local time, daylight saving
            included Default: 'UTC'.
        weekly (list[BusinessHoursRange] | Unset): Open ranges per weekday; a day without a range is closed
    """

    enabled: bool | Unset = False
    time_zone: str | Unset = "UTC"
    weekly: list[BusinessHoursRange] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        time_zone = self.time_zone

        weekly: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.weekly, Unset):
            weekly = []
            for weekly_item_data in self.weekly:
                weekly_item = weekly_item_data.to_dict()
                weekly.append(weekly_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone
        if weekly is not UNSET:
            field_dict["weekly"] = weekly

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.business_hours_range import BusinessHoursRange

        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        time_zone = d.pop("time_zone", UNSET)

        _weekly = d.pop("weekly", UNSET)
        weekly: list[BusinessHoursRange] | Unset = UNSET
        if _weekly is not UNSET:
            weekly = []
            for weekly_item_data in _weekly:
                weekly_item = BusinessHoursRange.from_dict(weekly_item_data)

                weekly.append(weekly_item)

        business_hours = cls(
            enabled=enabled,
            time_zone=time_zone,
            weekly=weekly,
        )

        return business_hours
