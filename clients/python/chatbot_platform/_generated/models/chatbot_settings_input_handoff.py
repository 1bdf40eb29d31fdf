from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.auto_assign_settings import AutoAssignSettings
    from ..models.business_hours import BusinessHours


T = TypeVar("T", bound="ChatbotSettingsInputHandoff")


@_attrs_define
class ChatbotSettingsInputHandoff:
    """
    Attributes:
        on_visitor_request (bool | Unset): A visitor who asks for a person (“I want to talk to a person”, “Mitarbeiter
            bitte”, “parler à un conseiller”, “vreau un operator”) or presses the widget’s “Talk to a person” button is
            handed off; the chatbot’s rules are checked first Default: True.
        require_available_member (bool | Unset): A handoff while no member is available (set available in the dashboard,
            with a dashboard open) tells the visitor nobody is there and asks for an e-mail, so no visitor waits unseen;
            turn it off when the team answers handoffs elsewhere (webhooks, a helpdesk) and has no dashboard presence
            Default: True.
        business_hours (BusinessHours | Unset):
        auto_assign (AutoAssignSettings | Unset):
    """

    on_visitor_request: bool | Unset = True
    require_available_member: bool | Unset = True
    business_hours: BusinessHours | Unset = UNSET
    auto_assign: AutoAssignSettings | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        on_visitor_request = self.on_visitor_request

        require_available_member = self.require_available_member

        business_hours: dict[str, Any] | Unset = UNSET
        if not isinstance(self.business_hours, Unset):
            business_hours = self.business_hours.to_dict()

        auto_assign: dict[str, Any] | Unset = UNSET
        if not isinstance(self.auto_assign, Unset):
            auto_assign = self.auto_assign.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if on_visitor_request is not UNSET:
            field_dict["on_visitor_request"] = on_visitor_request
        if require_available_member is not UNSET:
            field_dict["require_available_member"] = require_available_member
        if business_hours is not UNSET:
            field_dict["business_hours"] = business_hours
        if auto_assign is not UNSET:
            field_dict["auto_assign"] = auto_assign

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.auto_assign_settings import AutoAssignSettings
        from ..models.business_hours import BusinessHours

        d = dict(src_dict)
        on_visitor_request = d.pop("on_visitor_request", UNSET)

        require_available_member = d.pop("require_available_member", UNSET)

        _business_hours = d.pop("business_hours", UNSET)
        business_hours: BusinessHours | Unset
        if isinstance(_business_hours, Unset):
            business_hours = UNSET
        else:
            business_hours = BusinessHours.from_dict(_business_hours)

        _auto_assign = d.pop("auto_assign", UNSET)
        auto_assign: AutoAssignSettings | Unset
        if isinstance(_auto_assign, Unset):
            auto_assign = UNSET
        else:
            auto_assign = AutoAssignSettings.from_dict(_auto_assign)

        chatbot_settings_input_handoff = cls(
            on_visitor_request=on_visitor_request,
            require_available_member=require_available_member,
            business_hours=business_hours,
            auto_assign=auto_assign,
        )

        return chatbot_settings_input_handoff
