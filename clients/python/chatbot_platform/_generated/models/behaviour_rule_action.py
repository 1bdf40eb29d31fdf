from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.behaviour_rule_action_type import BehaviourRuleActionType
from ..types import UNSET, Unset

T = TypeVar("T", bound="BehaviourRuleAction")


@_attrs_define
class BehaviourRuleAction:
    """
    Attributes:
        type_ (BehaviourRuleActionType):
        reply (str | Unset):
    """

    type_: BehaviourRuleActionType
    reply: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        reply = self.reply

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if reply is not UNSET:
            field_dict["reply"] = reply

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = BehaviourRuleActionType(d.pop("type"))

        reply = d.pop("reply", UNSET)

        behaviour_rule_action = cls(
            type_=type_,
            reply=reply,
        )

        return behaviour_rule_action
