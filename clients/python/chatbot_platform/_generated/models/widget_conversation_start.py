from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetConversationStart")


@_attrs_define
class WidgetConversationStart:
    """
    Attributes:
        language (str | Unset): The language replies are written in (the visitor’s browser language); default: the
            chatbot’s
        page_url (str | Unset): The page the conversation started on
    """

    language: str | Unset = UNSET
    page_url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        language = self.language

        page_url = self.page_url

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if language is not UNSET:
            field_dict["language"] = language
        if page_url is not UNSET:
            field_dict["page_url"] = page_url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        language = d.pop("language", UNSET)

        page_url = d.pop("page_url", UNSET)

        widget_conversation_start = cls(
            language=language,
            page_url=page_url,
        )

        return widget_conversation_start
