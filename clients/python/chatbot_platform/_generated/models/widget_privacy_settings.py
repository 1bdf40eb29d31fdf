from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.widget_privacy_settings_storage import WidgetPrivacySettingsStorage

T = TypeVar("T", bound="WidgetPrivacySettings")


@_attrs_define
class WidgetPrivacySettings:
    """
    Attributes:
        storage (WidgetPrivacySettingsStorage):
    """

    storage: WidgetPrivacySettingsStorage

    def to_dict(self) -> dict[str, Any]:
        storage = self.storage.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "storage": storage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        storage = WidgetPrivacySettingsStorage(d.pop("storage"))

        widget_privacy_settings = cls(
            storage=storage,
        )

        return widget_privacy_settings
