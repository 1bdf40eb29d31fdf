from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ConversationCounts")


@_attrs_define
class ConversationCounts:
    """
    Attributes:
        open_ (int):
        handoff (int):
        ended (int):
    """

    open_: int
    handoff: int
    ended: int

    def to_dict(self) -> dict[str, Any]:
        open_ = self.open_

        handoff = self.handoff

        ended = self.ended

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "open": open_,
                "handoff": handoff,
                "ended": ended,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        open_ = d.pop("open")

        handoff = d.pop("handoff")

        ended = d.pop("ended")

        conversation_counts = cls(
            open_=open_,
            handoff=handoff,
            ended=ended,
        )

        return conversation_counts
