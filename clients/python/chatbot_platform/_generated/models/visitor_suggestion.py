from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="VisitorSuggestion")


@_attrs_define
class VisitorSuggestion:
    """
    Attributes:
        knowledge_id (str):
        question (str): The button’s text
    """

    knowledge_id: str
    question: str

    def to_dict(self) -> dict[str, Any]:
        knowledge_id = self.knowledge_id

        question = self.question

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "knowledge_id": knowledge_id,
                "question": question,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        knowledge_id = d.pop("knowledge_id")

        question = d.pop("question")

        visitor_suggestion = cls(
            knowledge_id=knowledge_id,
            question=question,
        )

        return visitor_suggestion
