from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.knowledge_item_input_qa_metadata import KnowledgeItemInputQaMetadata


T = TypeVar("T", bound="KnowledgeItemInputQa")


@_attrs_define
class KnowledgeItemInputQa:
    """
    Attributes:
        type_ (Literal['qa']):
        question (str):
        answer (str):
        alternatives (list[str] | Unset):
        title (str | Unset):
        metadata (KnowledgeItemInputQaMetadata | Unset): Your own key/value data, returned as sent (at most 50 keys,
            8192 bytes as JSON, 5 levels deep; keys do not start with $ and hold no dot or NUL, none is __proto__, and no
            array is directly inside an array)
    """

    type_: Literal["qa"]
    question: str
    answer: str
    alternatives: list[str] | Unset = UNSET
    title: str | Unset = UNSET
    metadata: KnowledgeItemInputQaMetadata | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        question = self.question

        answer = self.answer

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
                "type": type_,
                "question": question,
                "answer": answer,
            }
        )
        if alternatives is not UNSET:
            field_dict["alternatives"] = alternatives
        if title is not UNSET:
            field_dict["title"] = title
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_item_input_qa_metadata import (
            KnowledgeItemInputQaMetadata,
        )

        d = dict(src_dict)
        type_ = cast(Literal["qa"], d.pop("type"))
        if type_ != "qa":
            raise ValueError(f"type must match const 'qa', got '{type_}'")

        question = d.pop("question")

        answer = d.pop("answer")

        alternatives = cast(list[str], d.pop("alternatives", UNSET))

        title = d.pop("title", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: KnowledgeItemInputQaMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = KnowledgeItemInputQaMetadata.from_dict(_metadata)

        knowledge_item_input_qa = cls(
            type_=type_,
            question=question,
            answer=answer,
            alternatives=alternatives,
            title=title,
            metadata=metadata,
        )

        return knowledge_item_input_qa
