from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.widget_rating_settings_mode import WidgetRatingSettingsMode

T = TypeVar("T", bound="WidgetRatingSettings")


@_attrs_define
class WidgetRatingSettings:
    """
    Attributes:
        mode (WidgetRatingSettingsMode):
        comment (bool):
    """

    mode: WidgetRatingSettingsMode
    comment: bool

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        comment = self.comment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
                "comment": comment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        mode = WidgetRatingSettingsMode(d.pop("mode"))

        comment = d.pop("comment")

        widget_rating_settings = cls(
            mode=mode,
            comment=comment,
        )

        return widget_rating_settings
