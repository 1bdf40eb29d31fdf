from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.member_presence_status import MemberPresenceStatus

T = TypeVar("T", bound="MemberPresence")


@_attrs_define
class MemberPresence:
    """
    Attributes:
        member_id (str):
        status (MemberPresenceStatus): What the member chose; `away` until they choose
        available (bool): Whether handoffs count on them now: `available` and a dashboard heartbeat that has not lapsed
        expires_at (datetime.datetime | None): When their last heartbeat lapses; null before the first
        updated_at (datetime.datetime | None):
    """

    member_id: str
    status: MemberPresenceStatus
    available: bool
    expires_at: datetime.datetime | None
    updated_at: datetime.datetime | None

    def to_dict(self) -> dict[str, Any]:
        member_id = self.member_id

        status = self.status.value

        available = self.available

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        updated_at: None | str
        if isinstance(self.updated_at, datetime.datetime):
            updated_at = self.updated_at.isoformat()
        else:
            updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "member_id": member_id,
                "status": status,
                "available": available,
                "expires_at": expires_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        member_id = d.pop("member_id")

        status = MemberPresenceStatus(d.pop("status"))

        available = d.pop("available")

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expires_at"))

        def _parse_updated_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                updated_at_type_0 = datetime.datetime.fromisoformat(data)

                return updated_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        updated_at = _parse_updated_at(d.pop("updated_at"))

        member_presence = cls(
            member_id=member_id,
            status=status,
            available=available,
            expires_at=expires_at,
            updated_at=updated_at,
        )

        return member_presence
