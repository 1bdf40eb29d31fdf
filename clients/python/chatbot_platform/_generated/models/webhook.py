from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_disabled_reason_type_1 import WebhookDisabledReasonType1
from ..models.webhook_disabled_reason_type_2_type_1 import (
    WebhookDisabledReasonType2Type1,
)
from ..models.webhook_disabled_reason_type_3_type_1 import (
    WebhookDisabledReasonType3Type1,
)
from ..models.webhook_status import WebhookStatus

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    """
    Attributes:
        id (str):
        chatbot_id (None | str):
        url (str):
        description (None | str):
        events (list[str]):
        status (WebhookStatus):
        disabled_reason (None | WebhookDisabledReasonType1 | WebhookDisabledReasonType2Type1 |
            WebhookDisabledReasonType3Type1):
        disabled_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    chatbot_id: None | str
    url: str
    description: None | str
    events: list[str]
    status: WebhookStatus
    disabled_reason: (
        None
        | WebhookDisabledReasonType1
        | WebhookDisabledReasonType2Type1
        | WebhookDisabledReasonType3Type1
    )
    disabled_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        chatbot_id: None | str
        chatbot_id = self.chatbot_id

        url = self.url

        description: None | str
        description = self.description

        events = self.events

        status = self.status.value

        disabled_reason: None | str
        if (
            isinstance(self.disabled_reason, WebhookDisabledReasonType1)
            or isinstance(self.disabled_reason, WebhookDisabledReasonType2Type1)
            or isinstance(self.disabled_reason, WebhookDisabledReasonType3Type1)
        ):
            disabled_reason = self.disabled_reason.value
        else:
            disabled_reason = self.disabled_reason

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "chatbot_id": chatbot_id,
                "url": url,
                "description": description,
                "events": events,
                "status": status,
                "disabled_reason": disabled_reason,
                "disabled_at": disabled_at,
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

        url = d.pop("url")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        events = cast(list[str], d.pop("events"))

        status = WebhookStatus(d.pop("status"))

        def _parse_disabled_reason(
            data: object,
        ) -> (
            None
            | WebhookDisabledReasonType1
            | WebhookDisabledReasonType2Type1
            | WebhookDisabledReasonType3Type1
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_reason_type_1 = WebhookDisabledReasonType1(data)

                return disabled_reason_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_reason_type_2_type_1 = WebhookDisabledReasonType2Type1(data)

                return disabled_reason_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_reason_type_3_type_1 = WebhookDisabledReasonType3Type1(data)

                return disabled_reason_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | WebhookDisabledReasonType1
                | WebhookDisabledReasonType2Type1
                | WebhookDisabledReasonType3Type1,
                data,
            )

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        webhook = cls(
            id=id,
            chatbot_id=chatbot_id,
            url=url,
            description=description,
            events=events,
            status=status,
            disabled_reason=disabled_reason,
            disabled_at=disabled_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        return webhook
