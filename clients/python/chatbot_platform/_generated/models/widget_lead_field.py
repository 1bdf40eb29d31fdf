from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.widget_lead_field_name import WidgetLeadFieldName
from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetLeadField")


@_attrs_define
class WidgetLeadField:
    """
    Attributes:
        name (WidgetLeadFieldName):
        required (bool | Unset):  Default: False.
    """

    name: WidgetLeadFieldName
    required: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        name = self.name.value

        required = self.required

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if required is not UNSET:
            field_dict["required"] = required

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = WidgetLeadFieldName(d.pop("name"))

        required = d.pop("required", UNSET)

        widget_lead_field = cls(
            name=name,
            required=required,
        )

        return widget_lead_field
