from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.widget_feedback_rating import WidgetFeedbackRating

T = TypeVar("T", bound="WidgetFeedback")


@_attrs_define
class WidgetFeedback:
    """
    Attributes:
        rating (WidgetFeedbackRating):
    """

    rating: WidgetFeedbackRating

    def to_dict(self) -> dict[str, Any]:
        rating = self.rating.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rating": rating,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rating = WidgetFeedbackRating(d.pop("rating"))

        widget_feedback = cls(
            rating=rating,
        )

        return widget_feedback
