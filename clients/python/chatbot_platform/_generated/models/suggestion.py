from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Suggestion")


@_attrs_define
class Suggestion:
    """
    Attributes:
        knowledge_id (str): The knowledge item: a Q&A pair, or a document whose passage is offered
        question (str): What the visitor sees: the pair’s question, or the document’s title and heading
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

        suggestion = cls(
            knowledge_id=knowledge_id,
            question=question,
        )

        return suggestion
