from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetStrings")


@_attrs_define
class WidgetStrings:
    """
    Attributes:
        title (None | str | Unset):
        subtitle (None | str | Unset):
        launcher_text (str | Unset):
        input_placeholder (str | Unset):
        welcome_message (None | str | Unset):
        suggested_messages (list[str] | Unset):
    """

    title: None | str | Unset = UNSET
    subtitle: None | str | Unset = UNSET
    launcher_text: str | Unset = UNSET
    input_placeholder: str | Unset = UNSET
    welcome_message: None | str | Unset = UNSET
    suggested_messages: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        subtitle: None | str | Unset
        if isinstance(self.subtitle, Unset):
            subtitle = UNSET
        else:
            subtitle = self.subtitle

        launcher_text = self.launcher_text

        input_placeholder = self.input_placeholder

        welcome_message: None | str | Unset
        if isinstance(self.welcome_message, Unset):
            welcome_message = UNSET
        else:
            welcome_message = self.welcome_message

        suggested_messages: list[str] | Unset = UNSET
        if not isinstance(self.suggested_messages, Unset):
            suggested_messages = self.suggested_messages

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if subtitle is not UNSET:
            field_dict["subtitle"] = subtitle
        if launcher_text is not UNSET:
            field_dict["launcher_text"] = launcher_text
        if input_placeholder is not UNSET:
            field_dict["input_placeholder"] = input_placeholder
        if welcome_message is not UNSET:
            field_dict["welcome_message"] = welcome_message
        if suggested_messages is not UNSET:
            field_dict["suggested_messages"] = suggested_messages

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        def _parse_subtitle(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subtitle = _parse_subtitle(d.pop("subtitle", UNSET))

        launcher_text = d.pop("launcher_text", UNSET)

        input_placeholder = d.pop("input_placeholder", UNSET)

        def _parse_welcome_message(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        welcome_message = _parse_welcome_message(d.pop("welcome_message", UNSET))

        suggested_messages = cast(list[str], d.pop("suggested_messages", UNSET))

        widget_strings = cls(
            title=title,
            subtitle=subtitle,
            launcher_text=launcher_text,
            input_placeholder=input_placeholder,
            welcome_message=welcome_message,
            suggested_messages=suggested_messages,
        )

        return widget_strings
