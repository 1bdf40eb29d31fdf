from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WidgetRequestDeletionBodyType0")


@_attrs_define
class WidgetRequestDeletionBodyType0:
    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        widget_request_deletion_body_type_0 = cls()

        return widget_request_deletion_body_type_0
