from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnalyticsFiguresResponseTimeMs")


@_attrs_define
class AnalyticsFiguresResponseTimeMs:
    """
    Attributes:
        avg (float | None | Unset):
        p50 (float | None | Unset):
        p95 (float | None | Unset):
    """

    avg: float | None | Unset = UNSET
    p50: float | None | Unset = UNSET
    p95: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        avg: float | None | Unset
        if isinstance(self.avg, Unset):
            avg = UNSET
        else:
            avg = self.avg

        p50: float | None | Unset
        if isinstance(self.p50, Unset):
            p50 = UNSET
        else:
            p50 = self.p50

        p95: float | None | Unset
        if isinstance(self.p95, Unset):
            p95 = UNSET
        else:
            p95 = self.p95

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if avg is not UNSET:
            field_dict["avg"] = avg
        if p50 is not UNSET:
            field_dict["p50"] = p50
        if p95 is not UNSET:
            field_dict["p95"] = p95

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_avg(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        avg = _parse_avg(d.pop("avg", UNSET))

        def _parse_p50(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        p50 = _parse_p50(d.pop("p50", UNSET))

        def _parse_p95(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        p95 = _parse_p95(d.pop("p95", UNSET))

        analytics_figures_response_time_ms = cls(
            avg=avg,
            p50=p50,
            p95=p95,
        )

        return analytics_figures_response_time_ms
