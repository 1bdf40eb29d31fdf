from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.widget_rating_mode import WidgetRatingMode
from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetRating")


@_attrs_define
class WidgetRating:
    """
    Attributes:
        mode (WidgetRatingMode | Unset): `stars`: 1–5; `thumbs`: up (1) or down (0); `off`: the widget does not ask
            Default: WidgetRatingMode.STARS.
        comment (bool | Unset): Whether the visitor may add a comment to the rating Default: True.
    """

    mode: WidgetRatingMode | Unset = WidgetRatingMode.STARS
    comment: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        comment = self.comment

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if mode is not UNSET:
            field_dict["mode"] = mode
        if comment is not UNSET:
            field_dict["comment"] = comment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _mode = d.pop("mode", UNSET)
        mode: WidgetRatingMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = WidgetRatingMode(_mode)

        comment = d.pop("comment", UNSET)

        widget_rating = cls(
            mode=mode,
            comment=comment,
        )

        return widget_rating
