from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.widget_config_display_rules_devices_item import (
    WidgetConfigDisplayRulesDevicesItem,
)

if TYPE_CHECKING:
    from ..models.widget_config_proactive_message import WidgetConfigProactiveMessage


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
        proactive (list[WidgetConfigProactiveMessage]):
    """

    show_on: list[str]
    hide_on: list[str]
    delay_seconds: int
    devices: list[WidgetConfigDisplayRulesDevicesItem]
    open_on_load: bool
    proactive: list[WidgetConfigProactiveMessage]

    def to_dict(self) -> dict[str, Any]:
        show_on = self.show_on

        hide_on = self.hide_on

        delay_seconds = self.delay_seconds

        devices = []
        for devices_item_data in self.devices:
            devices_item = devices_item_data.value
            devices.append(devices_item)

        open_on_load = self.open_on_load

        proactive = []
        for proactive_item_data in self.proactive:
            proactive_item = proactive_item_data.to_dict()
            proactive.append(proactive_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "show_on": show_on,
                "hide_on": hide_on,
                "delay_seconds": delay_seconds,
                "devices": devices,
                "open_on_load": open_on_load,
                "proactive": proactive,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.widget_config_proactive_message import (
            WidgetConfigProactiveMessage,
        )

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

        proactive = []
        _proactive = d.pop("proactive")
        for proactive_item_data in _proactive:
            proactive_item = WidgetConfigProactiveMessage.from_dict(proactive_item_data)

            proactive.append(proactive_item)

        widget_config_display_rules = cls(
            show_on=show_on,
            hide_on=hide_on,
            delay_seconds=delay_seconds,
            devices=devices,
            open_on_load=open_on_load,
            proactive=proactive,
        )

        return widget_config_display_rules
