from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LlmTokenUsage")


@_attrs_define
class LlmTokenUsage:
    """
    Attributes:
        used (int):
        limit (int | None): The plan’s monthly cap; null: none
        resets_at (datetime.datetime):
    """

    used: int
    limit: int | None
    resets_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        used = self.used

        limit: int | None
        limit = self.limit

        resets_at = self.resets_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "used": used,
                "limit": limit,
                "resets_at": resets_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        used = d.pop("used")

        def _parse_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        limit = _parse_limit(d.pop("limit"))

        resets_at = datetime.datetime.fromisoformat(d.pop("resets_at"))

        llm_token_usage = cls(
            used=used,
            limit=limit,
            resets_at=resets_at,
        )

        return llm_token_usage
