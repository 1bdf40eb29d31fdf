from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="VisitorTyping")


@_attrs_define
class VisitorTyping:
    """
    Attributes:
        typing (bool | Unset): false: the visitor stopped (sent the message, emptied the box) Default: True.
    """

    typing: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        typing = self.typing

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if typing is not UNSET:
            field_dict["typing"] = typing

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        typing = d.pop("typing", UNSET)

        visitor_typing = cls(
            typing=typing,
        )

        return visitor_typing
