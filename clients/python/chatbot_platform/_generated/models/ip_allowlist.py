from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="IpAllowlist")


@_attrs_define
class IpAllowlist:
    """
    Attributes:
        ip_allowlist (list[str]):
        enforced (bool):
    """

    ip_allowlist: list[str]
    enforced: bool

    def to_dict(self) -> dict[str, Any]:
        ip_allowlist = self.ip_allowlist

        enforced = self.enforced

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ip_allowlist": ip_allowlist,
                "enforced": enforced,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ip_allowlist = cast(list[str], d.pop("ip_allowlist"))

        enforced = d.pop("enforced")

        ip_allowlist = cls(
            ip_allowlist=ip_allowlist,
            enforced=enforced,
        )

        return ip_allowlist
