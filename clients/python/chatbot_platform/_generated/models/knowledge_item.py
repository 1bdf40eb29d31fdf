from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.knowledge_item_status import KnowledgeItemStatus
from ..models.knowledge_item_type import KnowledgeItemType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.knowledge_item_metadata import KnowledgeItemMetadata
    from ..models.knowledge_item_pages_item import KnowledgeItemPagesItem


T = TypeVar("T", bound="KnowledgeItem")


@_attrs_define
class KnowledgeItem:
    """
    Attributes:
        id (str):
        chatbot_id (str):
        type_ (KnowledgeItemType):
        title (None | str):
        status (KnowledgeItemStatus):
        error (None | str):
        language (str):
        metadata (KnowledgeItemMetadata):
        chunk_count (int):
        char_count (int):
        processed_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        format_ (str | Unset):
        content (None | str | Unset):
        url (str | Unset):
        max_pages (int | Unset):
        sitemap (bool | Unset):
        refresh_interval (None | str | Unset):
        next_refresh_at (datetime.datetime | None | Unset):
        pages (list[KnowledgeItemPagesItem] | Unset):
        question (str | Unset):
        answer (str | Unset):
        alternatives (list[str] | Unset):
    """

    id: str
    chatbot_id: str
    type_: KnowledgeItemType
    title: None | str
    status: KnowledgeItemStatus
    error: None | str
    language: str
    metadata: KnowledgeItemMetadata
    chunk_count: int
    char_count: int
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    format_: str | Unset = UNSET
    content: None | str | Unset = UNSET
    url: str | Unset = UNSET
    max_pages: int | Unset = UNSET
    sitemap: bool | Unset = UNSET
    refresh_interval: None | str | Unset = UNSET
    next_refresh_at: datetime.datetime | None | Unset = UNSET
    pages: list[KnowledgeItemPagesItem] | Unset = UNSET
    question: str | Unset = UNSET
    answer: str | Unset = UNSET
    alternatives: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        chatbot_id = self.chatbot_id

        type_ = self.type_.value

        title: None | str
        title = self.title

        status = self.status.value

        error: None | str
        error = self.error

        language = self.language

        metadata = self.metadata.to_dict()

        chunk_count = self.chunk_count

        char_count = self.char_count

        processed_at: None | str
        if isinstance(self.processed_at, datetime.datetime):
            processed_at = self.processed_at.isoformat()
        else:
            processed_at = self.processed_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        format_ = self.format_

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        url = self.url

        max_pages = self.max_pages

        sitemap = self.sitemap

        refresh_interval: None | str | Unset
        if isinstance(self.refresh_interval, Unset):
            refresh_interval = UNSET
        else:
            refresh_interval = self.refresh_interval

        next_refresh_at: None | str | Unset
        if isinstance(self.next_refresh_at, Unset):
            next_refresh_at = UNSET
        elif isinstance(self.next_refresh_at, datetime.datetime):
            next_refresh_at = self.next_refresh_at.isoformat()
        else:
            next_refresh_at = self.next_refresh_at

        pages: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.pages, Unset):
            pages = []
            for pages_item_data in self.pages:
                pages_item = pages_item_data.to_dict()
                pages.append(pages_item)

        question = self.question

        answer = self.answer

        alternatives: list[str] | Unset = UNSET
        if not isinstance(self.alternatives, Unset):
            alternatives = self.alternatives

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "chatbot_id": chatbot_id,
                "type": type_,
                "title": title,
                "status": status,
                "error": error,
                "language": language,
                "metadata": metadata,
                "chunk_count": chunk_count,
                "char_count": char_count,
                "processed_at": processed_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if format_ is not UNSET:
            field_dict["format"] = format_
        if content is not UNSET:
            field_dict["content"] = content
        if url is not UNSET:
            field_dict["url"] = url
        if max_pages is not UNSET:
            field_dict["max_pages"] = max_pages
        if sitemap is not UNSET:
            field_dict["sitemap"] = sitemap
        if refresh_interval is not UNSET:
            field_dict["refresh_interval"] = refresh_interval
        if next_refresh_at is not UNSET:
            field_dict["next_refresh_at"] = next_refresh_at
        if pages is not UNSET:
            field_dict["pages"] = pages
        if question is not UNSET:
            field_dict["question"] = question
        if answer is not UNSET:
            field_dict["answer"] = answer
        if alternatives is not UNSET:
            field_dict["alternatives"] = alternatives

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_item_metadata import KnowledgeItemMetadata
        from ..models.knowledge_item_pages_item import KnowledgeItemPagesItem

        d = dict(src_dict)
        id = d.pop("id")

        chatbot_id = d.pop("chatbot_id")

        type_ = KnowledgeItemType(d.pop("type"))

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        status = KnowledgeItemStatus(d.pop("status"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        language = d.pop("language")

        metadata = KnowledgeItemMetadata.from_dict(d.pop("metadata"))

        chunk_count = d.pop("chunk_count")

        char_count = d.pop("char_count")

        def _parse_processed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                processed_at_type_0 = datetime.datetime.fromisoformat(data)

                return processed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        processed_at = _parse_processed_at(d.pop("processed_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        format_ = d.pop("format", UNSET)

        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))

        url = d.pop("url", UNSET)

        max_pages = d.pop("max_pages", UNSET)

        sitemap = d.pop("sitemap", UNSET)

        def _parse_refresh_interval(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        refresh_interval = _parse_refresh_interval(d.pop("refresh_interval", UNSET))

        def _parse_next_refresh_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_refresh_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_refresh_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        next_refresh_at = _parse_next_refresh_at(d.pop("next_refresh_at", UNSET))

        _pages = d.pop("pages", UNSET)
        pages: list[KnowledgeItemPagesItem] | Unset = UNSET
        if _pages is not UNSET:
            pages = []
            for pages_item_data in _pages:
                pages_item = KnowledgeItemPagesItem.from_dict(pages_item_data)

                pages.append(pages_item)

        question = d.pop("question", UNSET)

        answer = d.pop("answer", UNSET)

        alternatives = cast(list[str], d.pop("alternatives", UNSET))

        knowledge_item = cls(
            id=id,
            chatbot_id=chatbot_id,
            type_=type_,
            title=title,
            status=status,
            error=error,
            language=language,
            metadata=metadata,
            chunk_count=chunk_count,
            char_count=char_count,
            processed_at=processed_at,
            created_at=created_at,
            updated_at=updated_at,
            format_=format_,
            content=content,
            url=url,
            max_pages=max_pages,
            sitemap=sitemap,
            refresh_interval=refresh_interval,
            next_refresh_at=next_refresh_at,
            pages=pages,
            question=question,
            answer=answer,
            alternatives=alternatives,
        )

        return knowledge_item
