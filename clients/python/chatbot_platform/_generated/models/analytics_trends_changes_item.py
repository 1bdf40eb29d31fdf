from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnalyticsTrendsChangesItem")


@_attrs_define
class AnalyticsTrendsChangesItem:
    """
    Attributes:
        figure (str | Unset): A path in the figures, e.g. `conversations.total`
        current (float | None | Unset):
        previous (float | None | Unset):
        change (float | None | Unset): (current − previous) / previous; null when previous is 0 or null
    """

    figure: str | Unset = UNSET
    current: float | None | Unset = UNSET
    previous: float | None | Unset = UNSET
    change: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        figure = self.figure

        current: float | None | Unset
        if isinstance(self.current, Unset):
            current = UNSET
        else:
            current = self.current

        previous: float | None | Unset
        if isinstance(self.previous, Unset):
            previous = UNSET
        else:
            previous = self.previous

        change: float | None | Unset
        if isinstance(self.change, Unset):
            change = UNSET
        else:
            change = self.change

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if figure is not UNSET:
            field_dict["figure"] = figure
        if current is not UNSET:
            field_dict["current"] = current
        if previous is not UNSET:
            field_dict["previous"] = previous
        if change is not UNSET:
            field_dict["change"] = change

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        figure = d.pop("figure", UNSET)

        def _parse_current(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        current = _parse_current(d.pop("current", UNSET))

        def _parse_previous(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        previous = _parse_previous(d.pop("previous", UNSET))

        def _parse_change(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        change = _parse_change(d.pop("change", UNSET))

        analytics_trends_changes_item = cls(
            figure=figure,
            current=current,
            previous=previous,
            change=change,
        )

        return analytics_trends_changes_item
