from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.widget_privacy_storage import WidgetPrivacyStorage
from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetPrivacy")


@_attrs_define
class WidgetPrivacy:
    """
    Attributes:
        storage (WidgetPrivacyStorage | Unset): `after_interaction`: nothing is written to the visitor’s browser storage
            before they open the panel or send a message; `never`: nothing ever is, and the conversation lasts as long as
            the page Default: WidgetPrivacyStorage.ALWAYS.
    """

    storage: WidgetPrivacyStorage | Unset = WidgetPrivacyStorage.ALWAYS

    def to_dict(self) -> dict[str, Any]:
        storage: str | Unset = UNSET
        if not isinstance(self.storage, Unset):
            storage = self.storage.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if storage is not UNSET:
            field_dict["storage"] = storage

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _storage = d.pop("storage", UNSET)
        storage: WidgetPrivacyStorage | Unset
        if isinstance(_storage, Unset):
            storage = UNSET
        else:
            storage = WidgetPrivacyStorage(_storage)

        widget_privacy = cls(
            storage=storage,
        )

        return widget_privacy
