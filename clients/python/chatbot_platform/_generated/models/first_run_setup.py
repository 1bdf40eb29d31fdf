from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="FirstRunSetup")


@_attrs_define
class FirstRunSetup:
    """
    Attributes:
        open_ (bool):
    """

    open_: bool

    def to_dict(self) -> dict[str, Any]:
        open_ = self.open_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "open": open_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        open_ = d.pop("open")

        first_run_setup = cls(
            open_=open_,
        )

        return first_run_setup
