from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.knowledge_item import KnowledgeItem


T = TypeVar("T", bound="ImportKnowledgeResponse201")


@_attrs_define
class ImportKnowledgeResponse201:
    """
    Attributes:
        data (list[KnowledgeItem]):
        count (float):
    """

    data: list[KnowledgeItem]
    count: float

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        count = self.count

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "data": data,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_item import KnowledgeItem

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = KnowledgeItem.from_dict(data_item_data)

            data.append(data_item)

        count = d.pop("count")

        import_knowledge_response_201 = cls(
            data=data,
            count=count,
        )

        return import_knowledge_response_201
