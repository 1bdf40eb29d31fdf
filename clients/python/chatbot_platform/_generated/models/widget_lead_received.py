from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="WidgetLeadReceived")


@_attrs_define
class WidgetLeadReceived:
    """
    Attributes:
        received (Literal[True]):
    """

    received: Literal[True]

    def to_dict(self) -> dict[str, Any]:
        received = self.received

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "received": received,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        received = cast(Literal[True], d.pop("received"))
        if received != True:
            raise ValueError(f"received must match const True, got '{received}'")

        widget_lead_received = cls(
            received=received,
        )

        return widget_lead_received
