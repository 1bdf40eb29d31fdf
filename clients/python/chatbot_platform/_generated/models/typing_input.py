from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TypingInput")


@_attrs_define
class TypingInput:
    """
    Attributes:
        typing (bool | Unset): false: stopped (e.g. the reply was sent or the box emptied) Default: True.
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

        typing_input = cls(
            typing=typing,
        )

        return typing_input
