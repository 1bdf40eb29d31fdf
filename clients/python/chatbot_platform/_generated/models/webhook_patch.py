from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_patch_events_item import WebhookPatchEventsItem
from ..models.webhook_patch_status import WebhookPatchStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookPatch")


@_attrs_define
class WebhookPatch:
    """
    Attributes:
        url (str | Unset):
        events (list[WebhookPatchEventsItem] | Unset):
        description (None | str | Unset):
        status (WebhookPatchStatus | Unset): `enabled` turns a disabled endpoint back on
    """

    url: str | Unset = UNSET
    events: list[WebhookPatchEventsItem] | Unset = UNSET
    description: None | str | Unset = UNSET
    status: WebhookPatchStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

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

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if events is not UNSET:
            field_dict["events"] = events
        if description is not UNSET:
            field_dict["description"] = description
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        _events = d.pop("events", UNSET)
        events: list[WebhookPatchEventsItem] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = WebhookPatchEventsItem(events_item_data)

                events.append(events_item)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _status = d.pop("status", UNSET)
        status: WebhookPatchStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = WebhookPatchStatus(_status)

        webhook_patch = cls(
            url=url,
            events=events,
            description=description,
            status=status,
        )

        return webhook_patch
