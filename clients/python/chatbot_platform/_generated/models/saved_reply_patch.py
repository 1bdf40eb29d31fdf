from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SavedReplyPatch")


@_attrs_define
class SavedReplyPatch:
    """
    Attributes:
        shortcut (str | Unset): What an agent types after `/` in the reply box: 1 to 40 lower-case letters, digits and
            dashes, starting with a letter or digit (sent in any case, stored in lower case)
        title (str | Unset):
        body (str | Unset): The reply's text. Variables, filled in when the reply is used in a conversation:
            {visitor.name}, {visitor.email}, {chatbot.name}, {agent.name}. Any other `{word.word}` is refused.
        chatbot_id (None | str | Unset): Null: for every chatbot of the account
    """

    shortcut: str | Unset = UNSET
    title: str | Unset = UNSET
    body: str | Unset = UNSET
    chatbot_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        shortcut = self.shortcut

        title = self.title

        body = self.body

        chatbot_id: None | str | Unset
        if isinstance(self.chatbot_id, Unset):
            chatbot_id = UNSET
        else:
            chatbot_id = self.chatbot_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if shortcut is not UNSET:
            field_dict["shortcut"] = shortcut
        if title is not UNSET:
            field_dict["title"] = title
        if body is not UNSET:
            field_dict["body"] = body
        if chatbot_id is not UNSET:
            field_dict["chatbot_id"] = chatbot_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        shortcut = d.pop("shortcut", UNSET)

        title = d.pop("title", UNSET)

        body = d.pop("body", UNSET)

        def _parse_chatbot_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chatbot_id = _parse_chatbot_id(d.pop("chatbot_id", UNSET))

        saved_reply_patch = cls(
            shortcut=shortcut,
            title=title,
            body=body,
            chatbot_id=chatbot_id,
        )

        return saved_reply_patch
