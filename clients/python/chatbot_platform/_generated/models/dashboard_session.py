from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.dashboard_session_mode import DashboardSessionMode

if TYPE_CHECKING:
    from ..models.dashboard_session_account import DashboardSessionAccount
    from ..models.member import Member


T = TypeVar("T", bound="DashboardSession")


@_attrs_define
class DashboardSession:
    """
    Attributes:
        member (Member):
        account (DashboardSessionAccount):
        mode (DashboardSessionMode):
        expires_at (datetime.datetime):
    """

    member: Member
    account: DashboardSessionAccount
    mode: DashboardSessionMode
    expires_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        member = self.member.to_dict()

        account = self.account.to_dict()

        mode = self.mode.value

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "member": member,
                "account": account,
                "mode": mode,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.dashboard_session_account import DashboardSessionAccount
        from ..models.member import Member

        d = dict(src_dict)
        member = Member.from_dict(d.pop("member"))

        account = DashboardSessionAccount.from_dict(d.pop("account"))

        mode = DashboardSessionMode(d.pop("mode"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        dashboard_session = cls(
            member=member,
            account=account,
            mode=mode,
            expires_at=expires_at,
        )

        return dashboard_session
