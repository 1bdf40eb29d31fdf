from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.dashboard_session_account_plan import DashboardSessionAccountPlan

T = TypeVar("T", bound="DashboardSessionAccount")


@_attrs_define
class DashboardSessionAccount:
    """
    Attributes:
        id (str):
        name (str):
        plan (DashboardSessionAccountPlan):
    """

    id: str
    name: str
    plan: DashboardSessionAccountPlan

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        plan = self.plan.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "plan": plan,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        plan = DashboardSessionAccountPlan(d.pop("plan"))

        dashboard_session_account = cls(
            id=id,
            name=name,
            plan=plan,
        )

        return dashboard_session_account
