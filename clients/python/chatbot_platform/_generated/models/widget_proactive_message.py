from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.widget_proactive_message_translations import (
        WidgetProactiveMessageTranslations,
    )


T = TypeVar("T", bound="WidgetProactiveMessage")


@_attrs_define
class WidgetProactiveMessage:
    """
    Attributes:
        match (str): A page pattern, as in show_on: `*` for every page
        message (str):
        delay_seconds (int | Unset): Seconds on the page before the message shows Default: 10.
        translations (WidgetProactiveMessageTranslations | Unset): The message per language (ISO 639-1), picked as the
            chatbot’s strings are: the visitor’s browser language
    """

    match: str
    message: str
    delay_seconds: int | Unset = 10
    translations: WidgetProactiveMessageTranslations | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        match = self.match

        message = self.message

        delay_seconds = self.delay_seconds

        translations: dict[str, Any] | Unset = UNSET
        if not isinstance(self.translations, Unset):
            translations = self.translations.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "match": match,
                "message": message,
            }
        )
        if delay_seconds is not UNSET:
            field_dict["delay_seconds"] = delay_seconds
        if translations is not UNSET:
            field_dict["translations"] = translations

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_proactive_message_translations import (
            WidgetProactiveMessageTranslations,
        )

        d = dict(src_dict)
        match = d.pop("match")

        message = d.pop("message")

        delay_seconds = d.pop("delay_seconds", UNSET)

        _translations = d.pop("translations", UNSET)
        translations: WidgetProactiveMessageTranslations | Unset
        if isinstance(_translations, Unset):
            translations = UNSET
        else:
            translations = WidgetProactiveMessageTranslations.from_dict(_translations)

        widget_proactive_message = cls(
            match=match,
            message=message,
            delay_seconds=delay_seconds,
            translations=translations,
        )

        return widget_proactive_message
