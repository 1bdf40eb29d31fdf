from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="QualitySuggestionChosen")


@_attrs_define
class QualitySuggestionChosen:
    """
    Attributes:
        knowledge_id (str): The knowledge item chosen
        question (str): The question as the suggestion offered it
        times (int): How many visitor messages chose it in the period
    """

    knowledge_id: str
    question: str
    times: int

    def to_dict(self) -> dict[str, Any]:
        knowledge_id = self.knowledge_id

        question = self.question

        times = self.times

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "knowledge_id": knowledge_id,
                "question": question,
                "times": times,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        knowledge_id = d.pop("knowledge_id")

        question = d.pop("question")

        times = d.pop("times")

        quality_suggestion_chosen = cls(
            knowledge_id=knowledge_id,
            question=question,
            times=times,
        )

        return quality_suggestion_chosen
