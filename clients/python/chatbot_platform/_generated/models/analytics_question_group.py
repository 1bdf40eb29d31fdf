from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AnalyticsQuestionGroup")


@_attrs_define
class AnalyticsQuestionGroup:
    """
    Attributes:
        question (str | Unset): A visitor message of the group, as written
        count (int | Unset): Visitor messages in the group
        unanswered (int | Unset): Of them, how many got the fallback or a thumbs-down
        clarified (int | Unset): Of them, how many got a `clarify` reply (suggestions instead of an answer)
        sample_conversation_id (str | Unset):
    """

    question: str | Unset = UNSET
    count: int | Unset = UNSET
    unanswered: int | Unset = UNSET
    clarified: int | Unset = UNSET
    sample_conversation_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        question = self.question

        count = self.count

        unanswered = self.unanswered

        clarified = self.clarified

        sample_conversation_id = self.sample_conversation_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if question is not UNSET:
            field_dict["question"] = question
        if count is not UNSET:
            field_dict["count"] = count
        if unanswered is not UNSET:
            field_dict["unanswered"] = unanswered
        if clarified is not UNSET:
            field_dict["clarified"] = clarified
        if sample_conversation_id is not UNSET:
            field_dict["sample_conversation_id"] = sample_conversation_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        question = d.pop("question", UNSET)

        count = d.pop("count", UNSET)

        unanswered = d.pop("unanswered", UNSET)

        clarified = d.pop("clarified", UNSET)

        sample_conversation_id = d.pop("sample_conversation_id", UNSET)

        analytics_question_group = cls(
            question=question,
            count=count,
            unanswered=unanswered,
            clarified=clarified,
            sample_conversation_id=sample_conversation_id,
        )

        return analytics_question_group
