from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SetIpAllowlistBody")


@_attrs_define
class SetIpAllowlistBody:
    """
    Attributes:
        ip_allowlist (list[str]):
    """

    ip_allowlist: list[str]

    def to_dict(self) -> dict[str, Any]:
        ip_allowlist = self.ip_allowlist

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ip_allowlist": ip_allowlist,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ip_allowlist = cast(list[str], d.pop("ip_allowlist"))

        set_ip_allowlist_body = cls(
            ip_allowlist=ip_allowlist,
        )

        return set_ip_allowlist_body
