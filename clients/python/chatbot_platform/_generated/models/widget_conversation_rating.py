from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetConversationRating")


@_attrs_define
class WidgetConversationRating:
    """
    Attributes:
        score (int): On the widget’s `rating.mode`: 1–5 for `stars`, 1 (up) or 0 (down) for `thumbs`
        comment (None | str | Unset): Only when the widget allows comments
    """

    score: int
    comment: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        score = self.score

        comment: None | str | Unset
        if isinstance(self.comment, Unset):
            comment = UNSET
        else:
            comment = self.comment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "score": score,
            }
        )
        if comment is not UNSET:
            field_dict["comment"] = comment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        score = d.pop("score")

        def _parse_comment(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        comment = _parse_comment(d.pop("comment", UNSET))

        widget_conversation_rating = cls(
            score=score,
            comment=comment,
        )

        return widget_conversation_rating
