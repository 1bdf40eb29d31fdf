from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="VisitorAgent")


@_attrs_define
class VisitorAgent:
    """
    Attributes:
        name (str):
        avatar_url (None | str): An https image, or null
    """

    name: str
    avatar_url: None | str

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        avatar_url: None | str
        avatar_url = self.avatar_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "avatar_url": avatar_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url"))

        visitor_agent = cls(
            name=name,
            avatar_url=avatar_url,
        )

        return visitor_agent
