from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.widget_visitor_identity import WidgetVisitorIdentity


T = TypeVar("T", bound="WidgetConversationStart")


@_attrs_define
class WidgetConversationStart:
    """
    Attributes:
        language (str | Unset): The language replies are written in (the visitor’s browser language); default: the
            chatbot’s
        page_url (str | Unset): The page the conversation started on
        user (WidgetVisitorIdentity | Unset):
    """

    language: str | Unset = UNSET
    page_url: str | Unset = UNSET
    user: WidgetVisitorIdentity | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        language = self.language

        page_url = self.page_url

        user: dict[str, Any] | Unset = UNSET
        if not isinstance(self.user, Unset):
            user = self.user.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if language is not UNSET:
            field_dict["language"] = language
        if page_url is not UNSET:
            field_dict["page_url"] = page_url
        if user is not UNSET:
            field_dict["user"] = user

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_visitor_identity import WidgetVisitorIdentity

        d = dict(src_dict)
        language = d.pop("language", UNSET)

        page_url = d.pop("page_url", UNSET)

        _user = d.pop("user", UNSET)
        user: WidgetVisitorIdentity | Unset
        if isinstance(_user, Unset):
            user = UNSET
        else:
            user = WidgetVisitorIdentity.from_dict(_user)

        widget_conversation_start = cls(
            language=language,
            page_url=page_url,
            user=user,
        )

        return widget_conversation_start
