from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.business_hours_range_day import BusinessHoursRangeDay

T = TypeVar("T", bound="BusinessHoursRange")


@_attrs_define
class BusinessHoursRange:
    """
    Attributes:
        day (BusinessHoursRangeDay):
        from_ (str):
        to (str):
    """

    day: BusinessHoursRangeDay
    from_: str
    to: str

    def to_dict(self) -> dict[str, Any]:
        day = self.day.value

        from_ = self.from_

        to = self.to

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "day": day,
                "from": from_,
                "to": to,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        day = BusinessHoursRangeDay(d.pop("day"))

        from_ = d.pop("from")

        to = d.pop("to")

        business_hours_range = cls(
            day=day,
            from_=from_,
            to=to,
        )

        return business_hours_range
