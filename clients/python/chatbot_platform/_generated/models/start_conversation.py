from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.start_conversation_metadata import StartConversationMetadata
    from ..models.visitor import Visitor


T = TypeVar("T", bound="StartConversation")


@_attrs_define
class StartConversation:
    """
    Attributes:
        visitor (Visitor | Unset):
        metadata (StartConversationMetadata | Unset): Your own key/value data, returned as sent (at most 50 keys, 8192
            bytes as JSON, 5 levels deep; keys do not start with $ and hold no dot or NUL, none is __proto__, and no array
            is directly inside an array)
        language (str | Unset): The language replies are written in; default: the chatbot’s
    """

    visitor: Visitor | Unset = UNSET
    metadata: StartConversationMetadata | Unset = UNSET
    language: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        visitor: dict[str, Any] | Unset = UNSET
        if not isinstance(self.visitor, Unset):
            visitor = self.visitor.to_dict()

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        language = self.language

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if visitor is not UNSET:
            field_dict["visitor"] = visitor
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if language is not UNSET:
            field_dict["language"] = language

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.start_conversation_metadata import StartConversationMetadata
        from ..models.visitor import Visitor

        d = dict(src_dict)
        _visitor = d.pop("visitor", UNSET)
        visitor: Visitor | Unset
        if isinstance(_visitor, Unset):
            visitor = UNSET
        else:
            visitor = Visitor.from_dict(_visitor)

        _metadata = d.pop("metadata", UNSET)
        metadata: StartConversationMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = StartConversationMetadata.from_dict(_metadata)

        language = d.pop("language", UNSET)

        start_conversation = cls(
            visitor=visitor,
            metadata=metadata,
            language=language,
        )

        return start_conversation
