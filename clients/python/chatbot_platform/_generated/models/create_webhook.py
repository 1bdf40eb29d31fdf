from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_webhook_events_item import CreateWebhookEventsItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateWebhook")


@_attrs_define
class CreateWebhook:
    """
    Attributes:
        url (str):
        chatbot_id (None | str | Unset): The chatbot whose events it receives; null: every chatbot of the account
        events (list[CreateWebhookEventsItem] | Unset):
        description (None | str | Unset):
    """

    url: str
    chatbot_id: None | str | Unset = UNSET
    events: list[CreateWebhookEventsItem] | Unset = UNSET
    description: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        chatbot_id: None | str | Unset
        if isinstance(self.chatbot_id, Unset):
            chatbot_id = UNSET
        else:
            chatbot_id = self.chatbot_id

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item = events_item_data.value
                events.append(events_item)

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if chatbot_id is not UNSET:
            field_dict["chatbot_id"] = chatbot_id
        if events is not UNSET:
            field_dict["events"] = events
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        def _parse_chatbot_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chatbot_id = _parse_chatbot_id(d.pop("chatbot_id", UNSET))

        _events = d.pop("events", UNSET)
        events: list[CreateWebhookEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = CreateWebhookEventsItem(events_item_data)

                events.append(events_item)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        create_webhook = cls(
            url=url,
            chatbot_id=chatbot_id,
            events=events,
            description=description,
        )

        return create_webhook
