from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.conversation_rating import ConversationRating


T = TypeVar("T", bound="WidgetConversationRated")


@_attrs_define
class WidgetConversationRated:
    """
    Attributes:
        csat (ConversationRating):
    """

    csat: ConversationRating

    def to_dict(self) -> dict[str, Any]:
        csat = self.csat.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "csat": csat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.conversation_rating import ConversationRating

        d = dict(src_dict)
        csat = ConversationRating.from_dict(d.pop("csat"))

        widget_conversation_rated = cls(
            csat=csat,
        )

        return widget_conversation_rated
