from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.knowledge_item_patch_format import KnowledgeItemPatchFormat
from ..models.knowledge_item_patch_mime_type import KnowledgeItemPatchMimeType
from ..models.knowledge_item_patch_refresh_interval_type_1 import (
    KnowledgeItemPatchRefreshIntervalType1,
)
from ..models.knowledge_item_patch_refresh_interval_type_2_type_1 import (
    KnowledgeItemPatchRefreshIntervalType2Type1,
)
from ..models.knowledge_item_patch_refresh_interval_type_3_type_1 import (
    KnowledgeItemPatchRefreshIntervalType3Type1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.knowledge_item_patch_metadata import KnowledgeItemPatchMetadata


T = TypeVar("T", bound="KnowledgeItemPatch")


@_attrs_define
class KnowledgeItemPatch:
    """
    Attributes:
        title (None | str | Unset):
        metadata (KnowledgeItemPatchMetadata | Unset): Your own key/value data, returned as sent (at most 50 keys, 8192
            bytes as JSON, 5 levels deep; keys do not start with $ and hold no dot or NUL, none is __proto__, and no array
            is directly inside an array)
        format_ (KnowledgeItemPatchFormat | Unset):
        content (str | Unset):
        content_base64 (str | Unset):
        mime_type (KnowledgeItemPatchMimeType | Unset):
        url (str | Unset):
        max_pages (int | Unset): Pages of the same site to crawl from the URL
        sitemap (bool | Unset):
        refresh_interval (KnowledgeItemPatchRefreshIntervalType1 | KnowledgeItemPatchRefreshIntervalType2Type1 |
            KnowledgeItemPatchRefreshIntervalType3Type1 | None | Unset):
        question (str | Unset):
        answer (str | Unset):
        alternatives (list[str] | Unset):
    """

    title: None | str | Unset = UNSET
    metadata: KnowledgeItemPatchMetadata | Unset = UNSET
    format_: KnowledgeItemPatchFormat | Unset = UNSET
    content: str | Unset = UNSET
    content_base64: str | Unset = UNSET
    mime_type: KnowledgeItemPatchMimeType | Unset = UNSET
    url: str | Unset = UNSET
    max_pages: int | Unset = UNSET
    sitemap: bool | Unset = UNSET
    refresh_interval: (
        KnowledgeItemPatchRefreshIntervalType1
        | KnowledgeItemPatchRefreshIntervalType2Type1
        | KnowledgeItemPatchRefreshIntervalType3Type1
        | None
        | Unset
    ) = UNSET
    question: str | Unset = UNSET
    answer: str | Unset = UNSET
    alternatives: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
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

        url = self.url

        max_pages = self.max_pages

        sitemap = self.sitemap

        refresh_interval: None | str | Unset
        if isinstance(self.refresh_interval, Unset):
            refresh_interval = UNSET
        elif (
            isinstance(self.refresh_interval, KnowledgeItemPatchRefreshIntervalType1)
            or isinstance(
                self.refresh_interval, KnowledgeItemPatchRefreshIntervalType2Type1
            )
            or isinstance(
                self.refresh_interval, KnowledgeItemPatchRefreshIntervalType3Type1
            )
        ):
            refresh_interval = self.refresh_interval.value
        else:
            refresh_interval = self.refresh_interval

        question = self.question

        answer = self.answer

        alternatives: list[str] | Unset = UNSET
        if not isinstance(self.alternatives, Unset):
            alternatives = self.alternatives

        field_dict: dict[str, Any] = {}

        field_dict.update({})
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
        if url is not UNSET:
            field_dict["url"] = url
        if max_pages is not UNSET:
            field_dict["max_pages"] = max_pages
        if sitemap is not UNSET:
            field_dict["sitemap"] = sitemap
        if refresh_interval is not UNSET:
            field_dict["refresh_interval"] = refresh_interval
        if question is not UNSET:
            field_dict["question"] = question
        if answer is not UNSET:
            field_dict["answer"] = answer
        if alternatives is not UNSET:
            field_dict["alternatives"] = alternatives

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_item_patch_metadata import KnowledgeItemPatchMetadata

        d = dict(src_dict)

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        _metadata = d.pop("metadata", UNSET)
        metadata: KnowledgeItemPatchMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = KnowledgeItemPatchMetadata.from_dict(_metadata)

        _format_ = d.pop("format", UNSET)
        format_: KnowledgeItemPatchFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = KnowledgeItemPatchFormat(_format_)

        content = d.pop("content", UNSET)

        content_base64 = d.pop("content_base64", UNSET)

        _mime_type = d.pop("mime_type", UNSET)
        mime_type: KnowledgeItemPatchMimeType | Unset
        if isinstance(_mime_type, Unset):
            mime_type = UNSET
        else:
            mime_type = KnowledgeItemPatchMimeType(_mime_type)

        url = d.pop("url", UNSET)

        max_pages = d.pop("max_pages", UNSET)

        sitemap = d.pop("sitemap", UNSET)

        def _parse_refresh_interval(
            data: object,
        ) -> (
            KnowledgeItemPatchRefreshIntervalType1
            | KnowledgeItemPatchRefreshIntervalType2Type1
            | KnowledgeItemPatchRefreshIntervalType3Type1
            | None
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                refresh_interval_type_1 = KnowledgeItemPatchRefreshIntervalType1(data)

                return refresh_interval_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                refresh_interval_type_2_type_1 = (
                    KnowledgeItemPatchRefreshIntervalType2Type1(data)
                )

                return refresh_interval_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                refresh_interval_type_3_type_1 = (
                    KnowledgeItemPatchRefreshIntervalType3Type1(data)
                )

                return refresh_interval_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                KnowledgeItemPatchRefreshIntervalType1
                | KnowledgeItemPatchRefreshIntervalType2Type1
                | KnowledgeItemPatchRefreshIntervalType3Type1
                | None
                | Unset,
                data,
            )

        refresh_interval = _parse_refresh_interval(d.pop("refresh_interval", UNSET))

        question = d.pop("question", UNSET)

        answer = d.pop("answer", UNSET)

        alternatives = cast(list[str], d.pop("alternatives", UNSET))

        knowledge_item_patch = cls(
            title=title,
            metadata=metadata,
            format_=format_,
            content=content,
            content_base64=content_base64,
            mime_type=mime_type,
            url=url,
            max_pages=max_pages,
            sitemap=sitemap,
            refresh_interval=refresh_interval,
            question=question,
            answer=answer,
            alternatives=alternatives,
        )

        return knowledge_item_patch
