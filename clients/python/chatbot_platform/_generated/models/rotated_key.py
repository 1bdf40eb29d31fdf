from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.api_key import ApiKey
    from ..models.api_key_with_secret import ApiKeyWithSecret


T = TypeVar("T", bound="RotatedKey")


@_attrs_define
class RotatedKey:
    """
    Attributes:
        new_key (ApiKeyWithSecret | Unset):
        old_key (ApiKey | Unset):
    """

    new_key: ApiKeyWithSecret | Unset = UNSET
    old_key: ApiKey | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        new_key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.new_key, Unset):
            new_key = self.new_key.to_dict()

        old_key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.old_key, Unset):
            old_key = self.old_key.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if new_key is not UNSET:
            field_dict["new_key"] = new_key
        if old_key is not UNSET:
            field_dict["old_key"] = old_key

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.api_key import ApiKey
        from ..models.api_key_with_secret import ApiKeyWithSecret

        d = dict(src_dict)
        _new_key = d.pop("new_key", UNSET)
        new_key: ApiKeyWithSecret | Unset
        if isinstance(_new_key, Unset):
            new_key = UNSET
        else:
            new_key = ApiKeyWithSecret.from_dict(_new_key)

        _old_key = d.pop("old_key", UNSET)
        old_key: ApiKey | Unset
        if isinstance(_old_key, Unset):
            old_key = UNSET
        else:
            old_key = ApiKey.from_dict(_old_key)

        rotated_key = cls(
            new_key=new_key,
            old_key=old_key,
        )

        return rotated_key
