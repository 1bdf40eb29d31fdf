from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="KnowledgeSearch")


@_attrs_define
class KnowledgeSearch:
    """
    Attributes:
        query (str):
        limit (int | Unset):  Default: 5.
    """

    query: str
    limit: int | Unset = 5

    def to_dict(self) -> dict[str, Any]:
        query = self.query

        limit = self.limit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "query": query,
            }
        )
        if limit is not UNSET:
            field_dict["limit"] = limit

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        query = d.pop("query")

        limit = d.pop("limit", UNSET)

        knowledge_search = cls(
            query=query,
            limit=limit,
        )

        return knowledge_search
