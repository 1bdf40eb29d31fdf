from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.account_plan import AccountPlan
from ..models.account_status import AccountStatus

if TYPE_CHECKING:
    from ..models.account_limits import AccountLimits


T = TypeVar("T", bound="Account")


@_attrs_define
class Account:
    """
    Attributes:
        id (str):
        name (str):
        plan (AccountPlan):
        status (AccountStatus):
        limits (AccountLimits):
        ip_allowlist (list[str]):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
    """

    id: str
    name: str
    plan: AccountPlan
    status: AccountStatus
    limits: AccountLimits
    ip_allowlist: list[str]
    created_at: datetime.datetime
    updated_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        plan = self.plan.value

        status = self.status.value

        limits = self.limits.to_dict()

        ip_allowlist = self.ip_allowlist

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "plan": plan,
                "status": status,
                "limits": limits,
                "ip_allowlist": ip_allowlist,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.account_limits import AccountLimits

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        plan = AccountPlan(d.pop("plan"))

        status = AccountStatus(d.pop("status"))

        limits = AccountLimits.from_dict(d.pop("limits"))

        ip_allowlist = cast(list[str], d.pop("ip_allowlist"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        account = cls(
            id=id,
            name=name,
            plan=plan,
            status=status,
            limits=limits,
            ip_allowlist=ip_allowlist,
            created_at=created_at,
            updated_at=updated_at,
        )

        return account
