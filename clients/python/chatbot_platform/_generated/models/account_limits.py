from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.account_limits_access import AccountLimitsAccess

T = TypeVar("T", bound="AccountLimits")


@_attrs_define
class AccountLimits:
    """
    Attributes:
        requests_per_minute (int | None):
        requests_per_day (int | None):
        chatbots (int | None):
        webhooks (bool):
        access (AccountLimitsAccess):
    """

    requests_per_minute: int | None
    requests_per_day: int | None
    chatbots: int | None
    webhooks: bool
    access: AccountLimitsAccess

    def to_dict(self) -> dict[str, Any]:
        requests_per_minute: int | None
        requests_per_minute = self.requests_per_minute

        requests_per_day: int | None
        requests_per_day = self.requests_per_day

        chatbots: int | None
        chatbots = self.chatbots

        webhooks = self.webhooks

        access = self.access.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "requests_per_minute": requests_per_minute,
                "requests_per_day": requests_per_day,
                "chatbots": chatbots,
                "webhooks": webhooks,
                "access": access,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_requests_per_minute(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        requests_per_minute = _parse_requests_per_minute(d.pop("requests_per_minute"))

        def _parse_requests_per_day(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        requests_per_day = _parse_requests_per_day(d.pop("requests_per_day"))

        def _parse_chatbots(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        chatbots = _parse_chatbots(d.pop("chatbots"))

        webhooks = d.pop("webhooks")

        access = AccountLimitsAccess(d.pop("access"))

        account_limits = cls(
            requests_per_minute=requests_per_minute,
            requests_per_day=requests_per_day,
            chatbots=chatbots,
            webhooks=webhooks,
            access=access,
        )

        return account_limits
