from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="CreateWidgetIdentitySecretBodyType0")


@_attrs_define
class CreateWidgetIdentitySecretBodyType0:
    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        create_widget_identity_secret_body_type_0 = cls()

        return create_widget_identity_secret_body_type_0
