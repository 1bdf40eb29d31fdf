from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WidgetIdentitySecret")


@_attrs_define
class WidgetIdentitySecret:
    """
    Attributes:
        secret (str): Shown once
        created_at (datetime.datetime):
    """

    secret: str
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        secret = self.secret

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "secret": secret,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        secret = d.pop("secret")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        widget_identity_secret = cls(
            secret=secret,
            created_at=created_at,
        )

        return widget_identity_secret
