from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetVisitorIdentity")


@_attrs_define
class WidgetVisitorIdentity:
    """
    Attributes:
        user_id (str): The site’s own id for its signed-in visitor
        name (str | Unset):
        email (str | Unset):
        user_hash (str | Unset): HMAC-SHA256 of `user_id` under the chatbot’s identity secret, hex: computed on the
            site’s server, never in the page
    """

    user_id: str
    name: str | Unset = UNSET
    email: str | Unset = UNSET
    user_hash: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        name = self.name

        email = self.email

        user_hash = self.user_hash

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user_id": user_id,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if email is not UNSET:
            field_dict["email"] = email
        if user_hash is not UNSET:
            field_dict["user_hash"] = user_hash

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("user_id")

        name = d.pop("name", UNSET)

        email = d.pop("email", UNSET)

        user_hash = d.pop("user_hash", UNSET)

        widget_visitor_identity = cls(
            user_id=user_id,
            name=name,
            email=email,
            user_hash=user_hash,
        )

        return widget_visitor_identity
