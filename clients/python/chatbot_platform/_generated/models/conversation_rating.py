from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.conversation_rating_scale import ConversationRatingScale

T = TypeVar("T", bound="ConversationRating")


@_attrs_define
class ConversationRating:
    """
    Attributes:
        score (int): 1–5 on the `stars` scale; 1 (up) or 0 (down) on `thumbs`
        scale (ConversationRatingScale):
        comment (None | str):
        rated_at (datetime.datetime):
    """

    score: int
    scale: ConversationRatingScale
    comment: None | str
    rated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        score = self.score

        scale = self.scale.value

        comment: None | str
        comment = self.comment

        rated_at = self.rated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "score": score,
                "scale": scale,
                "comment": comment,
                "rated_at": rated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        score = d.pop("score")

        scale = ConversationRatingScale(d.pop("scale"))

        def _parse_comment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        comment = _parse_comment(d.pop("comment"))

        rated_at = datetime.datetime.fromisoformat(d.pop("rated_at"))

        conversation_rating = cls(
            score=score,
            scale=scale,
            comment=comment,
            rated_at=rated_at,
        )

        return conversation_rating
