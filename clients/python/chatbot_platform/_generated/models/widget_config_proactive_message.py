from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WidgetConfigProactiveMessage")


@_attrs_define
class WidgetConfigProactiveMessage:
    """
    Attributes:
        match (str):
        delay_seconds (int):
        message (str):
    """

    match: str
    delay_seconds: int
    message: str

    def to_dict(self) -> dict[str, Any]:
        match = self.match

        delay_seconds = self.delay_seconds

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "match": match,
                "delay_seconds": delay_seconds,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        match = d.pop("match")

        delay_seconds = d.pop("delay_seconds")

        message = d.pop("message")

        widget_config_proactive_message = cls(
            match=match,
            delay_seconds=delay_seconds,
            message=message,
        )

        return widget_config_proactive_message
