from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="KnowledgeItemPagesItem")


@_attrs_define
class KnowledgeItemPagesItem:
    """
    Attributes:
        url (str):
        title (None | str):
    """

    url: str
    title: None | str

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        title: None | str
        title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "title": title,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        knowledge_item_pages_item = cls(
            url=url,
            title=title,
        )

        return knowledge_item_pages_item
