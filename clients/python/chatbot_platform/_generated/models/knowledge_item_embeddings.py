from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="KnowledgeItemEmbeddings")


@_attrs_define
class KnowledgeItemEmbeddings:
    """
    Attributes:
        item_id (str):
        type_ (str):
        title (None | str):
        status (str): The item’s processing status: its chunks exist once it is `ready`
        chunks (int): The item’s passages or Q&A pair
        embedded (int): Of them, those with vectors of the embedding provider’s model (0 without one)
    """

    item_id: str
    type_: str
    title: None | str
    status: str
    chunks: int
    embedded: int

    def to_dict(self) -> dict[str, Any]:
        item_id = self.item_id

        type_ = self.type_

        title: None | str
        title = self.title

        status = self.status

        chunks = self.chunks

        embedded = self.embedded

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "item_id": item_id,
                "type": type_,
                "title": title,
                "status": status,
                "chunks": chunks,
                "embedded": embedded,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        item_id = d.pop("item_id")

        type_ = d.pop("type")

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        status = d.pop("status")

        chunks = d.pop("chunks")

        embedded = d.pop("embedded")

        knowledge_item_embeddings = cls(
            item_id=item_id,
            type_=type_,
            title=title,
            status=status,
            chunks=chunks,
            embedded=embedded,
        )

        return knowledge_item_embeddings
