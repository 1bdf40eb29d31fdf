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

from ..models.knowledge_item_input_url_refresh_interval_type_1 import (
    KnowledgeItemInputUrlRefreshIntervalType1,
)
from ..models.knowledge_item_input_url_refresh_interval_type_2_type_1 import (
    KnowledgeItemInputUrlRefreshIntervalType2Type1,
)
from ..models.knowledge_item_input_url_refresh_interval_type_3_type_1 import (
    KnowledgeItemInputUrlRefreshIntervalType3Type1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.knowledge_item_input_url_metadata import KnowledgeItemInputUrlMetadata


T = TypeVar("T", bound="KnowledgeItemInputUrl")


@_attrs_define
class KnowledgeItemInputUrl:
    """
    Attributes:
        type_ (Literal['url']):
        url (str):
        title (str | Unset):
        metadata (KnowledgeItemInputUrlMetadata | Unset): Your own key/value data, returned as sent (at most 50 keys,
            8192 bytes as JSON, 5 levels deep; keys do not start with $ and hold no dot or NUL, none is __proto__, and no
            array is directly inside an array)
        max_pages (int | Unset): Pages of the same site to crawl from the URL Default: 1.
        sitemap (bool | Unset): Also read the pages the site’s sitemap lists Default: False.
        refresh_interval (KnowledgeItemInputUrlRefreshIntervalType1 | KnowledgeItemInputUrlRefreshIntervalType2Type1 |
            KnowledgeItemInputUrlRefreshIntervalType3Type1 | None | Unset):
    """

    type_: Literal["url"]
    url: str
    title: str | Unset = UNSET
    metadata: KnowledgeItemInputUrlMetadata | Unset = UNSET
    max_pages: int | Unset = 1
    sitemap: bool | Unset = False
    refresh_interval: (
        KnowledgeItemInputUrlRefreshIntervalType1
        | KnowledgeItemInputUrlRefreshIntervalType2Type1
        | KnowledgeItemInputUrlRefreshIntervalType3Type1
        | None
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        url = self.url

        title = self.title

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        max_pages = self.max_pages

        sitemap = self.sitemap

        refresh_interval: None | str | Unset
        if isinstance(self.refresh_interval, Unset):
            refresh_interval = UNSET
        elif (
            isinstance(self.refresh_interval, KnowledgeItemInputUrlRefreshIntervalType1)
            or isinstance(
                self.refresh_interval, KnowledgeItemInputUrlRefreshIntervalType2Type1
            )
            or isinstance(
                self.refresh_interval, KnowledgeItemInputUrlRefreshIntervalType3Type1
            )
        ):
            refresh_interval = self.refresh_interval.value
        else:
            refresh_interval = self.refresh_interval

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "url": url,
            }
        )
        if title is not UNSET:
            field_dict["title"] = title
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if max_pages is not UNSET:
            field_dict["max_pages"] = max_pages
        if sitemap is not UNSET:
            field_dict["sitemap"] = sitemap
        if refresh_interval is not UNSET:
            field_dict["refresh_interval"] = refresh_interval

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_item_input_url_metadata import (
            KnowledgeItemInputUrlMetadata,
        )

        d = dict(src_dict)
        type_ = cast(Literal["url"], d.pop("type"))
        if type_ != "url":
            raise ValueError(f"type must match const 'url', got '{type_}'")

        url = d.pop("url")

        title = d.pop("title", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: KnowledgeItemInputUrlMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = KnowledgeItemInputUrlMetadata.from_dict(_metadata)

        max_pages = d.pop("max_pages", UNSET)

        sitemap = d.pop("sitemap", UNSET)

        def _parse_refresh_interval(
            data: object,
        ) -> (
            KnowledgeItemInputUrlRefreshIntervalType1
            | KnowledgeItemInputUrlRefreshIntervalType2Type1
            | KnowledgeItemInputUrlRefreshIntervalType3Type1
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
                refresh_interval_type_1 = KnowledgeItemInputUrlRefreshIntervalType1(
                    data
                )

                return refresh_interval_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                refresh_interval_type_2_type_1 = (
                    KnowledgeItemInputUrlRefreshIntervalType2Type1(data)
                )

                return refresh_interval_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                refresh_interval_type_3_type_1 = (
                    KnowledgeItemInputUrlRefreshIntervalType3Type1(data)
                )

                return refresh_interval_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                KnowledgeItemInputUrlRefreshIntervalType1
                | KnowledgeItemInputUrlRefreshIntervalType2Type1
                | KnowledgeItemInputUrlRefreshIntervalType3Type1
                | None
                | Unset,
                data,
            )

        refresh_interval = _parse_refresh_interval(d.pop("refresh_interval", UNSET))

        knowledge_item_input_url = cls(
            type_=type_,
            url=url,
            title=title,
            metadata=metadata,
            max_pages=max_pages,
            sitemap=sitemap,
            refresh_interval=refresh_interval,
        )

        return knowledge_item_input_url
