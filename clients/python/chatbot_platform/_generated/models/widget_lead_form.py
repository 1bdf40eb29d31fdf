from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.widget_lead_form_when import WidgetLeadFormWhen
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.widget_lead_field import WidgetLeadField


T = TypeVar("T", bound="WidgetLeadForm")


@_attrs_define
class WidgetLeadForm:
    """
    Attributes:
        enabled (bool | Unset):  Default: False.
        when (WidgetLeadFormWhen | Unset):  Default: WidgetLeadFormWhen.AFTER_FIRST_REPLY.
        fields (list[WidgetLeadField] | Unset):
        title (None | str | Unset):
    """

    enabled: bool | Unset = False
    when: WidgetLeadFormWhen | Unset = WidgetLeadFormWhen.AFTER_FIRST_REPLY
    fields: list[WidgetLeadField] | Unset = UNSET
    title: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        when: str | Unset = UNSET
        if not isinstance(self.when, Unset):
            when = self.when.value

        fields: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = []
            for fields_item_data in self.fields:
                fields_item = fields_item_data.to_dict()
                fields.append(fields_item)

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if when is not UNSET:
            field_dict["when"] = when
        if fields is not UNSET:
            field_dict["fields"] = fields
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_lead_field import WidgetLeadField

        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        _when = d.pop("when", UNSET)
        when: WidgetLeadFormWhen | Unset
        if isinstance(_when, Unset):
            when = UNSET
        else:
            when = WidgetLeadFormWhen(_when)

        _fields = d.pop("fields", UNSET)
        fields: list[WidgetLeadField] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:
                fields_item = WidgetLeadField.from_dict(fields_item_data)

                fields.append(fields_item)

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        widget_lead_form = cls(
            enabled=enabled,
            when=when,
            fields=fields,
            title=title,
        )

        return widget_lead_form
