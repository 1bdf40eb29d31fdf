from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OwnProfile")


@_attrs_define
class OwnProfile:
    """
    Attributes:
        name (str | Unset):
        avatar_url (None | str | Unset): An https image (at most 1,000 characters) shown to visitors beside the member’s
            messages; null removes it
    """

    name: str | Unset = UNSET
    avatar_url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        avatar_url: None | str | Unset
        if isinstance(self.avatar_url, Unset):
            avatar_url = UNSET
        else:
            avatar_url = self.avatar_url

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if avatar_url is not UNSET:
            field_dict["avatar_url"] = avatar_url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_avatar_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url", UNSET))

        own_profile = cls(
            name=name,
            avatar_url=avatar_url,
        )

        return own_profile
