from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="MessageUsage")


@_attrs_define
class MessageUsage:
    """
    Attributes:
        tokens_in (int):
        tokens_out (int):
    """

    tokens_in: int
    tokens_out: int

    def to_dict(self) -> dict[str, Any]:
        tokens_in = self.tokens_in

        tokens_out = self.tokens_out

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tokens_in": tokens_in,
                "tokens_out": tokens_out,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        tokens_in = d.pop("tokens_in")

        tokens_out = d.pop("tokens_out")

        message_usage = cls(
            tokens_in=tokens_in,
            tokens_out=tokens_out,
        )

        return message_usage
