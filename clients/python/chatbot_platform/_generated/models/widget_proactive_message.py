from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetProactiveMessage")


@_attrs_define
class WidgetProactiveMessage:
    """
    Attributes:
        match (str): A page pattern, as in show_on: `*` for every page
        message (str):
        delay_seconds (int | Unset): Seconds on the page before the message shows Default: 10.
    """

    match: str
    message: str
    delay_seconds: int | Unset = 10

    def to_dict(self) -> dict[str, Any]:
        match = self.match

        message = self.message

        delay_seconds = self.delay_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "match": match,
                "message": message,
            }
        )
        if delay_seconds is not UNSET:
            field_dict["delay_seconds"] = delay_seconds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        match = d.pop("match")

        message = d.pop("message")

        delay_seconds = d.pop("delay_seconds", UNSET)

        widget_proactive_message = cls(
            match=match,
            message=message,
            delay_seconds=delay_seconds,
        )

        return widget_proactive_message
