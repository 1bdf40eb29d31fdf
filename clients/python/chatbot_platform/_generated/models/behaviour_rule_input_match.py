from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BehaviourRuleInputMatch")


@_attrs_define
class BehaviourRuleInputMatch:
    """
    Attributes:
        keywords (list[str] | Unset):
        pattern (str | Unset):
    """

    keywords: list[str] | Unset = UNSET
    pattern: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        keywords: list[str] | Unset = UNSET
        if not isinstance(self.keywords, Unset):
            keywords = self.keywords

        pattern = self.pattern

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if keywords is not UNSET:
            field_dict["keywords"] = keywords
        if pattern is not UNSET:
            field_dict["pattern"] = pattern

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        keywords = cast(list[str], d.pop("keywords", UNSET))

        pattern = d.pop("pattern", UNSET)

        behaviour_rule_input_match = cls(
            keywords=keywords,
            pattern=pattern,
        )

        return behaviour_rule_input_match
