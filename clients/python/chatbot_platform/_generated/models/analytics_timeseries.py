from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.analytics_timeseries_data_item import AnalyticsTimeseriesDataItem


T = TypeVar("T", bound="AnalyticsTimeseries")


@_attrs_define
class AnalyticsTimeseries:
    """
    Attributes:
        from_ (datetime.datetime):
        to (datetime.datetime):
        tz (str):
        chatbot_id (None | str):
        metric (str):
        interval (str):
        data (list[AnalyticsTimeseriesDataItem] | Unset):
    """

    from_: datetime.datetime
    to: datetime.datetime
    tz: str
    chatbot_id: None | str
    metric: str
    interval: str
    data: list[AnalyticsTimeseriesDataItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        tz = self.tz

        chatbot_id: None | str
        chatbot_id = self.chatbot_id

        metric = self.metric

        interval = self.interval

        data: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = []
            for data_item_data in self.data:
                data_item = data_item_data.to_dict()
                data.append(data_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "from": from_,
                "to": to,
                "tz": tz,
                "chatbot_id": chatbot_id,
                "metric": metric,
                "interval": interval,
            }
        )
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analytics_timeseries_data_item import AnalyticsTimeseriesDataItem

        d = dict(src_dict)
        from_ = datetime.datetime.fromisoformat(d.pop("from"))

        to = datetime.datetime.fromisoformat(d.pop("to"))

        tz = d.pop("tz")

        def _parse_chatbot_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chatbot_id = _parse_chatbot_id(d.pop("chatbot_id"))

        metric = d.pop("metric")

        interval = d.pop("interval")

        _data = d.pop("data", UNSET)
        data: list[AnalyticsTimeseriesDataItem] | Unset = UNSET
        if _data is not UNSET:
            data = []
            for data_item_data in _data:
                data_item = AnalyticsTimeseriesDataItem.from_dict(data_item_data)

                data.append(data_item)

        analytics_timeseries = cls(
            from_=from_,
            to=to,
            tz=tz,
            chatbot_id=chatbot_id,
            metric=metric,
            interval=interval,
            data=data,
        )

        return analytics_timeseries
