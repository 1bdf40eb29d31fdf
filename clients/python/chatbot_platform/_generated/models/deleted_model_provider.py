from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeletedModelProvider")


@_attrs_define
class DeletedModelProvider:
    """
    Attributes:
        id (str):
        deleted (Literal[True]):
    """

    id: str
    deleted: Literal[True]

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        deleted = self.deleted

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "deleted": deleted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        deleted = cast(Literal[True], d.pop("deleted"))
        if deleted != True:
            raise ValueError(f"deleted must match const True, got '{deleted}'")

        deleted_model_provider = cls(
            id=id,
            deleted=deleted,
        )

        return deleted_model_provider
