from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WidgetConfigLeadFormFieldsItem")


@_attrs_define
class WidgetConfigLeadFormFieldsItem:
    """
    Attributes:
        name (str):
        required (bool):
    """

    name: str
    required: bool

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        required = self.required

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "required": required,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        required = d.pop("required")

        widget_config_lead_form_fields_item = cls(
            name=name,
            required=required,
        )

        return widget_config_lead_form_fields_item
