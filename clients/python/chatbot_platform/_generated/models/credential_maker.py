from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.credential_maker_type import CredentialMakerType

T = TypeVar("T", bound="CredentialMaker")


@_attrs_define
class CredentialMaker:
    """
    Attributes:
        type_ (CredentialMakerType): `member`: the member `member_id` made it (in the dashboard, or through a credential
            they made); it acts with their current role and stops when they leave the account. `operator`: the CLI or the
            operator API (acts as an owner). `unknown_member`: an admin, before makers were recorded (acts as an admin).
        member_id (None | str):
    """

    type_: CredentialMakerType
    member_id: None | str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        member_id: None | str
        member_id = self.member_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "member_id": member_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = CredentialMakerType(d.pop("type"))

        def _parse_member_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        member_id = _parse_member_id(d.pop("member_id"))

        credential_maker = cls(
            type_=type_,
            member_id=member_id,
        )

        return credential_maker
