from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AutoAssignSettings")


@_attrs_define
class AutoAssignSettings:
    """
    Attributes:
        enabled (bool | Unset): A handoff is assigned to an available member (set available in the dashboard, with a
            dashboard open): the one assigned least recently among those with fewer open handoffs than `max_open_per_agent`.
            Nobody fits: it waits unassigned Default: False.
        max_open_per_agent (int | Unset): Handed-off conversations a member may have assigned at once before automatic
            assignment passes them over Default: 3.
    """

    enabled: bool | Unset = False
    max_open_per_agent: int | Unset = 3

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        max_open_per_agent = self.max_open_per_agent

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if max_open_per_agent is not UNSET:
            field_dict["max_open_per_agent"] = max_open_per_agent

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        max_open_per_agent = d.pop("max_open_per_agent", UNSET)

        auto_assign_settings = cls(
            enabled=enabled,
            max_open_per_agent=max_open_per_agent,
        )

        return auto_assign_settings
