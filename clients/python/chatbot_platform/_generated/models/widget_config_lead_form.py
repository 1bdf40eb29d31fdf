from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.widget_config_lead_form_when import WidgetConfigLeadFormWhen

if TYPE_CHECKING:
    from ..models.widget_config_lead_form_fields_item import (
        WidgetConfigLeadFormFieldsItem,
    )


T = TypeVar("T", bound="WidgetConfigLeadForm")


@_attrs_define
class WidgetConfigLeadForm:
    """
    Attributes:
        enabled (bool):
        when (WidgetConfigLeadFormWhen):
        fields (list[WidgetConfigLeadFormFieldsItem]):
        title (None | str):
    """

    enabled: bool
    when: WidgetConfigLeadFormWhen
    fields: list[WidgetConfigLeadFormFieldsItem]
    title: None | str

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        when = self.when.value

        fields = []
        for fields_item_data in self.fields:
            fields_item = fields_item_data.to_dict()
            fields.append(fields_item)

        title: None | str
        title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "enabled": enabled,
                "when": when,
                "fields": fields,
                "title": title,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_config_lead_form_fields_item import (
            WidgetConfigLeadFormFieldsItem,
        )

        d = dict(src_dict)
        enabled = d.pop("enabled")

        when = WidgetConfigLeadFormWhen(d.pop("when"))

        fields = []
        _fields = d.pop("fields")
        for fields_item_data in _fields:
            fields_item = WidgetConfigLeadFormFieldsItem.from_dict(fields_item_data)

            fields.append(fields_item)

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        widget_config_lead_form = cls(
            enabled=enabled,
            when=when,
            fields=fields,
            title=title,
        )

        return widget_config_lead_form
