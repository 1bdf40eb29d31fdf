from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.widget_display_rules_devices_item import WidgetDisplayRulesDevicesItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.widget_proactive_message import WidgetProactiveMessage


T = TypeVar("T", bound="WidgetDisplayRules")


@_attrs_define
class WidgetDisplayRules:
    """
    Attributes:
        show_on (list[str] | Unset): Empty: every page
        hide_on (list[str] | Unset): Wins over show_on
        delay_seconds (int | Unset):  Default: 0.
        devices (list[WidgetDisplayRulesDevicesItem] | Unset):
        open_on_load (bool | Unset):  Default: False.
        proactive (list[WidgetProactiveMessage] | Unset): A message beside the launcher after some seconds on matching
            pages, while the panel is closed; the first rule matching the page that this visitor has not seen shows, once
            per visitor
    """

    show_on: list[str] | Unset = UNSET
    hide_on: list[str] | Unset = UNSET
    delay_seconds: int | Unset = 0
    devices: list[WidgetDisplayRulesDevicesItem] | Unset = UNSET
    open_on_load: bool | Unset = False
    proactive: list[WidgetProactiveMessage] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        show_on: list[str] | Unset = UNSET
        if not isinstance(self.show_on, Unset):
            show_on = self.show_on

        hide_on: list[str] | Unset = UNSET
        if not isinstance(self.hide_on, Unset):
            hide_on = self.hide_on

        delay_seconds = self.delay_seconds

        devices: list[str] | Unset = UNSET
        if not isinstance(self.devices, Unset):
            devices = []
            for devices_item_data in self.devices:
                devices_item = devices_item_data.value
                devices.append(devices_item)

        open_on_load = self.open_on_load

        proactive: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.proactive, Unset):
            proactive = []
            for proactive_item_data in self.proactive:
                proactive_item = proactive_item_data.to_dict()
                proactive.append(proactive_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if show_on is not UNSET:
            field_dict["show_on"] = show_on
        if hide_on is not UNSET:
            field_dict["hide_on"] = hide_on
        if delay_seconds is not UNSET:
            field_dict["delay_seconds"] = delay_seconds
        if devices is not UNSET:
            field_dict["devices"] = devices
        if open_on_load is not UNSET:
            field_dict["open_on_load"] = open_on_load
        if proactive is not UNSET:
            field_dict["proactive"] = proactive

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_proactive_message import WidgetProactiveMessage

        d = dict(src_dict)
        show_on = cast(list[str], d.pop("show_on", UNSET))

        hide_on = cast(list[str], d.pop("hide_on", UNSET))

        delay_seconds = d.pop("delay_seconds", UNSET)

        _devices = d.pop("devices", UNSET)
        devices: list[WidgetDisplayRulesDevicesItem] | Unset = UNSET
        if _devices is not UNSET:
            devices = []
            for devices_item_data in _devices:
                devices_item = WidgetDisplayRulesDevicesItem(devices_item_data)

                devices.append(devices_item)

        open_on_load = d.pop("open_on_load", UNSET)

        _proactive = d.pop("proactive", UNSET)
        proactive: list[WidgetProactiveMessage] | Unset = UNSET
        if _proactive is not UNSET:
            proactive = []
            for proactive_item_data in _proactive:
                proactive_item = WidgetProactiveMessage.from_dict(proactive_item_data)

                proactive.append(proactive_item)

        widget_display_rules = cls(
            show_on=show_on,
            hide_on=hide_on,
            delay_seconds=delay_seconds,
            devices=devices,
            open_on_load=open_on_load,
            proactive=proactive,
        )

        return widget_display_rules
