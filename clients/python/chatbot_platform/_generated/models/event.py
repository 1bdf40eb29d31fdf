from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.event_data import EventData


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """
    Attributes:
        id (str):
        type_ (str):
        created_at (datetime.datetime):
        livemode (bool):
        account_id (str):
        chatbot_id (None | str):
        data (EventData):
    """

    id: str
    type_: str
    created_at: datetime.datetime
    livemode: bool
    account_id: str
    chatbot_id: None | str
    data: EventData

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        created_at = self.created_at.isoformat()

        livemode = self.livemode

        account_id = self.account_id

        chatbot_id: None | str
        chatbot_id = self.chatbot_id

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "created_at": created_at,
                "livemode": livemode,
                "account_id": account_id,
                "chatbot_id": chatbot_id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_data import EventData

        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        livemode = d.pop("livemode")

        account_id = d.pop("account_id")

        def _parse_chatbot_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chatbot_id = _parse_chatbot_id(d.pop("chatbot_id"))

        data = EventData.from_dict(d.pop("data"))

        event = cls(
            id=id,
            type_=type_,
            created_at=created_at,
            livemode=livemode,
            account_id=account_id,
            chatbot_id=chatbot_id,
            data=data,
        )

        return event
