from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateSavedReply")


@_attrs_define
class CreateSavedReply:
    """
    Attributes:
        shortcut (str): What an agent types after `/` in the reply box: 1 to 40 lower-case letters, digits and dashes,
            starting with a letter or digit (sent in any case, stored in lower case)
        title (str):
        body (str): The reply's text. Variables, filled in when the reply is used in a conversation: {visitor.name},
            {visitor.email}, {chatbot.name}, {agent.name}. Any other `{word.word}` is refused.
        chatbot_id (None | str | Unset): Null or left out: for every chatbot of the account (a chatbot key: left out is
            its chatbot)
    """

    shortcut: str
    title: str
    body: str
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

        field_dict.update(
            {
                "shortcut": shortcut,
                "title": title,
                "body": body,
            }
        )
        if chatbot_id is not UNSET:
            field_dict["chatbot_id"] = chatbot_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        shortcut = d.pop("shortcut")

        title = d.pop("title")

        body = d.pop("body")

        def _parse_chatbot_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chatbot_id = _parse_chatbot_id(d.pop("chatbot_id", UNSET))

        create_saved_reply = cls(
            shortcut=shortcut,
            title=title,
            body=body,
            chatbot_id=chatbot_id,
        )

        return create_saved_reply
