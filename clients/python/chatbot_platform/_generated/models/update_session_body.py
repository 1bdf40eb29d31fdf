from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.update_session_body_mode import UpdateSessionBodyMode

T = TypeVar("T", bound="UpdateSessionBody")


@_attrs_define
class UpdateSessionBody:
    """
    Attributes:
        mode (UpdateSessionBodyMode):
    """

    mode: UpdateSessionBodyMode

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "mode": mode,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        mode = UpdateSessionBodyMode(d.pop("mode"))

        update_session_body = cls(
            mode=mode,
        )

        return update_session_body
