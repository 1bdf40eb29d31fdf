from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="QualityFellBack")


@_attrs_define
class QualityFellBack:
    """
    Attributes:
        question (str): A visitor message of the group, as written (the sample)
        count (int): Visitor messages of the group answered with the fallback
        conversation_id (str): The sample’s conversation
        message_id (str): The sample itself: `POST /api/v1/chatbots/{id}/knowledge/qa-from-message` turns it into a Q&A
            pair
    """

    question: str
    count: int
    conversation_id: str
    message_id: str

    def to_dict(self) -> dict[str, Any]:
        question = self.question

        count = self.count

        conversation_id = self.conversation_id

        message_id = self.message_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "question": question,
                "count": count,
                "conversation_id": conversation_id,
                "message_id": message_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        question = d.pop("question")

        count = d.pop("count")

        conversation_id = d.pop("conversation_id")

        message_id = d.pop("message_id")

        quality_fell_back = cls(
            question=question,
            count=count,
            conversation_id=conversation_id,
            message_id=message_id,
        )

        return quality_fell_back
