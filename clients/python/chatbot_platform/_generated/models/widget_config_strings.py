from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="WidgetConfigStrings")


@_attrs_define
class WidgetConfigStrings:
    """
    Attributes:
        title (None | str):
        subtitle (None | str):
        launcher_text (str):
        input_placeholder (str):
        welcome_message (None | str):
        suggested_messages (list[str]):
    """

    title: None | str
    subtitle: None | str
    launcher_text: str
    input_placeholder: str
    welcome_message: None | str
    suggested_messages: list[str]

    def to_dict(self) -> dict[str, Any]:
        title: None | str
        title = self.title

        subtitle: None | str
        subtitle = self.subtitle

        launcher_text = self.launcher_text

        input_placeholder = self.input_placeholder

        welcome_message: None | str
        welcome_message = self.welcome_message

        suggested_messages = self.suggested_messages

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
                "subtitle": subtitle,
                "launcher_text": launcher_text,
                "input_placeholder": input_placeholder,
                "welcome_message": welcome_message,
                "suggested_messages": suggested_messages,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        def _parse_subtitle(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        subtitle = _parse_subtitle(d.pop("subtitle"))

        launcher_text = d.pop("launcher_text")

        input_placeholder = d.pop("input_placeholder")

        def _parse_welcome_message(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        welcome_message = _parse_welcome_message(d.pop("welcome_message"))

        suggested_messages = cast(list[str], d.pop("suggested_messages"))

        widget_config_strings = cls(
            title=title,
            subtitle=subtitle,
            launcher_text=launcher_text,
            input_placeholder=input_placeholder,
            welcome_message=welcome_message,
            suggested_messages=suggested_messages,
        )

        return widget_config_strings
