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

T = TypeVar("T", bound="SignedOut")


@_attrs_define
class SignedOut:
    """
    Attributes:
        deleted (Literal[True]):
    """

    deleted: Literal[True]

    def to_dict(self) -> dict[str, Any]:
        deleted = self.deleted

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deleted": deleted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        deleted = cast(Literal[True], d.pop("deleted"))
        if deleted != True:
            raise ValueError(f"deleted must match const True, got '{deleted}'")

        signed_out = cls(
            deleted=deleted,
        )

        return signed_out
