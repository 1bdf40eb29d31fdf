from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnalyticsTimeseriesDataItem")


@_attrs_define
class AnalyticsTimeseriesDataItem:
    """
    Attributes:
        period (str | Unset): The hour (ISO), the local date, or the local date of the week’s Monday
        start (datetime.datetime | Unset): The first UTC hour of the point
        hours (int | Unset): How many UTC hours the point sums (23 or 25 on DST days)
        value (float | None | Unset):
    """

    period: str | Unset = UNSET
    start: datetime.datetime | Unset = UNSET
    hours: int | Unset = UNSET
    value: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        period = self.period

        start: str | Unset = UNSET
        if not isinstance(self.start, Unset):
            start = self.start.isoformat()

        hours = self.hours

        value: float | None | Unset
        if isinstance(self.value, Unset):
            value = UNSET
        else:
            value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if period is not UNSET:
            field_dict["period"] = period
        if start is not UNSET:
            field_dict["start"] = start
        if hours is not UNSET:
            field_dict["hours"] = hours
        if value is not UNSET:
            field_dict["value"] = value

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        period = d.pop("period", UNSET)

        _start = d.pop("start", UNSET)
        start: datetime.datetime | Unset
        if isinstance(_start, Unset):
            start = UNSET
        else:
            start = datetime.datetime.fromisoformat(_start)

        hours = d.pop("hours", UNSET)

        def _parse_value(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        value = _parse_value(d.pop("value", UNSET))

        analytics_timeseries_data_item = cls(
            period=period,
            start=start,
            hours=hours,
            value=value,
        )

        return analytics_timeseries_data_item
