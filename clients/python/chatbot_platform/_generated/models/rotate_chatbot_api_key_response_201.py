from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.api_key_with_secret import ApiKeyWithSecret


T = TypeVar("T", bound="RotateChatbotApiKeyResponse201")


@_attrs_define
class RotateChatbotApiKeyResponse201:
    """
    Attributes:
        api_key (str):
        key (ApiKeyWithSecret | Unset):
    """

    api_key: str
    key: ApiKeyWithSecret | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        api_key = self.api_key

        key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.key, Unset):
            key = self.key.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "api_key": api_key,
            }
        )
        if key is not UNSET:
            field_dict["key"] = key

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.api_key_with_secret import ApiKeyWithSecret

        d = dict(src_dict)
        api_key = d.pop("api_key")

        _key = d.pop("key", UNSET)
        key: ApiKeyWithSecret | Unset
        if isinstance(_key, Unset):
            key = UNSET
        else:
            key = ApiKeyWithSecret.from_dict(_key)

        rotate_chatbot_api_key_response_201 = cls(
            api_key=api_key,
            key=key,
        )

        return rotate_chatbot_api_key_response_201
