from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookDeliveryAttemptsItem")


@_attrs_define
class WebhookDeliveryAttemptsItem:
    """
    Attributes:
        at (datetime.datetime):
        duration_ms (int):
        status_code (int | None):
        error (None | str):
        response_excerpt (None | str):
    """

    at: datetime.datetime
    duration_ms: int
    status_code: int | None
    error: None | str
    response_excerpt: None | str

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        duration_ms = self.duration_ms

        status_code: int | None
        status_code = self.status_code

        error: None | str
        error = self.error

        response_excerpt: None | str
        response_excerpt = self.response_excerpt

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "duration_ms": duration_ms,
                "status_code": status_code,
                "error": error,
                "response_excerpt": response_excerpt,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        duration_ms = d.pop("duration_ms")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_response_excerpt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_excerpt = _parse_response_excerpt(d.pop("response_excerpt"))

        webhook_delivery_attempts_item = cls(
            at=at,
            duration_ms=duration_ms,
            status_code=status_code,
            error=error,
            response_excerpt=response_excerpt,
        )

        return webhook_delivery_attempts_item
