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

T = TypeVar("T", bound="PasswordChanged")


@_attrs_define
class PasswordChanged:
    """
    Attributes:
        changed (Literal[True]):
    """

    changed: Literal[True]

    def to_dict(self) -> dict[str, Any]:
        changed = self.changed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "changed": changed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        changed = cast(Literal[True], d.pop("changed"))
        if changed != True:
            raise ValueError(f"changed must match const True, got '{changed}'")

        password_changed = cls(
            changed=changed,
        )

        return password_changed
