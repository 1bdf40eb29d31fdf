from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.knowledge_qa_from_message_metadata import (
        KnowledgeQaFromMessageMetadata,
    )


T = TypeVar("T", bound="KnowledgeQaFromMessage")


@_attrs_define
class KnowledgeQaFromMessage:
    """
    Attributes:
        answer (str):
        message_id (str | Unset): A visitor message of this chatbot: its text becomes the question
        conversation_id (str | Unset): With `question`: a conversation of this chatbot in which a visitor asked it
        question (str | Unset): With `conversation_id`: the question as asked (or its beginning, as `top_unanswered`
            shows a long one)
        alternatives (list[str] | Unset):
        title (str | Unset):
        metadata (KnowledgeQaFromMessageMetadata | Unset): Your own key/value data, returned as sent (at most 50 keys,
            8192 bytes as JSON, 5 levels deep; keys do not start with $ and hold no dot or NUL, none is __proto__, and no
            array is directly inside an array)
    """

    answer: str
    message_id: str | Unset = UNSET
    conversation_id: str | Unset = UNSET
    question: str | Unset = UNSET
    alternatives: list[str] | Unset = UNSET
    title: str | Unset = UNSET
    metadata: KnowledgeQaFromMessageMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        answer = self.answer

        message_id = self.message_id

        conversation_id = self.conversation_id

        question = self.question

        alternatives: list[str] | Unset = UNSET
        if not isinstance(self.alternatives, Unset):
            alternatives = self.alternatives

        title = self.title

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "answer": answer,
            }
        )
        if message_id is not UNSET:
            field_dict["message_id"] = message_id
        if conversation_id is not UNSET:
            field_dict["conversation_id"] = conversation_id
        if question is not UNSET:
            field_dict["question"] = question
        if alternatives is not UNSET:
            field_dict["alternatives"] = alternatives
        if title is not UNSET:
            field_dict["title"] = title
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_qa_from_message_metadata import (
            KnowledgeQaFromMessageMetadata,
        )

        d = dict(src_dict)
        answer = d.pop("answer")

        message_id = d.pop("message_id", UNSET)

        conversation_id = d.pop("conversation_id", UNSET)

        question = d.pop("question", UNSET)

        alternatives = cast(list[str], d.pop("alternatives", UNSET))

        title = d.pop("title", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: KnowledgeQaFromMessageMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = KnowledgeQaFromMessageMetadata.from_dict(_metadata)

        knowledge_qa_from_message = cls(
            answer=answer,
            message_id=message_id,
            conversation_id=conversation_id,
            question=question,
            alternatives=alternatives,
            title=title,
            metadata=metadata,
        )

        return knowledge_qa_from_message
