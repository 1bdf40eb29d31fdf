from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.widget_config_display_rules_devices_item import (
    WidgetConfigDisplayRulesDevicesItem,
)

T = TypeVar("T", bound="WidgetConfigDisplayRules")


@_attrs_define
class WidgetConfigDisplayRules:
    """
    Attributes:
        show_on (list[str]):
        hide_on (list[str]):
        delay_seconds (int):
        devices (list[WidgetConfigDisplayRulesDevicesItem]):
        open_on_load (bool):
    """

    show_on: list[str]
    hide_on: list[str]
    delay_seconds: int
    devices: list[WidgetConfigDisplayRulesDevicesItem]
    open_on_load: bool

    def to_dict(self) -> dict[str, Any]:
        show_on = self.show_on

        hide_on = self.hide_on

        delay_seconds = self.delay_seconds

        devices = []
        for devices_item_data in self.devices:
            devices_item = devices_item_data.value
            devices.append(devices_item)

        open_on_load = self.open_on_load

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "show_on": show_on,
                "hide_on": hide_on,
                "delay_seconds": delay_seconds,
                "devices": devices,
                "open_on_load": open_on_load,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        show_on = cast(list[str], d.pop("show_on"))

        hide_on = cast(list[str], d.pop("hide_on"))

        delay_seconds = d.pop("delay_seconds")

        devices = []
        _devices = d.pop("devices")
        for devices_item_data in _devices:
            devices_item = WidgetConfigDisplayRulesDevicesItem(devices_item_data)

            devices.append(devices_item)

        open_on_load = d.pop("open_on_load")

        widget_config_display_rules = cls(
            show_on=show_on,
            hide_on=hide_on,
            delay_seconds=delay_seconds,
            devices=devices,
            open_on_load=open_on_load,
        )

        return widget_config_display_rules
