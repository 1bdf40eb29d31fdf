from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SavedReply")


@_attrs_define
class SavedReply:
    """
    Attributes:
        id (str):
        chatbot_id (None | str):
        shortcut (str):
        title (str):
        body (str):
        use_count (int): How many times agents used it (rendered it for a conversation)
        last_used_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    chatbot_id: None | str
    shortcut: str
    title: str
    body: str
    use_count: int
    last_used_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        chatbot_id: None | str
        chatbot_id = self.chatbot_id

        shortcut = self.shortcut

        title = self.title

        body = self.body

        use_count = self.use_count

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "chatbot_id": chatbot_id,
                "shortcut": shortcut,
                "title": title,
                "body": body,
                "use_count": use_count,
                "last_used_at": last_used_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_chatbot_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chatbot_id = _parse_chatbot_id(d.pop("chatbot_id"))

        shortcut = d.pop("shortcut")

        title = d.pop("title")

        body = d.pop("body")

        use_count = d.pop("use_count")

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        saved_reply = cls(
            id=id,
            chatbot_id=chatbot_id,
            shortcut=shortcut,
            title=title,
            body=body,
            use_count=use_count,
            last_used_at=last_used_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        return saved_reply
