from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.widget_config_proactive_message_translations import (
        WidgetConfigProactiveMessageTranslations,
    )


T = TypeVar("T", bound="WidgetConfigProactiveMessage")


@_attrs_define
class WidgetConfigProactiveMessage:
    """
    Attributes:
        match (str):
        delay_seconds (int):
        message (str):
        translations (WidgetConfigProactiveMessageTranslations): The message per language (ISO 639-1)
    """

    match: str
    delay_seconds: int
    message: str
    translations: WidgetConfigProactiveMessageTranslations

    def to_dict(self) -> dict[str, Any]:
        match = self.match

        delay_seconds = self.delay_seconds

        message = self.message

        translations = self.translations.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "match": match,
                "delay_seconds": delay_seconds,
                "message": message,
                "translations": translations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_config_proactive_message_translations import (
            WidgetConfigProactiveMessageTranslations,
        )

        d = dict(src_dict)
        match = d.pop("match")

        delay_seconds = d.pop("delay_seconds")

        message = d.pop("message")

        translations = WidgetConfigProactiveMessageTranslations.from_dict(
            d.pop("translations")
        )

        widget_config_proactive_message = cls(
            match=match,
            delay_seconds=delay_seconds,
            message=message,
            translations=translations,
        )

        return widget_config_proactive_message
