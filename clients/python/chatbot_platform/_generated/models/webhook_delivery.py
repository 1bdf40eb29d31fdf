from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_delivery_status import WebhookDeliveryStatus

if TYPE_CHECKING:
    from ..models.webhook_delivery_attempts_item import WebhookDeliveryAttemptsItem


T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        id (str):
        webhook_id (str):
        event_id (str):
        event_type (str):
        chatbot_id (None | str):
        status (WebhookDeliveryStatus):
        attempt_count (int):
        next_attempt_at (datetime.datetime | None):
        attempts (list[WebhookDeliveryAttemptsItem]):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        completed_at (datetime.datetime | None):
    """

    id: str
    webhook_id: str
    event_id: str
    event_type: str
    chatbot_id: None | str
    status: WebhookDeliveryStatus
    attempt_count: int
    next_attempt_at: datetime.datetime | None
    attempts: list[WebhookDeliveryAttemptsItem]
    created_at: datetime.datetime
    updated_at: datetime.datetime
    completed_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        webhook_id = self.webhook_id

        event_id = self.event_id

        event_type = self.event_type

        chatbot_id: None | str
        chatbot_id = self.chatbot_id

        status = self.status.value

        attempt_count = self.attempt_count

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "webhook_id": webhook_id,
                "event_id": event_id,
                "event_type": event_type,
                "chatbot_id": chatbot_id,
                "status": status,
                "attempt_count": attempt_count,
                "next_attempt_at": next_attempt_at,
                "attempts": attempts,
                "created_at": created_at,
                "updated_at": updated_at,
                "completed_at": completed_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_delivery_attempts_item import WebhookDeliveryAttemptsItem

        d = dict(src_dict)
        id = d.pop("id")

        webhook_id = d.pop("webhook_id")

        event_id = d.pop("event_id")

        event_type = d.pop("event_type")

        def _parse_chatbot_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        chatbot_id = _parse_chatbot_id(d.pop("chatbot_id"))

        status = WebhookDeliveryStatus(d.pop("status"))

        attempt_count = d.pop("attempt_count")

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = WebhookDeliveryAttemptsItem.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        completed_at = _parse_completed_at(d.pop("completed_at"))

        webhook_delivery = cls(
            id=id,
            webhook_id=webhook_id,
            event_id=event_id,
            event_type=event_type,
            chatbot_id=chatbot_id,
            status=status,
            attempt_count=attempt_count,
            next_attempt_at=next_attempt_at,
            attempts=attempts,
            created_at=created_at,
            updated_at=updated_at,
            completed_at=completed_at,
        )

        return webhook_delivery
