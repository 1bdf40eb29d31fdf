from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnalyticsFiguresMessages")


@_attrs_define
class AnalyticsFiguresMessages:
    """
    Attributes:
        total (int | Unset):
        user (int | Unset):
        assistant (int | Unset):
        agent (int | Unset):
    """

    total: int | Unset = UNSET
    user: int | Unset = UNSET
    assistant: int | Unset = UNSET
    agent: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        user = self.user

        assistant = self.assistant

        agent = self.agent

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if total is not UNSET:
            field_dict["total"] = total
        if user is not UNSET:
            field_dict["user"] = user
        if assistant is not UNSET:
            field_dict["assistant"] = assistant
        if agent is not UNSET:
            field_dict["agent"] = agent

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        total = d.pop("total", UNSET)

        user = d.pop("user", UNSET)

        assistant = d.pop("assistant", UNSET)

        agent = d.pop("agent", UNSET)

        analytics_figures_messages = cls(
            total=total,
            user=user,
            assistant=assistant,
            agent=agent,
        )

        return analytics_figures_messages
