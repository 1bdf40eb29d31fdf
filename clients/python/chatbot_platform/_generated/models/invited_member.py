from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.invited_member_role import InvitedMemberRole
from ..models.invited_member_status import InvitedMemberStatus

if TYPE_CHECKING:
    from ..models.invitation import Invitation


T = TypeVar("T", bound="InvitedMember")


@_attrs_define
class InvitedMember:
    """
    Attributes:
        id (str):
        email (str):
        name (str):
        avatar_url (None | str):
        role (InvitedMemberRole):
        status (InvitedMemberStatus):
        last_sign_in_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        invitation (Invitation):
    """

    id: str
    email: str
    name: str
    avatar_url: None | str
    role: InvitedMemberRole
    status: InvitedMemberStatus
    last_sign_in_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    invitation: Invitation

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        name = self.name

        avatar_url: None | str
        avatar_url = self.avatar_url

        role = self.role.value

        status = self.status.value

        last_sign_in_at: None | str
        if isinstance(self.last_sign_in_at, datetime.datetime):
            last_sign_in_at = self.last_sign_in_at.isoformat()
        else:
            last_sign_in_at = self.last_sign_in_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        invitation = self.invitation.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "email": email,
                "name": name,
                "avatar_url": avatar_url,
                "role": role,
                "status": status,
                "last_sign_in_at": last_sign_in_at,
                "created_at": created_at,
                "updated_at": updated_at,
                "invitation": invitation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.invitation import Invitation

        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        name = d.pop("name")

        def _parse_avatar_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        avatar_url = _parse_avatar_url(d.pop("avatar_url"))

        role = InvitedMemberRole(d.pop("role"))

        status = InvitedMemberStatus(d.pop("status"))

        def _parse_last_sign_in_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_sign_in_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_sign_in_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_sign_in_at = _parse_last_sign_in_at(d.pop("last_sign_in_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        invitation = Invitation.from_dict(d.pop("invitation"))

        invited_member = cls(
            id=id,
            email=email,
            name=name,
            avatar_url=avatar_url,
            role=role,
            status=status,
            last_sign_in_at=last_sign_in_at,
            created_at=created_at,
            updated_at=updated_at,
            invitation=invitation,
        )

        return invited_member
