from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.lead_patch_status import LeadPatchStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lead_patch_custom import LeadPatchCustom


T = TypeVar("T", bound="LeadPatch")


@_attrs_define
class LeadPatch:
    """
    Attributes:
        name (None | str | Unset):
        email (None | str | Unset):
        phone (None | str | Unset): 7 to 15 digits, optionally starting with + (or 00), with spaces, dots, dashes,
            slashes or brackets between them. Stored in E.164 (+4930…) when the number can be read: with its country code,
            or without one when the chatbot’s language says the country (`de` → Germany, `en` → United States, …).
        company (None | str | Unset):
        notes (None | str | Unset): Free text for your team; empty clears it
        custom (LeadPatchCustom | Unset): Your own key/value data, returned as sent (at most 50 keys, 8192 bytes as
            JSON, 5 levels deep; keys do not start with $ and hold no dot or NUL, none is __proto__, and no array is
            directly inside an array)
        status (LeadPatchStatus | Unset):
    """

    name: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    company: None | str | Unset = UNSET
    notes: None | str | Unset = UNSET
    custom: LeadPatchCustom | Unset = UNSET
    status: LeadPatchStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        company: None | str | Unset
        if isinstance(self.company, Unset):
            company = UNSET
        else:
            company = self.company

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        custom: dict[str, Any] | Unset = UNSET
        if not isinstance(self.custom, Unset):
            custom = self.custom.to_dict()

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if email is not UNSET:
            field_dict["email"] = email
        if phone is not UNSET:
            field_dict["phone"] = phone
        if company is not UNSET:
            field_dict["company"] = company
        if notes is not UNSET:
            field_dict["notes"] = notes
        if custom is not UNSET:
            field_dict["custom"] = custom
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.lead_patch_custom import LeadPatchCustom

        d = dict(src_dict)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        def _parse_company(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        company = _parse_company(d.pop("company", UNSET))

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        _custom = d.pop("custom", UNSET)
        custom: LeadPatchCustom | Unset
        if isinstance(_custom, Unset):
            custom = UNSET
        else:
            custom = LeadPatchCustom.from_dict(_custom)

        _status = d.pop("status", UNSET)
        status: LeadPatchStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = LeadPatchStatus(_status)

        lead_patch = cls(
            name=name,
            email=email,
            phone=phone,
            company=company,
            notes=notes,
            custom=custom,
            status=status,
        )

        return lead_patch
