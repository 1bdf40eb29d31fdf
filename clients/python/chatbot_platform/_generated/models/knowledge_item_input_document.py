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

from ..models.knowledge_item_input_document_format import (
    KnowledgeItemInputDocumentFormat,
)
from ..models.knowledge_item_input_document_mime_type import (
    KnowledgeItemInputDocumentMimeType,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.knowledge_item_input_document_metadata import (
        KnowledgeItemInputDocumentMetadata,
    )


T = TypeVar("T", bound="KnowledgeItemInputDocument")


@_attrs_define
class KnowledgeItemInputDocument:
    """
    Attributes:
        type_ (Literal['document']):
        title (str | Unset):
        metadata (KnowledgeItemInputDocumentMetadata | Unset): Your own key/value data, returned as sent (at most 50
            keys, 8192 bytes as JSON, 5 levels deep; keys do not start with $ and hold no dot or NUL, none is __proto__, and
            no array is directly inside an array)
        format_ (KnowledgeItemInputDocumentFormat | Unset): How to read `content`; default text
        content (str | Unset):
        content_base64 (str | Unset):
        mime_type (KnowledgeItemInputDocumentMimeType | Unset):
    """

    type_: Literal["document"]
    title: str | Unset = UNSET
    metadata: KnowledgeItemInputDocumentMetadata | Unset = UNSET
    format_: KnowledgeItemInputDocumentFormat | Unset = UNSET
    content: str | Unset = UNSET
    content_base64: str | Unset = UNSET
    mime_type: KnowledgeItemInputDocumentMimeType | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        content = self.content

        content_base64 = self.content_base64

        mime_type: str | Unset = UNSET
        if not isinstance(self.mime_type, Unset):
            mime_type = self.mime_type.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if title is not UNSET:
            field_dict["title"] = title
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if format_ is not UNSET:
            field_dict["format"] = format_
        if content is not UNSET:
            field_dict["content"] = content
        if content_base64 is not UNSET:
            field_dict["content_base64"] = content_base64
        if mime_type is not UNSET:
            field_dict["mime_type"] = mime_type

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_item_input_document_metadata import (
            KnowledgeItemInputDocumentMetadata,
        )

        d = dict(src_dict)
        type_ = cast(Literal["document"], d.pop("type"))
        if type_ != "document":
            raise ValueError(f"type must match const 'document', got '{type_}'")

        title = d.pop("title", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: KnowledgeItemInputDocumentMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = KnowledgeItemInputDocumentMetadata.from_dict(_metadata)

        _format_ = d.pop("format", UNSET)
        format_: KnowledgeItemInputDocumentFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = KnowledgeItemInputDocumentFormat(_format_)

        content = d.pop("content", UNSET)

        content_base64 = d.pop("content_base64", UNSET)

        _mime_type = d.pop("mime_type", UNSET)
        mime_type: KnowledgeItemInputDocumentMimeType | Unset
        if isinstance(_mime_type, Unset):
            mime_type = UNSET
        else:
            mime_type = KnowledgeItemInputDocumentMimeType(_mime_type)

        knowledge_item_input_document = cls(
            type_=type_,
            title=title,
            metadata=metadata,
            format_=format_,
            content=content,
            content_base64=content_base64,
            mime_type=mime_type,
        )

        return knowledge_item_input_document
