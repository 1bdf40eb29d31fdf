from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.knowledge_item_input_document import KnowledgeItemInputDocument
    from ..models.knowledge_item_input_qa import KnowledgeItemInputQa
    from ..models.knowledge_item_input_url import KnowledgeItemInputUrl


T = TypeVar("T", bound="KnowledgeImport")


@_attrs_define
class KnowledgeImport:
    """
    Attributes:
        items (list[KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl]):
    """

    items: list[
        KnowledgeItemInputDocument | KnowledgeItemInputQa | KnowledgeItemInputUrl
    ]

    def to_dict(self) -> dict[str, Any]:
        from ..models.knowledge_item_input_document import KnowledgeItemInputDocument
        from ..models.knowledge_item_input_url import KnowledgeItemInputUrl

        items = []
        for items_item_data in self.items:
            items_item: dict[str, Any]
            if isinstance(items_item_data, KnowledgeItemInputDocument) or isinstance(
                items_item_data, KnowledgeItemInputUrl
            ):
                items_item = items_item_data.to_dict()
            else:
                items_item = items_item_data.to_dict()

            items.append(items_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_item_input_document import KnowledgeItemInputDocument
        from ..models.knowledge_item_input_qa import KnowledgeItemInputQa
        from ..models.knowledge_item_input_url import KnowledgeItemInputUrl

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:

            def _parse_items_item(
                data: object,
            ) -> (
                KnowledgeItemInputDocument
                | KnowledgeItemInputQa
                | KnowledgeItemInputUrl
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_knowledge_item_input_type_0 = (
                        KnowledgeItemInputDocument.from_dict(data)
                    )

                    return componentsschemas_knowledge_item_input_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_knowledge_item_input_type_1 = (
                        KnowledgeItemInputUrl.from_dict(data)
                    )

                    return componentsschemas_knowledge_item_input_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_knowledge_item_input_type_2 = (
                    KnowledgeItemInputQa.from_dict(data)
                )

                return componentsschemas_knowledge_item_input_type_2

            items_item = _parse_items_item(items_item_data)

            items.append(items_item)

        knowledge_import = cls(
            items=items,
        )

        return knowledge_import
