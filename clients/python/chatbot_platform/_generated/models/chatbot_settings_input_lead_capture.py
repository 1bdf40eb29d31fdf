from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.chatbot_settings_input_lead_capture_fields_item import (
    ChatbotSettingsInputLeadCaptureFieldsItem,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ChatbotSettingsInputLeadCapture")


@_attrs_define
class ChatbotSettingsInputLeadCapture:
    """
    Attributes:
        enabled (bool | Unset):  Default: False.
        ask_after_messages (int | Unset):  Default: 3.
        fields (list[ChatbotSettingsInputLeadCaptureFieldsItem] | Unset):
    """

    enabled: bool | Unset = False
    ask_after_messages: int | Unset = 3
    fields: list[ChatbotSettingsInputLeadCaptureFieldsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        ask_after_messages = self.ask_after_messages

        fields: list[str] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = []
            for fields_item_data in self.fields:
                fields_item = fields_item_data.value
                fields.append(fields_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if ask_after_messages is not UNSET:
            field_dict["ask_after_messages"] = ask_after_messages
        if fields is not UNSET:
            field_dict["fields"] = fields

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        enabled = d.pop("enabled", UNSET)

        ask_after_messages = d.pop("ask_after_messages", UNSET)

        _fields = d.pop("fields", UNSET)
        fields: list[ChatbotSettingsInputLeadCaptureFieldsItem] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:
                fields_item = ChatbotSettingsInputLeadCaptureFieldsItem(
                    fields_item_data
                )

                fields.append(fields_item)

        chatbot_settings_input_lead_capture = cls(
            enabled=enabled,
            ask_after_messages=ask_after_messages,
            fields=fields,
        )

        return chatbot_settings_input_lead_capture
