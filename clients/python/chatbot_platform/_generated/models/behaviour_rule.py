from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.behaviour_rule_action import BehaviourRuleAction
    from ..models.behaviour_rule_match import BehaviourRuleMatch


T = TypeVar("T", bound="BehaviourRule")


@_attrs_define
class BehaviourRule:
    """
    Attributes:
        match (BehaviourRuleMatch):
        action (BehaviourRuleAction):
        name (str | Unset):
    """

    match: BehaviourRuleMatch
    action: BehaviourRuleAction
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        match = self.match.to_dict()

        action = self.action.to_dict()

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "match": match,
                "action": action,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.behaviour_rule_action import BehaviourRuleAction
        from ..models.behaviour_rule_match import BehaviourRuleMatch

        d = dict(src_dict)
        match = BehaviourRuleMatch.from_dict(d.pop("match"))

        action = BehaviourRuleAction.from_dict(d.pop("action"))

        name = d.pop("name", UNSET)

        behaviour_rule = cls(
            match=match,
            action=action,
            name=name,
        )

        return behaviour_rule
