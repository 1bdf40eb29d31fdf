from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.end_conversation_reason import EndConversationReason
from ..models.end_conversation_resolution import EndConversationResolution
from ..types import UNSET, Unset

T = TypeVar("T", bound="EndConversation")


@_attrs_define
class EndConversation:
    """
    Attributes:
        reason (EndConversationReason | Unset): Who ended it: your system (`api`) or the visitor Default:
            EndConversationReason.API.
        resolution (EndConversationResolution | Unset): Overrides the automatic resolution
    """

    reason: EndConversationReason | Unset = EndConversationReason.API
    resolution: EndConversationResolution | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason.value

        resolution: str | Unset = UNSET
        if not isinstance(self.resolution, Unset):
            resolution = self.resolution.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if reason is not UNSET:
            field_dict["reason"] = reason
        if resolution is not UNSET:
            field_dict["resolution"] = resolution

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _reason = d.pop("reason", UNSET)
        reason: EndConversationReason | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = EndConversationReason(_reason)

        _resolution = d.pop("resolution", UNSET)
        resolution: EndConversationResolution | Unset
        if isinstance(_resolution, Unset):
            resolution = UNSET
        else:
            resolution = EndConversationResolution(_resolution)

        end_conversation = cls(
            reason=reason,
            resolution=resolution,
        )

        return end_conversation
